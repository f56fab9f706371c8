// Vocabulary of the series (2.2, 2.3, 3.0): unit types, combat classes, commands, phases, results.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace sns {

// The S&S II types first (kUnitTypeCount of them: the UTMM's rows), then D3 Medieval's (D1).
enum class UnitType : uint8_t { V, L, I, HH, LH, Levies, Knights, MenAtArms, Longbows, Crossbows };
inline constexpr int kUnitTypeCount = 5;     // S&S II's types
inline constexpr int kAllUnitTypeCount = 10; // both rulesets' types
bool is_d3_type(UnitType t);
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

// What kind of phase it is, and the rulebook section that governs it: from the one phase table.
bool is_attack_phase(Phase p); // attacks are declared: Charge and the three combat phases
bool is_combat_phase(Phase p); // Combat, Second Combat, Pitched Combat (7.0, 7.7)
bool is_move_phase(Phase p);   // units move: Horse, Withdraw, Shield Wall, Move, Second Move
const char *section(Phase p);

// Numbers of the series, named once.
inline constexpr int kDieFaces = 8;          // every roll is a d8 (R23)
inline constexpr int kMovementAllowance = 3; // hexes a unit may move (5.0, 10.0; R9: each costs 1)
inline constexpr int kDraw = 2;              // GameState::winner when the game is drawn (13.0)

enum class CombatResult : uint8_t { DE, DL, DR, EX, NE, AE, AL, AR };
inline constexpr int kCombatResultCount = 8;

enum class HexsideFeature : uint8_t { None, River, Ford, Bridge, Trench, Stakes };

// Which rules a battle is played under (DESIGN.md "D3 Medieval, the second ruleset").
enum class Ruleset : uint8_t { SSII, D3 };
std::string_view name(Ruleset r);
std::optional<Ruleset> parse_ruleset(std::string_view s);

std::string_view name(UnitType t);
std::string_view name(Command c);
std::string_view name(Phase p);
std::string_view name(CombatResult r);
std::string_view name(HexsideFeature f);
std::string cc_name(CombatClass cc);
// The same vocabulary in the words players read (log texts, the app): "Shield Wall", "Second Move".
std::string_view title(Command c);
std::string_view title(Phase p);

std::optional<UnitType> parse_unit_type(std::string_view s);
std::optional<Command> parse_command(std::string_view s);
std::optional<Phase> parse_phase(std::string_view s);
std::optional<CombatResult> parse_result(std::string_view s);
std::optional<HexsideFeature> parse_hexside_feature(std::string_view s);
std::optional<CombatClass> parse_cc(std::string_view s);

} // namespace sns
