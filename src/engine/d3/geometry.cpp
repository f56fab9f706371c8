// D3 Medieval's ground rules: D1 scale and unit types, D2 facing and sides, D3 contact, D14 dice.
#include "d3.hpp"

#include <array>

namespace sns::d3 {

namespace {
// D1 (hexes of 3 inches), D10, D12: one row per D3 unit type.
struct TypeRow {
  UnitType type;
  TypeInfo info;
};
constexpr std::array<TypeRow, 5> kTypeRows{{
    {UnitType::Levies, {2, 3, 0, 0, 0}},
    {UnitType::Knights, {4, 6, 0, 0, 1}},    // 12" move, D3+1 in melee
    {UnitType::MenAtArms, {2, 3, 0, 0, 0}},  // dismounted
    {UnitType::Longbows, {2, 3, 6, 0, -1}},  // 18" range, D3 shooting, D3-1 in melee
    {UnitType::Crossbows, {2, 3, 4, 1, -1}}, // 12" range, D3+1 shooting, D3-1 in melee
}};
// The rows by UnitType, for a lookup without a search (a type of another ruleset reads zeros).
constexpr auto kTypes = [] {
  std::array<TypeInfo, kAllUnitTypeCount> by_type{};
  for (const TypeRow &r : kTypeRows)
    by_type[static_cast<size_t>(r.type)] = r.info;
  return by_type;
}();
constexpr const char *kSideNames[] = {"front", "left flank", "right flank", "rear"};
} // namespace

const TypeInfo &info(UnitType t) { return kTypes[static_cast<size_t>(t)]; }

const char *side_name(Side s) { return kSideNames[static_cast<int>(s)]; }

// D2: the faced hexside and the two beside it are the front; f-2 the left flank, f+2 the right,
// f+3 the rear.
Side side_of(int facing, int hexside) {
  switch (turn(hexside, -facing)) {
  case 0:
  case 1:
  case 5:
    return Side::Front;
  case 4:
    return Side::LeftFlank;
  case 2:
    return Side::RightFlank;
  default:
    return Side::Rear;
  }
}

// D2: `to` is ahead when its centre lies strictly in front of the line through `from`'s centre at
// right angles to the facing. With flat-topped hexes a centre sits at (3/2 q, sqrt3 (r + q/2)); the
// dot product with the facing's direction, times 4, is an integer, so the test is exact.
bool ahead(const Battle &b, HexId from, int facing, HexId to) {
  Hex d = b.axial(to) - b.axial(from);
  Hex n = kDirections[static_cast<size_t>(facing)];
  long dot = 9L * d.q * n.q + 3L * (2 * d.r + d.q) * (2 * n.r + n.q);
  return dot > 0;
}

// D3: adjacent, and no river without a ford or bridge between.
bool contact_across(const Battle &b, HexId h, int dir) {
  return b.adjacent[h][dir] != kOffMap && b.hexsides[h][dir] != HexsideFeature::River;
}

bool alive(const GameState &s, int u) {
  return s.units[static_cast<size_t>(u)].hex != kOffMap && s.units[static_cast<size_t>(u)].steps;
}
int facing(const GameState &s, int u) { return s.d3().units[static_cast<size_t>(u)].facing; }

int enemy_in_contact(const View &c, const Board &board, int u, int dir) {
  HexId h = c.s.units[static_cast<size_t>(u)].hex;
  if (h == kOffMap || !contact_across(c.b, h, dir)) return -1;
  int e = board.unit_at(c.b.adjacent[h][dir]);
  return e >= 0 && c.def(e).side != c.def(u).side ? e : -1;
}

bool in_contact(const View &c, const Board &board, int u) {
  for (int d = 0; d < 6; ++d)
    if (enemy_in_contact(c, board, u, d) >= 0) return true;
  return false;
}

bool side_held(const View &c, const Board &board, int target, Side side, int except) {
  for (int d = 0; d < 6; ++d) {
    int e = enemy_in_contact(c, board, target, d);
    if (e >= 0 && e != except && side_of(facing(c.s, target), d) == side) return true;
  }
  return false;
}

// D7's "adjacent", which a river does not interrupt: hex h touches an enemy of `side` other than
// `except`.
bool adjacent_enemy(const View &c, const Board &board, HexId h, int side, int except) {
  for (HexId n : c.b.adjacent[h]) {
    if (n == kOffMap) continue;
    int e = board.unit_at(n);
    if (e >= 0 && e != except && c.def(e).side != side) return true;
  }
  return false;
}

// D14: every die is a d6 from the game's generator (R23).
int d6(Ctx &c) { return roll_die(c.setup, c.w, 6); }

} // namespace sns::d3

namespace sns {

const char *facing_name(int facing) {
  static constexpr const char *kNames[6] = {"north", "north-east", "south-east",
                                            "south", "south-west", "north-west"};
  return facing >= 0 && facing < 6 ? kNames[facing] : "no facing";
}

int d3_activation_needed(const GameState &s) {
  const D3State *d = s.if_d3();
  return d && s.phase == Phase::Movement && d->activations < d3::kMaxActivations
             ? d->activations + 2
             : 0;
}

bool d3_in_contact(const Setup &setup, const GameState &state, int unit) {
  View c(setup, state);
  if (!state.if_d3() || unit < 0 || unit >= static_cast<int>(state.units.size())) return false;
  Board board(c);
  return d3::in_contact(c, board, unit);
}

} // namespace sns
