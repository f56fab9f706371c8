// A ruleset as one object (issue 30): its data (dice, turns, unit types, terrain, hexside features,
// which features a battle of it may have, the words of its phases) and its operations (start,
// legal actions, validate, apply, consistency, previews, the state's JSON), reached from the battle
// by Battle::rules(). Every ruleset is one row of the registration table (src/engine/rulesets.cpp).
#pragma once
#include "sns/battle.hpp"

#include <array>
#include <nlohmann/json.hpp>
#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace sns {

// The engine's internal views (src/engine/engine.hpp): a ruleset's operations take them, so only
// the engine calls them; everything else reads the data and calls the functions of rules.hpp.
struct View;
struct Ctx;
class ActionSink;
struct Refusal;
struct HitsPreview;
struct Action;
struct Setup;
struct GameState;

// What a battle may have. The loader and the editor ask the battle's ruleset, never which
// ruleset it is; a feature a ruleset lacks comes with the words that refuse it.
enum class Feature : uint8_t {
  CommandMarkers, // sides hold Command Markers and give wings commands (2.3, 4.0)
  Initiative,     // an Initiative Marker changes hands (11.0)
  WingIntegrity,  // wings must keep together (4.2)
  Reinforcements, // units enter the map on a later turn
  VictoryPoints,  // the score is VP and a side may win by its VP total (13.0)
  UnitFaces,      // printed faces: combat class, Fire Factor, Crown (2.2)
  Facings,        // a unit faces one hexside (D2)
  Roads,          // hexes may carry a road (D1, D6)
  WingsRequired,  // a side lists its wings (else its units form one implicit wing)
  ZonesOfControl, // units exert zones of control (6.0)
  Hits,           // units take hits that wear them down (D10, D13)
  ShieldWall,     // units may form a Shield Wall (8.0)
};
inline constexpr size_t kFeatureCount = 12;

struct MissingFeature {
  Feature feature;
  const char *why; // the refusal a file or the editor gets when it uses the feature
};

// A terrain type every battle of the ruleset knows, before the battle's own terrain_types.
struct TerrainRow {
  std::string_view name;
  bool impassable = false;
  bool blocks_los = false;
};

struct Ruleset {
  // --- data -------------------------------------------------------------------------------------
  RulesetId id;
  int die_faces;                             // every roll of the ruleset (R23: d8; D14: d6)
  const char *turn_name;                     // what the turn counter counts, as players read it
  const char *turn_word;                     // the same in a sentence: "Player Turn 3", "turn 3"
  int default_last_turn;                     // when the battle names none; 0: no limit
  const char *sequence_section;              // the section of its turn sequence (3.0, D4)
  std::span<const UnitType> unit_types;      // in the order files and the editor list them
  const char *unit_type_words;               // "a unit type", for "expected a unit type V, ..."
  std::span<const TerrainRow> terrain;       // the built-in terrain types
  std::span<const HexsideFeature> hexsides;  // the hexside features a battle may use
  const char *hexside_words;                 // "hexside feature", for "no hexside feature X"
  int facings;                               // hexsides a unit may face: 6, or 0 (no facing)
  std::span<const char *const> facing_names; // the facings' words, from 0 (the editor's)
  const char *river_section;                 // where a river stops units (12.2, D6)
  std::span<const MissingFeature> missing;   // the features its battles do not have
  std::span<const Phase> phases;             // its phase track, in the order a turn plays them
  const char *score_label;                   // the score, short: "VP", "Units left"
  const char *score_title;                   // the score as the report heads it
  const char *rules_file;                    // the rules the app's rules window reads (assets/)
  const char *summary;                       // what sets it apart, in a line (the editor's)

  // --- operations (the engine's only seam between rulesets) -------------------------------------
  void (*start)(Ctx &c); // the first turn of a new game; the state's own block is made here
  std::optional<Refusal> (*validate)(const View &c, const Action &a);
  void (*apply)(Ctx &c, const Action &a); // a validated action, before the forced steps (R25)
  void (*legal)(const View &c, ActionSink &out, int only_unit);
  bool (*consistent)(const View &c, std::string *why); // the ruleset's part of pos_is_ok
  int (*side_to_act)(const View &c);          // the side that decides now, the game not being over
  std::array<int, 2> (*score)(const View &c); // per side: VP (13.0), units left (D4), ...
  // Previews of hits (D10, D12), or null where the ruleset rolls no hits.
  std::optional<Refusal> (*preview_hits)(const View &c, const Action &a, HitsPreview &out);
  // The ruleset's own fields of the state JSON (the CLI's "state"), added to the shared ones.
  void (*state_json)(const Setup &setup, const GameState &s, bool spoilers, nlohmann::json &j);
  // What the ruleset's own block drops when a game ends (13.0), or null when it keeps all.
  void (*game_over)(GameState &s);
  // For the computer players and `preview --any` (players.hpp): `h`, a copy of the state, made as
  // if the side of the attacker of `a` had the phase for it and nobody had acted yet; false (and
  // `h` untouched) when `a` is not one of the ruleset's attacks.
  bool (*as_if_attacking)(const Battle &b, GameState &h, const Action &a);
  // The hex an action puts one of the acting side's units in, or kOffMap when it moves none.
  HexId (*entered_hex)(const GameState &s, const Action &a);
  // Takes from `material` what the unit's wear beyond its steps costs it (D10, D13), or null
  // where units wear only by steps. In place, so the evaluation's sums keep their order.
  void (*wear)(const GameState &s, int unit, double worth, double &material);
  // The share of each unit (0..1, a slot per unit) that the fights it stands in will still wear
  // away, where a unit in contact stays in it until one side falls (D5), with the charges that
  // could join them next turn; or null where fights do not hold units (S&S II's retreats end them).
  void (*fights_ahead)(const View &c, std::span<double> share);

  std::string_view json() const { return name(id); }        // "ssii", "d3-medieval"
  std::string_view title() const { return sns::title(id); } // "Shields & Swords II"
  bool has(Feature f) const { return why_not(f) == nullptr; }
  // The refusal for a feature the ruleset does not have, or null when it has it.
  const char *why_not(Feature f) const {
    for (const MissingFeature &m : missing)
      if (m.feature == f) return m.why;
    return nullptr;
  }
  bool has_unit_type(UnitType t) const;
  bool has_hexside(HexsideFeature f) const;
  bool has_special(SpecialKind k) const { return used_in(k, ruleset_bit(id)); }
  bool has_every_special() const;
  uint8_t bit() const { return ruleset_bit(id); }
  // "expected a unit type V, L, I, HH or LH", "expected river, ford, bridge or trench",
  // "... use instant_win_on_entry, attack_waves or attack_precondition": the loader's and the
  // editor's refusals, made from the data above.
  std::string expected_unit_type() const;
  std::string expected_hexside() const;
  std::string expected_special() const;
};

// The registered rulesets, in RulesetId order (src/engine/rulesets.cpp).
std::span<const Ruleset *const> rulesets();
const Ruleset &ruleset_of(RulesetId id);
// The ruleset a battle file that names none is played under: the table's first row.
const Ruleset &default_ruleset();
// The ruleset a file names ("ssii", "d3-medieval"), or null.
const Ruleset *find_ruleset(std::string_view json);
// "expected \"ssii\" or \"d3-medieval\"": the registered names, for a refusal.
std::string expected_ruleset();

} // namespace sns
