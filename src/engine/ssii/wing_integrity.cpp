// Wing Integrity (4.2, R8): standard and advanced tests, all judged at once, eliminations score VP.
#include "ssii.hpp"

#include <vector>

namespace sns {

namespace {

bool is_leader_type(UnitType t) { return t == UnitType::V || is_horse(t); }

// A unit on the map as the tests see it: its wing, where it stands, whether it leads (R8).
struct Placed {
  int unit;
  int wing;
  Hex at;
  bool leader; // Veteran or Horse; the others count as foot
};

// R8 standard: a Veteran or Horse of its wing within six hexes, or two of its Levy or Infantry
// within four. Advanced: two wing-mates within two hexes, or a Veteran or Horse adjacent. The unit
// itself never counts; each test stops as soon as it is met.
bool standard_ok(const Placed &me, const std::vector<Placed> &placed) {
  int foot = 0;
  for (const Placed &o : placed) {
    if (o.wing != me.wing || o.unit == me.unit) continue;
    int dist = distance(me.at, o.at);
    if (o.leader ? dist <= 6 : dist <= 4 && ++foot >= 2) return true;
  }
  return false;
}

bool advanced_ok(const Placed &me, const std::vector<Placed> &placed) {
  int near = 0;
  for (const Placed &o : placed) {
    if (o.wing != me.wing || o.unit == me.unit) continue;
    int dist = distance(me.at, o.at);
    if ((o.leader && dist <= 1) || (dist <= 2 && ++near >= 2)) return true;
  }
  return false;
}

} // namespace

void check_wing_integrity(Ctx &c) {
  WingIntegrityRule rule = c.setup.wing_integrity();
  if (rule == WingIntegrityRule::None) return;
  // Judge every unit against the same position, then remove them together (R8: no cascade).
  thread_local std::vector<Placed> placed;
  placed.clear();
  for (size_t u = 0; u < c.s.units.size(); ++u)
    if (c.s.units[u].hex != kOffMap)
      placed.push_back({static_cast<int>(u), c.b.units[u].wing, c.b.axial(c.s.units[u].hex),
                        is_leader_type(c.b.units[u].type)});
  std::vector<int> lost;
  for (const Placed &p : placed) {
    const UnitDef &d = c.b.units[p.unit];
    if (d.side != c.s.active || !is_levy_or_infantry(d.type)) continue;
    bool ok = rule == WingIntegrityRule::Advanced ? advanced_ok(p, placed) : standard_ok(p, placed);
    if (!ok) lost.push_back(p.unit);
  }
  for (int u : lost)
    eliminate(c, u, "4.2",
              rule == WingIntegrityRule::Advanced
                  ? "out of Wing Integrity (advanced): not within two hexes of two wing-mates nor "
                    "adjacent to a Veteran or Horse of its wing"
                  : "out of Wing Integrity: no Veteran or Horse of its wing within six hexes, nor "
                    "two Levy or Infantry within four");
}

} // namespace sns
