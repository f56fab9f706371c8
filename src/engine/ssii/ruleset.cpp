// Shields & Swords II as a Ruleset: its data (R23 d8, 3.0 Player Turns, 2.2 unit types, 12.0
// terrain and hexsides, what its battles have) and its operations, registered in rulesets.cpp.
#include "ssii.hpp"

#include "../ruleset_row.hpp"

#include <array>

namespace sns::ssii {

namespace {

constexpr std::array kUnitTypes{UnitType::V, UnitType::L, UnitType::I, UnitType::HH, UnitType::LH};
// 12.0: no built-in terrain stops a unit or blocks the line; a battle says where one does.
constexpr std::array kTerrain{TerrainRow{"clear"}, TerrainRow{"high_ground"}, TerrainRow{"woods"},
                              TerrainRow{"marsh"}, TerrainRow{"camp"},        TerrainRow{"town"}};
constexpr std::array kHexsides{HexsideFeature::River, HexsideFeature::Ford, HexsideFeature::Bridge,
                               HexsideFeature::Trench};
constexpr std::array kMissing{
    MissingFeature{Feature::Facings, "only D3 Medieval units face a hexside (D2)"},
    MissingFeature{Feature::Roads, "roads are a D3 Medieval feature (D1, D6)"},
    MissingFeature{Feature::Hits, "S&S II units lose steps, not hits (7.0)"},
};
// 3.0, R1: the phases of a Player Turn in the order they are played.
constexpr std::array kPhaseTrack{Phase::Command,      Phase::Fire,          Phase::Horse,
                                 Phase::Charge,       Phase::Withdraw,      Phase::ShieldWall,
                                 Phase::Move,         Phase::SecondMove,    Phase::Combat,
                                 Phase::SecondCombat, Phase::PitchedCombat, Phase::VictoryCheck,
                                 Phase::Initiative};

std::array<int, 2> score(const View &c) { return c.s.vp; } // 13.0: Victory Points

} // namespace

int side_to_act(const View &c) { return attack_in_progress(c.s) ? resolution_side(c) : c.s.active; }

constinit const Ruleset kRuleset = ruleset_row(
    {
        .id = RulesetId::SSII,
        .die_faces = kD8,
        .turn_name = "Player Turn",
        .turn_word = "Player Turn",
        .default_last_turn = 0,
        .sequence_section = "3.0",
        .unit_type_words = "a unit type",
        .hexside_words = "hexside feature",
        .facings = 0,
        .river_section = "12.2",
        .score_label = "VP",
        .score_title = "Victory Points",
        .rules_file = "rules.md",
        .summary = "Shields & Swords II: Command Markers, faces, reinforcements",
    },
    {kUnitTypes, kTerrain, kHexsides, {}, kMissing, kPhaseTrack},
    {start_game, validate, apply_unchecked, legal, state_consistent, side_to_act, score, nullptr,
     state_json, game_over, as_if_attacking, entered_hex, nullptr, nullptr});

} // namespace sns::ssii
