// Names of the series vocabulary (2.2, 2.3, 3.0) as they appear in files, the CLI and the log.
#include "sns/types.hpp"

#include <array>

namespace sns {
namespace {
constexpr std::array<std::string_view, kAllUnitTypeCount> kTypeNames{
    "V", "L", "I", "HH", "LH", "levies", "knights", "men_at_arms", "longbows", "crossbows"};
constexpr std::array<std::string_view, 2> kRulesetNames{"ssii", "d3-medieval"};
constexpr std::array<std::string_view, 7> kCommandNames{"fire", "horse",  "withdraw", "shield_wall",
                                                        "move", "combat", "bonus"};
// One row per phase, in enum order: its name in files, its title for players, its section, and
// what happens in it.
struct PhaseInfo {
  std::string_view name;
  std::string_view title;
  const char *section;
  bool attack; // attacks are declared
  bool combat; // one of the three combat phases
  bool move;   // units move
};
constexpr std::array<PhaseInfo, 18> kPhases{{
    {"command", "Command", "4.0", false, false, false},
    {"fire", "Fire", "9.0", false, false, false},
    {"horse", "Horse", "10.0", false, false, true},
    {"charge", "Charge", "10.0", true, false, false},
    {"withdraw", "Withdraw", "6.0", false, false, true},
    {"shield_wall", "Shield Wall", "8.0", false, false, true},
    {"move", "Move", "5.0", false, false, true},
    {"second_move", "Second Move", "5.6", false, false, true},
    {"combat", "Combat", "7.0", true, true, false},
    {"second_combat", "Second Combat", "7.7", true, true, false},
    {"pitched_combat", "Pitched Combat", "7.7", true, true, false},
    {"victory_check", "Victory Check", "13.0", false, false, false},
    {"initiative", "Initiative", "11.0", false, false, false},
    {"game_over", "Game over", "13.0", false, false, false},
    {"movement", "Movement", "D5", false, false, true},
    {"shooting", "Shooting", "D9", false, false, false},
    {"melee", "Melee", "D11", false, false, false},
    {"disorder", "Disorder", "D13", false, false, false},
}};
constexpr std::array<std::string_view, 18> kPhaseNames = [] {
  std::array<std::string_view, 18> names{};
  for (size_t i = 0; i < kPhases.size(); ++i)
    names[i] = kPhases[i].name;
  return names;
}();
constexpr std::array<std::string_view, 7> kCommandTitles{
    "Fire", "Horse", "Withdraw", "Shield Wall", "Move", "Combat", "Bonus"};
constexpr std::array<std::string_view, 8> kResultNames{"DE", "DL", "DR", "EX",
                                                       "NE", "AE", "AL", "AR"};
constexpr std::array<std::string_view, 6> kFeatureNames{"none",   "river",  "ford",
                                                        "bridge", "trench", "stakes"};
constexpr std::array<std::string_view, 7> kCCNames{"AA", "A", "B", "C", "D", "E", "F"};

template <typename E, size_t N>
std::optional<E> find_name(const std::array<std::string_view, N> &names, std::string_view s) {
  for (size_t i = 0; i < N; ++i)
    if (names[i] == s) return static_cast<E>(i);
  return std::nullopt;
}
} // namespace

bool is_d3_type(UnitType t) { return static_cast<int>(t) >= kUnitTypeCount; }
bool is_horse(UnitType t) { return t == UnitType::HH || t == UnitType::LH; }
bool is_levy_or_infantry(UnitType t) { return t == UnitType::L || t == UnitType::I; }

std::string_view name(Ruleset r) { return kRulesetNames[static_cast<int>(r)]; }
std::optional<Ruleset> parse_ruleset(std::string_view s) {
  return find_name<Ruleset>(kRulesetNames, s);
}
std::string_view name(UnitType t) { return kTypeNames[static_cast<int>(t)]; }
std::string_view name(Command c) { return kCommandNames[static_cast<int>(c)]; }
std::string_view name(Phase p) { return kPhases[static_cast<int>(p)].name; }
const char *section(Phase p) { return kPhases[static_cast<int>(p)].section; }
bool is_attack_phase(Phase p) { return kPhases[static_cast<int>(p)].attack; }
bool is_combat_phase(Phase p) { return kPhases[static_cast<int>(p)].combat; }
bool is_move_phase(Phase p) { return kPhases[static_cast<int>(p)].move; }
std::string_view name(CombatResult r) { return kResultNames[static_cast<int>(r)]; }
std::string_view name(HexsideFeature f) { return kFeatureNames[static_cast<int>(f)]; }
std::string cc_name(CombatClass cc) { return std::string(kCCNames[cc]); }
std::string_view title(Command c) { return kCommandTitles[static_cast<int>(c)]; }
std::string_view title(Phase p) { return kPhases[static_cast<int>(p)].title; }

std::optional<UnitType> parse_unit_type(std::string_view s) {
  return find_name<UnitType>(kTypeNames, s);
}
std::optional<Command> parse_command(std::string_view s) {
  return find_name<Command>(kCommandNames, s);
}
std::optional<Phase> parse_phase(std::string_view s) { return find_name<Phase>(kPhaseNames, s); }
std::optional<CombatResult> parse_result(std::string_view s) {
  return find_name<CombatResult>(kResultNames, s);
}
std::optional<HexsideFeature> parse_hexside_feature(std::string_view s) {
  auto f = find_name<HexsideFeature>(kFeatureNames, s);
  if (f == HexsideFeature::None) return std::nullopt;
  return f;
}
std::optional<CombatClass> parse_cc(std::string_view s) {
  auto i = find_name<int>(kCCNames, s);
  if (!i) return std::nullopt;
  return *i;
}

} // namespace sns
