// The search on several threads (SearchBudget::threads, docs/ai.md "On several cores"): with an
// iteration budget the answer is the same whatever the number of threads, and a stop ends every
// thread at once.
#include "fixture.hpp"
#include "sns/players.hpp"

#include <atomic>
#include <chrono>
#include <future>

using namespace sns;
using namespace sns::test;

namespace {

Setup setup_of(const std::string &battle) {
  Setup s;
  s.battle = load_battle_file(source_path("battles/" + battle));
  return s;
}

// Positions of one random game: its start and every `step`-th position after it, `count` in all.
std::vector<GameState> positions_of(const Setup &setup, uint64_t seed, size_t step, size_t count) {
  std::vector<GameState> out;
  GameState s = new_game(setup, seed);
  Player mover(Level::Random, {}, seed * 31 + 7);
  for (size_t n = 0; out.size() < count && !s.game_over(); ++n) {
    if (n % step == 0) out.push_back(s);
    REQUIRE_FALSE(apply(setup, s, mover.choose(setup, s).action));
  }
  return out;
}

Suggestion search(const Setup &setup, const GameState &s, Level level, uint64_t iterations,
                  unsigned threads, uint64_t seed) {
  SearchBudget budget;
  budget.iterations = iterations;
  budget.threads = threads;
  return suggest(setup, s, level, budget, seed);
}

} // namespace

TEST_CASE("the search gives the same answer and account on 1, 2 and 3 threads for a fixed seed "
          "and iteration budget",
          "[players][threads]") {
  struct Case {
    std::string battle;
    Level level;
    uint64_t iterations;
  };
  const Case cases[] = {{"first-clash.json", Level::Hard, 96},
                        {"morlaix-1342.json", Level::Hard, 64},
                        {"the-standard-1138.json", Level::Normal, 64},
                        {"morlaix-1342-d3.json", Level::Hard, 48},
                        {"grunwald-1410.json", Level::Hard, 24}};
  size_t searched = 0;
  for (const Case &c : cases) {
    const Setup setup = setup_of(c.battle);
    for (const GameState &s : positions_of(setup, 5, 9, 3)) {
      if (legal_actions(setup, s).size() < 2) continue;
      for (uint64_t seed : {uint64_t{3}, uint64_t{12}}) {
        INFO(c.battle << " at turn " << s.turn << ", seed " << seed);
        Suggestion one = search(setup, s, c.level, c.iterations, 1, seed);
        for (unsigned threads : {2u, 3u}) {
          INFO(threads << " threads");
          Suggestion many = search(setup, s, c.level, c.iterations, threads, seed);
          CHECK(many.action == one.action);
          CHECK(many.basis == one.basis);
          CHECK(many.account == one.account); // the same means, errors and playouts, bit for bit
          CHECK(many.iterations == one.iterations);
          CHECK(many.value == one.value);
        }
        if (one.basis == SuggestionBasis::Search) ++searched;
      }
    }
  }
  CHECK(searched >= 8); // the cases above really searched, not only took obvious actions
}

TEST_CASE("a budget smaller than one round, and one that ends mid-round, play exactly that many "
          "playouts on 2 threads",
          "[players][threads]") {
  const Setup clash = setup_of("first-clash.json");
  const GameState start = first_searched_position(clash, 3);
  for (uint64_t iterations : {uint64_t{1}, uint64_t{5}, uint64_t{37}}) {
    INFO(iterations << " playouts");
    Suggestion one = search(clash, start, Level::Hard, iterations, 1, 4);
    Suggestion two = search(clash, start, Level::Hard, iterations, 2, 4);
    CHECK(one.iterations == iterations);
    CHECK(two.iterations == iterations);
    CHECK(two.account == one.account);
  }
}

TEST_CASE("a hard search on Grunwald on 2 threads stops every thread at once",
          "[players][threads]") {
  const Setup grunwald = setup_of("grunwald-1410.json");
  const GameState start = first_searched_position(grunwald, 3);
  std::atomic<bool> stop{false};
  SearchBudget budget;
  budget.iterations = 1'000'000'000; // hours of playouts
  budget.threads = 2;
  budget.stop = &stop;
  auto searching = std::async(std::launch::async,
                              [&] { return suggest(grunwald, start, Level::Hard, budget, 11); });
  REQUIRE(searching.wait_for(std::chrono::milliseconds(300)) == std::future_status::timeout);
  const auto stopped_at = std::chrono::steady_clock::now();
  stop = true;
  REQUIRE(searching.wait_for(std::chrono::seconds(10)) == std::future_status::ready);
  double took =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - stopped_at).count();
  CHECK(took < 2.0); // a playout per thread at most, not the budget
  const Suggestion s = searching.get();
  CHECK(s.iterations < budget.iterations);
  auto legal = legal_actions(grunwald, start);
  CHECK(std::find(legal.begin(), legal.end(), s.action) != legal.end());
}
