// D3 Medieval shooting: D9 who shoots, at whom, range and line of sight; D10 shooting hits.
#include "d3.hpp"

namespace sns::d3 {

namespace {

bool valid_unit(const View &c, int u) { return u >= 0 && u < static_cast<int>(c.s.units.size()); }

// D9: woods, towns (terrain that blocks the line) and units in the hexes strictly between block;
// a line along a hexside is blocked only when both sides block (R21's two nudges).
bool line_clear(const View &c, const Board &board, HexId from, HexId to) {
  for (int nudge : {+1, -1}) {
    auto hexes = line(c.b.axial(from), c.b.axial(to), nudge);
    bool blocked = false;
    for (size_t i = 1; i + 1 < hexes.size() && !blocked; ++i) {
      HexId h = c.b.hex_id(hexes[i]);
      blocked =
          h != kOffMap && (c.b.terrain_types[c.b.terrain[h]].blocks_los || board.unit_at(h) >= 0);
    }
    if (!blocked) return true;
  }
  return false;
}

Check check_shooter(const View &c, const Board &board, int u, bool explain) {
  if (c.s.phase != Phase::Shooting)
    return deny(explain, [&] {
      return refuse(RefusalKind::WrongPhase, "D9", "units shoot in the shooting phase");
    });
  if (c.def(u).side != c.s.active)
    return deny(explain, [&] {
      return refuse(RefusalKind::NotYours, "D9", c.name(u) + " belongs to the other player");
    });
  if (!alive(c.s, u))
    return deny(explain,
                [&] { return refuse(RefusalKind::Blocked, "D13", c.name(u) + " is eliminated"); });
  if (info(c.def(u).type).range == 0)
    return deny(explain, [&] {
      return refuse(RefusalKind::Blocked, "D9", "only Longbows and Crossbows shoot");
    });
  if (c.s.units[static_cast<size_t>(u)].acted)
    return deny(explain, [&] {
      return refuse(RefusalKind::AlreadyActed, "D9", c.name(u) + " has already shot");
    });
  if (c.s.d3().units[static_cast<size_t>(u)].moved)
    return deny(explain, [&] {
      return refuse(RefusalKind::Blocked, "D9",
                    c.name(u) + " moved or pivoted this turn and may not shoot");
    });
  if (in_contact(c, board, u))
    return deny(explain, [&] {
      return refuse(RefusalKind::Blocked, "D9", c.name(u) + " is in contact and may not shoot");
    });
  return std::nullopt;
}

Check check_target(const View &c, const Board &board, int u, int t, bool explain) {
  if (c.def(t).side == c.def(u).side || !alive(c.s, t))
    return deny(explain, [&] {
      return refuse(RefusalKind::Malformed, "D9", c.name(t) + " is not an enemy on the map");
    });
  const HexId from = c.s.units[static_cast<size_t>(u)].hex,
              to = c.s.units[static_cast<size_t>(t)].hex;
  if (!ahead(c.b, from, facing(c.s, u), to))
    return deny(explain, [&] {
      return refuse(RefusalKind::OutOfRange, "D2",
                    c.name(t) + " is not ahead of " + c.name(u) + " (its frontal facing)");
    });
  const int range = info(c.def(u).type).range;
  if (c.b.distance(from, to) > range)
    return deny(explain, [&] {
      return refuse(RefusalKind::OutOfRange, "D1",
                    c.name(t) + " is " + std::to_string(c.b.distance(from, to)) +
                        " hexes away; the range is " + std::to_string(range));
    });
  if (in_contact(c, board, t))
    return deny(explain, [&] {
      return refuse(RefusalKind::Blocked, "D9",
                    c.name(t) + " is in combat, and units in combat cannot be shot at");
    });
  if (!line_clear(c, board, from, to))
    return deny(explain, [&] {
      return refuse(RefusalKind::OutOfRange, "D9",
                    "woods, a town or a unit blocks the line from " + c.name(u) + " to " +
                        c.name(t));
    });
  return std::nullopt;
}

// D10: D3 hits, Crossbows +1; -1 at Men at Arms; -1 when the shooter is disordered.
int hits_modifier(const View &c, int u, int t, std::vector<Term> *terms) {
  auto add = [&](const char *rule, int v, const char *why) {
    if (terms) terms->push_back({rule, v, why});
    return v;
  };
  int m = 0;
  if (int base = info(c.def(u).type).shoot_hits) m += add("D10", base, "Crossbows: D3+1");
  if (c.def(t).type == UnitType::MenAtArms) m += add("D10", -1, "target is Men at Arms");
  if (c.s.d3().units[static_cast<size_t>(u)].disordered)
    m += add("D13", -1, "shooter is disordered");
  return m;
}

} // namespace

Check validate_shoot(const View &c, const Action &a, bool explain) {
  if (!valid_unit(c, a.unit) || !valid_unit(c, a.target))
    return refuse(RefusalKind::Malformed, "D9", "no such unit");
  Board board(c);
  if (auto r = check_shooter(c, board, a.unit, explain)) return r;
  return check_target(c, board, a.unit, a.target, explain);
}

void shoot_actions(const View &c, ActionSink &out, int only_unit) {
  Board board(c);
  const int n = static_cast<int>(c.s.units.size());
  for (int u = 0; u < n && !out.done(); ++u) {
    if ((only_unit >= 0 && u != only_unit) || check_shooter(c, board, u, false)) continue;
    for (int t = 0; t < n && !out.done(); ++t)
      if (!check_target(c, board, u, t, false))
        out.add(Action{.type = ActionType::Shoot, .unit = u, .target = t});
  }
}

void apply_shoot(Ctx &c, const Action &a) {
  const int m = hits_modifier(c, a.unit, a.target, nullptr);
  roll_hits(c, a, m, EventKind::Shoot, "D10", " shoots at ");
}

Check shoot_preview(const View &c, const Action &a, HitsPreview &out) {
  if (auto r = validate_shoot(c, a)) return r;
  out = HitsPreview{};
  out.rule = "D10";
  out.modifier = hits_modifier(c, a.unit, a.target, &out.modifiers);
  fill_chances(out);
  return std::nullopt;
}

// D10, D12: the D3 read from one d6 (D14), plus the modifiers, never below 0.
void fill_chances(HitsPreview &out) {
  out.chance = {};
  for (int face = 1; face <= 6; ++face) {
    int hits = std::max(0, d3_of(face) + out.modifier);
    out.chance[static_cast<size_t>(std::min(hits, 7))] += 1.0 / 6;
  }
  out.expected = mean_hits(out.modifier);
}

void roll_hits(Ctx &c, const Action &a, int modifier, EventKind kind, const char *rule,
               const char *verb) {
  const int roll = d6(c);
  const int hits = std::max(0, d3_of(roll) + modifier);
  c.unit(a.unit).acted = true;
  if (c.ev)
    c.ev->push_back(
        Event{kind,
              rule,
              c.name(a.unit) + verb + c.name(a.target) + ": d6 " + std::to_string(roll) + " (D3 " +
                  std::to_string(d3_of(roll)) +
                  (modifier ? (modifier > 0 ? " +" : " ") + std::to_string(modifier) : "") +
                  ") = " + std::to_string(hits) + " hit" + (hits == 1 ? "" : "s"),
              roll,
              std::to_string(hits),
              {a.unit, a.target}});
  add_hits(c, a.target, hits);
}

void add_hits(Ctx &c, int target, int hits) {
  D3Unit &d = c.w.d3().units[static_cast<size_t>(target)];
  d.hits = static_cast<uint8_t>(std::min(255, d.hits + hits));
  d.hits_this_turn = static_cast<uint8_t>(std::min(255, d.hits_this_turn + hits));
}

} // namespace sns::d3
