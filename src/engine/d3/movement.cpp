// D3 Medieval movement: D5 activation, D6 straight moves and pivots, D7 charges, D8 turning to
// face.
#include "d3.hpp"

namespace sns::d3 {

namespace {

bool valid_unit(const View &c, int u) { return u >= 0 && u < static_cast<int>(c.s.units.size()); }

// Why a straight move can go no further (D6, D7); words are built only for refusals.
enum class Stop : uint8_t { Allowance, Edge, River, Stakes, Impassable, Town, Occupied, Enemy };

struct Walk {
  Stop stop = Stop::Allowance;
  HexId at = kOffMap;     // the hex it could not enter, or the hex next to an enemy
  Check charge_refusal{}; // when it stopped next to an enemy and the charge is not allowed
};

// D7: the hex `stop`, entered moving through hexside `dir`, is a legal end for a charge by u.
Check charge_check(const View &c, const Board &board, int u, HexId stop, int dir, bool explain) {
  const int side = c.def(u).side;
  HexId front = c.b.adjacent[stop][dir];
  int e = front == kOffMap ? -1 : board.unit_at(front);
  if (e < 0 || c.def(e).side == side || !contact_across(c.b, stop, dir))
    return deny(explain, [&] {
      return refuse(RefusalKind::Unreachable, "D7",
                    c.hex(stop) + " is next to an enemy: a unit enters it only as a charge, with "
                                  "the enemy across its faced hexside");
    });
  if (adjacent_enemy(c, board, stop, side, e))
    return deny(explain, [&] {
      return refuse(RefusalKind::Unreachable, "D7",
                    "a charge may not end next to a second enemy (" + c.hex(stop) + ")");
    });
  Side hit = side_of(facing(c.s, e), turn(dir, 3));
  if (side_held(c, board, e, hit, u))
    return deny(explain, [&] {
      return refuse(RefusalKind::Blocked, "D3",
                    c.name(e) + "'s " + side_name(hit) + " already holds an enemy");
    });
  Attackers one;
  one.push_back(u);
  if (auto r = special_attack_restriction(c, side, one, e)) return explain ? r : Check(Refusal{});
  return std::nullopt;
}

// D1, D6, D7: walks u straight ahead through hexside `dir` and calls visit(hex, charge target or
// -1) for every hex it may stop in.
template <typename Visit>
Walk walk(const View &c, const Board &board, int u, int dir, bool explain, Visit &&visit) {
  const Battle &b = c.b;
  const TypeInfo &t = info(c.def(u).type);
  const int town = b.terrain_index("town");
  HexId cur = c.s.units[static_cast<size_t>(u)].hex;
  bool road = b.road[cur] != 0;
  for (int k = 1;; ++k) {
    HexId next = b.adjacent[cur][dir];
    Walk w;
    w.at = next;
    if (next == kOffMap) return w.stop = Stop::Edge, w;
    if (b.hexsides[cur][dir] == HexsideFeature::River) return w.stop = Stop::River, w;
    if (b.hexsides[cur][dir] == HexsideFeature::Stakes) return w.stop = Stop::Stakes, w;
    if (b.terrain_impassable(next)) return w.stop = Stop::Impassable, w;
    if (b.terrain[next] == town && !(b.road[cur] && b.road[next])) return w.stop = Stop::Town, w;
    if (board.unit_at(next) >= 0) return w.stop = Stop::Occupied, w;
    road = road && b.road[next];
    if (k > (road ? t.road_move : t.move)) return w.stop = Stop::Allowance, w;
    if (adjacent_enemy(c, board, next, c.def(u).side, -1)) {
      w.stop = Stop::Enemy;
      w.charge_refusal = charge_check(c, board, u, next, dir, explain);
      if (!w.charge_refusal) visit(next, board.unit_at(b.adjacent[next][dir]));
      return w;
    }
    visit(next, -1);
    cur = next;
  }
}

Refusal stop_refusal(const View &c, const Walk &w, HexId to) {
  auto no = [&](const char *rule, const std::string &why) {
    return refuse(RefusalKind::Unreachable, rule,
                  c.hex(to) + " cannot be reached straight ahead: " + why);
  };
  switch (w.stop) {
  case Stop::Edge:
    return no("D6", "the map ends");
  case Stop::River:
    return no("D6", "a river is crossed only at a ford or bridge");
  case Stop::Stakes:
    return no("D6", "no unit moves across stakes");
  case Stop::Impassable:
    return no("D6", c.hex(w.at) + " is woods, marsh or lake");
  case Stop::Town:
    return no("D6", c.hex(w.at) + " is a town, entered only along a road");
  case Stop::Occupied:
    return no("D6", c.hex(w.at) + " holds a unit, and units never pass through each other");
  case Stop::Enemy:
    return w.at == to && w.charge_refusal
               ? *w.charge_refusal
               : no("D7", "a move stops on entering " + c.hex(w.at) + ", next to an enemy");
  case Stop::Allowance:
    break;
  }
  return no("D1", "it is beyond the unit's move (a road gives 50% more only to a move wholly along "
                  "it)");
}

// The direction in which `to` lies straight ahead of `from`, or -1.
int straight_direction(const Battle &b, HexId from, HexId to) {
  Hex a = b.axial(from), t = b.axial(to);
  int n = b.distance(from, to);
  for (int d = 0; d < 6; ++d) {
    Hex step = kDirections[static_cast<size_t>(d)];
    if (a + Hex{step.q * n, step.r * n} == t) return d;
  }
  return -1;
}

} // namespace

// D5: activating a unit rolls a D6 needing 2+, 3+, ... 6+ for the 1st ... 5th unit of the phase.
Check validate_activate(const View &c, const Action &a, bool explain) {
  if (!valid_unit(c, a.unit)) return refuse(RefusalKind::Malformed, "D5", "no such unit");
  if (c.s.phase != Phase::Movement)
    return deny(explain, [&] {
      return refuse(RefusalKind::WrongPhase, "D5", "units are activated in the movement phase");
    });
  if (c.s.d3().moving >= 0)
    return deny(explain, [&] {
      return refuse(RefusalKind::WrongPhase, "D5",
                    c.name(c.s.d3().moving) + " must make its move first");
    });
  const int u = a.unit;
  if (c.def(u).side != c.s.active)
    return deny(explain, [&] {
      return refuse(RefusalKind::NotYours, "D5", c.name(u) + " belongs to the other player");
    });
  if (!alive(c.s, u))
    return deny(explain,
                [&] { return refuse(RefusalKind::Blocked, "D13", c.name(u) + " is eliminated"); });
  if (c.s.d3().activations >= kMaxActivations)
    return deny(explain, [&] {
      return refuse(RefusalKind::Blocked, "D5", "at most five units move in a movement phase");
    });
  const D3Unit &du = c.s.d3().units[static_cast<size_t>(u)];
  if (du.activated)
    return deny(explain, [&] {
      return refuse(RefusalKind::AlreadyActed, "D5",
                    c.name(u) + " has already been activated this phase");
    });
  if (du.disordered)
    return deny(explain, [&] {
      return refuse(RefusalKind::Blocked, "D13", c.name(u) + " is disordered and cannot move");
    });
  Board board(c);
  if (in_contact(c, board, u))
    return deny(explain, [&] {
      return refuse(RefusalKind::Blocked, "D5",
                    c.name(u) + " is in contact with an enemy and cannot leave the melee");
    });
  return std::nullopt;
}

void apply_activate(Ctx &c, const Action &a) {
  const int u = a.unit;
  const int needed = c.s.d3().activations + 2;
  const int roll = d6(c);
  ++c.w.d3().activations;
  const bool ok = roll >= needed;
  if (c.ev)
    c.ev->push_back(Event{EventKind::Activate,
                          "D5",
                          c.name(u) + " activation: needs " + std::to_string(needed) + "+, rolls " +
                              std::to_string(roll) +
                              (ok ? ": it moves" : ": failed, the movement phase ends"),
                          roll,
                          ok ? "moves" : "failed",
                          {u}});
  if (!ok) {
    d3::end_phase(c);
    return;
  }
  c.w.d3().units[static_cast<size_t>(u)].activated = true;
  c.w.d3().moving = static_cast<int16_t>(u);
}

// D6: pivot, move straight ahead, pivot; D7: a charge pivots only at the start.
Check validate_move(const View &c, const Action &a) {
  if (!valid_unit(c, a.unit)) return refuse(RefusalKind::Malformed, "D6", "no such unit");
  if (c.s.phase != Phase::Movement)
    return refuse(RefusalKind::WrongPhase, "D6", "units move in the movement phase");
  if (c.s.d3().moving != a.unit)
    return refuse(RefusalKind::NoCommand, "D5",
                  c.s.d3().moving < 0 ? "activate " + c.name(a.unit) + " first (roll the D6)"
                                      : c.name(c.s.d3().moving) + " is the unit making its move");
  if (a.facing < 0 || a.facing > 5)
    return refuse(RefusalKind::Malformed, "D2", "a facing is a hexside 0..5");
  if (a.to == kOffMap) return refuse(RefusalKind::Malformed, "D6", "no destination");
  HexId from = c.s.units[static_cast<size_t>(a.unit)].hex;
  if (a.to == from) return std::nullopt; // a pivot alone
  int dir = straight_direction(c.b, from, a.to);
  if (dir < 0)
    return refuse(RefusalKind::Unreachable, "D6",
                  "a unit moves straight ahead: " + c.hex(a.to) + " is not on a straight line");
  Board board(c);
  bool reached = false, charge = false;
  Walk w = walk(c, board, a.unit, dir, true, [&](HexId h, int target) {
    if (h == a.to) reached = true, charge = target >= 0;
  });
  if (!reached) return stop_refusal(c, w, a.to);
  if (charge && a.facing != dir)
    return refuse(RefusalKind::Unreachable, "D7",
                  "a charge does not pivot at its end: it faces " + std::to_string(dir));
  return std::nullopt;
}

void move_actions(const View &c, ActionSink &out, int only_unit) {
  const int u = c.s.d3().moving;
  if (u < 0 || (only_unit >= 0 && only_unit != u)) return;
  const HexId from = c.s.units[static_cast<size_t>(u)].hex;
  Action a{.type = ActionType::Move, .unit = u, .to = from};
  // Staying as it is comes first (then the other pivots): a player, or a bot breaking ties by the
  // engine's order, that sees no better move keeps the facing it has.
  const int now = facing(c.s, u);
  for (int k = 0; k < 6 && !out.done(); ++k) {
    a.facing = static_cast<int8_t>(turn(now, k));
    out.add(a);
  }
  Board board(c);
  for (int dir = 0; dir < 6 && !out.done(); ++dir)
    walk(c, board, u, dir, false, [&](HexId h, int target) {
      a.to = h;
      if (target >= 0) {
        a.facing = static_cast<int8_t>(dir);
        out.add(a);
        return;
      }
      out.add_many(6, [&](size_t f) {
        Action m = a;
        m.facing = static_cast<int8_t>(f);
        return m;
      });
    });
}

// D8: an enemy contacting the flank or rear of a unit not engaged in front turns it to face.
void turn_to_face(Ctx &c, int target, int charger) {
  Board board(c);
  HexId th = c.s.units[static_cast<size_t>(target)].hex;
  int dir = c.b.direction(th, c.s.units[static_cast<size_t>(charger)].hex);
  Side hit = side_of(facing(c.s, target), dir);
  if (hit == Side::Front) return;
  bool engaged_in_front = side_held(c, board, target, Side::Front, charger);
  if (engaged_in_front) {
    c.say(EventKind::Flank, "D8",
          [&] {
            return c.name(target) + " is engaged in front and cannot turn: " + c.name(charger) +
                   " holds its " + side_name(hit) + " (+1 in melee)";
          },
          {target, charger});
    return;
  }
  c.w.d3().units[static_cast<size_t>(target)].facing = static_cast<uint8_t>(dir);
  // "face", not "turn": "turn" opens a player turn, and the log and the battle report start a
  // new turn's section at every such entry.
  c.say(EventKind::Face, "D8",
        [&] {
          return c.name(target) + " turns to face " + c.name(charger) + " on its " + side_name(hit);
        },
        {target, charger});
}

void apply_move(Ctx &c, const Action &a) {
  const int u = a.unit;
  UnitState &us = c.unit(u);
  D3Unit &du = c.w.d3().units[static_cast<size_t>(u)];
  const HexId from = us.hex;
  int target = -1;
  if (a.to != from) {
    Board board(c);
    HexId front = c.b.adjacent[a.to][a.facing];
    if (front != kOffMap && adjacent_enemy(c, board, a.to, c.def(u).side, -1))
      target = board.unit_at(front);
  }
  const bool changed = a.to != from || a.facing != du.facing;
  us.hex = a.to;
  du.facing = static_cast<uint8_t>(a.facing);
  du.moved = du.moved || changed;
  du.charged = target >= 0;
  c.w.d3().moving = -1;
  if (target >= 0)
    c.say(EventKind::Charge, "D7",
          [&] { return c.name(u) + " charges " + c.name(target) + " from " + c.hex(from); },
          {u, target});
  else
    c.say(EventKind::Move, "D6",
          [&] {
            // "north (0)": the name a player reads, and the number the record and the CLI use.
            std::string facing =
                std::string(facing_name(a.facing)) + " (" + std::to_string(a.facing) + ")";
            return a.to == from
                       ? c.name(u) + (changed ? " pivots to face " : " stays, facing ") + facing
                       : c.name(u) + " moves " + c.hex(from) + " - " + c.hex(a.to) + ", facing " +
                             facing;
          },
          {u});
  if (target >= 0) turn_to_face(c, target, u);
  special_on_entry(c, u);
}

int charges_from_here(const View &c, const Board &board, int u, std::array<Charge, 6> &out) {
  int n = 0;
  for (int dir = 0; dir < 6; ++dir)
    walk(c, board, u, dir, false, [&](HexId h, int target) {
      if (target >= 0) out[static_cast<size_t>(n++)] = {h, target};
    });
  return n;
}

} // namespace sns::d3
