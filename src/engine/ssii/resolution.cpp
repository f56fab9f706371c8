// Combat results (7.5 - 7.8, R18 - R20): optional conversions, step losses, retreats and advances.
#include "ssii.hpp"

#include <algorithm>

namespace sns {

namespace {

PendingAttack &pending(Ctx &c) { return c.w.ssii().attack; }
const PendingAttack &pending(const View &c) { return c.s.ssii().attack; }
int target(const View &c) { return c.s.ssii().attack.target; }
int target_side(const View &c) { return c.b.units[c.s.ssii().attack.target].side; }

std::vector<int> attackers_on_map(const View &c) {
  std::vector<int> out;
  for (int i = 0; i < c.s.ssii().attack.attacker_count; ++i)
    if (on_map(c.s, c.s.ssii().attack.attackers[i])) out.push_back(c.s.ssii().attack.attackers[i]);
  return out;
}

void finish(Ctx &c) { c.w.ssii().attack = PendingAttack{}; }

std::vector<int> advance_candidates(const View &c) {
  std::vector<int> out;
  HexId v = pending(c).vacated;
  if (v == kOffMap || c.s.game_over()) return out;
  Board board(c);
  if (board.unit_at(v) >= 0) return out;
  bool only_hh = false;
  for (int u : attackers_on_map(c)) {
    HexId h = c.s.units[u].hex;
    int dir = c.b.direction(h, v);
    if (dir < 0 || c.b.hexside_impassable(h, dir) || c.s.units[u].shield_wall ||
        special_immobile(c, u))
      continue;                                                                        // 7.8
    if (c.b.elevation[h] < c.b.elevation[v] && board.ezoc(v, c.def(u).side)) continue; // 12.1
    out.push_back(u);
    only_hh = only_hh || (pending(c).charge && c.def(u).type == UnitType::HH);
  }
  if (only_hh) // R20: in a Charge, one of the Heavy Horse that can advance must
    std::erase_if(out, [&](int u) { return c.def(u).type != UnitType::HH; });
  return out;
}

void go_advance(Ctx &c) {
  if (advance_candidates(c).empty()) return finish(c);
  pending(c).stage = AttackStage::Advance;
}

void note_vacated(Ctx &c, HexId from) {
  if (!on_map(c.s, target(c))) pending(c).vacated = from;
}

void attacker_retreat_next(Ctx &c) {
  PendingAttack &p = pending(c);
  for (; p.retreat_index < p.attacker_count; ++p.retreat_index) {
    int u = p.attackers[p.retreat_index];
    if (!on_map(c.s, u)) continue;
    if (c.s.units[u].shield_wall) {
      c.say(EventKind::Retreat, "7.6",
            [&] { return c.name(u) + " is in Shield Wall and ignores the retreat"; }, {u});
      continue;
    }
    if (retreat_hexes(c, u, true).empty()) {
      lose_step(c, u, "7.6", "no hex to retreat to");
      continue;
    }
    p.stage = AttackStage::AttackerRetreat;
    return;
  }
  finish(c);
}

void attacker_loss(Ctx &c, bool eliminates) {
  pending(c).loss_eliminates = eliminates;
  if (attackers_on_map(c).empty()) return finish(c);
  pending(c).stage = AttackStage::AttackerLoss;
}

void defender_retreat(Ctx &c) {
  int t = target(c);
  if (c.s.units[t].shield_wall) {
    c.say(EventKind::Retreat, "7.6",
          [&] { return c.name(t) + " is in Shield Wall and ignores the retreat"; }, {t});
    return finish(c);
  }
  if (retreat_hexes(c, t, false).empty()) {
    HexId from = c.s.units[t].hex;
    lose_step(c, t, "7.6", "no hex to retreat to");
    note_vacated(c, from);
    return go_advance(c);
  }
  pending(c).stage = AttackStage::DefenderRetreat;
}

void apply_effects(Ctx &c) {
  int t = target(c);
  HexId from = c.s.units[t].hex;
  switch (pending(c).result) {
  case CombatResult::DE:
    eliminate(c, t, "7.5", "DE");
    note_vacated(c, from);
    return go_advance(c);
  case CombatResult::DL:
    lose_step(c, t, "7.5", "DL");
    note_vacated(c, from);
    return go_advance(c);
  case CombatResult::DR:
    return defender_retreat(c);
  case CombatResult::EX:
    lose_step(c, t, "7.5", "EX");
    note_vacated(c, from);
    return attacker_loss(c, false);
  case CombatResult::NE:
    return finish(c);
  case CombatResult::AE:
    return attacker_loss(c, true);
  case CombatResult::AL:
    return attacker_loss(c, false);
  case CombatResult::AR:
    pending(c).retreat_index = 0;
    return attacker_retreat_next(c);
  }
}

void after_primary_choice(Ctx &c) {
  PendingAttack &p = pending(c);
  if (p.result == CombatResult::EX && c.def(p.target).type == UnitType::LH) {
    p.stage = AttackStage::ChooseHorseDefender;
    return;
  }
  apply_effects(c);
}

void after_asterisk_choice(Ctx &c) {
  PendingAttack &p = pending(c);
  UnitType pt = c.def(p.primary).type;
  if (p.result == CombatResult::EX && !p.converted && is_horse(pt)) {
    p.stage = AttackStage::ChooseHorsePrimary;
    return;
  }
  after_primary_choice(c);
}

std::vector<Choice> choices(const View &c) {
  switch (pending(c).stage) {
  case AttackStage::ChooseAsterisk:
    return {Choice::EX, Choice::Keep};
  case AttackStage::ChooseHorsePrimary:
    return {c.def(pending(c).primary).type == UnitType::HH ? Choice::DR : Choice::AR, Choice::Keep};
  case AttackStage::ChooseHorseDefender:
    return {Choice::DR, Choice::Keep};
  default:
    return {};
  }
}

} // namespace

std::vector<HexId> retreat_hexes(const View &c, int u, bool attacker) {
  if (special_immobile(c, u)) return {}; // cannot retreat: a step is lost instead (7.6)
  Board board(c);
  const int side = c.def(u).side;
  HexId here = c.s.units[u].hex;
  std::vector<int> away_from;
  if (attacker)
    away_from.push_back(target(c));
  else
    away_from = attackers_on_map(c);
  std::vector<HexId> out;
  for (int d = 0; d < 6; ++d) {
    HexId n = c.b.adjacent[here][d];
    if (n == kOffMap || c.b.hexside_impassable(here, d) || c.b.terrain_impassable(n))
      continue;                                                 // 5.3, 12.2
    if (board.unit_at(n) >= 0 || board.ezoc(n, side)) continue; // 7.6
    bool next_to = std::any_of(away_from.begin(), away_from.end(), [&](int e) {
      return on_map(c.s, e) && c.b.distance(n, c.s.units[e].hex) <= 1;
    });
    if (!next_to) out.push_back(n);
  }
  std::sort(out.begin(), out.end());
  return out;
}

void resolve_result(Ctx &c) {
  PendingAttack &p = pending(c);
  bool star = p.asterisk && (p.result == CombatResult::DR || p.result == CombatResult::NE);
  if (star && c.s.units[p.target].shield_wall) {
    p.stage = AttackStage::ChooseAsterisk;
    return;
  }
  after_asterisk_choice(c);
}

int resolution_side(const View &c) {
  AttackStage s = c.s.ssii().attack.stage;
  bool defender = s == AttackStage::ChooseHorseDefender || s == AttackStage::DefenderRetreat;
  return defender ? target_side(c) : c.s.active;
}

Check validate_resolution(const View &c, const Action &a) {
  const PendingAttack &p = pending(c);
  switch (a.type) {
  case ActionType::Choose: {
    auto opts = choices(c);
    if (opts.empty())
      return refuse(RefusalKind::WrongPhase, "7.5", "no optional result is on offer now");
    if (std::find(opts.begin(), opts.end(), a.option) == opts.end())
      return refuse(RefusalKind::BadChoice, section(p.stage),
                    std::string("the options now are ") + std::string(name(opts[0])) + " or keep");
    return std::nullopt;
  }
  case ActionType::LoseStep: {
    if (p.stage != AttackStage::AttackerLoss)
      return refuse(RefusalKind::WrongPhase, "7.5", "no attacker loss is waiting to be assigned");
    auto alive = attackers_on_map(c);
    if (std::find(alive.begin(), alive.end(), a.unit) == alive.end())
      return refuse(RefusalKind::BadChoice, "7.5",
                    "the loss must fall on one of the attackers still on the map");
    return std::nullopt;
  }
  case ActionType::Retreat: {
    int u = p.stage == AttackStage::DefenderRetreat   ? p.target
            : p.stage == AttackStage::AttackerRetreat ? p.attackers[p.retreat_index]
                                                      : -1;
    if (u < 0) return refuse(RefusalKind::WrongPhase, "7.6", "no unit is waiting to retreat");
    if (a.unit != u)
      return refuse(RefusalKind::BadChoice, "7.6", c.name(u) + " is the unit retreating now");
    auto opts = retreat_hexes(c, u, p.stage == AttackStage::AttackerRetreat);
    if (std::find(opts.begin(), opts.end(), a.to) == opts.end())
      return refuse(RefusalKind::BadChoice, "R18",
                    "a retreat moves exactly one hex, away from " +
                        std::string(p.stage == AttackStage::DefenderRetreat ? "every attacker"
                                                                            : "the defender") +
                        ", into an empty hex free of enemy zones of control");
    return std::nullopt;
  }
  case ActionType::Advance:
  case ActionType::NoAdvance: {
    if (p.stage != AttackStage::Advance)
      return refuse(RefusalKind::WrongPhase, "7.8", "no advance is on offer now");
    auto cands = advance_candidates(c);
    if (a.type == ActionType::NoAdvance) {
      if (p.charge && !cands.empty() && c.def(cands[0]).type == UnitType::HH)
        return refuse(RefusalKind::BadChoice, "7.8",
                      "charging Heavy Horse must advance when it can");
      return std::nullopt;
    }
    if (std::find(cands.begin(), cands.end(), a.unit) == cands.end())
      return refuse(
          RefusalKind::BadChoice, "7.8",
          "that unit cannot advance: it must be an attacker next to the vacated hex, not in Shield "
          "Wall, and not moving uphill into an enemy zone of control (12.1)");
    return std::nullopt;
  }
  default:
    return refuse(RefusalKind::AttackPending, "7.1", "finish resolving the current attack first");
  }
}

void resolution_actions(const View &c, ActionSink &out) {
  const PendingAttack &p = pending(c);
  switch (p.stage) {
  case AttackStage::ChooseAsterisk:
  case AttackStage::ChooseHorsePrimary:
  case AttackStage::ChooseHorseDefender:
    for (Choice ch : choices(c))
      out.add_lazy([&] { return Action{.type = ActionType::Choose, .option = ch}; });
    break;
  case AttackStage::AttackerLoss:
    for (int u : attackers_on_map(c))
      out.add_lazy([&] { return Action{.type = ActionType::LoseStep, .unit = u}; });
    break;
  case AttackStage::DefenderRetreat:
  case AttackStage::AttackerRetreat: {
    bool att = p.stage == AttackStage::AttackerRetreat;
    int u = att ? p.attackers[p.retreat_index] : p.target;
    for (HexId h : retreat_hexes(c, u, att))
      out.add_lazy([&] { return Action{.type = ActionType::Retreat, .unit = u, .to = h}; });
    break;
  }
  case AttackStage::Advance: {
    auto cands = advance_candidates(c);
    for (int u : cands)
      out.add_lazy([&] { return Action{.type = ActionType::Advance, .unit = u}; });
    if (!(p.charge && !cands.empty() && c.def(cands[0]).type == UnitType::HH))
      out.add_lazy([&] { return Action{.type = ActionType::NoAdvance}; });
    break;
  }
  case AttackStage::None:
    break;
  }
}

namespace {

// A unit moved by the result of an attack (7.6 retreat, 7.8 advance): it stands in `to`, the log
// says "R1 retreats 0304 -> 0305", and a special rule of the hex it entered acts. Returns the hex
// it left.
HexId move_after_combat(Ctx &c, int u, HexId to, EventKind kind, const char *section,
                        const char *verb) {
  HexId from = c.s.units[u].hex;
  c.unit(u).hex = to;
  c.say(kind, section, [&] { return c.name(u) + verb + c.hex(from) + " -> " + c.hex(to); }, {u});
  special_on_entry(c, u);
  return from;
}

} // namespace

void apply_resolution(Ctx &c, const Action &a) {
  PendingAttack &p = pending(c);
  switch (a.type) {
  case ActionType::Choose: {
    AttackStage stage = p.stage;
    c.say(EventKind::Choose, section(stage), [&] {
      return a.option == Choice::Keep
                 ? std::string("result kept: ") + std::string(name(p.result))
                 : std::string(name(p.result)) + " taken as " + std::string(name(a.option));
    });
    if (a.option != Choice::Keep) {
      p.result = *parse_result(name(a.option));
      p.converted = true;
    }
    if (stage == AttackStage::ChooseAsterisk)
      after_asterisk_choice(c);
    else if (stage == AttackStage::ChooseHorsePrimary)
      after_primary_choice(c);
    else
      apply_effects(c);
    break;
  }
  case ActionType::LoseStep:
    if (p.loss_eliminates)
      eliminate(c, a.unit, "7.5", "AE");
    else
      lose_step(c, a.unit, "7.5", std::string(name(p.result)));
    if (p.result == CombatResult::EX)
      go_advance(c);
    else
      finish(c);
    break;
  case ActionType::Retreat: {
    HexId from = move_after_combat(c, a.unit, a.to, EventKind::Retreat, "7.6", " retreats ");
    if (c.s.game_over()) return;
    if (p.stage == AttackStage::DefenderRetreat) {
      p.vacated = from;
      go_advance(c);
    } else {
      ++p.retreat_index;
      attacker_retreat_next(c);
    }
    break;
  }
  case ActionType::Advance: {
    move_after_combat(c, a.unit, p.vacated, EventKind::Advance, "7.8", " advances ");
    if (!c.s.game_over()) finish(c);
    break;
  }
  case ActionType::NoAdvance:
    c.say(EventKind::Advance, "7.8", [] { return std::string("no advance"); });
    finish(c);
    break;
  default:
    break;
  }
}

} // namespace sns
