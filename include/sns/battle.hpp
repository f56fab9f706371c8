// A battle as loaded from its file (format 1): map, terrain, sides, wings, markers, units, special
// rules.
#pragma once
#include "sns/hex.hpp"
#include "sns/types.hpp"
#include "sns/victory_levels.hpp"

#include <array>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

namespace sns {

struct Ruleset;

using HexId = int16_t; // index into the map: column * rows + row; -1 means "off the map"
inline constexpr HexId kOffMap = -1;

struct TerrainType {
  std::string name;
  bool impassable = false;
  bool blocks_los = false;
};

struct UnitFace {
  CombatClass cc = 3;
  int fire = 0; // 0: no Fire Factor
  bool crown = false;
};

struct UnitDef {
  std::string id;
  std::string name;
  int side = 0;
  int wing = 0; // index into Battle::wings
  UnitType type = UnitType::V;
  UnitFace front;
  std::optional<UnitFace> back; // none: a one-step unit (R24)
  HexId start = kOffMap;
  uint8_t facing = 0; // D3 Medieval: the hexside faced at the start (D2), 0..5
  int max_steps() const { return back ? 2 : 1; }
};

struct WingDef {
  std::string id;
  std::string name;
  std::string color;
  int side = 0;
};

// One physical Command Marker: one or two faces (2.3, R5).
struct Marker {
  std::array<Command, 2> faces{};
  int count = 1;
};

struct SideDef {
  std::string id;
  std::string name;
  int wings_per_turn = 1;
  int commands_per_wing = 2;
  std::vector<Marker> markers;
  std::array<int, kAllUnitTypeCount> vp_for_eliminating{};
  std::optional<int> victory_vp;
  int start_vp = 0;
};

struct Reinforcement {
  int unit = 0;
  int turn = 1;
  std::vector<HexId> entry;
};

enum class WingIntegrityRule : uint8_t { Standard, Advanced, None, StandardOrAdvanced };
enum class AtEnd : uint8_t { Side0, Side1, Draw, MostVP };

// Battle special rules (data, implemented once in special.cpp and reusable by any battle).
enum class SpecialKind : uint8_t {
  InstantWinOnEntry,  // a unit of `side` entering one of `hexes` wins at once
  AttackWaves,        // `side`'s wings attack in `waves`; a wave waits until the one before is gone
  AttackPrecondition, // `side`'s attacker types may not attack target types until ...
  VpForfeitOnCommand, // `side` loses `vp` the first time it commands `wing`
  AttackDrm,          // an extra DRM (7.4) for attacks matching filters
  OffMapWing,         // `side` may take `wing` off the map and bring it back by `hexes`
  Immobile,           // `units` never move (e.g. cannon); a retreat costs them a step instead
};
inline constexpr size_t kSpecialKindCount = 7;
// "kind" of a special rule in battle files, and the rulesets whose battles may use it.
inline constexpr std::array<Word<SpecialKind>, kSpecialKindCount> kSpecialKinds{{
    {SpecialKind::InstantWinOnEntry, "instant_win_on_entry", kInBoth, "instant win on entry", ""},
    {SpecialKind::AttackWaves, "attack_waves", kInBoth, "attack waves", ""},
    {SpecialKind::AttackPrecondition, "attack_precondition", kInBoth, "attack precondition", ""},
    {SpecialKind::VpForfeitOnCommand, "vp_forfeit_on_command", kInSsii, "VP forfeit on command",
     ""},
    {SpecialKind::AttackDrm, "attack_drm", kInSsii, "attack DRM", "7.4"},
    {SpecialKind::OffMapWing, "off_map_wing", kInSsii, "off-map wing", ""},
    {SpecialKind::Immobile, "immobile", kInSsii, "immobile units", ""},
}};
static_assert(kSpecialKinds.size() == static_cast<size_t>(SpecialKind::Immobile) + 1 &&
                  rows_in_enum_order(kSpecialKinds),
              "one row per special rule kind, in enum order");
template <> struct VocabularyOf<SpecialKind> { static constexpr const auto &rows = kSpecialKinds; };

struct Special {
  std::string id;
  SpecialKind kind = SpecialKind::AttackDrm;
  std::string text;                         // what the rule says, for the log and the app
  int side = 0;                             // the side the rule binds or favours
  std::vector<HexId> hexes;                 // InstantWinOnEntry, OffMapWing (return hexes)
  std::vector<std::vector<int>> waves;      // AttackWaves: wing indices per wave
  std::vector<UnitType> attacker_types;     // AttackPrecondition, AttackDrm (primary's type)
  std::vector<UnitType> target_types;       // AttackPrecondition, AttackDrm
  bool target_needs_fire = false;           // AttackPrecondition: only targets with a Fire Factor
  std::vector<UnitType> until_target_types; // AttackPrecondition: lifted once these are attacked
  int wing = -1;                            // VpForfeitOnCommand, OffMapWing
  int value = 0;                            // VpForfeitOnCommand: VP; AttackDrm: the modifier
  int terrain = -1;                         // AttackDrm: target hex terrain (index), -1 any
  std::vector<int> units;                   // Immobile
};

struct Battle {
  RulesetId ruleset = RulesetId::SSII;
  std::string id;
  std::string name;
  std::string date;
  std::string summary;
  int columns = 0;
  int rows = 0;
  std::vector<TerrainType> terrain_types;
  std::vector<uint8_t> terrain;                        // per hex: index into terrain_types
  std::vector<int8_t> elevation;                       // per hex
  std::vector<std::array<HexId, 6>> adjacent;          // per hex and direction: neighbour or -1
  std::vector<std::array<HexsideFeature, 6>> hexsides; // per hex and direction
  std::vector<uint8_t> road;                           // per hex: 1 where a road runs (D1, D6)
  std::array<SideDef, 2> sides;
  std::vector<WingDef> wings;
  std::vector<UnitDef> units;
  std::vector<std::optional<Reinforcement>> reinforcement; // per unit
  int first_player = 0;
  int initiative = 0;
  int last_turn = 0; // 0: no limit
  AtEnd at_end = AtEnd::Draw;
  WingIntegrityRule wing_integrity = WingIntegrityRule::Standard;
  std::vector<Special> special;
  std::vector<VictoryLevel> victory_levels; // graded outcomes, in the order they are tried
  nlohmann::json source; // the battle exactly as read, so a game record can carry it whole

  int hex_count() const { return columns * rows; }
  HexId hex_id(Offset o) const {
    return o.col >= 0 && o.row >= 0 && o.col < columns && o.row < rows
               ? static_cast<HexId>(o.col * rows + o.row)
               : kOffMap;
  }
  Offset offset(HexId h) const { return {h / rows, h % rows}; }
  Hex axial(HexId h) const { return from_offset(offset(h)); }
  HexId hex_id(Hex h) const { return hex_id(to_offset(h)); }
  std::string label(HexId h) const { return h == kOffMap ? "off map" : sns::label(offset(h)); }
  std::optional<HexId> parse_hex(const std::string &text) const;
  int distance(HexId a, HexId b) const { return sns::distance(axial(a), axial(b)); }
  // Rivers without a ford or bridge cannot be crossed (12.2, R9); impassable terrain cannot be
  // entered.
  bool hexside_impassable(HexId h, int dir) const {
    return hexsides[h][dir] == HexsideFeature::River;
  }
  // The ruleset the battle is played under: its data and operations (ruleset.hpp).
  const Ruleset &rules() const;
  // What the turn counter counts, as a player reads it (Ruleset::turn_name).
  const char *turn_name() const;
  bool terrain_impassable(HexId h) const { return terrain_types[terrain[h]].impassable; }
  int direction(HexId from, HexId to) const;
  int unit_index(const std::string &id) const;
  int wing_index(const std::string &id) const;
  int side_index(const std::string &id) const;
  int terrain_index(const std::string &name) const;
};

// Reads and validates a battle; throws LoadError (file, JSON path, expectation) on anything wrong.
std::shared_ptr<const Battle> load_battle(const nlohmann::json &doc, const std::string &file);
std::shared_ptr<const Battle> load_battle_file(const std::string &path);
inline constexpr size_t kMaxInputBytes = size_t{4} * 1024 * 1024;
// Each special rule keeps three flags in GameState::special_flags (32 bits): 8 rules fill it.
inline constexpr size_t kMaxSpecialRules = 8;
inline constexpr int kMaxMapSide = 100;
// The most Command Phase choices a side's wings and markers may make (4.0), counted before the
// markers prune them (the battle loader's check_command_choices); the shipped battles have at
// most 4,817 (The Standard's Scots).
inline constexpr long kMaxCommandChoices = 200000;

} // namespace sns
