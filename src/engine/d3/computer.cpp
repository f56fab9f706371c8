// What the computer players ask of D3 Medieval (D4, D5, D10 - D13): a position as if a side had
// its shooting or melee phase, the hex a move enters, what hits and disorder wear off a unit, and
// the hits its fights in contact, and the charges that will likely join them, still hold for it.
#include "d3.hpp"

#include <algorithm>
#include <array>
#include <limits>
#include <vector>

namespace sns::d3 {

bool as_if_attacking(const Battle &b, GameState &h, const Action &a) {
  if (a.type != ActionType::Shoot && a.type != ActionType::Melee) return false;
  if (a.unit < 0 || a.unit >= static_cast<int>(b.units.size())) return false;
  // Its shooting or melee phase, and nobody has moved, shot or fought yet.
  h.active = static_cast<uint8_t>(b.units[a.unit].side);
  h.phase = a.type == ActionType::Shoot ? Phase::Shooting : Phase::Melee;
  h.winner = -1;
  for (UnitState &u : h.units)
    u.acted = false;
  for (D3Unit &d : h.d3().units)
    d.moved = d.charged = false;
  return true;
}

HexId entered_hex(const GameState &, const Action &a) {
  return a.type == ActionType::Move || a.type == ActionType::Retreat ? a.to : kOffMap;
}

void wear(const GameState &s, int unit, double worth, double &material) {
  const D3Unit &d = s.d3().units[static_cast<size_t>(unit)];
  material -= worth * std::min(9, static_cast<int>(d.hits)) / 9.0; // more than 8 remove it (D13)
  if (d.disordered) material -= 0.1 * worth;                       // D12
}

void fights_ahead(const View &c, std::span<double> ahead) {
  std::fill(ahead.begin(), ahead.end(), 0.0);
  const int n = static_cast<int>(c.s.units.size());
  Board board(c);
  // Per game turn, each unit in contact fights one enemy in its melee phase (D11): its mean hits
  // (D12) are shared among the enemies it may fight.
  thread_local std::vector<double> rate;
  thread_local std::vector<std::array<int8_t, 6>> foes; // who fights each unit, -1 for none
  rate.assign(static_cast<size_t>(n), 0.0);
  foes.assign(static_cast<size_t>(n), {-1, -1, -1, -1, -1, -1});
  for (int t = 0; t < n; ++t) {
    if (!alive(c.s, t)) continue;
    std::array<std::pair<int, double>, 6> targets;
    int count = 0;
    for (int d = 0; d < 6; ++d) {
      int u = enemy_in_contact(c, board, t, d);
      if (u < 0) continue;
      double mean = mean_melee_hits(c, board, t, u);
      if (mean >= 0) targets[static_cast<size_t>(count++)] = {u, mean};
    }
    for (int k = 0; k < count; ++k) {
      auto [u, mean] = targets[static_cast<size_t>(k)];
      rate[static_cast<size_t>(u)] += mean / count;
      for (int8_t &f : foes[static_cast<size_t>(u)])
        if (f < 0) {
          f = static_cast<int8_t>(t);
          break;
        }
    }
  }
  // A unit free to charge an enemy that its side already fights (D7) will likely join that fight
  // next turn, at a flank or rear if the enemy's front is held (D8, D12): counted at half weight,
  // since its activation may fail or go elsewhere (D5). So a unit moves up to help a friend held in
  // a fight it is losing, or to take the flank of an enemy a friend pins, a turn before it can.
  auto fought = [&](int e) { return foes[static_cast<size_t>(e)][0] >= 0; };
  auto may_join = [&](int f) { // cheap tests first: most evaluations hold no fight in reach
    const HexId at = c.s.units[static_cast<size_t>(f)].hex;
    if (!alive(c.s, f) || at < 0 || c.s.d3().units[static_cast<size_t>(f)].disordered) return false;
    const int reach = info(c.def(f).type).road_move + 1;
    bool near = false;
    for (int e = 0; e < n && !near; ++e)
      near = fought(e) && c.def(e).side != c.def(f).side &&
             c.b.distance(at, c.s.units[static_cast<size_t>(e)].hex) <= reach;
    return near && !in_contact(c, board, f);
  };
  for (int f = 0; f < n; ++f) {
    if (!may_join(f)) continue;
    std::array<Charge, 6> charges;
    const int k = charges_from_here(c, board, f, charges);
    double best = 0;
    int on = -1;
    for (const Charge &ch : std::span(charges).first(static_cast<size_t>(k))) {
      if (!fought(ch.target)) continue; // nobody of ours fights it
      const double mean = mean_charge_hits(c, board, f, ch.target, ch.stop);
      if (mean > best) best = mean, on = ch.target;
    }
    if (on >= 0) rate[static_cast<size_t>(on)] += kJoiningWeight * best;
  }
  auto left_in = [&](int u) { // hits before elimination (D13)
    return static_cast<double>(kMaxHits + 1 - c.s.d3().units[static_cast<size_t>(u)].hits);
  };
  const double turns_left =
      c.b.last_turn > 0 ? std::max(1, c.b.last_turn - c.s.turn + 1) : kOutlookTurns;
  for (int u = 0; u < n; ++u) {
    if (rate[static_cast<size_t>(u)] <= 0) continue;
    // A unit in contact is not activated (D5), so the fight lasts until the last of its enemies
    // falls or the battle ends.
    double lasts = 0;
    for (int8_t f : foes[static_cast<size_t>(u)]) {
      if (f < 0) break;
      double r = rate[static_cast<size_t>(f)];
      lasts = std::max(lasts, r > 0 ? left_in(f) / r : std::numeric_limits<double>::infinity());
    }
    double turns = std::min({turns_left, lasts, kOutlookTurns});
    ahead[static_cast<size_t>(u)] =
        std::min(left_in(u), rate[static_cast<size_t>(u)] * turns) / (kMaxHits + 1);
  }
}

} // namespace sns::d3
