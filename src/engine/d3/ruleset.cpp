// D3 Medieval as a Ruleset: its data (D14 d6, D4 game turns, D1 unit types, D6/D9 terrain, D2
// facings, what its battles lack) and its operations, registered in rulesets.cpp.
#include "d3.hpp"

#include "../ruleset_row.hpp"

#include <array>

namespace sns::d3 {

namespace {

constexpr std::array kUnitTypes{UnitType::Levies, UnitType::Knights, UnitType::MenAtArms,
                                UnitType::Longbows, UnitType::Crossbows};
// D6: woods, marsh and lake stop movement; D9: woods and towns block the line of sight.
constexpr std::array kTerrain{TerrainRow{"clear"},
                              TerrainRow{"high_ground"},
                              TerrainRow{"woods", true, true},
                              TerrainRow{"marsh", true, false},
                              TerrainRow{"camp"},
                              TerrainRow{"town", false, true},
                              TerrainRow{"lake", true, false},
                              TerrainRow{"stream"}};
constexpr std::array kHexsides{HexsideFeature::River, HexsideFeature::Ford, HexsideFeature::Bridge,
                               HexsideFeature::Stakes};
constexpr std::array kMissing{
    MissingFeature{Feature::CommandMarkers, "D3 Medieval has no Command Markers (D5 activation)"},
    MissingFeature{Feature::Initiative, "D3 Medieval has no Initiative Marker (D4)"},
    MissingFeature{Feature::WingIntegrity, "D3 Medieval has no Wing Integrity"},
    MissingFeature{Feature::Reinforcements, "D3 Medieval battles have no reinforcements"},
    MissingFeature{Feature::VictoryPoints, "D3 Medieval scores the units left, not VP (D4)"},
    MissingFeature{Feature::UnitFaces,
                   "D3 Medieval units have no faces: a type and a facing (D1, D2)"},
    MissingFeature{Feature::WingsRequired, "a D3 Medieval side may leave out its wings (D5)"},
    MissingFeature{Feature::ZonesOfControl, "D3 Medieval units have no zones of control"},
    MissingFeature{Feature::ShieldWall, "D3 Medieval has no Shield Wall"},
};
// D2: the hexside a unit faces, from north clockwise.
constexpr std::array<const char *, 6> kFacingNames{"north", "north-east", "south-east",
                                                   "south", "south-west", "north-west"};
// D4: a player turn is movement, shooting, melee, then disorder and elimination.
constexpr std::array kPhaseTrack{Phase::Movement, Phase::Shooting, Phase::Melee, Phase::Disorder};

int side_to_act(const View &c) { return c.s.active; }
std::array<int, 2> score(const View &c) { return {units_left(c, 0), units_left(c, 1)}; }

Check preview_hits(const View &c, const Action &a, HitsPreview &out) {
  if (a.type == ActionType::Shoot) return shoot_preview(c, a, out);
  if (a.type == ActionType::Melee) return melee_preview(c, a, out);
  return refuse(RefusalKind::Malformed, "D4", "only shoot and melee actions roll hits");
}

} // namespace

constinit const Ruleset kRuleset = ruleset_row(
    {
        .id = RulesetId::D3,
        .die_faces = 6,
        .turn_name = "Game turn",
        .turn_word = "turn",
        .default_last_turn = 15,
        .sequence_section = "D4",
        .unit_type_words = "a D3 Medieval unit type",
        .hexside_words = "D3 Medieval hexside feature",
        .facings = 6,
        .river_section = "D6",
        .score_label = "Units left",
        .score_title = "Units left",
        .rules_file = "rules-d3.md",
        .summary = "D3 Medieval (docs/rules-d3.md): facings, roads, stakes; no markers",
    },
    {kUnitTypes, kTerrain, kHexsides, kFacingNames, kMissing, kPhaseTrack},
    {start_game, validate, apply_unchecked, legal, state_consistent, side_to_act, score,
     preview_hits, state_json, nullptr, as_if_attacking, entered_hex, wear, fights_ahead});

} // namespace sns::d3
