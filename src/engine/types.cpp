// Names of the series vocabulary (2.2, 2.3, 3.0) as they appear in files, the CLI and the log.
#include "sns/types.hpp"

#include <array>

namespace sns {
namespace {
constexpr std::array<std::string_view, 7> kCommandNames{"fire", "horse",  "withdraw", "shield_wall",
                                                        "move", "combat", "bonus"};
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

bool is_horse(UnitType t) { return t == UnitType::HH || t == UnitType::LH; }
bool is_levy_or_infantry(UnitType t) { return t == UnitType::L || t == UnitType::I; }

std::optional<RulesetId> parse_ruleset(std::string_view s) { return parse_name<RulesetId>(s); }
std::string_view name(Command c) { return kCommandNames[static_cast<int>(c)]; }
std::string_view name(CombatResult r) { return kResultNames[static_cast<int>(r)]; }
std::string_view name(HexsideFeature f) { return kFeatureNames[static_cast<int>(f)]; }
std::string cc_name(CombatClass cc) { return std::string(kCCNames[cc]); }
std::string_view title(Command c) { return kCommandTitles[static_cast<int>(c)]; }

std::optional<UnitType> parse_unit_type(std::string_view s) { return parse_name<UnitType>(s); }
std::optional<Command> parse_command(std::string_view s) {
  return find_name<Command>(kCommandNames, s);
}
std::optional<Phase> parse_phase(std::string_view s) { return parse_name<Phase>(s); }
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
