// S&S II's part of the state's consistency (Stockfish's pos_is_ok; 2.2, 3.0, 4.0, 5.1, 7.5
// - 7.8, 8.0, 13.0): what must hold between any two actions, whoever made the state.
#include "d3/d3.hpp"
#include "ssii.hpp"

#include <bit>

namespace sns {

namespace {

struct Breach {
  std::string *why;
  bool operator()(const std::string &text) const {
    if (why) *why = text;
    return false;
  }
};

bool units_consistent(const View &c, const Breach &fail) {
  const Battle &b = c.b;
  std::vector<int> at(static_cast<size_t>(b.hex_count()), -1);
  for (size_t u = 0; u < c.s.units.size(); ++u) {
    const UnitState &us = c.s.units[u];
    const UnitDef &d = b.units[u];
    if (us.steps > d.max_steps()) return fail(d.id + " has more steps than its counter (2.2)");
    if (us.steps == 0 && (us.hex != kOffMap || us.suppressed || us.shield_wall || us.away))
      return fail(d.id + " is eliminated but still on the map or marked");
    if (us.away && us.hex != kOffMap) return fail(d.id + " is away but on the map");
    if (us.hex == kOffMap) continue;
    if (us.hex < 0 || us.hex >= b.hex_count()) return fail(d.id + " stands outside the map");
    if (b.terrain_impassable(us.hex)) return fail(d.id + " stands in impassable terrain (R9)");
    if (at[us.hex] >= 0)
      return fail(d.id + " and " + b.units[at[us.hex]].id + " share " + b.label(us.hex) + " (5.1)");
    at[us.hex] = static_cast<int>(u);
    if (us.shield_wall && !shield_wall_eligible(c, static_cast<int>(u)))
      return fail(d.id + " is in Shield Wall but cannot form it (8.0)");
    if (us.acted && d.side != c.s.active) return fail(d.id + " acted out of its side's turn");
    if (us.targeted && d.side == c.s.active) return fail(d.id + " was attacked by its own side");
  }
  return true;
}

bool orders_consistent(const View &c, const Breach &fail) {
  for (size_t w = 0; w < c.b.wings.size(); ++w) {
    CommandSet o = c.s.ssii().orders[w];
    const std::string &id = c.b.wings[w].id;
    if (o >> kCommandCount) return fail("wing " + id + " holds an unknown command");
    if (o && c.b.wings[w].side != c.s.active) return fail("wing " + id + " holds orders off-turn");
    if (o && c.s.phase == Phase::Command)
      return fail("wing " + id + " holds orders before the Command Phase ends (4.0)");
    if (has(o, Command::Bonus) && std::popcount(o) != 2)
      return fail("wing " + id + " holds Bonus without exactly one other command (4.3)");
    uint8_t mode = c.s.ssii().combat_mode[w];
    if (mode > static_cast<uint8_t>(CombatMode::Pitched))
      return fail("wing " + id + " has an unknown combat mode");
    if (mode && !(has(o, Command::Combat) && has(o, Command::Bonus)))
      return fail("wing " + id + " chose a combat mode without Bonus + Combat (7.7)");
  }
  Phase p = c.s.phase;
  bool action_phase = p != Phase::Command && p != Phase::VictoryCheck && p != Phase::Initiative &&
                      p != Phase::GameOver;
  bool deciding = p == Phase::Combat && first_undecided_combat_wing(c) >= 0;
  if (action_phase && !deciding) {
    bool someone = false;
    for (size_t w = 0; w < c.b.wings.size(); ++w)
      someone =
          someone || (c.b.wings[w].side == c.s.active && wing_acts_in(c, static_cast<int>(w), p));
    if (!someone)
      return fail(std::string("the ") + std::string(name(p)) +
                  " phase is under way but no wing holds its command (R1)");
  }
  return true;
}

bool attack_consistent(const View &c, const Breach &fail) {
  const PendingAttack &a = c.s.ssii().attack;
  if (a.stage == AttackStage::None) {
    if (!(a == PendingAttack{})) return fail("a finished attack left its details behind");
    return true;
  }
  if (!is_attack_phase(c.s.phase)) return fail("an attack is pending outside an attack phase");
  const int units = static_cast<int>(c.s.units.size());
  if (a.target < 0 || a.target >= units || c.b.units[a.target].side == c.s.active)
    return fail("the pending attack's target is not an enemy unit");
  if (a.attacker_count == 0 || a.attacker_count > kMaxAttackers)
    return fail("the pending attack has no attackers or too many");
  bool primary_found = false;
  for (int i = 0; i < a.attacker_count; ++i) {
    int u = a.attackers[i];
    if (u < 0 || u >= units || c.b.units[u].side != c.s.active)
      return fail("a pending attacker is not a unit of the side to act");
    for (int j = 0; j < i; ++j)
      if (a.attackers[j] == u) return fail("a pending attacker is listed twice");
    primary_found = primary_found || u == a.primary;
  }
  if (!primary_found) return fail("the pending attack's Primary is not one of its attackers");
  if (a.retreat_index > a.attacker_count) return fail("the retreat index runs past the attackers");
  switch (a.stage) {
  case AttackStage::DefenderRetreat:
    if (!on_map(c.s, a.target)) return fail("the retreating defender is not on the map");
    break;
  case AttackStage::AttackerRetreat:
    if (a.retreat_index >= a.attacker_count || !on_map(c.s, a.attackers[a.retreat_index]))
      return fail("the retreating attacker is not on the map");
    break;
  case AttackStage::Advance:
    if (a.vacated == kOffMap) return fail("an advance is offered into no hex (7.8)");
    for (const UnitState &us : c.s.units)
      if (us.hex == a.vacated) return fail("an advance is offered into an occupied hex (7.8)");
    break;
  default:
    break;
  }
  return true;
}

} // namespace

namespace ssii {

// pos_is_ok for S&S II: the state's own block, the units, the orders and the pending attack.
bool state_consistent(const View &c, std::string *why) {
  Breach fail{why};
  const Battle &b = c.b;
  const GameState &s = c.s;
  const SsiiState *own = s.if_ssii();
  if (!own) return fail("the state is not an S&S II state");
  if (s.units.size() != b.units.size() || own->orders.size() != b.wings.size() ||
      own->combat_mode.size() != b.wings.size())
    return fail("the state does not match the battle's units and wings");
  if (s.active > 1 || own->initiative > 1)
    return fail("the side to act or the Initiative is no side");
  if (s.turn < 1) return fail("the Player Turn is below 1 (R26)");
  if (s.phase > Phase::GameOver) return fail("the phase is unknown");
  if ((s.winner >= 0) != s.game_over() || s.winner < -1 || s.winner > kDraw)
    return fail("the winner and the end of the game disagree (13.0)");
  if (s.vp[0] < 0 || s.vp[1] < 0) return fail("a side's VP are negative");
  return units_consistent(c, fail) && orders_consistent(c, fail) && attack_consistent(c, fail);
}

} // namespace ssii

} // namespace sns
