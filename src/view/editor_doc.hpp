// The battle being edited, in the battle file's own terms (format 1, docs/battle-format.md): read
// tolerantly (drafts and broken files open too) and written canonically (stable order and layout).
#pragma once
#include "sns/ruleset.hpp"

#include <array>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace sns::editor {

inline constexpr const char *kBattleFormat = "shields-swords-battle/1";
// A draft is saved with this format so that `validate` and the game refuse it by name.
inline constexpr const char *kDraftFormat = "shields-swords-battle-draft/1";

struct HexCell {
  std::string terrain = "clear";
  int elevation = 0;
  bool road = false; // D3 Medieval (D1, D6)
  bool is_default() const { return terrain == "clear" && elevation == 0 && !road; }
  friend bool operator==(const HexCell &, const HexCell &) = default;
};

struct TerrainSetting { // a terrain_types entry: a new terrain, or settings for a built-in one
  std::string name;
  std::optional<bool> impassable, blocks_los;
  std::optional<std::string> note;
  friend bool operator==(const TerrainSetting &, const TerrainSetting &) = default;
};

struct WingDoc {
  std::string id, name;
  std::optional<std::string> color;
  friend bool operator==(const WingDoc &, const WingDoc &) = default;
};

struct SideDoc {
  std::string id, name;
  // Command Markers and limits (S&S II only: a D3 Medieval side has none, D5).
  int wings_per_turn = 1, commands_per_wing = 2;
  std::vector<std::vector<std::string>> markers; // each Command Marker: one or two faces
  std::vector<WingDoc> wings;
  std::optional<std::map<std::string, int>> vp_for_eliminating; // by unit type name
  std::optional<int> victory_vp, start_vp;
  friend bool operator==(const SideDoc &, const SideDoc &) = default;
};

struct FaceDoc {
  std::string cc = "C";
  std::optional<int> fire;
  std::optional<bool> crown;
  friend bool operator==(const FaceDoc &, const FaceDoc &) = default;
};

struct ReinforcementDoc {
  int turn = 1;
  std::vector<std::string> entry; // hex labels
  friend bool operator==(const ReinforcementDoc &, const ReinforcementDoc &) = default;
};

struct UnitDoc {
  std::string id;
  std::optional<std::string> name;
  std::string side, wing, type = "V"; // D3: wing "" is the side's own implicit wing
  FaceDoc front;                      // S&S II faces; a D3 Medieval unit has none
  std::optional<FaceDoc> back;        // none: a one-step unit
  std::optional<int> facing;          // D3 Medieval (D2): 0 north, clockwise
  std::optional<std::string> hex;
  std::optional<ReinforcementDoc> reinforcement; // written to /reinforcements in unit order
  friend bool operator==(const UnitDoc &, const UnitDoc &) = default;
};

struct RulesDoc {
  std::string first_player, initiative; // D3 Medieval: no initiative (""), D4
  std::optional<int> last_turn;
  std::optional<std::string> at_end, wing_integrity;
  friend bool operator==(const RulesDoc &, const RulesDoc &) = default;
};

struct SpecialDoc {
  std::string id, kind, side;
  std::optional<std::string> text;
  nlohmann::json fields = nlohmann::json::object(); // the kind's own fields (special_kinds())
  friend bool operator==(const SpecialDoc &, const SpecialDoc &) = default;
};

using HexsideKey = std::pair<std::string, std::string>; // two hex labels, the smaller first
HexsideKey hexside_key(const std::string &a, const std::string &b);

// The files' names of the two rulesets, for callers that name one (the tests); the editor itself
// asks the document's ruleset (BattleDoc::ruleset_def()) what it has.
inline constexpr const char *kRulesetSsii = "ssii";
inline constexpr const char *kRulesetD3 = "d3-medieval";

struct BattleDoc {
  bool draft = false;
  std::string ruleset{default_ruleset().json()}; // the file's "ruleset"; written when not it
  std::string id, name;
  std::optional<std::string> date, summary, description;
  int columns = 14, rows = 10;
  std::map<std::string, HexCell> hexes;       // by label; clear ground at 0 is left out
  std::map<HexsideKey, std::string> hexsides; // feature by the two hexes it separates
  std::vector<TerrainSetting> terrain_types;  // empty: no terrain_types field
  std::array<SideDoc, 2> sides;
  std::vector<UnitDoc> units;
  RulesDoc rules;
  std::vector<SpecialDoc> special;
  // "victory_levels" as the file has them (DESIGN.md "Victory levels"), each level an object in
  // the file's order; written in the canonical order of its fields (level_json).
  std::vector<nlohmann::json> victory_levels;
  // "about" as the file has it (docs/battle-format.md "About the battle"), or null: the gallery's
  // words and figures, which the editor keeps but does not edit.
  nlohmann::json about;
  friend bool operator==(const BattleDoc &, const BattleDoc &) = default;

  // The ruleset the battle is played under (the default one for a name no ruleset has; the
  // loader's check reports that name).
  const Ruleset &ruleset_def() const;
  HexCell cell(const std::string &label) const;
  void set_cell(const std::string &label, const HexCell &c); // clear ground is dropped
  int unit_index(const std::string &id) const;
  int unit_at(const std::string &label) const; // placed unit on that hex, or -1
  int side_index(const std::string &id) const;
  const WingDoc *wing(const std::string &id, int *side = nullptr) const;
};

// Reads a battle document without refusing anything: wrong types become defaults and each repair is
// noted ("/map/columns: ..."), so the loader's check of the result still finds what is missing.
BattleDoc doc_from_json(const nlohmann::json &doc, std::vector<std::string> *repairs = nullptr);
// The battle file's JSON, fields in the canonical order (docs/battle-format.md's order).
nlohmann::ordered_json doc_to_json(const BattleDoc &doc);
// The canonical text: one line per hex, hexside, unit, wing and reinforcement; short objects on
// one line, the rest one field per line; two-space indents; a final newline.
std::string canonical_text(const BattleDoc &doc);
std::string format_canonical(const nlohmann::ordered_json &value);
// Whether two battle documents say the same thing, whatever their layout: the order of fields
// and of hexsides, the order of each hexside's two hexes, and written defaults (a hex's "clear"
// terrain, elevation 0, no road) do not count.
bool same_content(const nlohmann::json &a, const nlohmann::json &b);
// Whether two battle documents give the same game: same_content without their victory levels,
// which grade the end and never change a move, a die or the winner (DESIGN.md "Victory levels");
// a mailed record made before its battle had levels is the same game.
bool same_play(const nlohmann::json &a, const nlohmann::json &b);

// The special rule kinds the engine knows (src/engine/battle_loader.cpp) and the fields each has.
enum class FieldKind { Hexes, Wing, Waves, Types, Integer, Flag, Units, Terrain };
struct FieldSpec {
  const char *key;
  FieldKind kind;
  bool required;
  int lo = 0, hi = 0; // Integer
};
struct KindSpec {
  const char *kind;
  const char *what; // in our words, for the rules panel
  std::vector<FieldSpec> fields;
};
const std::vector<KindSpec> &special_kinds();
const KindSpec *special_kind(const std::string &kind);
// Whether battles of the ruleset may use the kind (the engine's table of special kinds).
bool kind_in(const Ruleset &r, const std::string &kind);

inline const std::array<const char *, 7> kCombatClasses = {"AA", "A", "B", "C", "D", "E", "F"};
inline const std::array<const char *, 7> kCommands = {"move",  "combat", "shield_wall", "withdraw",
                                                      "horse", "fire",   "bonus"};
inline const std::array<const char *, 4> kWingIntegrity = {"standard", "advanced", "none",
                                                           "standard_or_advanced"};
// The battle's ruleset's words, one list each, read from the ruleset's data.
struct Vocabulary {
  std::vector<std::string> unit_types, hexside_features, built_in_terrain;
};
const Vocabulary &vocabulary(const Ruleset &r);
// The last turn the editor offers: the ruleset's default, else 16.
int suggested_last_turn(const Ruleset &r);

// Okabe and Ito's palette: told apart with every common colour-vision deficiency.
inline const std::array<const char *, 8> kWingPalette = {
    "#0072b2", "#e69f00", "#009e73", "#cc79a7", "#56b4e9", "#d55e00", "#f0e442", "#000000"};

} // namespace sns::editor
