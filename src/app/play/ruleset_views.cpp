// The app's registration table of the rulesets' panels (issue 30): one row per ruleset, in
// RulesetId order like the engine's table (src/engine/rulesets.cpp).
#include "app.hpp"

#include <array>

namespace sns::app {

namespace {

constexpr std::array<RulesetViews, kRulesetCount> kViews{{
    {RulesetId::SSII, ssii_unit_card, ssii_side_summary, ssii_phase_track, ssii_decision_panel,
     nullptr, nullptr, nullptr},
    {RulesetId::D3, d3_unit_card, d3_side_summary, d3_phase_track, d3_decision_panel,
     draw_d3_markers, draw_d3_fronts, draw_d3_moves},
}};

constexpr bool rows_in_id_order() {
  for (size_t i = 0; i < kViews.size(); ++i)
    if (static_cast<size_t>(kViews[i].id) != i) return false;
  return true;
}
static_assert(rows_in_id_order(), "one row per ruleset, in RulesetId order");

} // namespace

const RulesetViews &views_of(const Battle &b) { return kViews[static_cast<size_t>(b.ruleset)]; }

} // namespace sns::app
