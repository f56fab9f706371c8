// Movement (5.0 - 5.6, 6.0, 8.0 step, 10.0 move, R9 - R15): who may move in each phase, and where.
#include "engine.hpp"

#include <algorithm>
#include <deque>

namespace sns {

namespace {

struct MoveRule {
  int allowance = 3;
  bool stop_on_ezoc = true;    // entering EZOC ends the move (5.2, 10.0)
  bool ezoc_free_path = false; // every hex entered must be free of EZOC (6.0, 8.0 with Bonus)
  std::vector<HexId> entry;    // a unit arriving from off the map enters by one of these (5.4)
};

int suppressed_limit(const Ctx &c, int u, int allowance) {
  return c.s.units[u].suppressed ? std::min(allowance, 1) : allowance; // 9.3, R14
}

Check off_map_rule(Ctx &c, int u, MoveRule &rule) {
  const UnitState &us = c.s.units[u];
  if (us.steps == 0) return refuse("7.5", c.name(u) + " has been eliminated");
  if (c.s.phase != Phase::Move && c.s.phase != Phase::SecondMove)
    return refuse("5.4",
                  c.name(u) + " is off the map; units enter only in a Move Phase of their wing");
  if (us.away) {
    if (!special_reinforcement_entry(c, u, rule.entry))
      return refuse("special",
                    c.name(u) + "'s wing is away from the battle and has not been called back");
  } else {
    const auto &r = c.b.reinforcement[u];
    if (!r) return refuse("5.4", c.name(u) + " is off the map");
    if (c.s.turn < r->turn)
      return refuse("5.4",
                    c.name(u) + " arrives on Player Turn " + std::to_string(r->turn) + " or later");
    rule.entry = r->entry;
  }
  rule.allowance = 3;
  return std::nullopt;
}

// Decides whether unit u may move at all in the current phase, and under which rule.
Check movement_rule(Ctx &c, const Board &board, int u, MoveRule &rule) {
  const UnitDef &d = c.def(u);
  const UnitState &us = c.s.units[u];
  Phase p = c.s.phase;
  if (d.side != c.s.active) return refuse("4.0", c.name(u) + " belongs to the other player");
  if (!wing_acts_in(c, d.wing, p))
    return refuse("4.1", c.name(u) + "'s wing (" + c.b.wings[d.wing].name +
                             ") has no command for the " + std::string(title(p)) + " Phase");
  if (us.acted) return refuse("5.0", c.name(u) + " has already moved this phase");
  if (const Special *sp = special_immobile(c, u))
    return refuse(sp->id, c.name(u) + " cannot move" + (sp->text.empty() ? "" : ": " + sp->text));
  if (us.hex == kOffMap) {
    if (auto r = off_map_rule(c, u, rule)) return r;
    rule.allowance = suppressed_limit(c, u, rule.allowance);
    return std::nullopt;
  }
  bool in_ezoc = board.ezoc(us.hex, d.side);
  bool bonus = c.wing_has(d.wing, Command::Bonus);
  switch (p) {
  case Phase::Move:
  case Phase::SecondMove:
    if (us.shield_wall)
      return refuse("5.5", c.name(u) + " is in Shield Wall and may not move in a Move Phase");
    if (in_ezoc)
      return refuse("5.2",
                    c.name(u) + " began the phase in an enemy zone of control and may not move");
    rule.allowance = 3;
    break;
  case Phase::Horse:
    if (!is_horse(d.type)) return refuse("10.0", "only Horse units move in the Horse Phase");
    if (board.adjacent_to_enemy_hh(us.hex, d.side))
      return refuse("10.0", c.name(u) + " is held by the zone of control of an enemy Heavy Horse");
    rule.allowance = 3;
    break;
  case Phase::Withdraw:
    if (!in_ezoc)
      return refuse(
          "6.0", "only units that begin the Withdraw Phase in an enemy zone of control withdraw");
    rule.allowance = bonus ? 2 : 1;
    rule.ezoc_free_path = true;
    break;
  case Phase::ShieldWall:
    if (!shield_wall_eligible(c, u))
      return refuse("8.0", "Horse units and units with a Fire Factor do not form Shield Wall");
    rule.allowance = 1;
    if (in_ezoc) {
      if (!bonus)
        return refuse("8.0", c.name(u) + " began the phase in an enemy zone of control; only Bonus "
                                         "+ Shield Wall lets it withdraw");
      rule.ezoc_free_path = true;
    }
    break;
  default:
    return refuse("5.0", "units do not move in the " + std::string(title(p)) + " Phase");
  }
  rule.allowance = suppressed_limit(c, u, rule.allowance);
  return std::nullopt;
}

// Breadth-first search over hexes: the cheapest legal path to each hex (R9: every hex costs one).
struct Reach {
  std::vector<int8_t> cost;   // per hex: -1 unreached, else hexes spent to get there
  std::vector<HexId> visited; // every reached hex, in the order reached
};

Reach explore(const Ctx &c, const Board &board, int u, const MoveRule &rule, bool ignore_zoc) {
  const int side = c.def(u).side;
  Reach r;
  r.cost.assign(c.b.hex_count(), -1);
  auto enterable = [&](HexId n) {
    if (c.b.terrain_impassable(n)) return false;
    int occupant = board.unit_at(n);
    if (occupant >= 0 && c.b.units[occupant].side != side) return false; // 5.1
    if (ignore_zoc) return true;
    bool z = board.ezoc(n, side);
    if (occupant >= 0 && z) return false; // R10: no passing a friend in EZOC
    if (rule.ezoc_free_path && z) return false;
    return true;
  };
  auto reach = [&](HexId h, int8_t cost) {
    r.cost[h] = cost;
    r.visited.push_back(h);
  };
  HexId start = c.s.units[u].hex;
  if (start != kOffMap) {
    reach(start, 0);
  } else {
    for (HexId e : rule.entry)
      if (r.cost[e] < 0 && enterable(e))
        reach(e, 1); // 5.4: the entry hex is the first of the three
  }
  for (size_t next = 0; next < r.visited.size(); ++next) { // visited doubles as the BFS queue
    HexId h = r.visited[next];
    if (r.cost[h] >= rule.allowance) continue;
    if (h != start && !ignore_zoc && rule.stop_on_ezoc && board.ezoc(h, side)) continue;
    for (int d = 0; d < 6; ++d) {
      HexId n = c.b.adjacent[h][d];
      if (n == kOffMap || r.cost[n] >= 0 || c.b.hexside_impassable(h, d) || !enterable(n)) continue;
      reach(n, static_cast<int8_t>(r.cost[h] + 1));
    }
  }
  return r;
}

std::vector<HexId> destinations(const Board &board, const Reach &r, HexId start) {
  std::vector<HexId> out;
  for (HexId h : r.visited)
    if (h != start && r.cost[h] > 0 && board.unit_at(h) < 0) out.push_back(h);
  std::sort(out.begin(), out.end());
  return out;
}

} // namespace

std::vector<HexId> reachable(Ctx &c, const Board &board, int u) {
  MoveRule rule;
  if (movement_rule(c, board, u, rule)) return {};
  return destinations(board, explore(c, board, u, rule, false), c.s.units[u].hex);
}

Check validate_move(Ctx &c, const Action &a) {
  Board board(c.b, c.s);
  MoveRule rule;
  if (auto r = movement_rule(c, board, a.unit, rule)) return r;
  HexId to = a.to;
  if (to == kOffMap) return refuse("5.3", "units may not leave the map");
  int occupant = board.unit_at(to);
  if (occupant == a.unit) return refuse("5.0", c.name(a.unit) + " is already in " + c.hex(to));
  if (occupant >= 0 && c.def(occupant).side != c.def(a.unit).side)
    return refuse("5.1", c.hex(to) + " holds an enemy unit");
  if (occupant >= 0)
    return refuse("5.1", c.hex(to) + " holds " + c.name(occupant) +
                             "; a unit may pass a friend but not stop on it");
  if (c.b.terrain_impassable(to)) return refuse("R9", c.hex(to) + " is impassable terrain");
  if (explore(c, board, a.unit, rule, false).cost[to] > 0) return std::nullopt;
  std::string reach = std::to_string(rule.allowance) + (rule.allowance == 1 ? " hex" : " hexes");
  if (c.s.phase == Phase::Withdraw || rule.ezoc_free_path) {
    if (board.ezoc(to, c.def(a.unit).side))
      return refuse(c.s.phase == Phase::Withdraw ? "6.0" : "8.0",
                    "a withdrawing unit must end free of enemy zones of control");
  }
  if (explore(c, board, a.unit, rule, true).cost[to] > 0)
    return refuse(rule.ezoc_free_path ? "6.0" : "5.2",
                  rule.ezoc_free_path
                      ? "every hex entered while withdrawing must be free of enemy zones of control"
                      : "entering an enemy zone of control ends movement, and a friend in one "
                        "cannot be passed: no path reaches " +
                            c.hex(to));
  if (c.s.units[a.unit].suppressed)
    return refuse("9.3", c.name(a.unit) + " is Suppressed and moves at most one hex");
  return refuse("5.0", c.hex(to) + " is not reachable within " + reach +
                           " (rivers, impassable terrain and enemies block the way)");
}

void move_actions(Ctx &c, std::vector<Action> &out, size_t limit) {
  Board board(c.b, c.s);
  for (size_t u = 0; u < c.s.units.size() && out.size() < limit; ++u) {
    // Cheap tests first; movement_rule gives the full reasons when an action is refused.
    const UnitDef &d = c.b.units[u];
    if (d.side != c.s.active || c.s.units[u].acted || c.s.units[u].steps == 0 ||
        !wing_acts_in(c, d.wing, c.s.phase))
      continue;
    for (HexId h : reachable(c, board, static_cast<int>(u)))
      out.push_back(Action{.type = ActionType::Move, .unit = static_cast<int>(u), .to = h});
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
  c.say("move", rule,
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
    c.s.units[u].shield_wall = true;
    formed.push_back(i);
  }
  c.say(
      "shield_wall", "8.0",
      [&] { return std::to_string(formed.size()) + " units form Shield Wall"; }, formed);
}

} // namespace sns
