// Vocabulary of the series (2.2, 2.3, 3.0): unit types, combat classes, commands, phases, results.
#pragma once
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "sns/vocabulary.hpp"

namespace sns {

// Every ruleset's unit types in one enum; a row says which ruleset has it (Ruleset::unit_types
// lists a ruleset's own). S&S II's come first: kUnitTypeCount of them are the UTMM's rows.
enum class UnitType : uint8_t { V, L, I, HH, LH, Levies, Knights, MenAtArms, Longbows, Crossbows };
inline constexpr int kUnitTypeCount = 5;     // the UTMM's rows and columns: S&S II's types (7.3)
inline constexpr int kAllUnitTypeCount = 10; // every ruleset's types
// "type" of a unit in files (an S&S II type is its counter code, 2.2), and the words players read.
inline constexpr std::array<Word<UnitType>, kAllUnitTypeCount> kUnitTypes{{
    {UnitType::V, "V", kInSsii, "Veteran", "2.2"},
    {UnitType::L, "L", kInSsii, "Levy", "2.2"},
    {UnitType::I, "I", kInSsii, "Infantry", "2.2"},
    {UnitType::HH, "HH", kInSsii, "Heavy Horse", "2.2"},
    {UnitType::LH, "LH", kInSsii, "Light Horse", "2.2"},
    {UnitType::Levies, "levies", kInD3, "Levies", "D1"},
    {UnitType::Knights, "knights", kInD3, "Knights", "D1"},
    {UnitType::MenAtArms, "men_at_arms", kInD3, "Men at Arms", "D1"},
    {UnitType::Longbows, "longbows", kInD3, "Longbows", "D1"},
    {UnitType::Crossbows, "crossbows", kInD3, "Crossbows", "D1"},
}};
static_assert(kUnitTypes.size() == static_cast<size_t>(UnitType::Crossbows) + 1 &&
                  rows_in_enum_order(kUnitTypes),
              "one row per unit type, in enum order");
template <> struct VocabularyOf<UnitType> { static constexpr const auto &rows = kUnitTypes; };
bool is_horse(UnitType t);
bool is_levy_or_infantry(UnitType t);

// Combat class: 0 = AA (best) .. 6 = F (worst). "Improving" a class lowers the number.
using CombatClass = int;
inline constexpr CombatClass kBestCC = 0;
inline constexpr CombatClass kWorstCC = 6;

// Commands are bits so a wing's orders fit in one byte.
enum class Command : uint8_t { Fire, Horse, Withdraw, ShieldWall, Move, Combat, Bonus };
inline constexpr int kCommandCount = 7;
using CommandSet = uint8_t;
constexpr CommandSet bit(Command c) { return static_cast<CommandSet>(1u << static_cast<int>(c)); }
inline bool has(CommandSet set, Command c) { return (set & bit(c)) != 0; }

// Phases in the order of 3.0 (R1); Charge is the second step of the Horse Phase (R13).
enum class Phase : uint8_t {
  Command,
  Fire,
  Horse,
  Charge,
  Withdraw,
  ShieldWall,
  Move,
  SecondMove,
  Combat,
  SecondCombat,
  PitchedCombat,
  VictoryCheck,
  Initiative,
  GameOver,
  // D3 Medieval's player turn (D4), after S&S II's so that its phases keep their numbers.
  Movement,
  Shooting,
  Melee,
  Disorder
};
inline constexpr size_t kPhaseCount = 18;

// A phase's row: the shared columns, and what happens in it.
struct PhaseWord {
  Phase id;
  std::string_view json;
  uint8_t rulesets;
  std::string_view words;
  const char *section;
  bool attack; // attacks are declared: Charge and the three combat phases
  bool combat; // Combat, Second Combat, Pitched Combat (7.0, 7.7)
  bool move;   // units move: Horse, Withdraw, Shield Wall, Move, Second Move (and D3's Movement)
};
inline constexpr std::array<PhaseWord, kPhaseCount> kPhases{{
    {Phase::Command, "command", kInSsii, "Command", "4.0", false, false, false},
    {Phase::Fire, "fire", kInSsii, "Fire", "9.0", false, false, false},
    {Phase::Horse, "horse", kInSsii, "Horse", "10.0", false, false, true},
    {Phase::Charge, "charge", kInSsii, "Charge", "10.0", true, false, false},
    {Phase::Withdraw, "withdraw", kInSsii, "Withdraw", "6.0", false, false, true},
    {Phase::ShieldWall, "shield_wall", kInSsii, "Shield Wall", "8.0", false, false, true},
    {Phase::Move, "move", kInSsii, "Move", "5.0", false, false, true},
    {Phase::SecondMove, "second_move", kInSsii, "Second Move", "5.6", false, false, true},
    {Phase::Combat, "combat", kInSsii, "Combat", "7.0", true, true, false},
    {Phase::SecondCombat, "second_combat", kInSsii, "Second Combat", "7.7", true, true, false},
    {Phase::PitchedCombat, "pitched_combat", kInSsii, "Pitched Combat", "7.7", true, true, false},
    {Phase::VictoryCheck, "victory_check", kInSsii, "Victory Check", "13.0", false, false, false},
    {Phase::Initiative, "initiative", kInSsii, "Initiative", "11.0", false, false, false},
    {Phase::GameOver, "game_over", kInBoth, "Game over", "13.0", false, false, false},
    {Phase::Movement, "movement", kInD3, "Movement", "D5", false, false, true},
    {Phase::Shooting, "shooting", kInD3, "Shooting", "D9", false, false, false},
    {Phase::Melee, "melee", kInD3, "Melee", "D11", false, false, false},
    {Phase::Disorder, "disorder", kInD3, "Disorder", "D13", false, false, false},
}};
static_assert(kPhases.size() == static_cast<size_t>(Phase::Disorder) + 1 &&
                  rows_in_enum_order(kPhases),
              "one row per phase, in enum order");
template <> struct VocabularyOf<Phase> { static constexpr const auto &rows = kPhases; };
// name(p), title(p), section(p), parse_name<Phase>(s) come from the table (vocabulary.hpp).
constexpr bool is_attack_phase(Phase p) { return row(p).attack; }
constexpr bool is_combat_phase(Phase p) { return row(p).combat; }
constexpr bool is_move_phase(Phase p) { return row(p).move; }

// What the engine logs (Event::kind, "event" in the JSON log). `units` says what the event's
// units are, so no program searches the text for a unit's id.
enum class EventKind : uint8_t {
  Turn,
  Phase,
  PhaseEnd,
  Skip,
  Decide,
  Auto,
  Command,
  CombatMode,
  Initiative,
  Move,
  ShieldWall,
  Fire,
  Attack,
  Choose,
  Retreat,
  Advance,
  StepLoss,
  Eliminated,
  VictoryCheck,
  GameOver,
  Special,
  Activate,
  Charge,
  Flank,
  Face,
  Shoot,
  Melee,
  DisorderDie,
  Disorder,
};
inline constexpr size_t kEventKindCount = 29;
struct EventWord {
  EventKind id;
  std::string_view json;
  uint8_t rulesets;
  std::string_view words;
  const char *section;
  std::string_view units; // what Event::units holds for this kind ("" when none)
};
inline constexpr std::array<EventWord, kEventKindCount> kEventKinds{{
    {EventKind::Turn, "turn", kInBoth, "a turn begins", "3.0", ""},
    {EventKind::Phase, "phase", kInBoth, "a phase begins", "3.0", ""},
    {EventKind::PhaseEnd, "phase_end", kInSsii, "a phase ends", "3.0", ""},
    {EventKind::Skip, "skip", kInSsii, "a phase is skipped", "R1", ""},
    {EventKind::Decide, "decide", kInSsii, "a combat mode is to be chosen", "7.7", ""},
    {EventKind::Auto, "auto", kInBoth, "the only choice is taken", "R25", ""},
    {EventKind::Command, "command", kInSsii, "commands given", "4.0", ""},
    {EventKind::CombatMode, "combat_mode", kInSsii, "combat mode chosen", "7.7", ""},
    {EventKind::Initiative, "initiative", kInSsii, "Initiative declared", "11.0", ""},
    {EventKind::Move, "move", kInBoth, "a unit moves", "5.0", "the unit"},
    {EventKind::ShieldWall, "shield_wall", kInSsii, "Shield Wall formed", "8.0", "the units"},
    {EventKind::Fire, "fire", kInSsii, "a unit fires", "9.2", "the firer, the target"},
    {EventKind::Attack, "attack", kInSsii, "an attack is resolved", "7.5",
     "the attackers, then the target"},
    {EventKind::Choose, "choose", kInSsii, "a result option is chosen", "7.5", ""},
    {EventKind::Retreat, "retreat", kInSsii, "a unit retreats", "7.6", "the unit"},
    {EventKind::Advance, "advance", kInSsii, "a unit advances", "7.8", "the unit"},
    {EventKind::StepLoss, "step_loss", kInSsii, "a unit loses a step", "2.2", "the unit"},
    {EventKind::Eliminated, "eliminated", kInBoth, "a unit is eliminated", "13.1", "the unit"},
    {EventKind::VictoryCheck, "victory_check", kInSsii, "victory is checked", "13.0", ""},
    {EventKind::GameOver, "game_over", kInBoth, "the game ends", "13.0", ""},
    {EventKind::Special, "special", kInSsii, "a special rule acts", "", ""},
    {EventKind::Activate, "activate", kInD3, "an activation is rolled", "D5", "the unit"},
    {EventKind::Charge, "charge", kInD3, "a unit charges", "D7", "the charger, the target"},
    {EventKind::Flank, "flank", kInD3, "a flank is held", "D8", "the target, the charger"},
    {EventKind::Face, "face", kInD3, "a unit turns to face a charge", "D8",
     "the target, the charger"},
    {EventKind::Shoot, "shoot", kInD3, "a unit shoots", "D10", "the shooter, the target"},
    {EventKind::Melee, "melee", kInD3, "a melee is fought", "D12", "the attacker, the target"},
    {EventKind::DisorderDie, "disorder_die", kInD3, "a disorder die is rolled", "D13", "the unit"},
    {EventKind::Disorder, "disorder", kInD3, "disorder is tested", "D13", "the unit"},
}};
static_assert(kEventKinds.size() == static_cast<size_t>(EventKind::Disorder) + 1 &&
                  rows_in_enum_order(kEventKinds),
              "one row per event kind, in enum order");
template <> struct VocabularyOf<EventKind> { static constexpr const auto &rows = kEventKinds; };

// Why a game ended (GameState::end_reason), for programs that group endings: the text of the end
// (GameState::result_reason) is for players.
enum class EndReason : uint8_t {
  None,           // the game goes on
  VictoryTotal,   // a side reached its victory VP at a Victory Check (13.0, R2)
  LastTurn,       // the battle's last turn was played (R26; D4)
  SideEliminated, // a side has no unit left (D4)
  InstantWin,     // a special rule gave the game at once (instant_win_on_entry)
};
inline constexpr size_t kEndReasonCount = 5;
inline constexpr std::array<Word<EndReason>, kEndReasonCount> kEndReasons{{
    {EndReason::None, "none", kInBoth, "the game goes on", ""},
    {EndReason::VictoryTotal, "victory_total", kInSsii, "VP victory", "13.0"},
    {EndReason::LastTurn, "last_turn", kInBoth, "last turn", "R26"},
    {EndReason::SideEliminated, "side_eliminated", kInD3, "a side eliminated", "D4"},
    {EndReason::InstantWin, "instant_win", kInSsii, "special rule", "instant_win_on_entry"},
}};
static_assert(kEndReasons.size() == static_cast<size_t>(EndReason::InstantWin) + 1 &&
                  rows_in_enum_order(kEndReasons),
              "one row per end reason, in enum order");
template <> struct VocabularyOf<EndReason> { static constexpr const auto &rows = kEndReasons; };

// Numbers of the series, named once.
inline constexpr int kMovementAllowance = 3; // hexes a unit may move (5.0, 10.0; R9: each costs 1)
inline constexpr int kDraw = 2;              // GameState::winner when the game is drawn (13.0)

enum class CombatResult : uint8_t { DE, DL, DR, EX, NE, AE, AL, AR };
inline constexpr int kCombatResultCount = 8;

enum class HexsideFeature : uint8_t { None, River, Ford, Bridge, Trench, Stakes };

// Which rules a battle is played under (DESIGN.md "D3 Medieval, the second ruleset"); the
// ruleset itself, its data and operations, is a Ruleset (ruleset.hpp).
enum class RulesetId : uint8_t { SSII, D3 };
inline constexpr size_t kRulesetCount = 2;
inline constexpr std::array<Word<RulesetId>, kRulesetCount> kRulesetIds{{
    {RulesetId::SSII, "ssii", kInSsii, "Shields & Swords II", ""},
    {RulesetId::D3, "d3-medieval", kInD3, "D3 Medieval", ""},
}};
static_assert(rows_in_enum_order(kRulesetIds), "one row per ruleset, in enum order");
template <> struct VocabularyOf<RulesetId> { static constexpr const auto &rows = kRulesetIds; };
// The bit a ruleset's words carry in a row's `rulesets` (vocabulary.hpp).
constexpr uint8_t ruleset_bit(RulesetId r) {
  return static_cast<uint8_t>(1u << static_cast<int>(r));
}
std::optional<RulesetId> parse_ruleset(std::string_view s);

std::string_view name(Command c);
std::string_view name(CombatResult r);
std::string_view name(HexsideFeature f);
std::string cc_name(CombatClass cc);
// The same vocabulary in the words players read (log texts, the app): "Shield Wall", "Second Move".
std::string_view title(Command c);

std::optional<UnitType> parse_unit_type(std::string_view s);
std::optional<Command> parse_command(std::string_view s);
std::optional<Phase> parse_phase(std::string_view s); // parse_name<Phase>
std::optional<CombatResult> parse_result(std::string_view s);
std::optional<HexsideFeature> parse_hexside_feature(std::string_view s);
std::optional<CombatClass> parse_cc(std::string_view s);

} // namespace sns
