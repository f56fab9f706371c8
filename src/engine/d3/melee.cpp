// D3 Medieval melee: D11 who fights (only the active player, compulsory), D12 melee hits.
#include "d3.hpp"

#include <algorithm>

namespace sns::d3 {

namespace {

bool valid_unit(const View &c, int u) { return u >= 0 && u < static_cast<int>(c.s.units.size()); }

Check check_fighter(const View &c, int u, bool explain) {
  if (c.s.phase != Phase::Melee)
    return deny(explain, [&] {
      return refuse(RefusalKind::WrongPhase, "D11", "units fight in the melee phase");
    });
  if (c.def(u).side != c.s.active)
    return deny(explain, [&] {
      return refuse(RefusalKind::NotYours, "D11",
                    "only the active player's units inflict hits; " + c.name(u) +
                        " hits back in its own turn");
    });
  if (!alive(c.s, u))
    return deny(explain,
                [&] { return refuse(RefusalKind::Blocked, "D13", c.name(u) + " is eliminated"); });
  if (c.s.units[static_cast<size_t>(u)].acted)
    return deny(explain, [&] {
      return refuse(RefusalKind::AlreadyActed, "D11", c.name(u) + " has already fought");
    });
  const D3Unit &d = c.s.d3().units[static_cast<size_t>(u)];
  if (d.moved && !d.charged)
    return deny(explain, [&] {
      return refuse(RefusalKind::Blocked, "D11",
                    c.name(u) + " moved or pivoted this turn without charging and may not fight");
    });
  return std::nullopt;
}

// The hexside of u's hex across which it contacts t, or -1.
int contact_dir(const View &c, const Board &board, int u, int t) {
  for (int d = 0; d < 6; ++d)
    if (enemy_in_contact(c, board, u, d) == t) return d;
  return -1;
}

Check check_target(const View &c, const Board &board, int u, int t, bool explain) {
  if (t == u || contact_dir(c, board, u, t) < 0)
    return deny(explain, [&] {
      return refuse(RefusalKind::OutOfRange, "D11",
                    c.name(t) + " is not an enemy in contact with " + c.name(u));
    });
  Attackers one;
  one.push_back(u);
  if (auto r = special_attack_restriction(c, c.def(u).side, one, t))
    return explain ? r : Check(Refusal{});
  return std::nullopt;
}

bool has_target(const View &c, const Board &board, int u) {
  for (int d = 0; d < 6; ++d) {
    int t = enemy_in_contact(c, board, u, d);
    if (t >= 0 && !check_target(c, board, u, t, false)) return true;
  }
  return false;
}

HexId hex_of(const View &c, int u) { return c.s.units[static_cast<size_t>(u)].hex; }

// D12: the unit type's own modifier, then the target's, the side attacked, the hexside crossed and
// the attacker's disorder, u fighting from hex `from` (where it stands, or where a charge would
// put it).
int hits_modifier(const View &c, int u, int t, HexId from, std::vector<Term> *terms) {
  auto add = [&](const char *rule, int v, const std::string &why) {
    if (terms) terms->push_back({rule, v, why});
    return v;
  };
  int m = 0;
  switch (c.def(u).type) {
  case UnitType::Knights:
    m += add("D12", info(UnitType::Knights).melee_hits, "Knights: D3+1");
    break;
  case UnitType::Longbows:
  case UnitType::Crossbows:
    m += add("D12", info(c.def(u).type).melee_hits, "bowmen in melee: D3-1");
    break;
  default:
    break;
  }
  if (c.def(t).type == UnitType::MenAtArms) m += add("D12", -1, "target is Men at Arms");
  const HexId th = hex_of(c, t);
  const int from_target = c.b.direction(th, from);
  Side side = side_of(facing(c.s, t), from_target);
  if (side != Side::Front)
    m += add("D12", +1, std::string("attacking the target's ") + side_name(side));
  HexsideFeature f = c.b.hexsides[th][from_target];
  if (f == HexsideFeature::Ford || f == HexsideFeature::Bridge)
    m += add("D12", -1, "target defends a river crossing");
  if (f == HexsideFeature::Stakes) m += add("D12", -1, "target defends stakes");
  if (c.s.d3().units[static_cast<size_t>(u)].disordered)
    m += add("D13", -1, "attacker is disordered");
  return m;
}

} // namespace

Check validate_melee(const View &c, const Action &a, bool explain) {
  if (!valid_unit(c, a.unit) || !valid_unit(c, a.target))
    return refuse(RefusalKind::Malformed, "D11", "no such unit");
  if (auto r = check_fighter(c, a.unit, explain)) return r;
  Board board(c);
  return check_target(c, board, a.unit, a.target, explain);
}

void melee_actions(const View &c, ActionSink &out, int only_unit) {
  Board board(c);
  const int n = static_cast<int>(c.s.units.size());
  for (int u = 0; u < n && !out.done(); ++u) {
    if ((only_unit >= 0 && u != only_unit) || check_fighter(c, u, false)) continue;
    for (int d = 0; d < 6 && !out.done(); ++d) {
      int t = enemy_in_contact(c, board, u, d);
      if (t >= 0 && !check_target(c, board, u, t, false))
        out.add(Action{.type = ActionType::Melee, .unit = u, .target = t});
    }
  }
}

int unfought_unit(const View &c) {
  if (c.s.phase != Phase::Melee) return -1;
  Board board(c);
  for (int u = 0; u < static_cast<int>(c.s.units.size()); ++u)
    if (!check_fighter(c, u, false) && has_target(c, board, u)) return u;
  return -1;
}

void apply_melee(Ctx &c, const Action &a) {
  const int m = hits_modifier(c, a.unit, a.target, hex_of(c, a.unit), nullptr);
  Attackers one;
  one.push_back(a.unit);
  special_on_attack_declared(c, one, a.target);
  roll_hits(c, a, m, EventKind::Melee, "D12", " fights ");
}

double mean_melee_hits(const View &c, const Board &board, int u, int t) {
  if (check_target(c, board, u, t, false)) return -1;
  return mean_hits(hits_modifier(c, u, t, hex_of(c, u), nullptr));
}

Check melee_preview(const View &c, const Action &a, HitsPreview &out) {
  if (auto r = validate_melee(c, a)) return r;
  out = HitsPreview{};
  out.rule = "D12";
  out.modifier = hits_modifier(c, a.unit, a.target, hex_of(c, a.unit), &out.modifiers);
  fill_chances(out);
  return std::nullopt;
}

// The mean hits u would deal t in melee after charging it from `from` (D7, D12). A target not
// engaged in front turns to face a charge at its flank or rear (D8), so the +1 for the flank or
// rear counts only when its front is held.
double mean_charge_hits(const View &c, const Board &board, int u, int t, HexId from) {
  int m = hits_modifier(c, u, t, from, nullptr);
  const int from_target = c.b.direction(hex_of(c, t), from);
  if (side_of(facing(c.s, t), from_target) != Side::Front &&
      !side_held(c, board, t, Side::Front, u))
    m -= 1;
  return mean_hits(m);
}

} // namespace sns::d3
