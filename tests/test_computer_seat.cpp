// The computer seat's search (src/view/computer.hpp, SearchBudget::stop): a search is stopped at
// once when its position is left, an answer for a position left is never applied, and the
// executor tests replace runs searches only when the test says (no test sleeps).
#include "session_fixture.hpp"
#include "sns/players.hpp"

#include <atomic>
#include <chrono>
#include <future>

using namespace sns;
using namespace sns::test;
using namespace sns::app;

namespace {

Setup setup_of(const std::string &battle) {
  Setup s;
  s.battle = load_battle_file(source_path("battles/" + battle));
  return s;
}

double seconds_since(std::chrono::steady_clock::time_point t) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t).count();
}

} // namespace

TEST_CASE("a hard search on Grunwald with a huge budget returns promptly once stopped",
          "[players]") {
  const Setup grunwald = setup_of("grunwald-1410.json");
  const GameState start = first_searched_position(grunwald, 3); // a real search
  std::atomic<bool> stop{false};
  SearchBudget budget;
  budget.iterations = 1'000'000'000; // hours of playouts
  budget.stop = &stop;
  auto search = std::async(std::launch::async,
                           [&] { return suggest(grunwald, start, Level::Hard, budget, 11); });
  // Still searching a moment later: the budget alone would keep it going.
  REQUIRE(search.wait_for(std::chrono::milliseconds(300)) == std::future_status::timeout);
  const auto stopped_at = std::chrono::steady_clock::now();
  stop = true;
  REQUIRE(search.wait_for(std::chrono::seconds(10)) == std::future_status::ready);
  CHECK(seconds_since(stopped_at) < 2.0); // one playout at most, not the budget
  const Suggestion s = search.get();
  CHECK(s.iterations < budget.iterations);
  auto legal = legal_actions(grunwald, start);
  CHECK(std::find(legal.begin(), legal.end(), s.action) != legal.end());
}

TEST_CASE("a search stopped before it starts plays no playout", "[players]") {
  const Setup clash = setup_of("first-clash.json");
  const GameState start = first_searched_position(clash, 3);
  std::atomic<bool> stop{true};
  SearchBudget budget;
  budget.stop = &stop;
  CHECK(suggest(clash, start, Level::Hard, budget, 11).iterations == 0);
  budget.stop = nullptr; // and the same search unstopped plays its whole budget
  budget.iterations = 40;
  CHECK(suggest(clash, start, Level::Hard, budget, 11).iterations == 40);
}

TEST_CASE("a thinker's answer is kept only for the position it was asked for and if not stopped") {
  const Setup clash = setup_of("first-clash.json");
  const GameState start = new_game(clash, 3);
  ManualExecutor searches;
  Thinker thinker(searches);
  thinker.start(clash, start, Level::Easy, 1, 5);
  CHECK(searches.pending() == 1);
  CHECK(thinker.busy());
  CHECK_FALSE(thinker.take(5)); // not run yet
  REQUIRE(searches.run_pending() == 1);
  CHECK_FALSE(thinker.take(6)); // an answer for position 5, the game is at 6: dropped
  CHECK_FALSE(thinker.busy());

  thinker.start(clash, start, Level::Easy, 1, 6);
  thinker.stop(); // the position was left before the search ran
  searches.run_pending();
  CHECK_FALSE(thinker.take(6)); // dropped, even though the generation matches

  thinker.start(clash, start, Level::Easy, 1, 7);
  searches.run_pending();
  auto answer = thinker.take(7);
  REQUIRE(answer);
  auto legal = legal_actions(clash, start);
  CHECK(std::find(legal.begin(), legal.end(), answer->action) != legal.end());
}

TEST_CASE("session: the computer's answer for a position left by undo is never applied") {
  Folder data("left-position");
  TestSession s(data.path.string());
  s.file().new_game(first_clash(), Options{.practice = true}, 7);
  s.seat().set_computer(0, Level::Easy); // the Royal Army; the Rebel Host (human) moves first
  s.seat().set_pace(0);
  REQUIRE(s.play(parse(s, kHostMoves)));
  REQUIRE(s.play(parse(s, {{"type", "end_phase"}})));
  REQUIRE(s.seat().computer_to_act());
  const size_t human_actions = s.game().actions().size();
  s.tick(1.0); // its search is asked for, and waits in the executor
  REQUIRE(s.searches().pending() == 1);
  CHECK(s.seat().thinking());
  s.undo(); // the human takes back the end of the phase: the position searched is left
  REQUIRE(s.game().actions().size() == human_actions - 1);
  REQUIRE_FALSE(s.seat().computer_to_act());
  s.searches().run_pending(); // the search runs now, stopped
  for (int i = 0; i < 5; ++i)
    s.tick(2.0 + i);
  CHECK(s.game().actions().size() == human_actions - 1); // nothing was played for the computer
  CHECK_FALSE(s.seat().computer_last());
  CHECK(s.searches().pending() == 0); // and no new search: the human is to act

  // The same position again (the human ends the phase once more): the old answer is still not
  // the one played; a new search is asked for and its answer played.
  REQUIRE(s.play(parse(s, {{"type", "end_phase"}})));
  REQUIRE(s.seat().computer_to_act());
  s.tick(10.0);
  CHECK(s.searches().pending() == 1);
  double now = 10.0;
  REQUIRE(let_computer_play(s, now));
  CHECK(s.game().actions().size() > human_actions);
}

TEST_CASE("session: a new game stops the computer's search for the game it replaces") {
  Folder data("left-by-new-game");
  TestSession s(data.path.string());
  s.file().new_game(first_clash(), Options{}, 7);
  s.seat().set_computer(1, Level::Easy); // the Rebel Host acts first: the computer is to act
  s.tick(1.0);
  REQUIRE(s.searches().pending() == 1);
  s.file().new_game(first_clash(), Options{}, 8); // human seats both sides
  s.searches().run_pending();
  s.tick(2.0);
  s.tick(3.0);
  CHECK(s.game().actions().empty()); // the answer for the game left is not played in this one
  CHECK_FALSE(s.seat().computer_last());
}
