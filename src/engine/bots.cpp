// Random bots and playouts (for the CLI's play and bench, and the random-game tests).
#include "sns/bots.hpp"

#include <stdexcept>

namespace sns {

uint64_t BotRng::next() {
  uint64_t z = (state += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

PlayoutResult random_playout(const Setup &setup, GameState &state, BotRng &rng,
                             size_t max_actions) {
  PlayoutResult r;
  while (!state.game_over() && r.actions < max_actions) {
    // The same choice as picking from legal_actions' list, without building the list.
    size_t n = legal_count(setup, state);
    ++r.legal_generations;
    if (n == 0) throw std::logic_error("no legal action in a game that is not over");
    const Action a = legal_action_at(setup, state, rng.below(n));
    if (auto refusal = apply(setup, state, a))
      throw std::logic_error("engine refused its own legal action: " + refusal->rule + " " +
                             refusal->reason);
    ++r.actions;
  }
  r.winner = state.winner;
  r.turns = state.turn;
  return r;
}

} // namespace sns
