// Computer seats in the app (issue 15): the search runs off the UI thread, so the window stays
// responsive, and its answer is kept only if the game has not changed meanwhile.
#pragma once
#include "sns/players.hpp"

#include <future>
#include <optional>

namespace sns::app {

class Thinker {
public:
  // Starts searching a copy of the position; `generation` names the game position it is for.
  void start(const Setup &setup, const GameState &state, Level level, uint64_t seed,
             uint64_t generation);
  bool busy() const { return future_.valid(); }
  // The answer, once ready, if it is for this generation (an answer for an older one is dropped).
  std::optional<Suggestion> take(uint64_t generation);

private:
  std::future<Suggestion> future_;
  uint64_t generation_ = 0;
};

} // namespace sns::app
