// The app's command line: its options, the commands that print and exit, and the game, lesson or
// editor a launch opens before the first frame.
#pragma once
#include "app.hpp"
#include "replay/replay_panel.hpp"

#include <cstdlib>
#include <filesystem>
#include <optional>
#include <string>

namespace sns::app {

struct LaunchOptions {
  std::string file;
  std::string screenshot;
  std::string select;
  int width = 1600, height = 900;
  bool size_given = false; // --size wins over the remembered window size
  int bench_frames = 0;
  int bench_zoom = 0;  // with bench_frames: zoom steps in, then
  int bench_pan = 0;   // pixels panned a frame
  std::string lesson;  // --lesson ID: open that lesson
  int lesson_step = 0; // --lesson-step N: played up to step N (screenshots)
  bool explain = false;
  std::string script;              // --script FILE: drive the app from a script
  std::string print_lesson_script; // --print-lesson-script ID: write a lesson's script, exit
  std::string print_game_script;   // --print-game-script GAME.json: the steps that replay it
  std::optional<uint64_t> seed;    // --seed N: a battle opened directly gets this seed
  OpenAs open_as = OpenAs::Game;   // --replay, --mailed: how the file is opened
  std::string report;              // --report DIR: the battle report with map pictures
  bool editor = false;             // --editor [BATTLE.json]: the battle editor (editor_view.hpp)
};

// Reads the command line into `o`; false after --help (printed), throws on a bad option.
bool parse_options(int argc, char **argv, LaunchOptions &o);

// --print-lesson-script ID, --print-game-script GAME.json: write the script and give the exit code.
int print_lesson_script(const char *argv0, const std::string &id);
int print_game_script(const std::string &game_file);

// What the launch asked to see first: the editor, a file, a lesson, a selected unit. A file that
// cannot be opened is reported and said on the start screen; false (the error reported) only when
// the run has no window to say it in (a screenshot, a benchmark, a report), or for a lesson or
// unit.
bool open_first_screen(App &app, const LaunchOptions &opt, bool scripted);

// A fresh folder under the system's temporary folder, removed with everything in it.
struct ScratchFolder {
  std::filesystem::path path;
  ScratchFolder() {
    std::string name = (std::filesystem::temp_directory_path() / "shields-swords-XXXXXX").string();
    if (!mkdtemp(name.data())) throw std::runtime_error("cannot make a folder for " + name);
    path = name;
  }
  ~ScratchFolder() {
    std::error_code ec;
    std::filesystem::remove_all(path, ec);
  }
  ScratchFolder(const ScratchFolder &) = delete;
  ScratchFolder &operator=(const ScratchFolder &) = delete;
};

} // namespace sns::app
