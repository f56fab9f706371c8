// The app session (src/view/session.hpp): every flow a player can take, without a window: new game,
// lessons judged through their run, practice take-backs and branches, undo/redo, save, load,
// continue, bad files.
#include "search_words.hpp"
#include "session_fixture.hpp"
#include "words.hpp"

#include <filesystem>
#include <fstream>

using namespace sns;
using namespace sns::test;
using namespace sns::app;
namespace fs = std::filesystem;
using json = nlohmann::json;

namespace {

// Plays first-clash with the Royal attack of the e2e script: Rebel marches, Royal Pitched Combat.
void play_to_first_attack(Session &s) {
  REQUIRE(s.play(parse(s, {{"type", "command"},
                           {"orders", {{{"wing", "host"}, {"commands", {"move", "bonus"}}}}}})));
  const char *moves[][2] = {{"B2", "0907"}, {"B6", "0905"}, {"B7", "0805"}, {"B1", "0803"},
                            {"B3", "0902"}, {"B5", "0706"}, {"B4", "0704"}, {"B2", "0605"},
                            {"B6", "0603"}, {"B3", "0702"}, {"B7", "0506"}, {"B1", "0604"},
                            {"B4", "0703"}, {"B5", "0507"}};
  for (auto &m : moves)
    REQUIRE(s.play(parse(s, {{"type", "move"}, {"unit", m[0]}, {"to", m[1]}})));
  REQUIRE(
      s.play(parse(s, {{"type", "command"},
                       {"orders", {{{"wing", "household"}, {"commands", {"combat", "bonus"}}}}}})));
  REQUIRE(s.play(parse(s, {{"type", "combat_mode"}, {"mode", "pitched"}})));
  REQUIRE(s.play(parse(
      s, {{"type", "attack"}, {"target", "B1"}, {"attackers", {"R1", "R7"}}, {"primary", "R1"}})));
}

} // namespace

TEST_CASE("session: a new game is shown, autosaved, and asks for a name before its first save") {
  Folder data("new");
  TestSession s(data.path.string());
  CHECK_FALSE(s.has_game());
  s.file().new_game(load_battle_file(source_path("battles/first-clash.json")), Options{}, 7);
  CHECK(s.mode() == Mode::Play);
  CHECK(fs::exists(s.file().autosave_path()));
  CHECK(s.file().save_path().empty());
  CHECK(s.file().save() == Session::Saved::NeedsName);
  CHECK(s.play(parse(s, kHostMoves)));
  CHECK(Game::load(s.file().autosave_path()).actions().size() == 1);
}

TEST_CASE("session: a lesson advances only on the asked action and says why otherwise") {
  Folder data("lesson");
  TestSession s(data.path.string());
  REQUIRE(s.lessons().start(0));
  CHECK(s.mode() == Mode::Lesson);
  REQUIRE(s.lessons().next_step());
  REQUIRE(s.lessons().next_step());
  REQUIRE(s.lessons().run()->step_index() == 2); // the command step
  // Legal in the game, but not what the lesson asks: refused with the nudge.
  CHECK_FALSE(s.play(parse(s, kHostCombat)));
  CHECK(s.message().find("this lesson asks you to") != std::string::npos);
  CHECK(s.lessons().run()->step_index() == 2);
  CHECK(s.game().actions().empty());
  // Illegal: refused with the rule that refuses it.
  CHECK_FALSE(s.play(
      parse(s, {{"type", "command"}, {"orders", {{{"wing", "host"}, {"commands", {"bonus"}}}}}})));
  CHECK(s.message().rfind("4.", 0) == 0);
  // The asked action advances the step.
  CHECK(s.play(parse(s, kHostMoves)));
  CHECK(s.lessons().run()->step_index() == 3);
}

TEST_CASE("session: H in a lesson says the step is the hint, and what it asks; no search starts") {
  Folder data("lesson-hint");
  TestSession s(data.path.string());
  REQUIRE(s.lessons().start(0));
  s.seat().ask_hint(); // the first step is read, not played
  CHECK(s.message() == "In a lesson the step is your hint: read it, then press Next.");
  REQUIRE(s.lessons().next_step());
  REQUIRE(s.lessons().next_step());
  s.seat().ask_hint();
  CHECK(s.message() == "In a lesson the step is your hint: " +
                           advice_words(s.game().battle(), *s.lessons().run()->next_expected()) +
                           ".");
  CHECK(s.message().find("command Rebel Host: Move") != std::string::npos);
  CHECK_FALSE(s.seat().hint_pending());
  CHECK_FALSE(s.seat().hint());
}

TEST_CASE("session: a finished lesson is remembered; a lesson never writes the game's files") {
  Folder data("lesson-files");
  TestSession s(data.path.string());
  s.file().new_game(load_battle_file(source_path("battles/first-clash.json")), Options{}, 7);
  REQUIRE(s.play(parse(s, kHostMoves)));
  std::string autosave_before = read_text(s.file().autosave_path());
  REQUIRE(s.lessons().start(0));
  while (!s.lessons().run()->finished()) {
    if (auto asked = s.lessons().run()->next_expected())
      REQUIRE(s.play(*asked));
    else
      REQUIRE(s.lessons().next_step());
  }
  CHECK(s.lessons().completed().count("01-sequence") == 1);
  CHECK(read_text(data.file("tutorial-progress.json")).find("01-sequence") != std::string::npos);
  CHECK(read_text(s.file().autosave_path()) == autosave_before);
  CHECK(s.file().save() == Session::Saved::No);
  CHECK(s.file().save_as(data.file("lesson.json")) == Session::Saved::No);
  CHECK_FALSE(fs::exists(data.file("lesson.json")));
  // A new session remembers the finished lesson, and can go back to the game.
  TestSession again(data.path.string());
  CHECK(again.lessons().completed().count("01-sequence") == 1);
  REQUIRE(again.file().continue_autosave());
  CHECK(again.game().actions().size() == 1);
}

TEST_CASE("session: a practice take-back past a roll rolls again, and the save replays exactly") {
  Folder data("practice");
  TestSession s(data.path.string());
  s.seed_fresh_dice(99);
  s.file().new_game(load_battle_file(source_path("battles/first-clash.json")),
                    Options{.practice = true}, 7);
  play_to_first_attack(s);
  REQUIRE(s.game().last_action_rolled());
  int first_roll = s.game().dice().back().at(0);
  CHECK(s.take_roll() == std::vector<int>{first_roll});
  Action attack = s.game().actions().back();
  s.undo();
  CHECK(s.message().find("Taken back past a die roll") != std::string::npos);
  CHECK_FALSE(s.can_redo());
  REQUIRE(s.play(attack));
  REQUIRE(s.file().save() == Session::Saved::NeedsName);
  std::string path = data.file("saves/mine.json");
  REQUIRE(s.file().save_as(path) == Session::Saved::Yes);
  CHECK(s.file().save_path() == path);
  CHECK(s.file().recent().front() == fs::weakly_canonical(path).string());
  Game loaded = Game::load(path);
  CHECK(loaded.state() == s.game().state());
  CHECK(loaded.dice() == s.game().dice());
  // Opening it again gives the same game, named by its file.
  TestSession other(data.path.string());
  REQUIRE(other.file().open(path, 0));
  CHECK(other.game().state() == s.game().state());
  CHECK(other.file().save_path() == path);
}

TEST_CASE("session: a competitive game stops undo at a die roll; undo and redo a move") {
  Folder data("undo");
  TestSession s(data.path.string());
  s.file().new_game(load_battle_file(source_path("battles/first-clash.json")), Options{}, 7);
  s.undo();
  CHECK(s.message().find("Nothing to undo") != std::string::npos);
  REQUIRE(s.play(parse(s, kHostMoves)));
  REQUIRE(s.play(parse(s, {{"type", "move"}, {"unit", "B2"}, {"to", "0907"}})));
  GameState moved = s.game().state();
  s.undo();
  CHECK(s.game().actions().size() == 1);
  REQUIRE(s.can_redo());
  s.redo();
  CHECK(s.game().state() == moved);
  s.redo();
  CHECK(s.message().find("Nothing to redo") != std::string::npos);

  TestSession c(data.path.string());
  c.file().new_game(load_battle_file(source_path("battles/first-clash.json")), Options{}, 7);
  play_to_first_attack(c);
  size_t before = c.game().actions().size();
  c.undo();
  CHECK(c.game().actions().size() == before);
  CHECK(c.message().find("Undo stops at a die roll") != std::string::npos);
}

TEST_CASE("session: a branch starts from a log entry; the main line is kept and comes back") {
  Folder data("branch");
  TestSession s(data.path.string());
  s.file().new_game(load_battle_file(source_path("battles/first-clash.json")),
                    Options{.practice = true}, 7);
  REQUIRE(s.play(parse(s, kHostMoves)));
  size_t entry = s.game().log().size();
  REQUIRE(s.play(parse(s, {{"type", "move"}, {"unit", "B2"}, {"to", "0907"}})));
  size_t main_actions = s.game().actions().size();
  s.lines().branch(entry, false);
  CHECK(s.lines().lines().size() == 2);
  CHECK(s.lines().line() == 1);
  CHECK(s.game().actions().size() == main_actions - 1);
  REQUIRE(s.play(parse(s, {{"type", "move"}, {"unit", "B2"}, {"to", "1007"}})));
  s.lines().switch_line(0);
  CHECK(s.game().actions().size() == main_actions);
  s.lines().switch_line(1);
  CHECK(s.game().battle().label(s.game().state().units[s.game().battle().unit_index("B2")].hex) ==
        "1007");
}

TEST_CASE("session: a bad or truncated file is refused with its path; the game shown is kept") {
  Folder data("bad");
  TestSession s(data.path.string());
  s.file().new_game(load_battle_file(source_path("battles/first-clash.json")), Options{}, 7);
  REQUIRE(s.play(parse(s, kHostMoves)));
  Game whole(load_battle_file(source_path("battles/first-clash.json")), Options{}, 3);
  std::string text = whole.record().dump(1);
  std::ofstream(data.file("broken.json")) << text.substr(0, 400);
  CHECK_FALSE(s.file().open(data.file("broken.json"), 0));
  CHECK(s.message().find("broken.json") != std::string::npos);
  CHECK(s.message().find("malformed JSON") != std::string::npos);
  CHECK(s.game().actions().size() == 1);
  CHECK_FALSE(s.file().open(data.path.string(), 0));
  CHECK(s.message().find("is a folder") != std::string::npos);
  CHECK(s.game().actions().size() == 1);
}

namespace {
// The Rebel Host commands Move + Bonus at time `now` and moves each unit once: the last move ends
// the Move Phase by itself (R25) and begins the Second Move Phase.
void march_until_second_move(Session &s, double now) {
  s.file().new_game(load_battle_file(source_path("battles/first-clash.json")), Options{}, 7);
  s.tick(now);
  REQUIRE(s.play(parse(s, {{"type", "command"},
                           {"orders", {{{"wing", "host"}, {"commands", {"move", "bonus"}}}}}})));
  const char *moves[][2] = {{"B2", "0907"}, {"B6", "0905"}, {"B7", "0805"}, {"B1", "0803"},
                            {"B3", "0902"}, {"B5", "0706"}, {"B4", "0704"}};
  size_t before = 0;
  for (auto &m : moves) {
    CHECK(s.game().state().phase == Phase::Move);
    before = s.game().log().size();
    REQUIRE(s.play(parse(s, {{"type", "move"}, {"unit", m[0]}, {"to", m[1]}})));
  }
  REQUIRE(s.game().state().phase == Phase::SecondMove);
  CHECK(phase_changed_by_itself(s.game().log(), before));
}
} // namespace

TEST_CASE("session R25: E right after an automatic step began a phase does not end that phase") {
  Folder data("end-phase-key");
  TestSession s(data.path.string());
  march_until_second_move(s, 10.0);
  std::string said = s.message();
  CHECK_FALSE(s.end_phase_key(10.0)); // the same frame: ignored, nothing new said
  CHECK_FALSE(s.end_phase_key(10.0 + Session::kEndPhaseKeyQuiet / 2));
  CHECK(s.game().state().phase == Phase::SecondMove);
  CHECK(s.message() == said);
  REQUIRE(s.end_phase_key(10.0 + Session::kEndPhaseKeyQuiet)); // the moment has passed
  CHECK(s.game().state().phase != Phase::SecondMove);
  // A move in the new phase shows the player has seen it: E then acts at once.
  march_until_second_move(s, 20.0);
  REQUIRE(s.play(parse(s, {{"type", "move"}, {"unit", "B2"}, {"to", "0605"}})));
  REQUIRE(s.end_phase_key(20.0));
  CHECK(s.game().state().phase != Phase::SecondMove);
}

TEST_CASE("session D5: E right after a failed activation ended the movement phase does not end "
          "the shooting phase") {
  // Seed 7: the knights' activation rolls 3 (2+ needed), the levies' rolls 1 (3+ needed).
  Folder data("end-phase-key-d3");
  TestSession s(data.path.string());
  s.file().new_game(load_battle_file(source_path("battles/d3-first-charge.json")), Options{}, 7);
  s.tick(10.0);
  REQUIRE(s.play(parse(s, {{"type", "activate"}, {"unit", "RK"}})));
  REQUIRE(s.play(parse(s, {{"type", "move"}, {"unit", "RK"}, {"to", "0505"}, {"facing", 0}})));
  size_t before = s.game().log().size();
  REQUIRE(s.play(parse(s, {{"type", "activate"}, {"unit", "RL"}})));
  REQUIRE(s.game().log()[before].result == "failed");
  REQUIRE(s.game().state().phase == Phase::Shooting);
  CHECK(phase_changed_by_itself(s.game().log(), before));
  CHECK_FALSE(s.end_phase_key(10.0));
  CHECK_FALSE(s.end_phase_key(10.0 + Session::kEndPhaseKeyQuiet / 2));
  CHECK(s.game().state().phase == Phase::Shooting);
  REQUIRE(s.end_phase_key(10.0 + Session::kEndPhaseKeyQuiet)); // the moment has passed
  CHECK(s.game().state().phase != Phase::Shooting);
}

TEST_CASE("session D5: E after a successful activation acts at once") {
  Folder data("end-phase-key-d3-moved");
  TestSession s(data.path.string());
  s.file().new_game(load_battle_file(source_path("battles/d3-first-charge.json")), Options{}, 7);
  s.tick(10.0);
  size_t before = s.game().log().size();
  REQUIRE(s.play(parse(s, {{"type", "activate"}, {"unit", "RK"}})));
  CHECK_FALSE(phase_changed_by_itself(s.game().log(), before));
  REQUIRE(s.play(parse(s, {{"type", "move"}, {"unit", "RK"}, {"to", "0505"}, {"facing", 0}})));
  REQUIRE(s.end_phase_key(10.0)); // the player's own movement phase
  CHECK(s.game().state().phase == Phase::Shooting);
}

TEST_CASE("session: E after a phase the player ended, or a move that ended none, acts at once") {
  Folder data("end-phase-key-at-once");
  TestSession s(data.path.string());
  s.file().new_game(load_battle_file(source_path("battles/first-clash.json")), Options{}, 7);
  s.tick(5.0);
  REQUIRE(s.play(parse(s, {{"type", "command"},
                           {"orders", {{{"wing", "host"}, {"commands", {"move", "bonus"}}}}}})));
  size_t before = s.game().log().size();
  REQUIRE(s.play(parse(s, {{"type", "move"}, {"unit", "B2"}, {"to", "0907"}})));
  CHECK_FALSE(phase_changed_by_itself(s.game().log(), before));
  REQUIRE(s.end_phase_key(5.0)); // the player's own Move Phase
  CHECK(s.game().state().phase == Phase::SecondMove);
  REQUIRE(s.end_phase_key(5.0)); // and the phase that the player's E began
  CHECK(s.game().state().phase != Phase::SecondMove);
}

TEST_CASE("session: the autosave is offered only while there is one that loads") {
  Folder data("autosave-offered");
  TestSession s(data.path.string());
  CHECK_FALSE(s.file().autosave_loads()); // a fresh data folder: nothing to continue
  s.file().new_game(load_battle_file(source_path("battles/first-clash.json")), Options{}, 7);
  REQUIRE(s.play(parse(s, kHostMoves)));
  CHECK(s.file().autosave_loads());
  std::string whole = read_text(s.file().autosave_path());
  std::ofstream(s.file().autosave_path(), std::ios::trunc) << whole.substr(0, whole.size() / 2);
  CHECK_FALSE(s.file().autosave_loads()); // truncated
  CHECK_FALSE(s.file().continue_autosave());
  std::ofstream(s.file().autosave_path(), std::ios::trunc) << whole;
  CHECK(s.file().autosave_loads());
  fs::remove(s.file().autosave_path());
  CHECK_FALSE(s.file().autosave_loads());
}

TEST_CASE("session: the autosave is never the player's file") {
  Folder data("autosave");
  TestSession s(data.path.string());
  s.file().new_game(load_battle_file(source_path("battles/first-clash.json")), Options{}, 7);
  CHECK(s.file().save_as(s.file().autosave_path()) == Session::Saved::No);
  CHECK(s.message().find("autosave") != std::string::npos);
  CHECK(s.file().save_as(data.path.string()) == Session::Saved::No);
  REQUIRE(s.file().continue_autosave());
  CHECK(s.file().save_path().empty()); // Ctrl+S on the continued autosave asks for a name
  CHECK(s.file().save() == Session::Saved::NeedsName);
  REQUIRE(s.file().save_as(data.file("named.json")) == Session::Saved::Yes);
  REQUIRE(s.play(parse(s, kHostMoves)));
  // Moves rewrite the autosave, never the named file, until the player saves again.
  CHECK(Game::load(data.file("named.json")).actions().empty());
  CHECK(Game::load(s.file().autosave_path()).actions().size() == 1);
}

TEST_CASE("session: a name typed in Save as is a file in the saves folder, .json added") {
  Folder data("typed");
  TestSession s(data.path.string());
  s.file().new_game(load_battle_file(source_path("battles/first-clash.json")), Options{}, 7);
  const fs::path saves = data.path / "saves";
  CHECK(s.file().typed_save_path("my first game") == (saves / "my first game.json").string());
  CHECK(s.file().typed_save_path("mine.json") == (saves / "mine.json").string());
  CHECK(s.file().typed_save_path("old/mine.json") == (saves / "old" / "mine.json").string());
  CHECK(s.file().typed_save_path(data.file("here.json")) == data.file("here.json"));
  CHECK(s.file().typed_save_path("").empty()); // the dialog still asks for a name
  REQUIRE(s.file().save_as(s.file().typed_save_path("my first game")) == Session::Saved::Yes);
  CHECK(fs::exists(saves / "my first game.json"));
  CHECK(s.file().save_path() == (saves / "my first game.json").string());
}

TEST_CASE(
    "session: a computer seat plays its turn off the UI thread; undo goes back to the human") {
  Folder data("computer");
  TestSession s(data.path.string());
  s.file().new_game(load_battle_file(source_path("battles/first-clash.json")),
                    Options{.practice = true}, 7);
  s.seat().set_computer(0, Level::Easy); // the Royal Army (the battle's first side)
  s.seat().set_pace(0);
  REQUIRE_FALSE(s.seat().computer_to_act()); // the Rebel Host (human) moves first
  REQUIRE(s.play(parse(s, kHostMoves)));
  REQUIRE(s.play(parse(s, {{"type", "move"}, {"unit", "B2"}, {"to", "0907"}})));
  REQUIRE(s.play(parse(s, {{"type", "end_phase"}})));
  size_t human_actions = s.game().actions().size();
  REQUIRE(s.seat().computer_to_act());
  // A human action in the computer's turn is refused; a hint is not given, and that is said.
  CHECK_FALSE(s.play(parse(s, {{"type", "end_phase"}})));
  CHECK(s.message().find("The computer plays") != std::string::npos);
  s.seat().ask_hint();
  CHECK_FALSE(s.seat().hint_pending());
  CHECK(s.message() == "Hints are for your own decisions: the computer is playing Royal Army.");
  // The computer thinks on the executor (here, when the test runs it); ticks play its choices
  // until the human is asked again.
  double now = 0;
  REQUIRE(let_computer_play(s, now));
  CHECK(s.game().actions().size() > human_actions);
  // It says which of its actions since the human's last this is: the others are in the log.
  const size_t computer_actions = s.game().actions().size() - human_actions;
  CHECK(s.seat().computer_said().rfind(
            "Royal Army (computer" +
                (computer_actions > 1 ? ", its action " + std::to_string(computer_actions) +
                                            " since your last; the others are in the log"
                                      : std::string()) +
                "): ",
            0) == 0);
  // Its last action stays lit for the human: the game's last action, and where a move began.
  REQUIRE(s.seat().computer_last());
  CHECK(s.seat().computer_last()->action == s.game().actions().back());
  if (s.seat().computer_last()->action.type == ActionType::Move) {
    const size_t before = s.game().actions().size() - 1;
    const int unit = s.seat().computer_last()->action.unit;
    CHECK(s.seat().computer_last()->from == s.game().state_before(before).units[unit].hex);
  }
  // Undo takes back every computer action and the human's last decision (the end of the phase).
  s.undo();
  CHECK(s.game().actions().size() == human_actions - 1);
  CHECK(s.message().find("your last decision") != std::string::npos);
  CHECK_FALSE(s.seat().computer_last()); // the action it lit is gone
}

TEST_CASE("session: a game against the computer opens again against it, from its file and the "
          "autosave") {
  Folder data("computer-seats");
  {
    TestSession s(data.path.string());
    s.file().new_game(load_battle_file(source_path("battles/first-clash.json")), Options{}, 7);
    s.seat().set_computer(0, Level::Normal);
    REQUIRE(s.play(parse(s, kHostMoves)));
    REQUIRE(s.file().save_as(data.file("against.json")) == Session::Saved::Yes);
    s.seat().set_computer(
        0, std::nullopt); // handed back to a person after the save: the autosave says so
  }
  TestSession s(data.path.string());
  REQUIRE(s.file().continue_autosave());
  CHECK_FALSE(s.seat().computer(0));
  REQUIRE(s.file().open(data.file("against.json"), 0));
  CHECK(s.seat().computer(0) == Level::Normal);
  CHECK_FALSE(s.seat().computer(1));
}

TEST_CASE("session: moves after the last save are known as unsaved, from the file and the "
          "autosave alike") {
  Folder data("unsaved");
  TestSession s(data.path.string());
  s.file().new_game(load_battle_file(source_path("battles/first-clash.json")), Options{}, 7);
  REQUIRE(s.play(parse(s, kHostMoves)));
  CHECK_FALSE(s.file().unsaved_changes()); // no file yet: the title asks for a name instead
  REQUIRE(s.file().save_as(data.file("named.json")) == Session::Saved::Yes);
  CHECK_FALSE(s.file().unsaved_changes());
  REQUIRE(s.play(parse(s, {{"type", "move"}, {"unit", "B2"}, {"to", "0907"}})));
  CHECK(s.file().unsaved_changes());
  // The autosave holds that move and the named file does not: continuing it says so.
  REQUIRE(s.file().continue_autosave());
  CHECK(s.file().save_path() == data.file("named.json"));
  CHECK(s.file().unsaved_changes());
  REQUIRE(s.file().save() == Session::Saved::Yes);
  CHECK_FALSE(s.file().unsaved_changes());
  s.seat().set_computer(0, Level::Easy); // the seats are in the file too
  CHECK(s.file().unsaved_changes());
  REQUIRE(s.file().open(data.file("named.json"), 0));
  CHECK_FALSE(s.file().unsaved_changes());
}

TEST_CASE("session: the computer's last action is lit until the human acts") {
  Folder data("computer-last");
  TestSession s(data.path.string());
  s.file().new_game(load_battle_file(source_path("battles/first-clash.json")), Options{}, 7);
  s.seat().set_computer(0, Level::Easy);
  s.seat().set_pace(0);
  REQUIRE(s.play(parse(s, kHostMoves)));
  REQUIRE(s.play(parse(s, {{"type", "end_phase"}})));
  CHECK_FALSE(s.seat().computer_last()); // the human's own actions light nothing
  double now = 0;
  REQUIRE(let_computer_play(s, now));
  REQUIRE(s.seat().computer_last()); // seed 7: its turn ends with a move, lit from where it began
  const Action &last = s.seat().computer_last()->action;
  CHECK((last.unit >= 0 || last.target >= 0 || last.to != kOffMap));
  auto legal = legal_actions(s.game().setup(), s.game().state());
  REQUIRE_FALSE(legal.empty());
  REQUIRE(s.play(legal.front()));
  CHECK_FALSE(s.seat().computer_last());
  CHECK(s.seat().computer_said().empty()); // its reasons no longer stand over the human's turn
}

TEST_CASE("session: a hint names a legal action for the human to act, and is dropped on a change") {
  Folder data("hint");
  TestSession s(data.path.string());
  s.file().new_game(load_battle_file(source_path("battles/first-clash.json")), Options{}, 7);
  s.seat().ask_hint();
  REQUIRE(wait_for_hint(s));
  auto legal = legal_actions(s.game().setup(), s.game().state());
  CHECK(std::find(legal.begin(), legal.end(), s.seat().hint()->action) != legal.end());
  CHECK_FALSE(search_reason(s.game().battle(), *s.seat().hint()).empty());
  REQUIRE(s.play(s.seat().hint()->action));
  CHECK_FALSE(s.seat().hint());
}

TEST_CASE("session: an undo that takes nothing back leaves the computer's last move said and lit") {
  Folder data("undo-refused");
  TestSession s(data.path.string());
  s.file().new_game(load_battle_file(source_path("battles/first-clash.json")), Options{}, 7);
  s.seat().set_computer(1,
                        Level::Easy); // the Rebel Host, first to act: the human has not acted yet
  s.seat().set_pace(0);
  double now = 0;
  REQUIRE(let_computer_play(s, now));
  REQUIRE_FALSE(s.seat().computer_said().empty());
  const bool lit = s.seat().computer_last().has_value();
  const size_t actions = s.game().actions().size();
  s.undo();
  CHECK(s.message() == "Nothing to undo: the human side has not acted yet.");
  CHECK(s.game().actions().size() == actions);
  CHECK_FALSE(s.seat().computer_said().empty()); // what it did still stands, said and ringed
  CHECK(s.seat().computer_last().has_value() == lit);
}

TEST_CASE("session: a hint asked again after a quick move is given for the new position") {
  Folder data("hint-again");
  TestSession s(data.path.string());
  s.file().new_game(load_battle_file(source_path("battles/first-clash.json")), Options{}, 7);
  s.seat().ask_hint(); // its search starts, then the player moves on before it is done
  REQUIRE(s.searches().pending() == 1);
  REQUIRE(s.play(parse(s, kHostMoves)));
  CHECK_FALSE(s.seat().hint_pending()); // the position it was asked for is gone
  s.seat().ask_hint();                  // asked again while the first search still runs: not lost
  CHECK(s.seat().hint_pending());
  CHECK(s.searches().pending() == 1); // the new one waits for the old one's end
  REQUIRE(wait_for_hint(s));
  CHECK_FALSE(s.seat().hint_pending());
  auto legal = legal_actions(s.game().setup(), s.game().state());
  CHECK(std::find(legal.begin(), legal.end(), s.seat().hint()->action) != legal.end());
  CHECK(s.seat().hint()->action.type == ActionType::Move); // the Move Phase's, not the commands'
}

TEST_CASE("session: Save as asks before replacing another file; a named game keeps its name") {
  Folder data("replace");
  { // a window that saved a.json and was closed (an open one would keep a.json: test_other_windows)
    TestSession s(data.path.string());
    s.file().new_game(load_battle_file(source_path("battles/first-clash.json")), Options{}, 7);
    REQUIRE(s.play(parse(s, kHostMoves)));
    REQUIRE(s.file().save_as(data.file("a.json")) == Session::Saved::Yes);
  }
  TestSession other(data.path.string());
  other.file().new_game(load_battle_file(source_path("battles/first-clash.json")), Options{}, 8);
  // Another game saved over a.json: refused until the player says Replace.
  CHECK(other.file().save_as(data.file("a.json")) == Session::Saved::Exists);
  CHECK(Game::load(data.file("a.json")).actions().size() == 1);
  CHECK(other.file().save_as(data.file("a.json"), true) == Session::Saved::Yes);
  CHECK(Game::load(data.file("a.json")).actions().empty());
  // Its own file is saved again without asking.
  CHECK(other.file().save() == Session::Saved::Yes);
  // Continuing the autosave of a named game saves to that name again (not a second file).
  TestSession again(data.path.string());
  REQUIRE(again.file().continue_autosave());
  CHECK(again.file().save_path() == data.file("a.json"));
}

TEST_CASE("session: opening a recent game by its list entry names that game") {
  Folder data("recent");
  TestSession s(data.path.string());
  s.file().new_game(load_battle_file(source_path("battles/first-clash.json")), Options{}, 7);
  REQUIRE(s.file().save_as(data.file("first.json")) == Session::Saved::Yes);
  REQUIRE(s.file().save_as(data.file("second.json")) == Session::Saved::Yes);
  REQUIRE(s.file().recent().size() == 2);
  // The entry passed is the list's own, which opening reorders.
  REQUIRE(s.file().open(s.file().recent()[1], 0));
  CHECK(s.file().save_path().find("first.json") != std::string::npos);
  CHECK(s.message().find("first.json") != std::string::npos);
  CHECK(s.file().recent().front().find("first.json") != std::string::npos);
}

TEST_CASE("session: a deleted game leaves the recent list") {
  Folder data("recent-deleted");
  TestSession s(data.path.string());
  s.file().new_game(load_battle_file(source_path("battles/first-clash.json")), Options{}, 7);
  REQUIRE(s.file().save_as(data.file("kept.json")) == Session::Saved::Yes);
  REQUIRE(s.file().save_as(data.file("gone.json")) == Session::Saved::Yes);
  REQUIRE(s.file().recent().size() == 2);
  fs::remove(data.file("gone.json"));
  REQUIRE(s.file().recent().size() == 1);
  CHECK(s.file().recent().front().find("kept.json") != std::string::npos);
  // Nor does it come back in the next session's list.
  TestSession later(data.path.string());
  REQUIRE(later.file().recent().size() == 1);
  CHECK(later.file().recent().front().find("kept.json") != std::string::npos);
}

TEST_CASE("session: a new game keeps the moves of the game before it that were never saved") {
  Folder data("kept");
  TestSession s(data.path.string());
  auto battle = load_battle_file(source_path("battles/first-clash.json"));
  s.file().new_game(battle, Options{}, 7);
  REQUIRE(s.play(parse(s, kHostMoves)));
  // An unnamed game with a move: the new game's autosave must not swallow it.
  s.file().new_game(battle, Options{}, 8);
  std::string kept = data.file("saves/first-clash-unsaved-1.json");
  REQUIRE(fs::exists(kept));
  CHECK(Game::load(kept).actions().size() == 1);
  CHECK(s.message().find("first-clash-unsaved-1.json") != std::string::npos);
  CHECK(s.file().recent().front() == fs::weakly_canonical(kept).string());
  // A new game with no moves yet, replaced: nothing to keep.
  s.file().new_game(battle, Options{}, 9);
  CHECK_FALSE(fs::exists(data.file("saves/first-clash-unsaved-2.json")));
  // A named game saved after its last move: its file already holds everything.
  REQUIRE(s.play(parse(s, kHostMoves)));
  REQUIRE(s.file().save_as(data.file("named.json")) == Session::Saved::Yes);
  s.file().new_game(battle, Options{}, 10);
  CHECK_FALSE(fs::exists(data.file("saves/first-clash-unsaved-2.json")));
}

TEST_CASE("session: a save made while the computer plays stays said until the human acts") {
  Folder data("save-in-computer-turn");
  TestSession s(data.path.string());
  s.file().new_game(load_battle_file(source_path("battles/first-clash.json")), Options{}, 7);
  s.seat().set_computer(1, Level::Easy); // the Rebel Host acts first
  s.seat().set_pace(0);
  const std::string file = (data.path / "mid-turn.json").string();
  REQUIRE(s.file().save_as(file) == Session::Saved::Yes);
  REQUIRE(s.message() == "Saved " + file);
  double now = 0;
  REQUIRE(let_computer_play(s, now));
  REQUIRE(s.game().actions().size() > 0); // it played its whole turn over the message
  CHECK(s.message() == "Saved " + file);  // and the confirmation is still there
  auto legal = legal_actions(s.game().setup(), s.game().state());
  REQUIRE(s.play(legal.front()));
  CHECK(s.message().empty()); // the human's own action clears it
}
