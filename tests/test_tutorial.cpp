// Lessons (assets/tutorial/*.json): every step's actions are legal and give the outcome the text
// promises.
#include "fixture.hpp"
#include "tutorial.hpp"

using namespace sns;
using namespace sns::test;
using namespace sns::app;

TEST_CASE("tutorial: every lesson can be completed by following its instructions") {
  auto lessons = load_lessons(SNS_SOURCE_DIR);
  REQUIRE(lessons.size() >= 10);
  for (const Lesson &lesson : lessons) {
    LessonRun run(lesson, SNS_SOURCE_DIR);
    size_t guard = 0;
    while (!run.finished()) {
      INFO("lesson " << lesson.id << " step " << run.step_index() << ": " << run.step()->text);
      size_t before = run.step_index();
      if (auto e = run.next_expected()) {
        Attempt a = run.attempt(*e);
        INFO(a.message);
        REQUIRE(a.applied);
      } else {
        REQUIRE(run.next());
      }
      if (run.step_index() != before) CHECK(run.check_failure() == "");
      REQUIRE(++guard < 100);
    }
  }
}

TEST_CASE("tutorial: a wrong action gets the engine's reason and a nudge, and the lesson goes on") {
  auto lessons = load_lessons(SNS_SOURCE_DIR);
  LessonRun run(lessons.front(), SNS_SOURCE_DIR);
  run.advance_to(2); // the command step
  REQUIRE(run.next_expected());
  Action bonus_alone = action_from_json(
      run.game().battle(),
      {{"type", "command"}, {"orders", {{{"wing", "host"}, {"commands", {"bonus"}}}}}}, "t");
  Attempt bad = run.attempt(bonus_alone);
  CHECK_FALSE(bad.applied);
  CHECK(bad.message.rfind("4.3: ", 0) == 0);
  CHECK(bad.message.find("Try: command Rebel Host: Move") != std::string::npos);
  Action other = action_from_json(
      run.game().battle(),
      {{"type", "command"}, {"orders", {{{"wing", "host"}, {"commands", {"fire"}}}}}}, "t");
  Attempt legal_but_not_asked = run.attempt(other);
  CHECK_FALSE(legal_but_not_asked.applied);
  CHECK(legal_but_not_asked.message.find("this lesson asks you to") != std::string::npos);
  CHECK(run.step_index() == 2);
  CHECK(run.attempt(*run.next_expected()).applied);
}

TEST_CASE("tutorial: a malformed lesson file is refused with its JSON path") {
  auto dir = std::filesystem::temp_directory_path() / "sns-lesson";
  std::filesystem::create_directories(dir);
  std::string path = (dir / "bad.json").string();
  std::ofstream(path)
      << R"({"format": "shields-swords-lesson/1", "id": "x", "title": "t", "battle": "b", "steps": [{"text": 4}]})";
  try {
    load_lesson(path);
    FAIL("expected refusal");
  } catch (const LoadError &e) {
    CHECK(e.path() == "/steps/0/text");
  }
  std::filesystem::remove_all(dir);
}

TEST_CASE(
    "practice: a roll taken back and played again uses a fresh die, and the record still replays") {
  Fixture f("field.json", {{"BL1", "0404"}, {"AV1", "0403"}, {"AV2", "0304"}});
  Game game(f.setup.battle, Options{.practice = true}, 77, {2});
  auto command = action_from_json(
      game.battle(),
      {{"type", "command"}, {"orders", {{{"wing", "aw"}, {"commands", {"combat"}}}}}}, "t");
  REQUIRE_FALSE(game.play(command));
  auto attack_action = action_from_json(game.battle(), attack("BL1", {"AV1"}), "t");
  REQUIRE_FALSE(game.play(attack_action));
  REQUIRE(game.last_action_rolled());
  int first = 0;
  for (const Event &e : game.log())
    if (e.kind == EventKind::Attack) first = e.roll;
  CHECK(first == 2);
  game.undo();
  game.replace_next_die(7);
  REQUIRE_FALSE(game.play(attack_action));
  int second = 0;
  for (const Event &e : game.log())
    if (e.kind == EventKind::Attack) second = e.roll;
  CHECK(second == 7);
  Game replayed = Game::from_record(game.record(), "practice.json");
  CHECK(replayed.state() == game.state());
  CHECK(replayed.setup().options.practice);
}

TEST_CASE("practice: a branch starts from the state before the action that wrote a log entry") {
  Game game(load_battle_file(source_path("battles/first-clash.json")), Options{.practice = true},
            3);
  auto command = action_from_json(
      game.battle(),
      {{"type", "command"}, {"orders", {{{"wing", "host"}, {"commands", {"move"}}}}}}, "t");
  REQUIRE_FALSE(game.play(command));
  size_t entry = game.log().size();
  REQUIRE_FALSE(game.play(action_from_json(game.battle(), move("B1", "0805"), "t")));
  CHECK(game.action_for_log_entry(entry) == 1); // the move's own entry
  Game branch = game;
  branch.replay_to(game.action_for_log_entry(entry));
  CHECK(branch.state().units[branch.battle().unit_index("B1")].hex ==
        *branch.battle().parse_hex("1105"));
  CHECK(game.state().units[game.battle().unit_index("B1")].hex == *game.battle().parse_hex("0805"));
}
