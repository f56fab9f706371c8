// Attacks (7.0 - 7.4, 10.0 charges, 12.1 - 12.3): declaration, Primary, CC shifts, DRM, the roll.
#include "ssii.hpp"

#include <algorithm>

namespace sns {

namespace {

// Can unit u take part in an attack on target t now? (everything except the group rules)
Check validate_attacker(const View &c, int u, int t, bool explain) {
  if (u < 0 || u >= static_cast<int>(c.s.units.size()))
    return refuse(RefusalKind::Malformed, "7.2", "no such attacking unit");
  const UnitDef &d = c.def(u);
  Phase p = c.s.phase;
  if (d.side != c.s.active)
    return deny(explain, [&] {
      return refuse(RefusalKind::NotYours, "7.2", c.name(u) + " belongs to the other player");
    });
  if (!on_map(c.s, u))
    return deny(explain, [&] {
      return refuse(RefusalKind::Blocked, "7.2", c.name(u) + " is not on the map");
    });
  if (!wing_acts_in(c, d.wing, p))
    return deny(explain, [&] {
      return refuse(RefusalKind::NoCommand, "4.1",
                    c.name(u) + "'s wing (" + c.b.wings[d.wing].name + ") has no command for the " +
                        std::string(title(p)) + " Phase");
    });
  if (p == Phase::Charge && !is_horse(d.type))
    return deny(explain,
                [&] { return refuse(RefusalKind::Blocked, "10.0", "only Horse units Charge"); });
  if (c.s.units[u].acted)
    return deny(explain, [&] {
      return refuse(RefusalKind::AlreadyActed, "7.2",
                    c.name(u) + " has already attacked this phase");
    });
  if (c.s.units[u].suppressed)
    return deny(explain, [&] {
      return refuse(RefusalKind::Blocked, "9.3", c.name(u) + " is Suppressed and cannot attack");
    });
  int dir = c.b.direction(c.s.units[u].hex, c.s.units[t].hex);
  if (dir < 0)
    return deny(explain, [&] {
      return refuse(RefusalKind::OutOfRange, "7.2", c.name(u) + " is not adjacent to " + c.name(t));
    });
  if (c.b.hexside_impassable(c.s.units[u].hex, dir))
    return deny(explain, [&] {
      return refuse(RefusalKind::Blocked, "12.2", c.name(u) + " cannot attack across a river");
    });
  return std::nullopt;
}

Check validate_target(const View &c, int t, bool explain) {
  if (!is_attack_phase(c.s.phase))
    return deny(explain, [&] {
      return refuse(RefusalKind::WrongPhase, "7.0",
                    "attacks are made only in a Combat Phase or a Horse Phase Charge");
    });
  if (c.s.phase == Phase::Combat && first_undecided_combat_wing(c) >= 0)
    return deny(explain, [&] {
      return refuse(RefusalKind::WrongPhase, "7.7",
                    "first choose two Combat Phases or one Pitched Combat Phase");
    });
  if (t < 0 || t >= static_cast<int>(c.s.units.size()))
    return refuse(RefusalKind::Malformed, "7.2", "no such target");
  if (c.def(t).side == c.s.active)
    return deny(explain, [&] {
      return refuse(RefusalKind::BadTarget, "7.2", "the target must be an enemy unit");
    });
  if (!on_map(c.s, t))
    return deny(explain, [&] {
      return refuse(RefusalKind::BadTarget, "7.2", c.name(t) + " is not on the map");
    });
  if (c.s.units[t].targeted)
    return deny(explain, [&] {
      return refuse(RefusalKind::AlreadyActed, "7.2",
                    c.name(t) + " has already been attacked this phase");
    });
  return std::nullopt;
}

int best_cc(const View &c, const Attackers &attackers) {
  int best = kWorstCC + 1;
  for (int u : attackers)
    best = std::min(best, c.face(u).cc);
  return best;
}

int primary_of(const View &c, const Action &a) {
  if (a.primary >= 0) return a.primary;
  int best = best_cc(c, a.attackers);
  int found = -1, count = 0;
  for (int u : a.attackers)
    if (c.face(u).cc == best) found = u, ++count;
  return count == 1 ? found : -1;
}

struct Calc {
  CombatClass base = 0, cc = 0;
  std::vector<Term> shifts, drm_terms;
  int drm = 0;
};

Calc calculate(const View &c, const Action &a, int primary) {
  Calc k;
  const int t = a.target;
  const HexId ph = c.s.units[primary].hex, th = c.s.units[t].hex;
  k.base = c.face(primary).cc;
  const Tables &tb = *c.setup.tables;
  auto shift = [&](const char *rule, int v, const char *why) {
    if (v != 0) k.shifts.push_back({rule, v, why});
  };
  if (c.s.units[t].suppressed) shift("9.3", tb.cc_target_suppressed, "target is Suppressed");
  if (c.s.phase == Phase::PitchedCombat) shift("7.7", tb.cc_pitched, "Pitched Combat Phase");
  if (c.b.elevation[ph] > c.b.elevation[th]) shift("12.1", tb.cc_downhill, "attacking downhill");
  if (c.s.units[t].shield_wall) shift("8.0", tb.cc_target_shield_wall, "target in Shield Wall");
  if (c.s.units[primary].shield_wall)
    shift("8.0", tb.cc_primary_shield_wall, "Primary in Shield Wall");
  if (c.b.hexsides[ph][c.b.direction(ph, th)] == HexsideFeature::Trench)
    shift("12.3", tb.cc_across_trench, "attacking across a trench");
  if (c.s.phase == Phase::Charge && wing_has(c, c.def(primary).wing, Command::Bonus)) {
    if (c.def(primary).type == UnitType::HH)
      shift("10.0", tb.cc_charge_bonus_heavy, "Bonus + Horse: charging Heavy Horse");
    else
      shift("10.0", tb.cc_charge_bonus_light, "Bonus + Horse: charging Light Horse");
  }
  int net = 0;
  for (const Term &s : k.shifts)
    net += s.value;
  k.cc = std::clamp(k.base - net, kBestCC, kWorstCC);

  int utmm = tb.utmm[static_cast<int>(c.def(primary).type)][static_cast<int>(c.def(t).type)];
  k.drm_terms.push_back({"7.4", utmm,
                         std::string("UTMM: ") + std::string(name(c.def(primary).type)) +
                             " against " + std::string(name(c.def(t).type))});
  int same = 0, lower = 0;
  for (int u : a.attackers) {
    if (u == primary) continue;
    (c.face(u).cc == k.base ? same : lower) += 1;
  }
  // "1 other attacker", "3 other attackers": the log said "participant(s)".
  auto others = [](int n) {
    return std::to_string(n) + (n == 1 ? " other attacker" : " other attackers");
  };
  if (same) k.drm_terms.push_back({"7.4", -same, others(same) + " of the Primary's CC"});
  if (lower)
    k.drm_terms.push_back(
        {"7.4", -((lower + 1) / 2), others(lower) + " of lower CC (one per two, rounded up)"});
  special_drm(c, primary, t, k.drm_terms);
  for (const Term &d : k.drm_terms)
    k.drm += d.value;
  return k;
}

} // namespace

bool attack_in_progress(const GameState &s) { return s.attack_stage() != AttackStage::None; }

namespace {

Check check_attack(const View &c, const Action &a, bool explain) {
  if (auto r = validate_target(c, a.target, explain)) return r;
  if (a.attackers.empty())
    return refuse(RefusalKind::Malformed, "7.2", "an attack needs at least one attacker");
  if (a.attackers.size() > kMaxAttackers)
    return refuse(RefusalKind::Malformed, "7.2", "at most six units can be adjacent to a target");
  for (size_t i = 0; i < a.attackers.size(); ++i) {
    for (size_t j = 0; j < i; ++j)
      if (a.attackers[i] == a.attackers[j])
        return deny(explain, [&] {
          return refuse(RefusalKind::Malformed, "7.2", c.name(a.attackers[i]) + " is listed twice");
        });
    if (auto r = validate_attacker(c, a.attackers[i], a.target, explain)) return r;
  }
  const UnitDef &first = c.def(a.attackers[0]);
  for (int u : a.attackers) {
    if (c.def(u).wing != first.wing)
      return deny(explain, [&] {
        return refuse(RefusalKind::BadAttackers, "7.2", "all attackers must come from one wing");
      });
    if (is_horse(c.def(u).type) != is_horse(first.type))
      return deny(explain, [&] {
        return refuse(RefusalKind::BadAttackers, "7.2",
                      "Horse attack only together with Horse, and foot only with foot");
      });
  }
  int best = best_cc(c, a.attackers);
  if (a.primary >= 0) {
    if (std::find(a.attackers.begin(), a.attackers.end(), a.primary) == a.attackers.end())
      return deny(explain, [&] {
        return refuse(RefusalKind::BadAttackers, "7.2", "the Primary must be one of the attackers");
      });
    if (c.face(a.primary).cc != best)
      return deny(explain, [&] {
        return refuse(RefusalKind::BadAttackers, "7.2",
                      "the Primary is the attacker with the best CC (" + cc_name(best) + ")");
      });
  } else if (primary_of(c, a) < 0) {
    return deny(explain, [&] {
      return refuse(RefusalKind::PrimaryTie, "7.2",
                    "several attackers share the best CC; name the Primary");
    });
  }
  return special_attack_restriction(c, c.s.active, a.attackers, a.target);
}

} // namespace

Check validate_attack(const View &c, const Action &a) { return check_attack(c, a, true); }

void attack_actions(const View &c, ActionSink &out, int only_unit) {
  Board board(c);
  for (size_t t = 0; t < c.s.units.size() && !out.done(); ++t) {
    int target = static_cast<int>(t);
    if (c.b.units[t].side == c.s.active || !on_map(c.s, target) || c.s.units[t].targeted) continue;
    if (validate_target(c, target, false)) continue;
    // Possible attackers, grouped by wing and by horse / foot (7.2): at most six neighbours.
    struct Group {
      int wing;
      bool horse;
      SmallVec<int, 6> units;
    };
    SmallVec<Group, 6> groups;
    for (HexId n : c.b.adjacent[c.s.units[t].hex]) {
      if (n == kOffMap || board.unit_at(n) < 0) continue;
      size_t u = static_cast<size_t>(board.unit_at(n));
      const UnitState &us = c.s.units[u];
      if (c.b.units[u].side != c.s.active || us.acted || us.suppressed) continue;
      if (validate_attacker(c, static_cast<int>(u), target, false)) continue;
      int wing = c.b.units[u].wing;
      bool horse = is_horse(c.b.units[u].type);
      auto it = std::find_if(groups.begin(), groups.end(),
                             [&](const Group &g) { return g.wing == wing && g.horse == horse; });
      if (it == groups.end()) {
        groups.push_back(Group{wing, horse, {}});
        it = groups.end() - 1;
      }
      it->units.push_back(static_cast<int>(u));
    }
    for (Group &grp : groups) {
      auto &g = grp.units;
      std::sort(g.begin(), g.end());
      if (only_unit >= 0 && std::find(g.begin(), g.end(), only_unit) == g.end()) continue;
      for (uint32_t mask = 1; mask < (1u << g.size()); ++mask) {
        Attackers attackers;
        for (size_t i = 0; i < g.size(); ++i)
          if (mask & (1u << i)) attackers.push_back(g[i]);
        if (only_unit >= 0 &&
            std::find(attackers.begin(), attackers.end(), only_unit) == attackers.end())
          continue;
        // The rest of check_attack holds by construction: the target may be attacked, each
        // attacker may attack it, they are distinct, of one wing and all Horse or all foot, and
        // each Primary below has the best CC. Only the battle's special rules are left to ask.
        if (special_attack_restriction(c, c.s.active, attackers, target)) continue;
        int best = best_cc(c, attackers);
        for (int p : attackers) {
          if (c.face(p).cc != best) continue;
          // Built only when listed or picked: a count needs none.
          out.add_lazy([&] {
            return Action{
                .type = ActionType::Attack, .target = target, .attackers = attackers, .primary = p};
          });
        }
      }
    }
  }
}

Check attack_preview(const View &c, const Action &a, AttackPreview &out) {
  if (auto r = validate_attack(c, a)) return r;
  out.primary = primary_of(c, a);
  Calc k = calculate(c, a, out.primary);
  out.base_cc = k.base;
  out.cc = k.cc;
  out.cc_shifts = k.shifts;
  out.drm = k.drm;
  out.drm_terms = k.drm_terms;
  out.outcomes.fill(0);
  for (int roll = 1; roll <= kD8; ++roll) {
    const CrtCell &cell = c.setup.tables->cell(k.cc, roll + k.drm);
    out.by_roll[roll - 1] = cell;
    out.outcomes[static_cast<int>(cell.result)] += 1.0 / kD8;
  }
  return std::nullopt;
}

void apply_attack(Ctx &c, const Action &a) {
  int primary = primary_of(c, a);
  Calc k = calculate(c, a, primary);
  special_on_attack_declared(c, a.attackers, a.target);
  for (int u : a.attackers)
    c.unit(u).acted = true;
  c.unit(a.target).targeted = true;
  int roll = roll_d8(c.setup, c.w);
  const CrtCell &cell = c.setup.tables->cell(k.cc, roll + k.drm);
  PendingAttack &p = c.w.ssii().attack;
  p = PendingAttack{};
  p.target = static_cast<int16_t>(a.target);
  p.primary = static_cast<int16_t>(primary);
  p.attacker_count = static_cast<uint8_t>(a.attackers.size());
  for (size_t i = 0; i < a.attackers.size(); ++i)
    p.attackers[i] = static_cast<int16_t>(a.attackers[i]);
  p.charge = c.s.phase == Phase::Charge;
  p.result = cell.result;
  p.asterisk = cell.asterisk;
  if (c.ev) {
    std::string text = (p.charge ? "Charge: " : "Attack: ");
    for (int u : a.attackers)
      text += c.name(u) + (u == primary ? " (Primary) " : " ");
    // Why the row and column are what they are: each shift and each DRM term, with its rule.
    auto terms = [](const std::vector<Term> &list) {
      std::string out;
      for (const Term &x : list)
        out += (out.empty() ? "" : "; ") + x.reason + " " + (x.value >= 0 ? "+" : "") +
               std::to_string(x.value) + " (" + x.rule + ")";
      return out;
    };
    int column = std::clamp(roll + k.drm, Tables::kMinColumn, Tables::kMaxColumn);
    text += "on " + c.name(a.target) + ", CC " + cc_name(k.base);
    if (k.cc != k.base) text += " -> " + cc_name(k.cc) + " [" + terms(k.shifts) + "]";
    text += ", DRM " + std::to_string(k.drm) + " [" + terms(k.drm_terms) + "], rolled " +
            std::to_string(roll) + " -> column " + std::to_string(column) + ": " +
            std::string(name(cell.result)) + (cell.asterisk ? "*" : "");
    std::vector<int> units(a.attackers.begin(), a.attackers.end());
    units.push_back(a.target);
    c.ev->push_back(Event{EventKind::Attack, "7.5", text, roll,
                          std::string(name(cell.result)) + (cell.asterisk ? "*" : ""), units, k.cc,
                          column});
  }
  resolve_result(c);
}

} // namespace sns
