// Bots and playouts over the engine: a uniform random bot, whole random games, and their
// statistics.
#pragma once
#include "sns/rules.hpp"

#include <cstdint>

namespace sns {

// A small deterministic generator for bots (independent of the game's dice).
struct BotRng {
  uint64_t state;
  uint64_t next();
  size_t below(size_t n) { return static_cast<size_t>(next() % n); }
};

struct PlayoutResult {
  int winner = -1; // 0, 1, 2 (draw) or -1 if cut off
  int turns = 0;
  size_t actions = 0;
  size_t legal_generations = 0;
};

// Plays random legal actions for both sides until the game ends or max_actions is reached.
PlayoutResult random_playout(const Setup &setup, GameState &state, BotRng &rng,
                             size_t max_actions = 100000);

} // namespace sns
