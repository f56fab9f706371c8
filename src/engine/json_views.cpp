// The JSON views of a game (DESIGN.md "state" and "preview"): a position, its log and the previews
// of an attack, a shot and a melee, as the command line and `serve` print them.
#include "sns/json_views.hpp"
#include "sns/game.hpp"
#include "sns/ruleset.hpp"

namespace sns {

using json = nlohmann::json;

namespace {
json side_or_null(const Battle &b, int s) {
  return s >= 0 && s < 2 ? json(b.sides[s].id) : json(nullptr);
}

} // namespace

json event_to_json(const Battle &b, const Event &e) {
  json j = {{"event", std::string(name(e.kind))}, {"rule", e.rule}, {"text", e.text}};
  if (e.roll) j["roll"] = e.roll;
  if (!e.result.empty()) j["result"] = e.result;
  if (e.cc >= 0) {
    j["cc"] = cc_name(e.cc);
    j["column"] = e.column;
  }
  if (!e.units.empty()) {
    json u = json::array();
    for (int i : e.units)
      u.push_back(b.units[i].id);
    j["units"] = u;
  }
  return j;
}

namespace {
json log_json(const Battle &b, const Events &log) {
  json l = json::array();
  for (const Event &e : log)
    l.push_back(event_to_json(b, e));
  return l;
}
} // namespace

namespace {
// The winner as files name it: a side's id, "draw", or null while the game goes on.
json winner_json(const Battle &b, const GameState &s) {
  return s.winner < 0        ? json(nullptr)
         : s.winner == kDraw ? json("draw")
                             : json(b.sides[s.winner].id);
}
} // namespace

json victory_level_json(const Battle &b, int level) {
  const VictoryLevel &l = b.victory_levels.at(static_cast<size_t>(level));
  return {{"id", l.id}, {"name", l.name}, {"side", side_or_null(b, l.side)}};
}

json state_to_json(const Setup &setup, const GameState &s, const Events *log, bool spoilers) {
  const Battle &b = *setup.battle;
  json j;
  j["battle"] = b.id;
  j["turn"] = s.turn;
  j["active"] = b.sides[s.active].id;
  j["phase"] = std::string(name(s.phase));
  j["to_act"] = side_or_null(b, side_to_act(setup, s));
  j["winner"] = winner_json(b, s);
  if (!s.result_reason.empty()) j["result"] = s.result_reason;
  if (s.end_reason != EndReason::None) j["end_reason"] = std::string(name(s.end_reason));
  if (s.victory_level >= 0) j["victory_level"] = victory_level_json(b, s.victory_level);
  b.rules().state_json(setup, s, spoilers, j); // the ruleset's own fields
  if (log) j["log"] = log_json(b, *log);
  return j;
}

json attack_preview_to_json(const Battle &b, const AttackPreview &p) {
  json shifts = json::array(), terms = json::array(), outcomes = json::object(),
       rolls = json::array();
  for (const Term &t : p.cc_shifts)
    shifts.push_back({{"rule", t.rule}, {"levels", t.value}, {"reason", t.reason}});
  for (const Term &t : p.drm_terms)
    terms.push_back({{"rule", t.rule}, {"value", t.value}, {"reason", t.reason}});
  for (int r = 0; r < kCombatResultCount; ++r)
    if (p.outcomes[r] > 0)
      outcomes[std::string(name(static_cast<CombatResult>(r)))] = p.outcomes[r];
  for (const CrtCell &c : p.by_roll)
    rolls.push_back(std::string(name(c.result)) + (c.asterisk ? "*" : ""));
  return {{"primary", b.units[p.primary].id},
          {"base_cc", cc_name(p.base_cc)},
          {"cc", cc_name(p.cc)},
          {"cc_shifts", shifts},
          {"drm", p.drm},
          {"drm_terms", terms},
          {"outcomes", outcomes},
          {"by_roll", rolls}};
}

json hits_preview_to_json(const HitsPreview &p) {
  json mods = json::array(), chance = json::object();
  for (const Term &t : p.modifiers)
    mods.push_back({{"rule", t.rule}, {"value", t.value}, {"reason", t.reason}});
  for (size_t n = 0; n < p.chance.size(); ++n)
    if (p.chance[n] > 0) chance[std::to_string(n)] = p.chance[n];
  return {{"rule", p.rule},
          {"dice", "D3" + (p.modifier ? (p.modifier > 0 ? "+" : "") + std::to_string(p.modifier)
                                      : std::string())},
          {"modifiers", mods},
          {"hits", chance},
          {"expected", p.expected}};
}

json fire_preview_to_json(const FirePreview &p) {
  json mods = json::array();
  for (const Term &t : p.modifiers)
    mods.push_back({{"rule", t.rule}, {"value", t.value}, {"reason", t.reason}});
  return {{"modifiers", mods}, {"needed", p.needed}, {"chance", p.chance}};
}

} // namespace sns
