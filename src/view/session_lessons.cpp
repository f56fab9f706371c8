// The session's lessons: the list, the lesson being taken (its run judges every action) and the
// progress through them, remembered in the data folder.
#include "session.hpp"

#include "sns/input.hpp"
#include "sns/json_io.hpp"

#include <filesystem>

namespace sns::app {

namespace fs = std::filesystem;
using json = nlohmann::json;

Lessons::Lessons(Session &session, std::string root, const std::string &data_dir)
    : s_(session), root_(std::move(root)),
      progress_path_((fs::path(data_dir) / "tutorial-progress.json").string()) {
  try {
    lessons_ = load_lessons(root_);
  } catch (const std::exception &e) {
    s_.message_ = std::string("lessons not loaded: ") + e.what();
  }
  load_progress();
}

bool Lessons::start(size_t index) {
  if (index >= lessons_.size()) return false;
  try {
    lesson_.emplace(lessons_[index], root_);
  } catch (const std::exception &e) {
    s_.message_ = e.what();
    return false;
  }
  index_ = index;
  s_.file_.name_game("");
  s_.message_.clear();
  s_.reset_to(Mode::Lesson);
  return true;
}

void Lessons::finished_check() {
  if (lesson_->finished() && completed_.insert(lesson_->lesson().id).second) save_progress();
}

bool Lessons::next_step() {
  if (s_.mode_ != Mode::Lesson || !lesson_->next()) return false;
  s_.message_.clear(); // a refusal or prompt belonged to the step read past (issue 33)
  finished_check();
  // Reading on changes no unit: what the player chose on the map stays chosen for the next step.
  Selection kept = s_.sel_;
  s_.changed();
  s_.sel_ = kept;
  return true;
}

void Lessons::advance(size_t n) {
  if (s_.mode_ != Mode::Lesson) return;
  lesson_->advance_to(n);
  s_.message_.clear();
  s_.changed();
}

void Lessons::load_progress() {
  completed_.clear();
  try {
    json j = read_json_file(progress_path_, 1 << 16);
    for (const json &id : j.at("completed"))
      if (id.is_string()) completed_.insert(id.get<std::string>());
  } catch (const std::exception &) {
    // No progress yet, or an unreadable file: start afresh.
  }
}

void Lessons::save_progress() {
  json j = {{"completed", std::vector<std::string>(completed_.begin(), completed_.end())}};
  try {
    write_file_atomically(progress_path_, j.dump(1) + "\n");
  } catch (const std::exception &e) {
    s_.message_ = std::string("Lesson progress not saved: ") + e.what();
  }
}

} // namespace sns::app
