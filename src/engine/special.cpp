// Battle special rules (battle file "special"): each kind implemented once here, reusable by any
// battle.
#include "engine.hpp"

#include <algorithm>

namespace sns {

namespace {

bool flag(const View &c, size_t i) { return (c.s.special_flags >> i) & 1u; }
void set_flag(Ctx &c, size_t i, bool on) {
  if (on)
    c.w.special_flags |= (1u << i);
  else
    c.w.special_flags &= ~(1u << i);
}
// OffMapWing keeps "has left once" in the upper half of the flags, and "left this turn" in bits
// 8-15.
constexpr size_t kUsedShift = 16;
constexpr size_t kThisTurnShift = 8;
// Three fields of kMaxSpecialRules bits each must not overlap, whatever the number of rules.
static_assert(kThisTurnShift >= kMaxSpecialRules &&
              kUsedShift >= kThisTurnShift + kMaxSpecialRules &&
              kUsedShift + kMaxSpecialRules <= 32);

bool contains(const std::vector<UnitType> &types, UnitType t) {
  return std::find(types.begin(), types.end(), t) != types.end();
}

int wave_of(const Special &sp, int wing) {
  for (size_t w = 0; w < sp.waves.size(); ++w)
    if (std::find(sp.waves[w].begin(), sp.waves[w].end(), wing) != sp.waves[w].end())
      return static_cast<int>(w);
  return -1;
}

bool wave_eliminated(const View &c, const std::vector<int> &wings) {
  for (size_t u = 0; u < c.s.units.size(); ++u)
    if (c.s.units[u].steps > 0 &&
        std::find(wings.begin(), wings.end(), c.b.units[u].wing) != wings.end())
      return false;
  return true;
}

// An attack precondition is met once a listed attacker type has attacked a unit of a listed
// `until_target_types`, or when no such enemy unit is left to attack (eliminated by anyone):
// "first fight the English men-at-arms" cannot bind once there are none, or the bows behind
// them could never be attacked at all (docs/rules-notes.md).
bool precondition_met(const View &c, size_t i) {
  if (flag(c, i)) return true;
  const Special &sp = c.b.special[i];
  for (size_t u = 0; u < c.s.units.size(); ++u)
    if (c.s.units[u].steps > 0 && c.b.units[u].side != sp.side &&
        contains(sp.until_target_types, c.b.units[u].type))
      return false;
  return true;
}

bool has_fire(const View &c, int u) {
  const UnitDef &d = c.b.units[u];
  return d.front.fire > 0 || (d.back && d.back->fire > 0);
}

} // namespace

Check special_attack_restriction(const View &c, int side, const Attackers &attackers, int target) {
  for (size_t i = 0; i < c.b.special.size(); ++i) {
    const Special &sp = c.b.special[i];
    if (sp.side != side) continue;
    if (sp.kind == SpecialKind::AttackWaves) {
      int wave = wave_of(sp, c.def(attackers[0]).wing);
      for (int w = 0; w < wave; ++w)
        if (!wave_eliminated(c, sp.waves[w]))
          return refuse(RefusalKind::SpecialRule, sp.id,
                        c.b.wings[c.def(attackers[0]).wing].name + " is in wave " +
                            std::to_string(wave + 1) + " and may not attack until wave " +
                            std::to_string(w + 1) + " is eliminated");
    } else if (sp.kind == SpecialKind::AttackPrecondition && !precondition_met(c, i)) {
      bool restricted_attacker = std::any_of(attackers.begin(), attackers.end(), [&](int u) {
        return contains(sp.attacker_types, c.def(u).type);
      });
      bool restricted_target = contains(sp.target_types, c.def(target).type) &&
                               (!sp.target_needs_fire || has_fire(c, target));
      if (restricted_attacker && restricted_target)
        return refuse(RefusalKind::SpecialRule, sp.id,
                      sp.text.empty()
                          ? "this attack is not yet allowed by the battle's special rules"
                          : sp.text);
    }
  }
  return std::nullopt;
}

void special_on_attack_declared(Ctx &c, const Attackers &attackers, int target) {
  for (size_t i = 0; i < c.b.special.size(); ++i) {
    const Special &sp = c.b.special[i];
    if (sp.kind != SpecialKind::AttackPrecondition || sp.side != c.s.active || flag(c, i)) continue;
    bool by = std::any_of(attackers.begin(), attackers.end(),
                          [&](int u) { return contains(sp.attacker_types, c.def(u).type); });
    if (by && contains(sp.until_target_types, c.def(target).type)) {
      set_flag(c, i, true);
      c.say(EventKind::Special, sp.id.c_str(),
            [&] { return "condition met: " + (sp.text.empty() ? sp.id : sp.text) + " (lifted)"; });
    }
  }
}

void special_on_command(Ctx &c, const Action &a) {
  for (size_t i = 0; i < c.b.special.size(); ++i) {
    const Special &sp = c.b.special[i];
    if (sp.kind != SpecialKind::VpForfeitOnCommand || sp.side != c.s.active || flag(c, i)) continue;
    bool commanded = std::any_of(a.orders.begin(), a.orders.end(),
                                 [&](const WingOrder &o) { return o.wing == sp.wing; });
    if (!commanded) continue;
    set_flag(c, i, true);
    int lost = std::min(sp.value, c.s.vp[sp.side]);
    c.w.vp[sp.side] -= lost;
    c.say(EventKind::Special, sp.id.c_str(), [&] {
      return c.b.sides[sp.side].name + " commands " + c.b.wings[sp.wing].name +
             " for the first time and loses " + std::to_string(lost) + " VP";
    });
  }
}

void special_on_entry(Ctx &c, int u) {
  for (const Special &sp : c.b.special) {
    if (sp.kind != SpecialKind::InstantWinOnEntry || c.def(u).side != sp.side) continue;
    if (std::find(sp.hexes.begin(), sp.hexes.end(), c.s.units[u].hex) == sp.hexes.end()) continue;
    end_game(c, sp.side, EndReason::InstantWin,
             c.b.sides[sp.side].name + " wins at once: " + c.name(u) + " entered " +
                 c.hex(c.s.units[u].hex) + (sp.text.empty() ? "" : " (" + sp.text + ")"));
    return;
  }
}

int special_drm(const View &c, int primary, int target, std::vector<Term> &terms) {
  int sum = 0;
  for (const Special &sp : c.b.special) {
    if (sp.kind != SpecialKind::AttackDrm || c.def(primary).side != sp.side) continue;
    if (!sp.attacker_types.empty() && !contains(sp.attacker_types, c.def(primary).type)) continue;
    if (!sp.target_types.empty() && !contains(sp.target_types, c.def(target).type)) continue;
    if (sp.terrain >= 0 && c.b.terrain[c.s.units[target].hex] != sp.terrain) continue;
    terms.push_back({sp.id, sp.value, sp.text.empty() ? sp.id : sp.text});
    sum += sp.value;
  }
  return sum;
}

Check special_command_restriction(const View &c, int wing) {
  for (size_t i = 0; i < c.b.special.size(); ++i) {
    const Special &sp = c.b.special[i];
    if (sp.kind == SpecialKind::OffMapWing && sp.wing == wing && flag(c, i))
      return refuse(RefusalKind::SpecialRule, sp.id,
                    c.b.wings[wing].name + " is away from the battle and cannot be commanded");
  }
  return std::nullopt;
}

Check validate_special(const View &c, const Action &a) {
  if (a.special < 0 || a.special >= static_cast<int>(c.b.special.size()))
    return refuse(RefusalKind::Malformed, "special", "the battle has no such special rule");
  const Special &sp = c.b.special[a.special];
  if (sp.kind != SpecialKind::OffMapWing)
    return refuse(RefusalKind::SpecialRule, sp.id,
                  "this special rule is not something a player does");
  if (c.s.phase != Phase::Command)
    return refuse(RefusalKind::WrongPhase, sp.id,
                  "a wing leaves or returns only in its side's Command Phase");
  if (c.s.active != sp.side)
    return refuse(RefusalKind::SpecialRule, sp.id,
                  "only " + c.b.sides[sp.side].name + " may use this rule");
  size_t i = static_cast<size_t>(a.special);
  if (a.verb == SpecialVerb::Leave) {
    if (flag(c, i))
      return refuse(RefusalKind::SpecialRule, sp.id, c.b.wings[sp.wing].name + " is already away");
    if (flag(c, i + kUsedShift))
      return refuse(RefusalKind::SpecialRule, sp.id,
                    c.b.wings[sp.wing].name + " may leave the battle only once");
    return std::nullopt;
  }
  if (a.verb == SpecialVerb::Return) {
    if (!flag(c, i))
      return refuse(RefusalKind::SpecialRule, sp.id, c.b.wings[sp.wing].name + " is not away");
    if (flag(c, i + kThisTurnShift))
      return refuse(RefusalKind::SpecialRule, sp.id,
                    c.b.wings[sp.wing].name +
                        " left this turn; it may be called back from the next turn on");
    return std::nullopt;
  }
  return refuse(RefusalKind::SpecialRule, sp.id, "expected \"leave\" or \"return\"");
}

void special_actions(const View &c, ActionSink &out) {
  for (size_t i = 0; i < c.b.special.size() && i < kThisTurnShift; ++i)
    for (SpecialVerb verb : {SpecialVerb::Leave, SpecialVerb::Return}) {
      Action a{.type = ActionType::Special, .special = static_cast<int>(i), .verb = verb};
      if (!validate_special(c, a)) out.add(a);
    }
}

void apply_special(Ctx &c, const Action &a) {
  const Special &sp = c.b.special[a.special];
  size_t i = static_cast<size_t>(a.special);
  if (a.verb == SpecialVerb::Leave) {
    set_flag(c, i, true);
    set_flag(c, i + kUsedShift, true);
    set_flag(c, i + kThisTurnShift, true);
    std::vector<int> gone;
    for (size_t u = 0; u < c.s.units.size(); ++u)
      if (c.b.units[u].wing == sp.wing && c.s.units[u].hex != kOffMap) {
        UnitState &us = c.unit(static_cast<int>(u));
        us.hex = kOffMap;
        us.away = true;
        us.suppressed = us.shield_wall = false;
        gone.push_back(static_cast<int>(u));
      }
    c.say(
        EventKind::Special, sp.id.c_str(),
        [&] { return c.b.wings[sp.wing].name + " leaves the battlefield"; }, gone);
  } else {
    set_flag(c, i, false);
    c.say(EventKind::Special, sp.id.c_str(), [&] {
      return c.b.wings[sp.wing].name +
             " is called back and may enter by its edge in its Move Phases";
    });
  }
}

void special_on_turn_start(Ctx &c) { c.w.special_flags &= ~(0xFFu << kThisTurnShift); }

const Special *special_immobile(const View &c, int u) {
  for (const Special &sp : c.b.special)
    if (sp.kind == SpecialKind::Immobile &&
        std::find(sp.units.begin(), sp.units.end(), u) != sp.units.end())
      return &sp;
  return nullptr;
}

const std::vector<HexId> *special_reinforcement_entry(const View &c, int u) {
  for (size_t i = 0; i < c.b.special.size(); ++i) {
    const Special &sp = c.b.special[i];
    if (sp.kind == SpecialKind::OffMapWing && sp.wing == c.def(u).wing && !flag(c, i))
      return &sp.hexes;
  }
  return nullptr;
}

std::vector<SpecialRuleStatus> special_status(const Setup &setup, const GameState &state) {
  View c(setup, state); // only read
  std::vector<SpecialRuleStatus> out;
  for (size_t i = 0; i < c.b.special.size(); ++i) {
    const Special &sp = c.b.special[i];
    SpecialRuleStatus st;
    st.triggered = sp.kind == SpecialKind::AttackPrecondition ? precondition_met(c, i) : flag(c, i);
    if (sp.kind == SpecialKind::OffMapWing) {
      st.used = flag(c, i + kUsedShift);
      st.this_turn = flag(c, i + kThisTurnShift);
    }
    if (sp.kind == SpecialKind::AttackWaves) {
      // A wave may attack once every wave before it is gone (the same test as the restriction).
      while (st.open_waves < static_cast<int>(sp.waves.size())) {
        ++st.open_waves;
        if (!wave_eliminated(c, sp.waves[st.open_waves - 1])) break;
      }
    }
    out.push_back(st);
  }
  return out;
}

} // namespace sns
