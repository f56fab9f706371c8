// Movement (5.0 - 5.6, 6.0, 8.0 step, 10.0 move, R9 - R15): who may move in each phase, and where.
#include "ssii.hpp"

#include <algorithm>
#include <bit>
#include <memory>
#include <stdexcept>

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

// Where a unit's search got to: the reached hexes, and those it may stop in (not its start, no
// unit there) as words of bits: bit b of word k is hex (lo + k) * stride + b, so the words read
// in order give the destinations sorted without sorting. The column search's word is a column
// (stride: the map's rows), the breadth-first search's 64 hex ids. The arrays are per thread and
// reset after use, so a search allocates nothing; one search per thread is live at a time (each
// explore ends the last).
struct Reach {
  bool by_columns = false;
  HexId start = kOffMap;
  // The bit-parallel search (Board::columns()): per column from col_lo, the rows reached (the
  // stops are those with no unit).
  std::vector<uint64_t> reached;
  int col_lo = 0, col_hi = -1;
  int rows = 1;
  // The breadth-first search (other maps): per hex -1 unreached, else hexes spent to get there;
  // the stops as bits over hex ids.
  std::vector<int8_t> cost;
  std::vector<HexId> visited; // every reached hex, in the order reached
  std::vector<uint64_t> stops;
  size_t stops_lo = SIZE_MAX, stops_hi = 0; // the words in use

  // Is h reached at a cost of at least one hex (so not the start)?
  bool reaches(HexId h) const {
    if (!by_columns) return cost[h] > 0;
    const int col = h / rows;
    return h != start && col >= col_lo && col <= col_hi &&
           (reached[static_cast<size_t>(col - col_lo)] >> (h % rows) & 1);
  }
};

// What a search reads per hex, in one byte from the board's flags.
struct Enterable {
  uint8_t blocked, enemy_zoc, own;
  bool ignore_zoc, ezoc_free_path;
  bool operator()(uint8_t f) const {
    if (f & blocked) return false;
    if (ignore_zoc || !(f & enemy_zoc)) return true;
    // R10: no passing a friend in EZOC; 6.0, 8.0: a withdrawal never enters EZOC.
    return !(f & own) && !ezoc_free_path;
  }
};

// Breadth-first search over hexes: the cheapest legal path to each hex (R9: every hex costs one).
// For maps whose columns do not fit the column words (more than 64 rows).
void explore_bfs(const View &c, const Board &board, int u, const MoveRule &rule, bool ignore_zoc,
                 Reach &r) {
  for (HexId h : r.visited) // forget the last search
    r.cost[h] = -1;
  r.visited.clear();
  const size_t hexes = static_cast<size_t>(c.b.hex_count());
  if (r.cost.size() < hexes) r.cost.assign(hexes, -1);
  const int side = c.def(u).side;
  const uint8_t *flags = board.flags();
  const std::array<HexId, 6> *steps = board.steps();
  const uint8_t enemy_zoc = Board::zoc_of(1 - side);
  const uint8_t anyone = Board::occupied_by(0) | Board::occupied_by(1);
  const Enterable enterable{static_cast<uint8_t>(Board::kImpassable | Board::occupied_by(1 - side)),
                            enemy_zoc, Board::occupied_by(side), ignore_zoc, rule.ezoc_free_path};
  auto reach = [&](HexId h, int8_t cost) {
    r.cost[h] = cost;
    r.visited.push_back(h);
    if (flags[h] & anyone) return;
    size_t w = static_cast<size_t>(h) / 64;
    r.stops[w] |= uint64_t{1} << (h % 64);
    r.stops_lo = std::min(r.stops_lo, w), r.stops_hi = std::max(r.stops_hi, w);
  };
  const HexId start = r.start;
  if (start != kOffMap) {
    r.cost[start] = 0;
    r.visited.push_back(start);
  } else if (rule.entry) {
    for (HexId e : *rule.entry)
      if (r.cost[e] < 0 && enterable(flags[e])) reach(e, 1); // 5.4: the entry hex is the first
  }
  const bool zoc_stops = !ignore_zoc && rule.stop_on_ezoc;
  for (size_t next = 0; next < r.visited.size(); ++next) { // visited doubles as the BFS queue
    HexId h = r.visited[next];
    const int8_t cost = r.cost[h];
    if (cost >= rule.allowance) continue;
    if (h != start && zoc_stops && (flags[h] & enemy_zoc)) continue;
    for (HexId n : steps[h])
      if (n != kOffMap && r.cost[n] < 0 && enterable(flags[n]))
        reach(n, static_cast<int8_t>(cost + 1));
  }
}

// The same search, bit-parallel: the hexes reached at each cost are a set of rows per column, and
// one layer more is the last layer's new hexes stepped each of the six ways (masked by the rows
// that may step that way: rivers, the map's edges), masked by the enterable hexes. Every hex
// costs one (R9), so layer k is exactly the hexes whose cheapest path costs k. Hexes in an enemy
// zone of control are reached but not left (5.2). Only the columns within the allowance are
// touched. The layout (Board::kColumnSteps) is written out: a shift by a constant is one
// instruction.
void explore_columns(const View &c, const Board &board, int u, const MoveRule &rule,
                     bool ignore_zoc, Reach &r) {
  constexpr int kWide = kMaxMapSide + 2; // a spare column each side: no test at the edges
  const int rows = c.b.rows, cols = c.b.columns, allowance = rule.allowance;
  r.rows = rows;
  // The columns a search can touch: within the allowance of the start or of the entry hexes.
  int lo = cols, hi = -1;
  if (r.start != kOffMap) {
    lo = hi = board.column_of(r.start);
  } else if (rule.entry) {
    for (HexId e : *rule.entry)
      lo = std::min(lo, e / rows), hi = std::max(hi, e / rows);
  }
  lo = std::max(0, lo - allowance), hi = std::min(cols - 1, hi + allowance);
  r.col_lo = lo, r.col_hi = hi;
  const int side = c.def(u).side, enemy = 1 - side;
  const uint64_t *occ_own = board.occupied_columns(side),
                 *occ_enemy = board.occupied_columns(enemy);
  const uint64_t *zoc = board.zoc_columns(enemy), *impassable = board.impassable_columns();
  const std::array<uint64_t, 6> *step = board.step_columns();
  const bool zoc_stops = !ignore_zoc && rule.stop_on_ezoc;
  const uint64_t all_if_free_path = rule.ezoc_free_path ? ~uint64_t{0} : 0;
  // Indexed by column + 1.
  uint64_t enter[kWide], stopper[kWide], reached[kWide], frontier[kWide], next[kWide];
  for (int j = lo; j <= hi; ++j) {
    const uint64_t ezoc = ignore_zoc ? 0 : zoc[j];
    // R9, 5.1: no impassable terrain, no enemy; R10: no friend in EZOC; 6.0, 8.0: no EZOC at all.
    enter[j + 1] = ~(impassable[j] | occ_enemy[j] | (ezoc & (occ_own[j] | all_if_free_path)));
    stopper[j + 1] = zoc_stops ? ezoc : 0;
    reached[j + 1] = frontier[j + 1] = 0;
  }
  for (int j = lo - 1; j <= hi + 1; ++j)
    next[j + 1] = 0;
  int layer = 1;
  if (r.start != kOffMap) {
    const int j = board.column_of(r.start);
    reached[j + 1] = frontier[j + 1] = uint64_t{1} << board.row_of(r.start); // left even in EZOC
  } else if (rule.entry) {
    for (HexId e : *rule.entry) { // 5.4: the entry hex is the first of the three
      const uint64_t bit = uint64_t{1} << (e % rows);
      const int j = e / rows;
      if (enter[j + 1] & bit) reached[j + 1] |= bit;
    }
    for (int j = lo; j <= hi; ++j)
      frontier[j + 1] = reached[j + 1] & ~stopper[j + 1];
    layer = 2;
  }
  for (; layer <= allowance; ++layer) {
    for (int j = lo; j <= hi; ++j) {
      const uint64_t f = frontier[j + 1];
      if (!f) continue;
      const std::array<uint64_t, 6> &s = step[j];
      const uint64_t n = f & s[0], ne = f & s[1], se = f & s[2], so = f & s[3], sw = f & s[4],
                     nw = f & s[5];
      next[j + 1] |= (n >> 1) | (so << 1);
      if (j & 1) { // a lower column: its east and west neighbours are rows r and r + 1
        next[j + 2] |= ne | (se << 1);
        next[j] |= nw | (sw << 1);
      } else { // a higher column: rows r - 1 and r
        next[j + 2] |= (ne >> 1) | se;
        next[j] |= (nw >> 1) | sw;
      }
    }
    uint64_t more = 0;
    for (int j = lo; j <= hi; ++j) { // next is left cleared for the layer after
      const uint64_t fresh = next[j + 1] & enter[j + 1] & ~reached[j + 1];
      next[j + 1] = 0;
      reached[j + 1] |= fresh;
      frontier[j + 1] = fresh & ~stopper[j + 1];
      more |= frontier[j + 1];
    }
    if (!more) break;
  }
  // Kept for reaches() and the move lists.
  const size_t width = static_cast<size_t>(hi - lo) + 1;
  if (r.reached.size() < width) r.reached.resize(width);
  for (int j = lo; j <= hi; ++j)
    r.reached[static_cast<size_t>(j - lo)] = reached[j + 1];
}

const Reach &explore(const View &c, const Board &board, int u, const MoveRule &rule,
                     bool ignore_zoc) {
  thread_local Reach r;
  r.start = c.s.units[u].hex;
  r.by_columns = board.columns();
  if (r.by_columns) {
    explore_columns(c, board, u, rule, ignore_zoc, r);
    return r;
  }
  for (size_t w = r.stops_lo; w <= r.stops_hi && w < r.stops.size(); ++w)
    r.stops[w] = 0;
  r.stops_lo = SIZE_MAX, r.stops_hi = 0;
  const size_t hexes = static_cast<size_t>(c.b.hex_count());
  if (r.stops.size() < hexes / 64 + 1) r.stops.assign(hexes / 64 + 1, 0);
  explore_bfs(c, board, u, rule, ignore_zoc, r);
  return r;
}

// The search of unit u under the current phase's rule, or null when it may not move.
const Reach *search(const View &c, const Board &board, int u) {
  MoveRule rule;
  if (movement_rule(c, board, u, rule, false)) return nullptr;
  return &explore(c, board, u, rule, false);
}

} // namespace

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
  if (explore(c, board, a.unit, rule, false).reaches(to)) return std::nullopt;
  std::string reach = std::to_string(rule.allowance) + (rule.allowance == 1 ? " hex" : " hexes");
  if (c.s.phase == Phase::Withdraw || rule.ezoc_free_path) {
    if (board.ezoc(to, c.def(a.unit).side))
      return refuse(RefusalKind::Unreachable, c.s.phase == Phase::Withdraw ? "6.0" : "8.0",
                    "a withdrawing unit must end free of enemy zones of control");
  }
  if (explore(c, board, a.unit, rule, true).reaches(to))
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

// Set bits in a word, without a library call: the build targets every x86-64, and the oldest lack
// the instruction.
inline uint32_t count_bits(uint64_t x) {
  x -= (x >> 1) & 0x5555555555555555ull;
  x = (x & 0x3333333333333333ull) + ((x >> 2) & 0x3333333333333333ull);
  x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0Full;
  return static_cast<uint32_t>((x * 0x0101010101010101ull) >> 56);
}

// Every unit's destinations for one state. A decision asks for the same state several times (the
// single-choice probe of R25, then a bot's count and pick, then apply's check), so the lists of
// the last state seen are kept per thread and handed out again while the state is unchanged. Each
// unit's destinations are kept as words of bits, with the number of destinations before it:
// counting them is a subtraction, and only a picked move reads its bits.
//
// After a move the next state differs from the last in the unit that moved alone, and then the
// other units' searches are not made again where nothing they read changed. A unit's search reads
// its own state, its wing's orders, the phase, the enemy's units and zones of control, and its own
// side's units only where it may stop (a friend's hex is passed, not stopped in) and where they
// stand in an enemy zone of control (R10; a withdrawal never enters one). So when the unit that
// moved is of the side to move and neither the hex it left nor the one it entered is in an enemy
// zone of control, every other unit reaches the same hexes, and its stops are those hexes less
// the ones now occupied. When one of the two is, the units whose searched columns hold it search
// again.
struct MoveLists {
  std::shared_ptr<const Battle> battle;
  GameState state;
  bool by_columns = false; // the board's (Board::columns())
  struct Searched {
    bool moves = false; // the unit may move now
    uint16_t lo = 0;    // its first word's place (see Span)
    // The column search's reached rows per column from lo; the breadth-first search's stops.
    std::vector<uint64_t> words;
  };
  std::vector<Searched> units;
  struct Span {
    uint32_t at = 0;     // where the unit's words start in `words`
    uint32_t before = 0; // destinations of the units before it
    uint16_t lo = 0;     // its first word's place: bit b of word k is hex (lo + k) * stride + b
    uint16_t n = 0;      // how many words it has
  };
  size_t stride = 64; // a map column's rows, or 64 for the breadth-first search's hex-id bits
  std::vector<uint64_t> words;
  std::vector<Span> spans;     // per unit, and one more holding the totals
  std::vector<uint32_t> count; // per unit: its destinations
};

// Searches unit u afresh into m.units[u].
void search_unit(const View &c, const Board &board, MoveLists &m, size_t u) {
  MoveLists::Searched &s = m.units[u];
  s.moves = false;
  // Cheap tests first; movement_rule gives the full reasons when an action is refused.
  const UnitDef &d = c.b.units[u];
  if (d.side != c.s.active || c.s.units[u].acted || c.s.units[u].steps == 0 ||
      !wing_acts_in(c, d.wing, c.s.phase))
    return;
  const Reach *r = search(c, board, static_cast<int>(u));
  if (!r) return;
  s.moves = true;
  if (m.by_columns) {
    s.lo = static_cast<uint16_t>(r->col_lo);
    s.words.assign(r->reached.begin(), r->reached.begin() + (r->col_hi - r->col_lo + 1));
  } else if (r->stops_lo <= r->stops_hi) {
    s.lo = static_cast<uint16_t>(r->stops_lo);
    s.words.assign(r->stops.begin() + static_cast<std::ptrdiff_t>(r->stops_lo),
                   r->stops.begin() + static_cast<std::ptrdiff_t>(r->stops_hi + 1));
  } else {
    s.words.clear();
  }
}

// Every unit's destinations into words and spans: the column search's reached hexes with no unit
// in them, the breadth-first search's stops as they are.
void pack(const Board &board, MoveLists &m) {
  m.words.clear();
  const uint64_t *occ0 = m.by_columns ? board.occupied_columns(0) : nullptr;
  const uint64_t *occ1 = m.by_columns ? board.occupied_columns(1) : nullptr;
  uint32_t total = 0;
  const size_t units = m.units.size();
  for (size_t u = 0; u < units; ++u) {
    MoveLists::Span &span = m.spans[u];
    const MoveLists::Searched &s = m.units[u];
    span.at = static_cast<uint32_t>(m.words.size());
    span.before = total;
    span.lo = s.lo;
    span.n = s.moves ? static_cast<uint16_t>(s.words.size()) : 0;
    uint32_t count = 0;
    for (size_t k = 0; k < span.n; ++k) {
      uint64_t w = s.words[k];
      if (occ0) w &= ~(occ0[s.lo + k] | occ1[s.lo + k]);
      m.words.push_back(w);
      count += count_bits(w);
    }
    m.count[u] = count;
    total += count;
  }
  m.spans[units] = {static_cast<uint32_t>(m.words.size()), total, 0, 0};
}

// Unit u's words again in their place (a column search of the same columns, or none now).
void restop(const Board &board, MoveLists &m, size_t u) {
  const MoveLists::Span &span = m.spans[u];
  const MoveLists::Searched &s = m.units[u];
  const uint64_t *occ0 = board.occupied_columns(0), *occ1 = board.occupied_columns(1);
  uint64_t *out = m.words.data() + span.at;
  uint32_t count = 0;
  for (size_t k = 0; k < span.n; ++k) {
    const uint64_t w = s.moves ? s.words[k] & ~(occ0[s.lo + k] | occ1[s.lo + k]) : 0;
    out[k] = w;
    count += count_bits(w);
  }
  m.count[u] = count;
}

// The one unit whose state differs between a and b (same battle), or -1.
int only_changed_unit(const GameState &a, const GameState &b) {
  if (a.units.size() != b.units.size()) return -1;
  int changed = -1;
  for (size_t u = 0; u < a.units.size(); ++u)
    if (!(a.units[u] == b.units[u])) {
      if (changed >= 0) return -1;
      changed = static_cast<int>(u);
    }
  return changed;
}

// The lists again after unit x alone changed, and it is of the side to move (see MoveLists);
// m.state is already the new state.
void after_one_moved(const View &c, MoveLists &m, size_t x, HexId left) {
  Board board(c);
  const uint8_t enemy_zoc = Board::zoc_of(1 - c.s.active);
  const HexId entered = c.s.units[x].hex;
  auto column = [&](HexId h) { return h != kOffMap ? board.column_of(h) : -1; };
  auto column_in_ezoc = [&](HexId h) {
    return h != kOffMap && (board.flags()[h] & enemy_zoc) ? board.column_of(h) : -1;
  };
  const int ezoc_left = column_in_ezoc(left), ezoc_entered = column_in_ezoc(entered);
  const int col_left = column(left), col_entered = column(entered);
  // Only the units whose columns hold a hex that changed get new words, in their place while
  // their searches keep the same columns; the counts before each unit are summed again.
  bool in_place = true;
  for (size_t u = 0; u < m.units.size(); ++u) {
    const MoveLists::Searched &s = m.units[u];
    auto holds = [&](int col) {
      return col >= s.lo && col < s.lo + static_cast<int>(s.words.size());
    };
    if (u == x || (s.moves && (holds(ezoc_left) || holds(ezoc_entered)))) {
      search_unit(c, board, m, u);
      if (s.moves && (s.words.size() != m.spans[u].n || s.lo != m.spans[u].lo)) in_place = false;
    } else if (!s.moves || !(holds(col_left) || holds(col_entered))) {
      continue;
    }
    if (in_place) restop(board, m, u);
  }
  if (!in_place) return pack(board, m);
  uint32_t total = 0;
  for (size_t u = 0; u < m.units.size(); ++u) {
    m.spans[u].before = total;
    total += m.count[u];
  }
  m.spans[m.units.size()].before = total;
}

const MoveLists &move_lists(const View &c) {
  thread_local MoveLists m;
  if (m.battle == c.setup.battle && m.state == c.s) return m;
  if (m.battle == c.setup.battle && m.by_columns) {
    const int x = only_changed_unit(m.state, c.s);
    if (x >= 0 && c.b.units[static_cast<size_t>(x)].side == c.s.active) {
      const HexId left = m.state.units[static_cast<size_t>(x)].hex;
      m.state.units[static_cast<size_t>(x)] = c.s.units[static_cast<size_t>(x)];
      if (m.state == c.s) {
        after_one_moved(c, m, static_cast<size_t>(x), left);
        return m;
      }
    }
  }
  m.battle = c.setup.battle;
  m.state = c.s;
  const size_t units = c.s.units.size();
  m.units.resize(units);
  m.spans.assign(units + 1, MoveLists::Span{});
  m.count.assign(units, 0);
  Board board(c);
  m.by_columns = board.columns();
  m.stride = m.by_columns ? static_cast<size_t>(c.b.rows) : 64;
  for (size_t u = 0; u < units; ++u)
    search_unit(c, board, m, u);
  pack(board, m);
  return m;
}

// The i-th destination (from 0, ascending) of the unit with this span.
HexId nth_destination(const MoveLists &m, const MoveLists::Span &span, size_t i) {
  for (size_t w = 0; w < span.n; ++w) {
    uint64_t bits = m.words[span.at + w];
    const size_t here = count_bits(bits);
    if (i >= here) {
      i -= here;
      continue;
    }
    for (; i > 0; --i)
      bits &= bits - 1;
    return static_cast<HexId>((span.lo + w) * m.stride +
                              static_cast<size_t>(std::countr_zero(bits)));
  }
  throw std::logic_error("nth_destination: no such destination");
}

} // namespace

bool move_is_listed(const View &c, int u, HexId to) {
  const MoveLists &m = move_lists(c);
  const MoveLists::Span &span = m.spans[u];
  const size_t w = static_cast<size_t>(to) / m.stride;
  return w >= span.lo && w < span.lo + span.n &&
         (m.words[span.at + (w - span.lo)] >> (static_cast<size_t>(to) % m.stride) & 1);
}

void move_actions(const View &c, ActionSink &out, int only_unit) {
  const MoveLists &m = move_lists(c);
  auto move = [&](size_t u, size_t i) {
    return Action{.type = ActionType::Move,
                  .unit = static_cast<int>(u),
                  .to = nth_destination(m, m.spans[u], i)};
  };
  if (only_unit >= 0) {
    const auto u = static_cast<size_t>(only_unit);
    out.add_many(m.spans[u + 1].before - m.spans[u].before, [&](size_t i) { return move(u, i); });
    return;
  }
  // Every unit's moves in one go, unit by unit: the i-th is in the last unit with fewer before.
  const size_t units = m.spans.size() - 1;
  out.add_many(m.spans[units].before, [&](size_t i) {
    auto after =
        std::upper_bound(m.spans.begin(), m.spans.end() - 1, i,
                         [](size_t n, const MoveLists::Span &span) { return n < span.before; });
    const auto u = static_cast<size_t>(after - m.spans.begin()) - 1;
    return move(u, i - m.spans[u].before);
  });
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
