// Shields & Swords II as a Ruleset: its data (R23 d8, 3.0 Player Turns, 2.2 unit types, 12.0
// terrain and hexsides, what its battles have) and its operations, registered in rulesets.cpp.
#include "ssii.hpp"

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

constinit const Ruleset kRuleset{
    .id = RulesetId::SSII,
    .die_faces = kD8,
    .turn_name = "Player Turn",
    .default_last_turn = 0,
    .sequence_section = "3.0",
    .unit_types = kUnitTypes,
    .unit_type_words = "a unit type",
    .terrain = kTerrain,
    .hexsides = kHexsides,
    .facings = 0,
    .missing = kMissing,
    .phases = kPhaseTrack,
    .score_label = "VP",
    .score_title = "Victory Points",
    .rules_file = "rules.md",
    .start = start_game,
    .validate = validate,
    .apply = apply_unchecked,
    .legal = legal,
    .consistent = state_consistent,
    .side_to_act = side_to_act,
    .score = score,
    .preview_hits = nullptr,
    .state_json = state_json,
};

} // namespace sns::ssii
