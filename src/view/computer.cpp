// Thinking off the UI thread: suggest() runs on copies, the UI polls for the answer each frame.
#include "computer.hpp"

#include <chrono>

namespace sns::app {

void Thinker::start(const Setup &setup, const GameState &state, Level level, uint64_t seed,
                    uint64_t generation) {
  generation_ = generation;
  // Copies: the search must not read the session's game while the player changes it.
  future_ = std::async(std::launch::async, [setup, state, level, seed] {
    return suggest(setup, state, level, SearchBudget{}, seed);
  });
}

std::optional<Suggestion> Thinker::take(uint64_t generation) {
  if (!future_.valid() || future_.wait_for(std::chrono::seconds(0)) != std::future_status::ready)
    return std::nullopt;
  Suggestion s = future_.get();
  if (generation != generation_) return std::nullopt;
  return s;
}

} // namespace sns::app
