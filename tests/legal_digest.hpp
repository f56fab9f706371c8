// A fingerprint of the legal-action lists met along seeded random games: every list, in order, as
// action JSON. Two engines with the same digest offer the same actions in every position visited.
#pragma once
#include "sns/bots.hpp"
#include "sns/game.hpp"

#include <cstdint>
#include <string>

namespace sns::test {

struct LegalDigest {
  uint64_t hash = 1469598103934665603ull; // FNV-1a 64
  uint64_t positions = 0;
  uint64_t actions = 0;
  void add(const std::string &text) {
    for (unsigned char ch : text)
      hash = (hash ^ ch) * 1099511628211ull;
    hash = (hash ^ 0xFFu) * 1099511628211ull; // separator
  }
};

// `games` seeded random games of the battle, at most `max_steps` actions each.
inline LegalDigest legal_digest(std::shared_ptr<const Battle> battle, int games, int max_steps) {
  LegalDigest d;
  Setup setup;
  setup.battle = battle;
  for (int g = 0; g < games; ++g) {
    GameState s = new_game(setup, 700 + static_cast<uint64_t>(g));
    BotRng rng{static_cast<uint64_t>(g) * 131 + 5};
    for (int step = 0; step < max_steps && !s.game_over(); ++step) {
      std::vector<Action> acts = legal_actions(setup, s);
      ++d.positions;
      d.actions += acts.size();
      for (const Action &a : acts)
        d.add(action_to_json(*battle, a).dump());
      d.add("|");
      if (acts.empty() || apply(setup, s, acts[rng.below(acts.size())])) break;
    }
  }
  return d;
}

} // namespace sns::test
