// Fire Phase (9.0 - 9.3, 12.1, R21): who may fire at whom, range and line of sight, the roll,
// Suppression.
#include "ssii.hpp"

#include <algorithm>

namespace sns {

namespace {

bool higher(const Battle &b, HexId a, HexId t) { return b.elevation[a] > b.elevation[t]; }

int fire_range_to(const View &c, int firer, HexId to) {
  const Tables &t = *c.setup.tables;
  bool bonus = higher(c.b, c.s.units[firer].hex, to) && c.def(firer).type != UnitType::LH;
  return t.fire_range + (bonus ? t.fire_high_ground_range_bonus : 0);
}
int fire_range(const View &c, int firer, int target) {
  return fire_range_to(c, firer, c.s.units[target].hex);
}

// R21: the line between centres; a blocking hex strictly between the two blocks it. Where the line
// runs exactly along a hexside, it is blocked only if both sides of it block.
bool line_of_sight(const Battle &b, HexId from, HexId to) {
  for (int nudge : {+1, -1}) {
    auto hexes = line(b.axial(from), b.axial(to), nudge);
    bool blocked = false;
    for (size_t i = 1; i + 1 < hexes.size() && !blocked; ++i) {
      HexId h = b.hex_id(hexes[i]);
      blocked = h != kOffMap && b.terrain_types[b.terrain[h]].blocks_los;
    }
    if (!blocked) return true;
  }
  return false;
}

Check validate_firer(const View &c, const Board &board, int u, bool explain) {
  if (u < 0 || u >= static_cast<int>(c.s.units.size()))
    return refuse(RefusalKind::Malformed, "9.0", "no such unit");
  const UnitDef &d = c.def(u);
  if (c.s.phase != Phase::Fire)
    return deny(explain, [&] {
      return refuse(RefusalKind::WrongPhase, "9.0", "units fire only in the Fire Phase");
    });
  if (d.side != c.s.active)
    return deny(explain, [&] {
      return refuse(RefusalKind::NotYours, "9.0", c.name(u) + " belongs to the other player");
    });
  if (!on_map(c.s, u))
    return deny(explain, [&] {
      return refuse(RefusalKind::Blocked, "9.0", c.name(u) + " is not on the map");
    });
  if (!wing_acts_in(c, d.wing, Phase::Fire))
    return deny(explain, [&] {
      return refuse(RefusalKind::NoCommand, "4.1",
                    c.name(u) + "'s wing (" + c.b.wings[d.wing].name + ") has no Fire command");
    });
  if (c.face(u).fire == 0)
    return deny(explain, [&] {
      return refuse(RefusalKind::Blocked, "9.0", c.name(u) + " has no Fire Factor");
    });
  if (c.s.units[u].acted)
    return deny(explain, [&] {
      return refuse(RefusalKind::AlreadyActed, "9.1", c.name(u) + " has already fired this phase");
    });
  if (board.adjacent_to_enemy(c.s.units[u].hex, d.side))
    return deny(explain, [&] {
      return refuse(RefusalKind::Blocked, "9.1",
                    c.name(u) + " is adjacent to an enemy unit and may not fire");
    });
  return std::nullopt;
}

Check validate_target(const View &c, int u, int t, bool explain) {
  if (t < 0 || t >= static_cast<int>(c.s.units.size()) || c.def(t).side == c.def(u).side)
    return deny(explain,
                [&] { return refuse(RefusalKind::BadTarget, "9.1", "fire at an enemy unit"); });
  if (!on_map(c.s, t))
    return deny(explain, [&] {
      return refuse(RefusalKind::BadTarget, "9.1", c.name(t) + " is not on the map");
    });
  if (c.s.units[t].suppressed)
    return deny(explain, [&] {
      return refuse(RefusalKind::BadTarget, "9.2",
                    c.name(t) + " is already Suppressed; more fire would have no effect");
    });
  int range = fire_range(c, u, t);
  int dist = c.b.distance(c.s.units[u].hex, c.s.units[t].hex);
  if (dist > range)
    return deny(explain, [&] {
      return refuse(RefusalKind::OutOfRange, range > c.setup.tables->fire_range ? "12.1" : "9.1",
                    c.name(t) + " is " + std::to_string(dist) + " hexes away; range is " +
                        std::to_string(range));
    });
  if (!line_of_sight(c.b, c.s.units[u].hex, c.s.units[t].hex))
    return deny(explain, [&] {
      return refuse(RefusalKind::OutOfRange, "R21",
                    "terrain between " + c.name(u) + " and " + c.name(t) +
                        " blocks the line of sight");
    });
  return std::nullopt;
}

std::vector<Term> fire_modifiers(const View &c, int u, int t) {
  const Tables &tb = *c.setup.tables;
  std::vector<Term> mods;
  if (c.s.units[t].shield_wall)
    mods.push_back({"9.2", tb.fire_target_shield_wall, "target in Shield Wall"});
  if (!is_horse(c.def(u).type) && higher(c.b, c.s.units[u].hex, c.s.units[t].hex))
    mods.push_back({"12.1", tb.fire_firer_high_ground, "firing from higher ground"});
  if (is_horse(c.def(t).type)) mods.push_back({"9.2", tb.fire_target_horse, "target is Horse"});
  if (wing_has(c, c.def(u).wing, Command::Bonus))
    mods.push_back({"4.3", tb.fire_bonus, "Bonus + Fire"});
  return mods;
}

int total(const std::vector<Term> &terms) {
  int sum = 0;
  for (const Term &t : terms)
    sum += t.value;
  return sum;
}

} // namespace

std::vector<HexId> fire_reach(const Setup &setup, const GameState &state, int unit) {
  View c(setup, state);
  std::vector<HexId> out;
  HexId from = state.units[unit].hex;
  if (from == kOffMap || c.face(unit).fire == 0) return out;
  for (int h = 0; h < c.b.hex_count(); ++h)
    if (h != from && c.b.distance(from, h) <= fire_range_to(c, unit, h) &&
        line_of_sight(c.b, from, h))
      out.push_back(h);
  return out;
}

Check validate_fire(const View &c, const Action &a) {
  Board board(c);
  if (auto r = validate_firer(c, board, a.unit, true)) return r;
  return validate_target(c, a.unit, a.target, true);
}

void fire_actions(const View &c, ActionSink &out, int only_unit) {
  Board board(c);
  for (size_t u = 0; u < c.s.units.size() && !out.done(); ++u) {
    int firer = static_cast<int>(u);
    if ((only_unit >= 0 && firer != only_unit) || c.b.units[u].side != c.s.active ||
        c.s.units[u].acted || c.s.units[u].hex == kOffMap)
      continue;
    if (validate_firer(c, board, firer, false)) continue;
    for (size_t t = 0; t < c.s.units.size(); ++t)
      if (c.b.units[t].side != c.b.units[u].side &&
          !validate_target(c, firer, static_cast<int>(t), false))
        out.add_lazy([&] {
          return Action{.type = ActionType::Fire, .unit = firer, .target = static_cast<int>(t)};
        });
  }
}

Check fire_preview(const View &c, const Action &a, FirePreview &out) {
  if (auto r = validate_fire(c, a)) return r;
  out.modifiers = fire_modifiers(c, a.unit, a.target);
  int need = c.face(a.unit).fire - total(out.modifiers);
  out.needed = std::clamp(need, 1, kD8 + 1);
  out.chance = out.needed > kD8 ? 0 : (kD8 - out.needed + 1) / double(kD8);
  return std::nullopt;
}

void apply_fire(Ctx &c, const Action &a) {
  auto mods = fire_modifiers(c, a.unit, a.target);
  int roll = roll_d8(c.setup, c.w);
  int score = roll + total(mods);
  int factor = c.face(a.unit).fire;
  c.unit(a.unit).acted = true;
  bool hit = score >= factor;
  if (hit) c.unit(a.target).suppressed = true;
  if (c.ev) {
    std::string text =
        c.name(a.unit) + " fires at " + c.name(a.target) + ": rolled " + std::to_string(roll);
    for (const Term &m : mods)
      text += (m.value >= 0 ? " +" : " ") + std::to_string(m.value) + " (" + m.reason + ")";
    text += " = " + std::to_string(score) + " against Fire Factor " + std::to_string(factor) +
            (hit ? ": Suppressed" : ": no effect");
    c.ev->push_back(
        Event{EventKind::Fire, "9.2", text, roll, hit ? "suppressed" : "miss", {a.unit, a.target}});
  }
}

} // namespace sns
