// Movement (5.0 - 5.6, 6.0, 8.0 step, 10.0 move, R9 - R15): who may move in each phase, and where.
#include "ssii.hpp"

#include <algorithm>
#include <bit>
#include <memory>

namespace sns {

namespace {

struct MoveRule {
  int allowance = kMovementAllowance;
  bool stop_on_ezoc = true;    // entering EZOC ends the move (5.2, 10.0)
  bool ezoc_free_path = false; // every hex entered must be free of EZOC (6.0, 8.0 with Bonus)
  const std::vector<HexId> *entry = nullptr; // a unit arriving from off the map enters here (5.4)
};

int suppressed_limit(const View &c, int u, int allowance) {
  return c.s.units[u].suppressed ? std::min(allowance, 1) : allowance; // 9.3, R14
}

Check off_map_rule(const View &c, int u, MoveRule &rule, bool explain) {
  const UnitState &us = c.s.units[u];
  if (us.steps == 0)
    return deny(explain, [&] {
      return refuse(RefusalKind::Blocked, "7.5", c.name(u) + " has been eliminated");
    });
  if (c.s.phase != Phase::Move && c.s.phase != Phase::SecondMove)
    return deny(explain, [&] {
      return refuse(RefusalKind::WrongPhase, "5.4",
                    c.name(u) + " is off the map; units enter only in a Move Phase of their wing");
    });
  if (us.away) {
    rule.entry = special_reinforcement_entry(c, u);
    if (!rule.entry)
      return deny(explain, [&] {
        return refuse(RefusalKind::Blocked, "special",
                      c.name(u) + "'s wing is away from the battle and has not been called back");
      });
  } else {
    const auto &r = c.b.reinforcement[u];
    if (!r)
      return deny(explain, [&] {
        return refuse(RefusalKind::Blocked, "5.4", c.name(u) + " is off the map");
      });
    if (c.s.turn < r->turn)
      return deny(explain, [&] {
        return refuse(RefusalKind::Blocked, "5.4",
                      c.name(u) + " arrives on Player Turn " + std::to_string(r->turn) +
                          " or later");
      });
    rule.entry = &r->entry;
  }
  rule.allowance = kMovementAllowance;
  return std::nullopt;
}

// What stops any unit of the side to act whatever the phase: the other side's, a wing without the
// command, a unit that has moved, a special rule that holds it.
Check unit_may_move(const View &c, int u, bool explain) {
  const UnitDef &d = c.def(u);
  if (d.side != c.s.active)
    return deny(explain, [&] {
      return refuse(RefusalKind::NotYours, "4.0", c.name(u) + " belongs to the other player");
    });
  if (!wing_acts_in(c, d.wing, c.s.phase))
    return deny(explain, [&] {
      return refuse(RefusalKind::NoCommand, "4.1",
                    c.name(u) + "'s wing (" + c.b.wings[d.wing].name + ") has no command for the " +
                        std::string(title(c.s.phase)) + " Phase");
    });
  if (c.s.units[u].acted)
    return deny(explain, [&] {
      return refuse(RefusalKind::AlreadyActed, "5.0", c.name(u) + " has already moved this phase");
    });
  if (const Special *sp = special_immobile(c, u))
    return deny(explain, [&] {
      return refuse(RefusalKind::Blocked, sp->id,
                    c.name(u) + " cannot move" + (sp->text.empty() ? "" : ": " + sp->text));
    });
  return std::nullopt;
}

// A Move Phase (5.0): not in Shield Wall (5.5), not from an enemy zone of control (5.2).
Check move_phase_rule(const View &c, int u, bool in_ezoc, MoveRule &rule, bool explain) {
  if (c.s.units[u].shield_wall)
    return deny(explain, [&] {
      return refuse(RefusalKind::Blocked, "5.5",
                    c.name(u) + " is in Shield Wall and may not move in a Move Phase");
    });
  if (in_ezoc)
    return deny(explain, [&] {
      return refuse(RefusalKind::Blocked, "5.2",
                    c.name(u) + " began the phase in an enemy zone of control and may not move");
    });
  rule.allowance = kMovementAllowance;
  return std::nullopt;
}

// The Horse Phase (10.0): Horse units only, not held by an enemy Heavy Horse.
Check horse_phase_rule(const View &c, const Board &board, int u, MoveRule &rule, bool explain) {
  const UnitDef &d = c.def(u);
  if (!is_horse(d.type))
    return deny(explain, [&] {
      return refuse(RefusalKind::Blocked, "10.0", "only Horse units move in the Horse Phase");
    });
  if (board.adjacent_to_enemy_hh(c.s.units[u].hex, d.side))
    return deny(explain, [&] {
      return refuse(RefusalKind::Blocked, "10.0",
                    c.name(u) + " is held by the zone of control of an enemy Heavy Horse");
    });
  rule.allowance = kMovementAllowance;
  return std::nullopt;
}

// The Withdraw Phase (6.0): only out of an enemy zone of control, one hex (two with Bonus).
Check withdraw_phase_rule(bool in_ezoc, bool bonus, MoveRule &rule, bool explain) {
  if (!in_ezoc)
    return deny(explain, [&] {
      return refuse(
          RefusalKind::Blocked, "6.0",
          "only units that begin the Withdraw Phase in an enemy zone of control withdraw");
    });
  rule.allowance = bonus ? 2 : 1;
  rule.ezoc_free_path = true;
  return std::nullopt;
}

// The Shield Wall Phase (8.0): one hex, and out of an enemy zone of control only with Bonus.
Check shield_wall_phase_rule(const View &c, int u, bool in_ezoc, bool bonus, MoveRule &rule,
                             bool explain) {
  if (!shield_wall_eligible(c, u))
    return deny(explain, [&] {
      return refuse(RefusalKind::Blocked, "8.0",
                    "Horse units and units with a Fire Factor do not form Shield Wall");
    });
  rule.allowance = 1;
  if (in_ezoc) {
    if (!bonus)
      return deny(explain, [&] {
        return refuse(RefusalKind::Blocked, "8.0",
                      c.name(u) + " began the phase in an enemy zone of control; only Bonus "
                                  "+ Shield Wall lets it withdraw");
      });
    rule.ezoc_free_path = true;
  }
  return std::nullopt;
}

// The rule of the current phase for a unit on the map.
Check phase_rule(const View &c, const Board &board, int u, MoveRule &rule, bool explain) {
  const UnitDef &d = c.def(u);
  bool in_ezoc = board.ezoc(c.s.units[u].hex, d.side);
  bool bonus = wing_has(c, d.wing, Command::Bonus);
  switch (c.s.phase) {
  case Phase::Move:
  case Phase::SecondMove:
    return move_phase_rule(c, u, in_ezoc, rule, explain);
  case Phase::Horse:
    return horse_phase_rule(c, board, u, rule, explain);
  case Phase::Withdraw:
    return withdraw_phase_rule(in_ezoc, bonus, rule, explain);
  case Phase::ShieldWall:
    return shield_wall_phase_rule(c, u, in_ezoc, bonus, rule, explain);
  default:
    return deny(explain, [&] {
      return refuse(RefusalKind::WrongPhase, "5.0",
                    "units do not move in the " + std::string(title(c.s.phase)) + " Phase");
    });
  }
}

// Decides whether unit u may move at all in the current phase, and under which rule.
Check movement_rule(const View &c, const Board &board, int u, MoveRule &rule, bool explain) {
  if (auto r = unit_may_move(c, u, explain)) return r;
  if (c.s.units[u].hex == kOffMap) {
    if (auto r = off_map_rule(c, u, rule, explain)) return r;
  } else if (auto r = phase_rule(c, board, u, rule, explain)) {
    return r;
  }
  rule.allowance = suppressed_limit(c, u, rule.allowance);
  return std::nullopt;
}

// Breadth-first search over hexes: the cheapest legal path to each hex (R9: every hex costs one).
// The arrays are per thread and reset after use, so a search allocates nothing and touches only
// the hexes it reaches; one search per thread is live at a time (each explore ends the last).
struct Reach {
  std::vector<int8_t> cost;   // per hex: -1 unreached, else hexes spent to get there
  std::vector<HexId> visited; // every reached hex, in the order reached
  // The reached hexes a unit may stop in (not its start, no unit there), one bit per hex id:
  // read in ascending order, so the destinations come out sorted without sorting.
  std::vector<uint64_t> stops;
  size_t stops_lo = SIZE_MAX, stops_hi = 0; // the words in use
};

const Reach &explore(const View &c, const Board &board, int u, const MoveRule &rule,
                     bool ignore_zoc) {
  thread_local Reach r;
  for (HexId h : r.visited) // forget the last search
    r.cost[h] = -1;
  r.visited.clear();
  for (size_t w = r.stops_lo; w <= r.stops_hi && w < r.stops.size(); ++w)
    r.stops[w] = 0;
  r.stops_lo = SIZE_MAX, r.stops_hi = 0;
  const size_t hexes = static_cast<size_t>(c.b.hex_count());
  if (r.cost.size() < hexes) {
    r.cost.assign(hexes, -1);
    r.stops.assign(hexes / 64 + 1, 0);
  }
  const int side = c.def(u).side;
  const uint8_t *flags = board.flags();
  const std::array<HexId, 6> *steps = board.steps();
  const uint8_t blocked = Board::kImpassable | Board::occupied_by(1 - side); // R9, 5.1
  const uint8_t enemy_zoc = Board::zoc_of(1 - side);
  const uint8_t anyone = Board::occupied_by(0) | Board::occupied_by(1);
  auto enterable = [&](HexId n) {
    uint8_t f = flags[n];
    if (f & blocked) return false;
    if (ignore_zoc || !(f & enemy_zoc)) return true;
    // R10: no passing a friend in EZOC; 6.0, 8.0: a withdrawal never enters EZOC.
    return !(f & Board::occupied_by(side)) && !rule.ezoc_free_path;
  };
  auto reach = [&](HexId h, int8_t cost) {
    r.cost[h] = cost;
    r.visited.push_back(h);
    if (flags[h] & anyone) return;
    size_t w = static_cast<size_t>(h) / 64;
    r.stops[w] |= uint64_t{1} << (h % 64);
    r.stops_lo = std::min(r.stops_lo, w), r.stops_hi = std::max(r.stops_hi, w);
  };
  const HexId start = c.s.units[u].hex;
  if (start != kOffMap) {
    r.cost[start] = 0;
    r.visited.push_back(start);
  } else if (rule.entry) {
    for (HexId e : *rule.entry)
      if (r.cost[e] < 0 && enterable(e))
        reach(e, 1); // 5.4: the entry hex is the first of the three
  }
  const bool zoc_stops = !ignore_zoc && rule.stop_on_ezoc;
  for (size_t next = 0; next < r.visited.size(); ++next) { // visited doubles as the BFS queue
    HexId h = r.visited[next];
    const int8_t cost = r.cost[h];
    if (cost >= rule.allowance) continue;
    if (h != start && zoc_stops && (flags[h] & enemy_zoc)) continue;
    for (HexId n : steps[h])
      if (n != kOffMap && r.cost[n] < 0 && enterable(n)) reach(n, static_cast<int8_t>(cost + 1));
  }
  return r;
}

// The reached hexes a unit may stop in, ascending.
void destinations(const Reach &r, Destinations &out) {
  out.clear();
  for (size_t w = r.stops_lo; w <= r.stops_hi && w < r.stops.size(); ++w)
    for (uint64_t bits = r.stops[w]; bits; bits &= bits - 1)
      out.push_back(static_cast<HexId>(w * 64 + static_cast<size_t>(std::countr_zero(bits))));
}

} // namespace

void reachable(const View &c, const Board &board, int u, Destinations &out) {
  out.clear();
  MoveRule rule;
  if (movement_rule(c, board, u, rule, false)) return;
  destinations(explore(c, board, u, rule, false), out);
}

bool move_is_listed(const View &c, int u, HexId to); // below: is `to` in u's destinations now?

Check validate_move(const View &c, const Action &a) {
  if (a.unit < 0 || a.unit >= static_cast<int>(c.s.units.size()))
    return refuse(RefusalKind::Malformed, "5.0", "no such unit");
  if (a.to != kOffMap && move_is_listed(c, a.unit, a.to)) return std::nullopt;
  Board board(c);
  MoveRule rule;
  if (auto r = movement_rule(c, board, a.unit, rule, true)) return r;
  HexId to = a.to;
  if (to == kOffMap) return refuse(RefusalKind::Unreachable, "5.3", "units may not leave the map");
  int occupant = board.unit_at(to);
  if (occupant == a.unit)
    return refuse(RefusalKind::Unreachable, "5.0", c.name(a.unit) + " is already in " + c.hex(to));
  if (occupant >= 0 && c.def(occupant).side != c.def(a.unit).side)
    return refuse(RefusalKind::Unreachable, "5.1", c.hex(to) + " holds an enemy unit");
  if (occupant >= 0)
    return refuse(RefusalKind::Unreachable, "5.1",
                  c.hex(to) + " holds " + c.name(occupant) +
                      "; a unit may pass a friend but not stop on it");
  if (c.b.terrain_impassable(to))
    return refuse(RefusalKind::Unreachable, "R9", c.hex(to) + " is impassable terrain");
  if (explore(c, board, a.unit, rule, false).cost[to] > 0) return std::nullopt;
  std::string reach = std::to_string(rule.allowance) + (rule.allowance == 1 ? " hex" : " hexes");
  if (c.s.phase == Phase::Withdraw || rule.ezoc_free_path) {
    if (board.ezoc(to, c.def(a.unit).side))
      return refuse(RefusalKind::Unreachable, c.s.phase == Phase::Withdraw ? "6.0" : "8.0",
                    "a withdrawing unit must end free of enemy zones of control");
  }
  if (explore(c, board, a.unit, rule, true).cost[to] > 0)
    return refuse(RefusalKind::Unreachable, rule.ezoc_free_path ? "6.0" : "5.2",
                  rule.ezoc_free_path
                      ? "every hex entered while withdrawing must be free of enemy zones of control"
                      : "entering an enemy zone of control ends movement, and a friend in one "
                        "cannot be passed: no path reaches " +
                            c.hex(to));
  if (c.s.units[a.unit].suppressed)
    return refuse(RefusalKind::Unreachable, "9.3",
                  c.name(a.unit) + " is Suppressed and moves at most one hex");
  return refuse(RefusalKind::Unreachable, "5.0",
                c.hex(to) + " is not reachable within " + reach +
                    " (rivers, impassable terrain and enemies block the way)");
}

namespace {

// Every unit's destinations for one state. A decision asks for the same state several times (the
// single-choice probe of R25, then a bot's count and pick, then apply's check), so the lists of
// the last state seen are kept per thread and handed out again while the state is unchanged.
struct MoveLists {
  std::shared_ptr<const Battle> battle;
  GameState state;
  std::vector<HexId> hexes;    // all destinations, unit by unit
  std::vector<uint32_t> first; // per unit: where its destinations start in `hexes` (one extra)
};

const MoveLists &move_lists(const View &c) {
  thread_local MoveLists m;
  if (m.battle == c.setup.battle && m.state == c.s) return m;
  m.battle = c.setup.battle;
  m.state = c.s;
  m.hexes.clear();
  m.first.assign(c.s.units.size() + 1, 0);
  Board board(c);
  thread_local Destinations dest;
  for (size_t u = 0; u < c.s.units.size(); ++u) {
    m.first[u] = static_cast<uint32_t>(m.hexes.size());
    // Cheap tests first; movement_rule gives the full reasons when an action is refused.
    const UnitDef &d = c.b.units[u];
    if (d.side != c.s.active || c.s.units[u].acted || c.s.units[u].steps == 0 ||
        !wing_acts_in(c, d.wing, c.s.phase))
      continue;
    reachable(c, board, static_cast<int>(u), dest);
    m.hexes.insert(m.hexes.end(), dest.begin(), dest.end());
  }
  m.first[c.s.units.size()] = static_cast<uint32_t>(m.hexes.size());
  return m;
}

} // namespace

bool move_is_listed(const View &c, int u, HexId to) {
  const MoveLists &m = move_lists(c);
  auto from = m.hexes.begin() + m.first[u], until = m.hexes.begin() + m.first[u + 1];
  return std::binary_search(from, until, to);
}

void move_actions(const View &c, ActionSink &out, int only_unit) {
  const MoveLists &m = move_lists(c);
  for (size_t u = 0; u + 1 < m.first.size() && !out.done(); ++u) {
    if (only_unit >= 0 && static_cast<int>(u) != only_unit) continue;
    const HexId *dest = m.hexes.data() + m.first[u];
    out.add_many(m.first[u + 1] - m.first[u], [&](size_t i) {
      return Action{.type = ActionType::Move, .unit = static_cast<int>(u), .to = dest[i]};
    });
  }
}

void apply_move(Ctx &c, const Action &a) {
  UnitState &us = c.unit(a.unit);
  HexId from = us.hex;
  us.hex = a.to;
  us.acted = true;
  us.away = false;
  const char *rule = from == kOffMap                  ? "5.4"
                     : c.s.phase == Phase::Horse      ? "10.0"
                     : c.s.phase == Phase::Withdraw   ? "6.0"
                     : c.s.phase == Phase::ShieldWall ? "8.0"
                     : c.s.phase == Phase::SecondMove ? "5.6"
                                                      : "5.0";
  c.say(EventKind::Move, rule,
        [&] {
          return from == kOffMap ? c.name(a.unit) + " enters the map at " + c.hex(a.to)
                                 : c.name(a.unit) + " moves " + c.hex(from) + " -> " + c.hex(a.to);
        },
        {a.unit});
  special_on_entry(c, a.unit);
}

void enter_shield_wall(Ctx &c) {
  std::vector<int> formed;
  for (size_t u = 0; u < c.s.units.size(); ++u) {
    int i = static_cast<int>(u);
    const UnitDef &d = c.b.units[u];
    if (d.side != c.s.active || c.s.units[u].hex == kOffMap ||
        !wing_acts_in(c, d.wing, Phase::ShieldWall))
      continue;
    if (!shield_wall_eligible(c, i)) continue;
    c.w.units[u].shield_wall = true;
    formed.push_back(i);
  }
  c.say(
      EventKind::ShieldWall, "8.0",
      [&] { return std::to_string(formed.size()) + " units form Shield Wall"; }, formed);
}

} // namespace sns
