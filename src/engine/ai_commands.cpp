// Commands that do nothing this turn (4.0; issue 32 items 4 and 5): which phases a command serves,
// whether a wing would act in them, and the command assignments hints and the search leave out.
#include "sns/players.hpp"

#include <algorithm>
#include <iterator>
#include <utility>

namespace sns {

namespace {

// The phases in which a command lets its wing act (3.0), in the sequence's order; Bonus has none
// of its own. Horse gives the Charge step after the Horse Phase too (10.0): a horse wing that
// cannot move may still charge, and the engine passes over a Horse Phase in which no unit can move.
constexpr std::pair<Command, Phase> kServes[] = {{Command::Fire, Phase::Fire},
                                                 {Command::Horse, Phase::Horse},
                                                 {Command::Horse, Phase::Charge},
                                                 {Command::Withdraw, Phase::Withdraw},
                                                 {Command::ShieldWall, Phase::ShieldWall},
                                                 {Command::Move, Phase::Move},
                                                 {Command::Combat, Phase::Combat}};

bool serves(Command c, Phase p) {
  return std::any_of(std::begin(kServes), std::end(kServes),
                     [&](auto pair) { return pair.first == c && pair.second == p; });
}

bool gives(const WingOrder &o, Command c) {
  return std::find(o.commands.begin(), o.commands.end(), c) != o.commands.end();
}

// Does an action of the legal list move, fire or attack with a unit of `wing`?
bool uses_wing(const Battle &b, const Action &a, int wing) {
  auto of_wing = [&](int u) { return u >= 0 && b.units[u].wing == wing; };
  return of_wing(a.unit) || std::any_of(a.attackers.begin(), a.attackers.end(), of_wing);
}

// A command paired with one whose phase moves the wing first (3.0's order): the move may bring an
// enemy within reach (Combat after Move, Horse or a Shield Wall's one-hex step, 8.0) or into a zone
// to withdraw from (Withdraw after Horse), so it is not judged from the position before the move.
constexpr std::pair<Command, Command> kAfterAMove[] = {{Command::Combat, Command::Move},
                                                       {Command::Combat, Command::Horse},
                                                       {Command::Combat, Command::ShieldWall},
                                                       {Command::Withdraw, Command::Horse}};

bool may_follow_a_move(const WingOrder &o, Command c) {
  return std::any_of(std::begin(kAfterAMove), std::end(kAfterAMove),
                     [&](auto pair) { return pair.first == c && gives(o, pair.second); });
}

// Does any legal action of the position `s` move, fire or attack with a unit of `wing`?
bool wing_acts_now(const Setup &setup, const GameState &s, int wing) {
  const Battle &b = *setup.battle;
  for (const Action &a : legal_actions(setup, s))
    if (uses_wing(b, a, wing)) return true;
  return false;
}

} // namespace

bool command_does_nothing(const Setup &setup, const GameState &s, const WingOrder &order,
                          Command c) {
  if (c == Command::Bonus) { // Bonus repeats the command it pairs with (4.3)
    for (Command other : order.commands)
      if (other != Command::Bonus) return command_does_nothing(setup, s, order, other);
    return true;
  }
  if (may_follow_a_move(order, c)) return false;
  // The engine's own sequence with this command alone given: it runs to the command's phase (a
  // Shield Wall forms as that phase begins, 8.0) and lists what the wing may do there.
  Setup plain;
  plain.battle = setup.battle;
  plain.tables = setup.tables;
  plain.options = setup.options;
  GameState h = s;
  Events events;
  Action alone;
  alone.type = ActionType::Command;
  alone.orders.push_back(WingOrder{order.wing, {c}});
  if (apply(plain, h, alone, &events)) return false; // not given alone: no judgement
  for (const Event &e : events)
    if (e.kind == EventKind::ShieldWall && !e.units.empty()) return false;
  // Each phase the command serves in turn (kServes): the wing acts in one of them, or it is idle.
  Action end;
  end.type = ActionType::EndPhase;
  while (!h.game_over() && serves(c, h.phase)) {
    if (wing_acts_now(plain, h, order.wing)) return false;
    if (apply(plain, h, end)) return true;
  }
  return true;
}

Action without_idle_commands(const Setup &setup, const GameState &s, const Action &a) {
  if (a.type != ActionType::Command) return a;
  Action out = a;
  out.orders = {};
  for (const WingOrder &o : a.orders) {
    // Again until nothing more goes: Combat kept for a Move that then goes may go too.
    WingOrder kept = o;
    for (size_t before = kept.commands.size() + 1; kept.commands.size() < before;) {
      before = kept.commands.size();
      WingOrder next{o.wing, {}};
      for (Command c : kept.commands)
        if (!command_does_nothing(setup, s, kept, c)) next.commands.push_back(c);
      kept = next;
    }
    if (!kept.commands.empty()) out.orders.push_back(kept);
  }
  GameState trial = s;
  return apply(setup, trial, out) ? a : out;
}

bool idle_assignment(const Setup &setup, const GameState &s, const Action &a) {
  if (a.type != ActionType::Command) return false;
  auto given = [](const Action &x) {
    size_t n = 0;
    for (const WingOrder &o : x.orders)
      n += o.commands.size();
    return n;
  };
  size_t n = given(a);
  return n == 0 || given(without_idle_commands(setup, s, a)) < n;
}

} // namespace sns
