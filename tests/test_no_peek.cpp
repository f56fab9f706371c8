// No peek, by construction (R22, R23, issue 32 item 3): a computer player's choice depends on
// nothing the player may not know — not on which fresh unit holds which hidden reverse, whether
// the units look alike or not, and not on the real game's dice state (its future rolls).
#include "fixture.hpp"
#include "search_words.hpp"
#include "sns/players.hpp"
#include "sns/ruleset.hpp"

#include <filesystem>
#include <functional>

using namespace sns;
using namespace sns::test;

namespace {

bool same_face(const UnitFace &a, const UnitFace &b) {
  return a.cc == b.cc && a.fire == b.fire && a.crown == b.crown;
}

// The fresh units of one side and type whose reverses R22 hides in `s`.
std::vector<int> hidden_group(const Battle &b, const GameState &s, int side, int type) {
  std::vector<int> out;
  for (size_t u = 0; u < b.units.size(); ++u)
    if (b.units[u].side == side && static_cast<int>(b.units[u].type) == type &&
        reverse_hidden(b, s, static_cast<int>(u)))
      out.push_back(static_cast<int>(u));
  return out;
}

// The battle with the hidden reverses of each pair that `pairs_with` accepts (same side and type,
// reverses that differ) exchanged, each unit at most once; `swapped` counts the exchanges.
std::shared_ptr<const Battle> swap_hidden(const Battle &real, const GameState &s,
                                          const std::function<bool(int, int)> &pairs_with,
                                          int &swapped) {
  auto b = std::make_shared<Battle>(real);
  for (int side = 0; side < 2; ++side)
    for (int t = 0; t < kUnitTypeCount; ++t) {
      std::vector<int> group = hidden_group(real, s, side, t);
      std::vector<uint8_t> used(group.size(), 0);
      for (size_t i = 0; i < group.size(); ++i)
        for (size_t j = i + 1; j < group.size() && !used[i]; ++j) {
          int x = group[i], y = group[j];
          if (used[j] || !pairs_with(x, y) || same_face(*real.units[x].back, *real.units[y].back))
            continue;
          std::swap(b->units[x].back, b->units[y].back);
          used[i] = used[j] = 1;
          ++swapped;
        }
    }
  return b;
}

// Units a player cannot tell apart on the map: the same side, type and printed front.
bool look_alike(const Battle &b, int x, int y) {
  return same_face(b.units[x].front, b.units[y].front);
}

// Positions spread over a whole random game: its start, five points along it and its last
// position before the end.
std::vector<GameState> positions_over_game(const Setup &setup, uint64_t seed) {
  std::vector<GameState> all;
  GameState s = new_game(setup, seed);
  BotRng rng{seed * 977 + 3};
  while (!s.game_over() && all.size() < 3000) {
    all.push_back(s);
    auto acts = legal_actions(setup, s);
    REQUIRE_FALSE(apply(setup, s, acts[rng.below(acts.size())]));
  }
  std::vector<GameState> out;
  for (size_t k = 0; k <= 6; ++k)
    out.push_back(all[(all.size() - 1) * k / 6]);
  return out;
}

struct Answer {
  Action action;
  SuggestionBasis basis;
  std::string reason;
  bool operator==(const Answer &) const = default;
};

Answer answer(const Setup &setup, const GameState &s, Level level) {
  Suggestion a = suggest(setup, s, level, SearchBudget{16, 0}, 91);
  return {a.action, a.basis, search_reason(*setup.battle, a)};
}

constexpr Level kAllLevels[] = {Level::Random, Level::Greedy, Level::Easy,
                                Level::Normal, Level::Hard,   Level::Heuristic};

} // namespace

TEST_CASE("no computer level's choice changes when hidden reverses are swapped between look-alike "
          "units, between units that differ, or when the real dice state changes",
          "[players][no-peek]") {
  for (const std::string &file : shipped_battles()) {
    Setup real = setup_of(load_battle_file(file));
    const Battle &rb = *real.battle;
    int alike_swaps = 0, differ_swaps = 0, positions = 0;
    for (const GameState &s : positions_over_game(real, 11)) {
      if (s.game_over()) continue;
      ++positions;
      Setup alike = setup_of(swap_hidden(
          rb, s, [&](int x, int y) { return look_alike(rb, x, y); }, alike_swaps));
      Setup differ = setup_of(swap_hidden(
          rb, s, [&](int x, int y) { return !look_alike(rb, x, y); }, differ_swaps));
      GameState other_dice = s; // the same position in a game with another seed: other future dice
      other_dice.rng = s.rng * 6364136223846793005ull + 1442695040888963407ull;
      for (Level level : kAllLevels) {
        INFO(file << " turn " << s.turn << " phase " << name(s.phase) << " level " << name(level));
        Answer truth = answer(real, s, level);
        CHECK(answer(alike, s, level) == truth);
        CHECK(answer(differ, s, level) == truth);
        CHECK(answer(real, other_dice, level) == truth);
      }
    }
    INFO(file);
    CHECK(positions >= 5);
    if (rb.rules().has(Feature::UnitFaces))  // D3 Medieval units have no reverse to hide
      CHECK(alike_swaps + differ_swaps > 0); // some swap really changed a hidden reverse
  }
}

TEST_CASE("a suggestion does not read the real game's dice: a greedy player facing a roll that the "
          "real generator would make a six chooses as it does when it would be a one",
          "[players][no-peek]") {
  // Every position of a short random game of The Standard with two dice states apart: the greedy
  // player's one-ply judgement (which applies actions that roll) must not move with them.
  Setup real = setup_of(load_battle_file(source_path("battles/the-standard-1138.json")));
  GameState s = new_game(real, 5);
  BotRng rng{8};
  int compared = 0;
  for (int step = 0; step < 80 && !s.game_over(); ++step) {
    GameState later = s;
    later.rng ^= 0x5555555555555555ull;
    INFO("step " << step);
    CHECK(suggest(real, s, Level::Greedy, {8, 0}, 3).action ==
          suggest(real, later, Level::Greedy, {8, 0}, 3).action);
    ++compared;
    auto acts = legal_actions(real, s);
    REQUIRE_FALSE(apply(real, s, acts[rng.below(acts.size())]));
  }
  CHECK(compared > 20);
}
