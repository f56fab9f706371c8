// Wing Integrity (4.2, R8): standard and advanced tests, all judged at once, eliminations score VP.
#include "engine.hpp"

#include <utility>

namespace sns {

namespace {

bool is_leader_type(UnitType t) { return t == UnitType::V || is_horse(t); }

// Count the unit's wing-mates within `range` hexes, by kind; the unit itself never counts.
struct Nearby {
  int leaders = 0; // Veteran or Horse
  int foot = 0;    // Levy or Infantry
  int any = 0;
};

// One pass over the wing: the counts for every range the tests use (R8: 1, 2, 4 and 6 hexes).
struct Around {
  Nearby within1, within2, within4, within6;
};

// `where`: every unit's axial coordinates, worked out once per check.
Around wing_mates_around(const View &c, int u, const std::vector<Hex> &where) {
  Around a;
  for (size_t o = 0; o < c.s.units.size(); ++o) {
    if (static_cast<int>(o) == u || c.s.units[o].hex == kOffMap ||
        c.b.units[o].wing != c.b.units[u].wing)
      continue;
    int dist = distance(where[u], where[o]);
    if (dist > 6) continue;
    bool leader = is_leader_type(c.b.units[o].type);
    for (auto [range, n] : {std::pair{1, &a.within1}, std::pair{2, &a.within2},
                            std::pair{4, &a.within4}, std::pair{6, &a.within6}}) {
      if (dist > range) continue;
      ++n->any;
      ++(leader ? n->leaders : n->foot);
    }
  }
  return a;
}

bool standard_ok(const View &c, int u, const std::vector<Hex> &where) {
  Around a = wing_mates_around(c, u, where);
  return a.within6.leaders >= 1 || a.within4.foot >= 2;
}

bool advanced_ok(const View &c, int u, const std::vector<Hex> &where) {
  Around a = wing_mates_around(c, u, where);
  return a.within2.any >= 2 || a.within1.leaders >= 1;
}

} // namespace

void check_wing_integrity(Ctx &c) {
  WingIntegrityRule rule = c.setup.wing_integrity();
  if (rule == WingIntegrityRule::None) return;
  // Judge every unit against the same position, then remove them together (R8: no cascade).
  thread_local std::vector<Hex> where;
  where.resize(c.s.units.size());
  for (size_t u = 0; u < c.s.units.size(); ++u)
    if (c.s.units[u].hex != kOffMap) where[u] = c.b.axial(c.s.units[u].hex);
  std::vector<int> lost;
  for (size_t u = 0; u < c.s.units.size(); ++u) {
    const UnitDef &d = c.b.units[u];
    if (d.side != c.s.active || !is_levy_or_infantry(d.type) || c.s.units[u].hex == kOffMap)
      continue;
    int i = static_cast<int>(u);
    bool ok =
        rule == WingIntegrityRule::Advanced ? advanced_ok(c, i, where) : standard_ok(c, i, where);
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
