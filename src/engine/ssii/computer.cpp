// What the computer players ask of Shields & Swords II (13.0, 7.0, 9.0): a position as if a side
// had the phase for an attack or a fire, and the hex a move, retreat or advance (7.8) enters.
#include "ssii.hpp"

namespace sns::ssii {

bool as_if_attacking(const Battle &b, GameState &h, const Action &a) {
  const bool attack = a.type == ActionType::Attack;
  if (!attack && a.type != ActionType::Fire) return false;
  const int actor = attack ? (a.attackers.empty() ? -1 : a.attackers[0]) : a.unit;
  if (actor < 0 || actor >= static_cast<int>(b.units.size())) return false;
  const int side = b.units[actor].side;
  const Command command = attack ? Command::Combat : Command::Fire;
  h.active = static_cast<uint8_t>(side);
  h.phase = attack ? Phase::Combat : Phase::Fire;
  h.winner = -1;
  SsiiState &own = h.ssii();
  own.attack = PendingAttack{};
  for (size_t w = 0; w < b.wings.size(); ++w) { // only its own side's wings hold that command
    own.orders[w] = b.wings[w].side == side ? bit(command) : 0;
    own.combat_mode[w] = 0;
  }
  for (UnitState &u : h.units)
    u.acted = u.targeted = false;
  return true;
}

HexId entered_hex(const GameState &s, const Action &a) {
  if (a.type == ActionType::Move || a.type == ActionType::Retreat) return a.to;
  if (a.type == ActionType::Advance) return s.ssii().attack.vacated; // 7.8
  return kOffMap;
}

void game_over(GameState &s) { s.ssii().attack = PendingAttack{}; } // 7.0: no attack stays open

} // namespace sns::ssii
