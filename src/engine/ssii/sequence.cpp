// S&S II's phase sequencer (3.0, R1-R4, R26): turns, phases, skips, and the ruleset's
// validate, apply and legal entry points.
#include "ssii.hpp"

#include <algorithm>
#include <array>
#include <memory>
#include <stdexcept>

namespace sns {

namespace {

constexpr Phase kActionPhases[] = {
    Phase::Fire, Phase::Horse,      Phase::Charge, Phase::Withdraw,     Phase::ShieldWall,
    Phase::Move, Phase::SecondMove, Phase::Combat, Phase::SecondCombat, Phase::PitchedCombat};

} // namespace

namespace {

bool phase_performed(const View &c, Phase p) {
  for (size_t w = 0; w < c.b.wings.size(); ++w)
    if (c.b.wings[w].side == c.s.active && wing_acts_in(c, static_cast<int>(w), p)) return true;
  return false;
}

void clear_phase_marks(Ctx &c) {
  for (auto &u : c.w.units)
    u.acted = u.targeted = false;
}

void start_phase(Ctx &c, Phase p) {
  c.w.phase = p;
  clear_phase_marks(c);
  c.say(EventKind::Phase, section(p), [&] { return std::string(title(p)) + " Phase begins"; });
  // The Charge step belongs to the Horse Phase that was just checked (R13).
  if (p != Phase::Charge) check_wing_integrity(c);
  if (p == Phase::ShieldWall) enter_shield_wall(c);
}

void enter_phases_from(Ctx &c, Phase from) {
  auto it = std::find(std::begin(kActionPhases), std::end(kActionPhases), from);
  for (; it != std::end(kActionPhases) && !c.s.game_over(); ++it) {
    Phase p = *it;
    if (p == Phase::Combat && first_undecided_combat_wing(c) >= 0) {
      c.w.phase = Phase::Combat;
      clear_phase_marks(c);
      c.say(EventKind::Decide, "7.7", [] {
        return std::string("Bonus + Combat: choose two Combat Phases or one Pitched Combat Phase");
      });
      return;
    }
    if (phase_performed(c, p)) {
      start_phase(c, p);
      return;
    }
    if (p != Phase::Charge)
      c.say(EventKind::Skip, "R1",
            [&] { return std::string(title(p)) + " Phase skipped: no wing holds its command"; });
  }
  if (c.s.game_over()) return;
  c.w.phase = Phase::VictoryCheck;
  victory_check(c);
  if (!c.s.game_over()) c.w.phase = Phase::Initiative;
}

void begin_turn(Ctx &c) {
  c.w.phase = Phase::Command;
  std::fill(c.w.ssii().orders.begin(), c.w.ssii().orders.end(), 0);
  std::fill(c.w.ssii().combat_mode.begin(), c.w.ssii().combat_mode.end(), 0);
  clear_phase_marks(c);
  for (size_t u = 0; u < c.s.units.size(); ++u)
    if (c.b.units[u].side == c.s.active) c.w.units[u].shield_wall = false; // R4: lasts until now
  special_on_turn_start(c);
  c.say(EventKind::Turn, "3.0", [&] {
    return "Player Turn " + std::to_string(c.s.turn) + ": " + c.b.sides[c.s.active].name;
  });
  check_wing_integrity(c);
}

void finish_turn(Ctx &c, bool declared) {
  for (size_t u = 0; u < c.s.units.size(); ++u)
    if (c.b.units[u].side == c.s.active) c.w.units[u].suppressed = false; // 9.3, R4
  if (declared) {
    c.w.ssii().initiative = static_cast<uint8_t>(c.other(c.s.active));
    c.say(EventKind::Initiative, "11.0", [&] {
      return c.b.sides[c.s.active].name +
             " declares Initiative and takes another turn; the marker passes to " +
             c.b.sides[c.other(c.s.active)].name;
    });
  } else {
    c.w.active = static_cast<uint8_t>(c.other(c.s.active));
  }
  ++c.w.turn;
  begin_turn(c);
}

Check validate_phase_end(const View &c) {
  if (c.s.phase == Phase::Command)
    return refuse(RefusalKind::WrongPhase, "4.0",
                  "the Command Phase ends when commands are given (an empty list gives none)");
  if (c.s.phase == Phase::Initiative)
    return refuse(RefusalKind::WrongPhase, "11.0", "answer the Initiative question instead");
  if (c.s.phase == Phase::Combat && first_undecided_combat_wing(c) >= 0)
    return refuse(RefusalKind::WrongPhase, "7.7",
                  "first choose two Combat Phases or one Pitched Combat Phase");
  return std::nullopt;
}

} // namespace

namespace ssii {

Check validate(const View &c, const Action &a) {
  if (c.s.game_over())
    return refuse(RefusalKind::GameOver, "13.0", "the game is over: " + c.s.result_reason);
  if (attack_in_progress(c.s)) {
    switch (a.type) {
    case ActionType::Choose:
    case ActionType::LoseStep:
    case ActionType::Retreat:
    case ActionType::Advance:
    case ActionType::NoAdvance:
      return validate_resolution(c, a);
    default:
      return refuse(RefusalKind::AttackPending, "7.1", "finish resolving the current attack first");
    }
  }
  switch (a.type) {
  case ActionType::Command:
    return validate_command(c, a);
  case ActionType::Special:
    return validate_special(c, a);
  case ActionType::Move:
    return validate_move(c, a);
  case ActionType::Fire:
    return validate_fire(c, a);
  case ActionType::Attack:
    return validate_attack(c, a);
  case ActionType::CombatMode: {
    int w = first_undecided_combat_wing(c);
    if (c.s.phase != Phase::Combat || w < 0)
      return refuse(
          RefusalKind::WrongPhase, "7.7",
          "no wing is waiting to choose between two Combat Phases and a Pitched Combat Phase");
    if (a.wing >= 0 && a.wing != w)
      return refuse(RefusalKind::BadChoice, "7.7", c.b.wings[w].name + " chooses first");
    if (a.mode == CombatMode::Undecided)
      return refuse(RefusalKind::Malformed, "7.7", "choose two_phases or pitched");
    return std::nullopt;
  }
  case ActionType::Initiative:
    if (c.s.phase != Phase::Initiative)
      return refuse(RefusalKind::WrongPhase, "11.0",
                    "Initiative is declared only in the Initiative Phase");
    if (a.declare && c.s.ssii().initiative != c.s.active)
      return refuse(RefusalKind::NotYours, "11.0",
                    c.b.sides[c.s.active].name + " does not hold the Initiative Marker");
    return std::nullopt;
  case ActionType::EndPhase:
    return validate_phase_end(c);
  default:
    return refuse(RefusalKind::WrongPhase, "7.5", "no attack result is waiting for this decision");
  }
}

void apply_unchecked(Ctx &c, const Action &a) {
  switch (a.type) {
  case ActionType::Command:
    apply_command(c, a);
    enter_phases_from(c, Phase::Fire);
    break;
  case ActionType::Special:
    apply_special(c, a);
    break;
  case ActionType::Move:
    apply_move(c, a);
    break;
  case ActionType::Fire:
    apply_fire(c, a);
    break;
  case ActionType::Attack:
    apply_attack(c, a);
    break;
  case ActionType::CombatMode: {
    int w = first_undecided_combat_wing(c);
    c.w.ssii().combat_mode[w] = static_cast<uint8_t>(a.mode);
    c.say(EventKind::CombatMode, "7.7", [&] {
      return c.b.wings[w].name + (a.mode == CombatMode::Pitched
                                      ? " will fight one Pitched Combat Phase"
                                      : " will fight two Combat Phases");
    });
    if (first_undecided_combat_wing(c) < 0) enter_phases_from(c, Phase::Combat);
    break;
  }
  case ActionType::Initiative:
    finish_turn(c, a.declare);
    break;
  case ActionType::EndPhase:
    end_phase(c);
    break;
  default:
    apply_resolution(c, a);
    break;
  }
}

// Every legal action into the sink, in one fixed order; with `only_unit`, only the moves, fire and
// attacks of that unit.
void legal(const View &c, ActionSink &out, int only_unit) {
  if (c.s.game_over()) return;
  if (attack_in_progress(c.s)) {
    if (only_unit < 0) resolution_actions(c, out);
    return;
  }
  Phase p = c.s.phase;
  if (only_unit >= 0) {
    if (p == Phase::Fire)
      fire_actions(c, out, only_unit);
    else if (is_move_phase(p))
      move_actions(c, out, only_unit);
    else if (is_attack_phase(p) && first_undecided_combat_wing(c) < 0)
      attack_actions(c, out, only_unit);
    return;
  }
  if (p == Phase::Command) {
    special_actions(c, out);
    const std::vector<Action> &choices = command_choices(c);
    out.add_many(choices.size(), [&](size_t i) { return choices[i]; });
    return;
  }
  if (p == Phase::Initiative) {
    if (c.s.ssii().initiative == c.s.active)
      out.add_lazy([&] { return Action{.type = ActionType::Initiative, .declare = true}; });
    out.add_lazy([&] { return Action{.type = ActionType::Initiative, .declare = false}; });
    return;
  }
  if (p == Phase::Combat && first_undecided_combat_wing(c) >= 0) {
    out.add_lazy(
        [&] { return Action{.type = ActionType::CombatMode, .mode = CombatMode::TwoPhases}; });
    out.add_lazy(
        [&] { return Action{.type = ActionType::CombatMode, .mode = CombatMode::Pitched}; });
    return;
  }
  if (p == Phase::Fire)
    fire_actions(c, out);
  else if (is_move_phase(p))
    move_actions(c, out);
  else if (is_attack_phase(p))
    attack_actions(c, out);
  // Ending the phase is always one of them; an action is built only when listed or picked.
  out.add_lazy([] { return Action{.type = ActionType::EndPhase}; });
}

// The first Player Turn (3.0): the Initiative Marker where the battle puts it, no orders yet.
void start_game(Ctx &c) {
  SsiiState own;
  own.initiative = static_cast<uint8_t>(c.b.initiative);
  own.orders.assign(c.b.wings.size(), 0);
  own.combat_mode.assign(c.b.wings.size(), 0);
  c.w.own = std::move(own);
  begin_turn(c);
}

} // namespace ssii

int first_undecided_combat_wing(const View &c) {
  for (size_t w = 0; w < c.b.wings.size(); ++w)
    if (c.b.wings[w].side == c.s.active && combat_mode_undecided(c.s, static_cast<int>(w)))
      return static_cast<int>(w);
  return -1;
}

void end_phase(Ctx &c) {
  Phase p = c.s.phase;
  c.say(EventKind::PhaseEnd, section(p), [&] { return std::string(title(p)) + " Phase ends"; });
  auto it = std::find(std::begin(kActionPhases), std::end(kActionPhases), p);
  if (it == std::end(kActionPhases) || ++it == std::end(kActionPhases)) {
    enter_phases_from(c, Phase::VictoryCheck);
    return;
  }
  enter_phases_from(c, *it);
}

bool wing_acts_in(const View &c, int wing, Phase p) {
  CommandSet o = c.s.ssii().orders[wing];
  bool bonus = has(o, Command::Bonus);
  auto mode = static_cast<CombatMode>(c.s.ssii().combat_mode[wing]);
  switch (p) {
  case Phase::Fire:
    return has(o, Command::Fire);
  case Phase::Horse:
  case Phase::Charge:
    return has(o, Command::Horse);
  case Phase::Withdraw:
    return has(o, Command::Withdraw);
  case Phase::ShieldWall:
    return has(o, Command::ShieldWall);
  case Phase::Move:
    return has(o, Command::Move);
  case Phase::SecondMove:
    return has(o, Command::Move) && bonus;
  case Phase::Combat:
    return has(o, Command::Combat) && (!bonus || mode == CombatMode::TwoPhases);
  case Phase::SecondCombat:
    return has(o, Command::Combat) && bonus && mode == CombatMode::TwoPhases;
  case Phase::PitchedCombat:
    return has(o, Command::Combat) && bonus && mode == CombatMode::Pitched;
  default:
    return false;
  }
}

int roll_d8(const Setup &setup, GameState &s) { return roll_die(setup, s, kD8); }
bool shield_wall_eligible(const View &c, int u) {
  return !is_horse(c.def(u).type) && c.face(u).fire == 0;
}

} // namespace sns

namespace sns {

bool phase_commanded(const Setup &setup, const GameState &state, Phase p) {
  if (p == Phase::Command || p == Phase::VictoryCheck || p == Phase::Initiative) return true;
  if (!state.if_ssii()) return false; // no wing of another ruleset holds S&S II's commands
  View c(setup, state);
  for (size_t w = 0; w < c.b.wings.size(); ++w) {
    if (c.b.wings[w].side != state.active) continue;
    // Before Bonus + Combat is decided (R7) all three combat phases are still possible.
    if (is_combat_phase(p) && combat_mode_undecided(state, static_cast<int>(w))) return true;
    if (wing_acts_in(c, static_cast<int>(w), p)) return true;
  }
  return false;
}

std::vector<int> wings_acting(const Setup &setup, const GameState &state, Phase p) {
  View c(setup, state);
  std::vector<int> out;
  if (!state.if_ssii()) return out;
  for (size_t w = 0; w < c.b.wings.size(); ++w)
    if (c.b.wings[w].side == state.active && wing_acts_in(c, static_cast<int>(w), p))
      out.push_back(static_cast<int>(w));
  return out;
}

std::optional<Refusal> preview_attack(const Setup &setup, const GameState &state, const Action &a,
                                      AttackPreview &out) {
  if (a.type != ActionType::Attack)
    return refuse(RefusalKind::Malformed, "7.2", "only an attack can be previewed as an attack");
  if (attack_in_progress(state))
    return refuse(RefusalKind::AttackPending, "7.1", "finish resolving the current attack first");
  return attack_preview(View(setup, state), a, out);
}

std::optional<Refusal> preview_fire(const Setup &setup, const GameState &state, const Action &a,
                                    FirePreview &out) {
  if (a.type != ActionType::Fire)
    return refuse(RefusalKind::Malformed, "9.1", "only a fire action can be previewed as fire");
  if (attack_in_progress(state))
    return refuse(RefusalKind::AttackPending, "7.1", "finish resolving the current attack first");
  return fire_preview(View(setup, state), a, out);
}

} // namespace sns
