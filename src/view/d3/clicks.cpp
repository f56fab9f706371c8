// D3 Medieval's row of Interaction::kClicks (view.cpp), without SDL or ImGui: what is lit and what
// a click means for D5 activation, D6/D7 moves and charges with their end facing, D9 shots and D11
// melee. Everything comes from the engine's legal actions and refusals; nothing here decides a
// rule.
#include "view.hpp"

#include <algorithm>

namespace sns::app {

namespace {

// The D3 block of the state: every function in this file is D3 Medieval's row of kClicks, so the
// state is D3's by construction; it is read here, once.
const D3State &d3_of(const GameState &s) { return s.d3(); }

std::string reason(const std::optional<Refusal> &r) {
  return r ? r->rule + ": " + r->reason : std::string();
}

bool is_hit_action(ActionType t) { return t == ActionType::Shoot || t == ActionType::Melee; }

// The shot or melee of this phase (D9, D11): which action type a unit and a target make.
ActionType hit_action_type(Phase p) {
  return p == Phase::Shooting ? ActionType::Shoot : ActionType::Melee;
}

bool can_act(const std::vector<Action> &legal, ActionType type, int unit) {
  return std::any_of(legal.begin(), legal.end(),
                     [&](const Action &a) { return a.type == type && a.unit == unit; });
}

// The one target `unit` may shoot or fight, the one unit that may shoot or fight `target`
// (pass -1 for the other), or -1 when there are none or several.
int only_partner(const std::vector<Action> &legal, int unit, int target) {
  int only = -1;
  for (const Action &a : legal) {
    if (!is_hit_action(a.type)) continue;
    if (unit >= 0 && a.unit != unit) continue;
    if (target >= 0 && a.target != target) continue;
    int other = unit >= 0 ? a.target : a.unit;
    if (only >= 0 && only != other) return -1;
    only = other;
  }
  return only;
}

} // namespace

// Why one of the active player's units cannot shoot or fight now: the engine's refusal when the
// unit itself may not (D9, D11), else that no enemy is open to it.
std::string Interaction::d3_unit_idle(int unit, ActionType type) const {
  const Battle &b = *setup_.battle;
  for (size_t t = 0; t < b.units.size(); ++t) {
    if (b.units[t].side == b.units[unit].side) continue;
    auto r =
        check(setup_, state_, Action{.type = type, .unit = unit, .target = static_cast<int>(t)});
    if (!r) return "";
    bool unit_refused = r->kind == RefusalKind::WrongPhase || r->kind == RefusalKind::NotYours ||
                        r->kind == RefusalKind::AlreadyActed || r->kind == RefusalKind::Blocked;
    if (unit_refused) return reason(r);
  }
  return type == ActionType::Shoot
             ? "D9: " + b.units[unit].id + " has no enemy ahead of it, in range and in sight"
             : "D11: " + b.units[unit].id + " is in contact with no enemy it may fight";
}

int Interaction::d3_acting(const Selection &sel) const {
  return state_.phase == Phase::Movement && d3_of(state_).moving >= 0 ? d3_of(state_).moving
                                                                      : sel.unit;
}

std::vector<int> Interaction::d3_facings(int unit, HexId to) const {
  std::vector<int> out;
  for (const Action &a : legal_)
    if (a.type == ActionType::Move && a.unit == unit && a.to == to) out.push_back(a.facing);
  return out;
}

std::optional<Action> Interaction::d3_pending(const Selection &sel) const {
  if (state_.phase == Phase::Movement) {
    if (d3_of(state_).moving < 0 && sel.unit >= 0 &&
        can_act(legal_, ActionType::Activate, sel.unit))
      return Action{.type = ActionType::Activate, .unit = sel.unit};
    return std::nullopt; // a move is played by its clicks, once its end facing is chosen
  }
  if ((state_.phase == Phase::Shooting || state_.phase == Phase::Melee) && sel.unit >= 0 &&
      sel.target >= 0)
    return Action{.type = hit_action_type(state_.phase), .unit = sel.unit, .target = sel.target};
  return std::nullopt;
}

std::vector<uint16_t> Interaction::d3_marks(const Selection &sel, bool, bool) const {
  const Battle &b = *setup_.battle;
  std::vector<uint16_t> m(b.hex_count(), kMarkNone);
  auto mark_unit = [&](int u, uint16_t flag) {
    if (u >= 0 && state_.units[u].hex != kOffMap) m[state_.units[u].hex] |= flag;
  };
  const int acting = d3_acting(sel);
  for (const Action &a : legal_) {
    switch (a.type) {
    case ActionType::Activate:
      mark_unit(a.unit, kMarkMovable);
      break;
    case ActionType::Move: {
      mark_unit(a.unit, kMarkMovable);
      m[a.to] |= kMarkDestination;
      HexId from = state_.units[a.unit].hex;
      // A move ending with an enemy across the faced hexside is the engine's charge (D7).
      if (a.to != from && d3_facings(a.unit, a.to).size() == 1) m[a.to] |= kMarkCharge;
      if (a.to == sel.to && a.facing >= 0)
        if (HexId faced = b.adjacent[a.to][a.facing]; faced != kOffMap) m[faced] |= kMarkFacing;
      break;
    }
    case ActionType::Shoot:
    case ActionType::Melee:
      mark_unit(a.unit, kMarkMovable);
      if (a.unit == acting) mark_unit(a.target, kMarkTarget);
      if (acting < 0 && a.target == sel.target) mark_unit(a.unit, kMarkAttacker);
      break;
    default:
      break;
    }
  }
  mark_unit(acting, kMarkSelected);
  mark_unit(sel.target, kMarkSelected);
  if (sel.to != kOffMap) m[sel.to] |= kMarkChosen;
  return m;
}

namespace {

// A click in the Movement Phase: the unit to activate (D5), then its destination (D6, a charge D7)
// and its end facing. `explain` is the view's own D3 refusal words for a selection and a hex.
template <typename Explain>
ClickOutcome d3_move_click(const Interaction &ix, const Battle &b, const GameState &state,
                           Selection &sel, HexId hex, int here, Explain explain) {
  ClickOutcome out;
  const int moving = d3_of(state).moving;
  if (moving < 0) { // D5: choose the unit to activate; the panel rolls its D6
    sel.clear();
    if (here >= 0 && can_act(ix.legal(), ActionType::Activate, here)) {
      sel.unit = here;
      return out;
    }
    out.message = here >= 0 && b.units[here].side == state.active
                      ? explain(sel, hex)
                      : "Choose one of your lit units and roll to activate it (D5).";
    return out;
  }
  sel.unit = moving;
  // The end facing, by the hex the unit will face from its chosen destination (D6).
  if (sel.to != kOffMap && hex != sel.to) {
    int dir = b.direction(sel.to, hex);
    auto facings = ix.d3_facings(moving, sel.to);
    if (dir >= 0 && std::find(facings.begin(), facings.end(), dir) != facings.end()) {
      out.action = Action{.type = ActionType::Move,
                          .unit = moving,
                          .to = sel.to,
                          .facing = static_cast<int8_t>(dir)};
      sel.clear();
      return out;
    }
  }
  auto facings = ix.d3_facings(moving, hex);
  if (facings.size() == 1) { // a charge: its facing is its line of advance (D7)
    out.action = Action{.type = ActionType::Move,
                        .unit = moving,
                        .to = hex,
                        .facing = static_cast<int8_t>(facings[0])};
    sel.clear();
    return out;
  }
  if (!facings.empty()) {
    sel.to = hex;
    out.message = "Now its end facing: click the hex it should face, or a facing in the panel.";
    return out;
  }
  out.message = explain(sel, hex);
  return out;
}

} // namespace

ClickOutcome Interaction::d3_click(Selection &sel, HexId hex) const {
  ClickOutcome out;
  const Battle &b = *setup_.battle;
  const int here = unit_at(hex);
  switch (state_.phase) {
  case Phase::Movement:
    return d3_move_click(*this, b, state_, sel, hex, here,
                         [this](const Selection &s, HexId h) { return d3_explain(s, h); });
  case Phase::Shooting:
  case Phase::Melee: {
    const ActionType type = hit_action_type(state_.phase);
    if (here >= 0 && can_act(legal_, type, here)) {
      int keep_target = sel.target;
      sel.clear();
      sel.unit = here;
      if (keep_target >= 0 && d3_explain(sel, state_.units[keep_target].hex).empty())
        sel.target = keep_target;
      else if (int only = only_partner(legal_, here, -1); only >= 0)
        sel.target = only; // one possible target: the preview shows at once
      return out;
    }
    if (here >= 0 && b.units[here].side != state_.active) {
      if (sel.unit >= 0) {
        std::string why = d3_explain(sel, hex);
        if (why.empty()) sel.target = here;
        out.message = why;
        return out;
      }
      sel.target = here; // light the units that can hit it
      if (int only = only_partner(legal_, -1, here); only >= 0) sel.unit = only;
      if (sel.unit < 0 && !std::any_of(legal_.begin(), legal_.end(), [&](const Action &a) {
            return a.type == type && a.target == here;
          }))
        out.message = type == ActionType::Shoot ? "None of your bowmen can shoot at this unit."
                                                : "None of your units can fight this unit.";
      return out;
    }
    if (here >= 0) { // one of ours that cannot act: the engine says why
      out.message = d3_unit_idle(here, type);
      return out;
    }
    out.message = type == ActionType::Shoot ? "Choose one of your lit bowmen, then its target."
                                            : "Choose one of your lit units in contact, then the "
                                              "enemy it fights.";
    return out;
  }
  default:
    return out;
  }
}

std::string Interaction::d3_explain(const Selection &sel, HexId hex) const {
  const Battle &b = *setup_.battle;
  const int here = unit_at(hex);
  switch (state_.phase) {
  case Phase::Movement: {
    if (d3_of(state_).moving < 0) {
      if (here < 0 || b.units[here].side != state_.active) return "";
      return reason(check(setup_, state_, Action{.type = ActionType::Activate, .unit = here}));
    }
    const int u = d3_of(state_).moving;
    if (!d3_facings(u, hex).empty()) return "";
    // Ask the engine with the facing a straight move would keep: its refusal names the ruling.
    HexId from = state_.units[u].hex;
    int dir = -1;
    for (int d = 0; d < 6 && dir < 0; ++d)
      for (HexId h = b.adjacent[from][d]; h != kOffMap; h = b.adjacent[h][d])
        if (h == hex) dir = d;
    int8_t facing = static_cast<int8_t>(dir >= 0 ? dir : d3_of(state_).units[u].facing);
    return reason(check(setup_, state_,
                        Action{.type = ActionType::Move, .unit = u, .to = hex, .facing = facing}));
  }
  case Phase::Shooting:
  case Phase::Melee:
    if (sel.unit < 0 || here < 0 || here == sel.unit) return "";
    return reason(
        check(setup_, state_,
              Action{.type = hit_action_type(state_.phase), .unit = sel.unit, .target = here}));
  default:
    return "";
  }
}

} // namespace sns::app
