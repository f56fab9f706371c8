// Wing Integrity (4.2, R8): standard and advanced tests, all judged at once, eliminations score VP.
#include "ssii.hpp"

#include <array>
#include <memory>
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

// Each hex's axial coordinates, for the battle last asked about on this thread: the tests run at
// the start of every phase, and a hex's coordinates otherwise cost a division.
const std::vector<Hex> &axial_table(const View &c) {
  thread_local std::shared_ptr<const Battle> battle; // held, so no other takes its address
  thread_local std::vector<Hex> at;
  if (battle != c.setup.battle) {
    battle = c.setup.battle;
    at.resize(static_cast<size_t>(c.b.hex_count()));
    for (HexId h = 0; h < static_cast<HexId>(at.size()); ++h)
      at[static_cast<size_t>(h)] = c.b.axial(h);
  }
  return at;
}

// The last position in which the tests removed nobody, per side and thread. The tests read only
// the battle, the rule and where the side's own units stand (a unit's wing-mates are of its side),
// so the same again removes nobody: the phases of a turn start one after another with the units
// where they were, and a side's turn often starts with its units where its last phase saw them.
struct Whole {
  std::shared_ptr<const Battle> battle; // held, so no other takes its address
  WingIntegrityRule rule = WingIntegrityRule::None;
  std::vector<HexId> hexes; // per unit; only the side's own are compared

  bool same(const View &c, WingIntegrityRule r) const {
    if (battle != c.setup.battle || rule != r || hexes.size() != c.s.units.size()) return false;
    for (size_t u = 0; u < hexes.size(); ++u)
      if (hexes[u] != c.s.units[u].hex && c.b.units[u].side == c.s.active) return false;
    return true;
  }
  void remember(const View &c, WingIntegrityRule r) {
    battle = c.setup.battle, rule = r;
    hexes.resize(c.s.units.size());
    for (size_t u = 0; u < hexes.size(); ++u)
      hexes[u] = c.s.units[u].hex;
  }
};

} // namespace

void check_wing_integrity(Ctx &c) {
  WingIntegrityRule rule = c.setup.wing_integrity();
  if (rule == WingIntegrityRule::None) return;
  thread_local std::array<Whole, 2> wholes;
  Whole &whole = wholes[c.s.active & 1];
  if (whole.same(c, rule)) return;
  // Judge every unit against the same position, then remove them together (R8: no cascade).
  // The placed units grouped by wing (each test reads only wing-mates, and its answer does not
  // depend on the order it reads them in); `first` holds where each wing's group starts.
  const std::vector<Hex> &axial = axial_table(c);
  thread_local std::vector<Placed> placed;
  thread_local std::vector<size_t> first;
  const size_t wings = c.b.wings.size();
  first.assign(wings + 2, 0);
  for (size_t u = 0; u < c.s.units.size(); ++u)
    if (c.s.units[u].hex != kOffMap) ++first[static_cast<size_t>(c.b.units[u].wing) + 2];
  for (size_t w = 2; w < wings + 2; ++w)
    first[w] += first[w - 1];
  placed.resize(first[wings + 1]);
  for (size_t u = 0; u < c.s.units.size(); ++u) {
    if (c.s.units[u].hex == kOffMap) continue;
    const UnitDef &d = c.b.units[u];
    // Member by member: a whole Placed built on the stack and copied stalled on its store.
    Placed &p = placed[first[static_cast<size_t>(d.wing) + 1]++];
    p.unit = static_cast<int>(u);
    p.wing = d.wing;
    p.at = axial[static_cast<size_t>(c.s.units[u].hex)];
    p.leader = is_leader_type(d.type);
  }
  std::vector<int> lost; // in the units' order, as they are removed
  for (size_t u = 0; u < c.s.units.size(); ++u) {
    const UnitDef &d = c.b.units[u];
    if (c.s.units[u].hex == kOffMap || d.side != c.s.active || !is_levy_or_infantry(d.type))
      continue;
    const auto w = static_cast<size_t>(d.wing);
    const Placed me{static_cast<int>(u), d.wing, axial[static_cast<size_t>(c.s.units[u].hex)],
                    is_leader_type(d.type)};
    const Placed *mates = placed.data() + first[w];
    const size_t n = first[w + 1] - first[w];
    bool ok =
        rule == WingIntegrityRule::Advanced ? advanced_ok(me, mates, n) : standard_ok(me, mates, n);
    if (!ok) lost.push_back(me.unit);
  }
  if (lost.empty())
    whole.remember(c, rule);
  else
    whole.battle.reset();
  for (int u : lost)
    eliminate(c, u, "4.2",
              rule == WingIntegrityRule::Advanced
                  ? "out of Wing Integrity (advanced): not within two hexes of two wing-mates nor "
                    "adjacent to a Veteran or Horse of its wing"
                  : "out of Wing Integrity: no Veteran or Horse of its wing within six hexes, nor "
                    "two Levy or Infantry within four");
}

} // namespace sns
