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
bool standard_ok(const Placed &me, const Placed *mates, size_t n) {
  int foot = 0;
  for (const Placed *o = mates; o != mates + n; ++o) {
    if (o->unit == me.unit) continue;
    int dist = distance(me.at, o->at);
    if (o->leader ? dist <= 6 : dist <= 4 && ++foot >= 2) return true;
  }
  return false;
}

bool advanced_ok(const Placed &me, const Placed *mates, size_t n) {
  int near = 0;
  for (const Placed *o = mates; o != mates + n; ++o) {
    if (o->unit == me.unit) continue;
    int dist = distance(me.at, o->at);
    if ((o->leader && dist <= 1) || (dist <= 2 && ++near >= 2)) return true;
  }
  return false;
}

} // namespace

void check_wing_integrity(Ctx &c) {
  WingIntegrityRule rule = c.setup.wing_integrity();
  if (rule == WingIntegrityRule::None) return;
  // Judge every unit against the same position, then remove them together (R8: no cascade).
  // The placed units grouped by wing (each test reads only wing-mates, and its answer does not
  // depend on the order it reads them in); `first` holds where each wing's group starts.
  thread_local std::vector<Placed> placed;
  thread_local std::vector<size_t> first;
  const size_t wings = c.b.wings.size();
  first.assign(wings + 2, 0);
  for (size_t u = 0; u < c.s.units.size(); ++u)
    if (c.s.units[u].hex != kOffMap) ++first[static_cast<size_t>(c.b.units[u].wing) + 2];
  for (size_t w = 2; w < wings + 2; ++w)
    first[w] += first[w - 1];
  placed.resize(first[wings + 1]);
  for (size_t u = 0; u < c.s.units.size(); ++u)
    if (c.s.units[u].hex != kOffMap)
      placed[first[static_cast<size_t>(c.b.units[u].wing) + 1]++] = {
          static_cast<int>(u), c.b.units[u].wing, c.b.axial(c.s.units[u].hex),
          is_leader_type(c.b.units[u].type)};
  std::vector<int> lost; // in the units' order, as they are removed
  for (size_t u = 0; u < c.s.units.size(); ++u) {
    const UnitDef &d = c.b.units[u];
    if (c.s.units[u].hex == kOffMap || d.side != c.s.active || !is_levy_or_infantry(d.type))
      continue;
    const auto w = static_cast<size_t>(d.wing);
    const Placed me{static_cast<int>(u), d.wing, c.b.axial(c.s.units[u].hex),
                    is_leader_type(d.type)};
    const Placed *mates = placed.data() + first[w];
    const size_t n = first[w + 1] - first[w];
    bool ok =
        rule == WingIntegrityRule::Advanced ? advanced_ok(me, mates, n) : standard_ok(me, mates, n);
    if (!ok) lost.push_back(me.unit);
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
