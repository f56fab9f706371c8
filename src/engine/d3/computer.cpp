// What the computer players ask of D3 Medieval (D4, D10 - D13): a position as if a side had its
// shooting or melee phase, the hex a move enters, and what hits and disorder wear off a unit.
#include "d3.hpp"

#include <algorithm>

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

} // namespace sns::d3
