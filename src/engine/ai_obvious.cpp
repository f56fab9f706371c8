// Never miss the obvious (issue 32 item 4; 13.0, R22, R23): a win one action gives, and a threat of
// loss at the enemy's next chance, judged in a guessed world whatever the die shows.
#include "sns/players.hpp"

namespace sns {

namespace {

// Applies `a` to a copy of `s` once per face of the battle's die, the first roll forced to that
// face (R23's forced dice, in the guessed world only), and asks `holds` of every result; false as
// soon as one face is refused or fails it. An action that rolls nothing gives the same result on
// every face, so the first face decides it.
template <class Holds>
bool on_every_face(const Setup &world, const GameState &s, const Action &a, Holds holds) {
  Setup faced;
  faced.battle = world.battle;
  faced.tables = world.tables;
  faced.options = world.options;
  int faces = die_faces(*world.battle);
  for (int f = 0; f < faces; ++f) {
    faced.forced_dice = {f + 1};
    GameState next = s;
    next.forced_used = 0;
    if (apply(faced, next, a) || !holds(next)) return false;
    if (next.rolls == s.rolls) return true; // no die rolled: every face alike
  }
  return true;
}

bool won_by(const GameState &s, int side) { return s.game_over() && s.winner == side; }

} // namespace

bool wins_surely(const Setup &world, const GameState &s, const Action &a, int side) {
  return on_every_face(world, s, a, [side](const GameState &next) { return won_by(next, side); });
}

bool open_to_loss(const Setup &world, const GameState &s, int side) {
  int enemy = 1 - side;
  if (s.game_over()) return s.winner == enemy;
  if (side_to_act(world, s) == enemy)
    for (const Action &reply : legal_actions(world, s))
      if (wins_surely(world, s, reply, enemy)) return true;
  return objective_hexes_in_reach(*world.battle, s, enemy) > 0;
}

bool closes_every_threat(const Setup &world, const GameState &s, const Action &a, int side) {
  return on_every_face(world, s, a,
                       [&](const GameState &next) { return !open_to_loss(world, next, side); });
}

} // namespace sns
