// Lessons (issue: learn by playing): data files in assets/tutorial/, run through the engine step by
// step.
#pragma once
#include "sns/game.hpp"

#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

namespace sns::app {

struct LessonStep {
  std::string text;               // what to do or notice, in our words
  std::string rule;               // the section it teaches
  std::vector<std::string> units; // units to highlight
  std::vector<std::string> hexes; // hexes to highlight
  std::string panel;              // a panel to point at ("orders", "sequence", "log", "vp")
  std::vector<nlohmann::json>
      expect;           // the actions asked of the player, in order (none: read and go on)
  nlohmann::json check; // what must be true afterwards
  std::string after;    // said once the step is done
};

struct Lesson {
  std::string id;
  std::string title;
  std::string summary;
  std::string battle;    // path under the project root
  nlohmann::json place;  // optional: keep only these units, at these hexes
  nlohmann::json rules;  // optional: replace these battle rules
  std::vector<int> dice; // forced dice, so the lesson shows what it means to show
  std::vector<nlohmann::json> prelude;
  std::vector<LessonStep> steps;
};

// Reads a lesson file; throws LoadError with the file and JSON path when it is malformed.
Lesson load_lesson(const std::string &path);
std::vector<Lesson> load_lessons(const std::string &root); // assets/tutorial/*.json, in name order

struct Attempt {
  bool applied = false; // the action was the one asked for, and the engine applied it
  std::string message;  // the engine's reason or a nudge when not
};

// A lesson in progress: its own game, the current step and the actions done in it.
class LessonRun {
public:
  LessonRun(const Lesson &lesson, const std::string &root);
  const Lesson &lesson() const { return lesson_; }
  Game &game() { return *game_; }
  const Game &game() const { return *game_; }
  size_t step_index() const { return step_; }
  size_t expected_done() const { return done_; }
  bool finished() const { return step_ >= lesson_.steps.size(); }
  const LessonStep *step() const { return finished() ? nullptr : &lesson_.steps[step_]; }
  // The next action the step asks for, parsed (none for a reading step).
  std::optional<Action> next_expected() const;
  // The player tries an action: applied only if legal and the one asked for.
  Attempt attempt(const Action &a);
  // A reading step (no action asked) is passed with Next.
  bool next();
  // Why the current state does not match the step's check ("" when it does).
  std::string check_failure() const;
  // Plays the expected actions up to the start of step n (for screenshots and tests).
  void advance_to(size_t n);

private:
  Lesson lesson_;
  std::optional<Game> game_;
  size_t step_ = 0;
  size_t done_ = 0; // expected actions done in the current step
  void finish_step_if_done();
};

bool same_action(const Action &expected, const Action &actual);

} // namespace sns::app
