// The registration table of the rulesets (issue 30): one row per ruleset, in RulesetId order. A
// new ruleset is a folder beside ssii/ and d3/ that defines its Ruleset, plus its row here.
#include "d3/d3.hpp"
#include "ssii/ssii.hpp"

#include <array>

namespace sns {

namespace {
constexpr std::array<const Ruleset *, kRulesetCount> kRegistered{
    &ssii::kRuleset, // Shields & Swords II (src/engine/ssii/)
    &d3::kRuleset,   // D3 Medieval (src/engine/d3/)
};

std::string joined(const std::vector<std::string> &words, const char *last) {
  std::string out;
  for (size_t i = 0; i < words.size(); ++i)
    out += (i == 0 ? "" : i + 1 == words.size() ? last : ", ") + words[i];
  return out;
}
} // namespace

std::span<const Ruleset *const> rulesets() { return kRegistered; }

const Ruleset &default_ruleset() { return *kRegistered.front(); }

const Ruleset &ruleset_of(RulesetId id) { return *kRegistered[static_cast<size_t>(id)]; }

const Ruleset *find_ruleset(std::string_view json) {
  for (const Ruleset *r : kRegistered)
    if (r->json() == json) return r;
  return nullptr;
}

std::string expected_ruleset() {
  std::vector<std::string> names;
  names.reserve(kRegistered.size());
  for (const Ruleset *r : kRegistered)
    names.push_back("\"" + std::string(r->json()) + "\"");
  return "expected " + joined(names, " or ");
}

const Ruleset &Battle::rules() const { return ruleset_of(ruleset); }
const char *Battle::turn_name() const { return rules().turn_name; }

bool Ruleset::has_unit_type(UnitType t) const {
  for (UnitType u : unit_types)
    if (u == t) return true;
  return false;
}

bool Ruleset::has_hexside(HexsideFeature f) const {
  for (HexsideFeature h : hexsides)
    if (h == f) return true;
  return false;
}

bool Ruleset::has_every_special() const {
  for (const auto &row : kSpecialKinds)
    if (!has_special(row.id)) return false;
  return true;
}

std::string Ruleset::expected_unit_type() const {
  std::vector<std::string> names;
  names.reserve(unit_types.size());
  for (UnitType t : unit_types)
    names.emplace_back(name(t));
  return std::string("expected ") + unit_type_words + " " + joined(names, " or ");
}

std::string Ruleset::expected_hexside() const {
  std::vector<std::string> names;
  names.reserve(hexsides.size());
  for (HexsideFeature f : hexsides)
    names.emplace_back(name(f));
  return "expected " + joined(names, " or ");
}

std::string Ruleset::expected_special() const {
  std::vector<std::string> names;
  for (const auto &row : kSpecialKinds)
    if (has_special(row.id)) names.emplace_back(row.json);
  return std::string(title()) + " battles use " + joined(names, " or ");
}

} // namespace sns
