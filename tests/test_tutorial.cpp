// Lessons (assets/tutorial/*.json): every step's actions are legal and give the outcome the text promises.
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
  Action bonus_alone = action_from_json(run.game().battle(), {{"type", "command"}, {"orders", {{{"wing", "host"}, {"commands", {"bonus"}}}}}}, "t");
  Attempt bad = run.attempt(bonus_alone);
  CHECK_FALSE(bad.applied);
  CHECK(bad.message.rfind("4.3: ", 0) == 0);
  CHECK(bad.message.find("Try: command host: move") != std::string::npos);
  Action other = action_from_json(run.game().battle(), {{"type", "command"}, {"orders", {{{"wing", "host"}, {"commands", {"fire"}}}}}}, "t");
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
  std::ofstream(path) << R"({"format": "shields-swords-lesson/1", "id": "x", "title": "t", "battle": "b", "steps": [{"text": 4}]})";
  try {
    load_lesson(path);
    FAIL("expected refusal");
  } catch (const LoadError &e) {
    CHECK(e.path() == "/steps/0/text");
  }
  std::filesystem::remove_all(dir);
}
