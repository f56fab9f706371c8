// D3 Medieval's sequencer: D4 game and player turns, D13 disorder and elimination, the end of the
// game, and the legal/validate/apply entry points game.cpp dispatches to.
#include "d3.hpp"

#include <algorithm>
#include <numeric>

namespace sns::d3 {

int units_left(const View &c, int side) {
  int n = 0;
  for (size_t u = 0; u < c.s.units.size(); ++u)
    n += c.b.units[u].side == side && alive(c.s, static_cast<int>(u));
  return n;
}

namespace {

void begin_player_turn(Ctx &c) {
  c.w.phase = Phase::Movement;
  c.w.d3().activations = 0;
  c.w.d3().moving = -1;
  for (size_t u = 0; u < c.s.units.size(); ++u) {
    D3Unit &d = c.w.d3().units[u];
    d.activated = d.moved = d.charged = false;
    c.w.units[u].acted = false;
  }
  c.say(EventKind::Turn, "D4", [&] {
    return "Turn " + std::to_string(c.s.turn) + ": " + c.b.sides[c.s.active].name +
           "; movement phase";
  });
}

// A side that has lost every unit has lost the battle at once.
bool wiped_out(Ctx &c) {
  for (int side = 0; side < 2; ++side)
    if (units_left(c, side) == 0) {
      end_game(c, c.other(side), EndReason::SideEliminated,
               c.b.sides[c.other(side)].name + " wins at once: " + c.b.sides[side].name +
                   " has no unit left");
      return true;
    }
  return false;
}

// D13: first the eliminations, then 2D6 for every unit hit this turn, in order of unit id.
void disorder_phase(Ctx &c) {
  c.w.phase = Phase::Disorder;
  c.say(EventKind::Phase, "D13", [] { return std::string("disorder and elimination phase"); });
  const int n = static_cast<int>(c.s.units.size());
  for (int u = 0; u < n; ++u)
    if (alive(c.s, u) && c.s.d3().units[static_cast<size_t>(u)].hits > kMaxHits)
      eliminate(c, u, "D13",
                std::to_string(c.s.d3().units[static_cast<size_t>(u)].hits) + " hits, more than 8");
  if (wiped_out(c)) return;
  std::vector<int> order(static_cast<size_t>(n));
  std::iota(order.begin(), order.end(), 0);
  std::sort(order.begin(), order.end(),
            [&](int x, int y) { return c.b.units[x].id < c.b.units[y].id; });
  for (int u : order) {
    D3Unit &d = c.w.d3().units[static_cast<size_t>(u)];
    if (!alive(c.s, u) || d.hits_this_turn == 0) continue;
    int first = d6(c);
    if (c.ev)
      c.ev->push_back(Event{EventKind::DisorderDie,
                            "D13",
                            c.name(u) + " rolls a first d6 for disorder",
                            first,
                            "",
                            {u}});
    int second = d6(c);
    int score = first + second;
    bool disordered = score <= d.hits_this_turn;
    if (disordered) d.disordered = true;
    if (c.ev)
      c.ev->push_back(Event{EventKind::Disorder,
                            "D13",
                            c.name(u) + " took " + std::to_string(d.hits_this_turn) +
                                (d.hits_this_turn == 1 ? " hit" : " hits") +
                                " this turn and rolls 2D6 = " + std::to_string(score) +
                                (disordered ? ": disordered for its next turn" : ": steady"),
                            second,
                            disordered ? "disordered" : "steady",
                            {u}});
  }
}

// D4: after the second player's turn the game turn advances; after the last one the game ends.
void finish_player_turn(Ctx &c) {
  for (size_t u = 0; u < c.s.units.size(); ++u) {
    D3Unit &d = c.w.d3().units[u];
    if (c.b.units[u].side == c.s.active) d.disordered = false; // D13: its own turn is over
    d.hits_this_turn = 0;
  }
  const bool second_player = c.s.active != c.b.first_player;
  if (second_player && c.s.turn >= c.b.last_turn) {
    switch (c.b.at_end) {
    case AtEnd::Side0:
    case AtEnd::Side1: {
      int s = c.b.at_end == AtEnd::Side0 ? 0 : 1;
      end_game(c, s, EndReason::LastTurn,
               "the last turn (" + std::to_string(c.s.turn) + ") is over: " + c.b.sides[s].name +
                   " wins");
      return;
    }
    case AtEnd::MostVP:
    case AtEnd::Draw: {
      int left0 = units_left(c, 0), left1 = units_left(c, 1);
      if (c.b.at_end == AtEnd::MostVP && left0 != left1) {
        int s = left0 > left1 ? 0 : 1;
        end_game(c, s, EndReason::LastTurn,
                 "the last turn is over: " + c.b.sides[s].name + " has more units left");
      } else {
        end_game(c, kDraw, EndReason::LastTurn, "the last turn is over: a draw");
      }
      return;
    }
    }
  }
  if (second_player) ++c.w.turn;
  c.w.active = static_cast<uint8_t>(c.other(c.s.active));
  begin_player_turn(c);
}

Check validate_end(const View &c) {
  if (c.s.phase == Phase::Movement && c.s.d3().moving >= 0)
    return refuse(RefusalKind::WrongPhase, "D5",
                  c.name(c.s.d3().moving) + " was activated and must make its move (a pivot, or "
                                            "staying as it is, will do)");
  if (int u = d3::unfought_unit(c); u >= 0)
    return refuse(RefusalKind::WrongPhase, "D11",
                  "melee is not optional: " + c.name(u) + " is in contact and must fight");
  return std::nullopt;
}

} // namespace

// D4: the first game turn; every unit faces as the battle sets it (D2).
void start_game(Ctx &c) {
  D3State own;
  own.units.assign(c.b.units.size(), D3Unit{});
  for (size_t u = 0; u < c.b.units.size(); ++u)
    own.units[u].facing = c.b.units[u].facing;
  c.w.own = std::move(own);
  c.w.turn = 1;
  begin_player_turn(c);
}

void end_phase(Ctx &c) {
  switch (c.s.phase) {
  case Phase::Movement:
    c.w.d3().moving = -1;
    c.w.phase = Phase::Shooting;
    for (auto &u : c.w.units)
      u.acted = false;
    c.say(EventKind::Phase, "D9", [] { return std::string("shooting phase"); });
    break;
  case Phase::Shooting:
    c.w.phase = Phase::Melee;
    for (auto &u : c.w.units)
      u.acted = false;
    c.say(EventKind::Phase, "D11", [] { return std::string("melee phase"); });
    break;
  default:
    disorder_phase(c);
    if (!c.s.game_over()) finish_player_turn(c);
    break;
  }
}

Check validate(const View &c, const Action &a) {
  if (c.s.game_over())
    return refuse(RefusalKind::GameOver, "D4", "the game is over: " + c.s.result_reason);
  switch (a.type) {
  case ActionType::Activate:
    return d3::validate_activate(c, a);
  case ActionType::Move:
    return d3::validate_move(c, a);
  case ActionType::Shoot:
    return d3::validate_shoot(c, a);
  case ActionType::Melee:
    return d3::validate_melee(c, a);
  case ActionType::EndPhase:
    return validate_end(c);
  default:
    return refuse(RefusalKind::Malformed, "D4",
                  "this battle is played under D3 Medieval: activate, move, shoot, melee or "
                  "end_phase");
  }
}

void apply_unchecked(Ctx &c, const Action &a) {
  switch (a.type) {
  case ActionType::Activate:
    d3::apply_activate(c, a);
    break;
  case ActionType::Move:
    d3::apply_move(c, a);
    break;
  case ActionType::Shoot:
    d3::apply_shoot(c, a);
    break;
  case ActionType::Melee:
    d3::apply_melee(c, a);
    break;
  default:
    d3::end_phase(c);
    break;
  }
}

void legal(const View &c, ActionSink &out, int only_unit) {
  if (c.s.game_over()) return;
  const int n = static_cast<int>(c.s.units.size());
  switch (c.s.phase) {
  case Phase::Movement:
    if (c.s.d3().moving >= 0) {
      d3::move_actions(c, out, only_unit);
      return;
    }
    for (int u = 0; u < n && !out.done(); ++u)
      if ((only_unit < 0 || u == only_unit) &&
          !d3::validate_activate(c, Action{.type = ActionType::Activate, .unit = u}, false))
        out.add(Action{.type = ActionType::Activate, .unit = u});
    break;
  case Phase::Shooting:
    d3::shoot_actions(c, out, only_unit);
    break;
  case Phase::Melee:
    d3::melee_actions(c, out, only_unit);
    if (only_unit < 0 && d3::unfought_unit(c) >= 0) return;
    break;
  default:
    return;
  }
  if (only_unit < 0) out.add(Action{.type = ActionType::EndPhase});
}

// pos_is_ok for D3 Medieval: what holds between any two actions.
bool state_consistent(const View &c, std::string *why) {
  auto fail = [&](const std::string &text) {
    if (why) *why = text;
    return false;
  };
  const Battle &b = c.b;
  const GameState &s = c.s;
  if (s.units.size() != b.units.size() || s.d3().units.size() != b.units.size())
    return fail("the state does not match the battle's units");
  if (s.active > 1) return fail("the side to act is no side");
  if (s.turn < 1 || (b.last_turn && s.turn > b.last_turn))
    return fail("the turn is out of range (D4)");
  const bool d3_phase = s.phase == Phase::Movement || s.phase == Phase::Shooting ||
                        s.phase == Phase::Melee || s.phase == Phase::GameOver;
  if (!d3_phase) return fail("the phase is not one of D3 Medieval's at a decision (D4)");
  if ((s.winner >= 0) != s.game_over() || s.winner < -1 || s.winner > kDraw)
    return fail("the winner and the end of the game disagree");
  if (s.d3().activations > kMaxActivations) return fail("more than five activations (D5)");
  if (s.d3().moving >= 0) {
    if (s.phase != Phase::Movement || s.d3().moving >= static_cast<int>(s.units.size()) ||
        b.units[s.d3().moving].side != s.active || !s.d3().units[s.d3().moving].activated)
      return fail("the unit making its move is not an activated unit of the active side (D5)");
  }
  std::vector<int> at(static_cast<size_t>(b.hex_count()), -1);
  for (size_t u = 0; u < s.units.size(); ++u) {
    const UnitState &us = s.units[u];
    const D3Unit &d = s.d3().units[u];
    const std::string &id = b.units[u].id;
    if (d.facing > 5) return fail(id + " faces no hexside (D2)");
    if (d.hits_this_turn > d.hits) return fail(id + " took more hits this turn than in all");
    if (s.phase == Phase::Movement && d.hits_this_turn) return fail(id + " kept last turn's hits");
    if ((us.hex == kOffMap) != (us.steps == 0)) return fail(id + " is half eliminated (D13)");
    if (us.hex == kOffMap) continue;
    if (s.phase == Phase::Movement && d.hits > kMaxHits)
      return fail(id + " survived more than 8 hits (D13)");
    if (b.terrain_impassable(us.hex)) return fail(id + " stands in impassable terrain (D6)");
    if (at[us.hex] >= 0) return fail(id + " shares " + b.label(us.hex) + " (D2)");
    at[us.hex] = static_cast<int>(u);
    if ((us.acted || d.activated || d.moved) && b.units[u].side != s.active)
      return fail(id + " acted out of its side's turn");
    if (d.charged && !d.moved) return fail(id + " charged without moving (D7)");
  }
  return true;
}

} // namespace sns::d3
