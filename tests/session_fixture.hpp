// What the session's tests share (test_session.cpp, test_other_windows.cpp, test_replay.cpp): a
// fresh data folder per test, a session whose searches run only when the test says, and the
// first moves of first-clash.
#pragma once
#include "fixture.hpp"
#include "session.hpp"

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

namespace sns::test {

// A fresh data folder per test, so no test sees another's autosave or progress.
struct Folder {
  std::filesystem::path path;
  explicit Folder(const std::string &name)
      : path(std::filesystem::temp_directory_path() / ("sns-session-" + name)) {
    std::filesystem::remove_all(path);
    std::filesystem::create_directories(path);
  }
  ~Folder() { std::filesystem::remove_all(path); }
  Folder(const Folder &) = delete;
  Folder &operator=(const Folder &) = delete;
  std::string file(const std::string &rel) const { return (path / rel).string(); }
};

// A session (one window) on `data_dir` whose computer searches wait in a ManualExecutor until the
// test runs them: a test decides when a search happens and asserts without sleeping.
class TestSession : public app::Session {
public:
  explicit TestSession(const std::string &data_dir)
      : TestSession(new app::ManualExecutor, data_dir) {}
  app::ManualExecutor &searches() { return searches_; }

private:
  TestSession(app::ManualExecutor *searches, const std::string &data_dir)
      : Session(SNS_SOURCE_DIR, data_dir, std::unique_ptr<app::Executor>(searches)),
        searches_(*searches) {}
  app::ManualExecutor &searches_;
};

// Ticks the session and runs its searches until the human is to act again; false if the
// computer was still to act after `most` ticks.
inline bool let_computer_play(TestSession &s, double &now, int most = 20000) {
  for (int i = 0; i < most && s.seat().computer_to_act(); ++i) {
    s.tick(now += 0.001);
    s.searches().run_pending();
  }
  return !s.seat().computer_to_act();
}

// Ticks and runs searches until the hint asked for is given; false if it never came.
inline bool wait_for_hint(TestSession &s, int most = 100) {
  for (int i = 0; i < most && !s.seat().hint(); ++i) {
    s.tick(0);
    s.searches().run_pending();
  }
  return s.seat().hint().has_value();
}

inline std::string read_text(const std::string &path) {
  std::ifstream in(path);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

inline Action parse(const app::Session &s, const nlohmann::json &j) {
  return action_from_json(s.game().battle(), j, "t");
}

inline std::shared_ptr<const Battle> first_clash() {
  return load_battle_file(source_path("battles/first-clash.json"));
}

inline const nlohmann::json kHostMoves = {{"type", "command"},
                                          {"orders", {{{"wing", "host"}, {"commands", {"move"}}}}}};
inline const nlohmann::json kHostCombat = {
    {"type", "command"}, {"orders", {{{"wing", "host"}, {"commands", {"combat"}}}}}};

} // namespace sns::test
