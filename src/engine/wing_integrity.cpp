// Wing Integrity (4.2, R8): standard and advanced tests, all judged at once, eliminations score VP.
#include "engine.hpp"

namespace sns {

namespace {

bool is_leader_type(UnitType t) { return t == UnitType::V || is_horse(t); }

// Count the unit's wing-mates within `range` hexes, by kind; the unit itself never counts.
struct Nearby {
  int leaders = 0; // Veteran or Horse
  int foot = 0;    // Levy or Infantry
  int any = 0;
};

Nearby wing_mates_within(const Ctx &c, int u, int range) {
  Nearby n;
  HexId here = c.s.units[u].hex;
  for (size_t o = 0; o < c.s.units.size(); ++o) {
    if (static_cast<int>(o) == u || c.s.units[o].hex == kOffMap ||
        c.b.units[o].wing != c.b.units[u].wing)
      continue;
    if (c.b.distance(here, c.s.units[o].hex) > range) continue;
    ++n.any;
    if (is_leader_type(c.b.units[o].type))
      ++n.leaders;
    else
      ++n.foot;
  }
  return n;
}

bool standard_ok(const Ctx &c, int u) {
  return wing_mates_within(c, u, 6).leaders >= 1 || wing_mates_within(c, u, 4).foot >= 2;
}

bool advanced_ok(const Ctx &c, int u) {
  return wing_mates_within(c, u, 2).any >= 2 || wing_mates_within(c, u, 1).leaders >= 1;
}

} // namespace

void check_wing_integrity(Ctx &c) {
  WingIntegrityRule rule = c.setup.wing_integrity();
  if (rule == WingIntegrityRule::None) return;
  // Judge every unit against the same position, then remove them together (R8: no cascade).
  std::vector<int> lost;
  for (size_t u = 0; u < c.s.units.size(); ++u) {
    const UnitDef &d = c.b.units[u];
    if (d.side != c.s.active || !is_levy_or_infantry(d.type) || c.s.units[u].hex == kOffMap)
      continue;
    int i = static_cast<int>(u);
    bool ok = rule == WingIntegrityRule::Advanced ? advanced_ok(c, i) : standard_ok(c, i);
    if (!ok) lost.push_back(i);
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
