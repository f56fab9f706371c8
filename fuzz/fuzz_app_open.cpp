// libFuzzer target: the desktop app's open-a-file path, run headless on any file's bytes. The
// SDL-free code the app calls (library sns_view): Session::open (a battle or a saved game, from
// the command line, the start screen or the file browser), Session::open_replay and open_mailed,
// and the editor's reading of a battle (doc_from_json, then EditorModel's validation by the
// loader). Whatever the file holds, the app keeps running: a refusal says why and leaves the game
// that was open untouched; a file that opens shows a game. Anything else is a finding.
//
// Input: one byte choosing the way in (its value modulo 4: Open, Replay, Mailed, the editor's
// Open), then the file's bytes. One way per run keeps the runs quick enough for long campaigns.
//
// What does not depend on the input is made once (docs/testing.md "Fuzzing", the speed of the
// targets): the teaching battle the session goes back to is loaded once and started with
// Session::new_game (the start screen's way), not read and parsed again from disk after every
// replay or mailed record that opened; the games the session keeps for the player (an autosave
// with moves kept as ID-unsaved-N.json, found by trying N = 1, 2, ...) are cleared after each run,
// so a long run does not slow down as they pile up; the folder is removed at exit. The input
// still goes in as a file, through the app's own reads.
#include "editor_doc.hpp"
#include "editor_model.hpp"
#include "session.hpp"
#include "sns/json_io.hpp"

#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <memory>
#include <string>
#include <unistd.h>

#ifndef SNS_FUZZ_ROOT
#define SNS_FUZZ_ROOT "."
#endif

namespace fs = std::filesystem;
using sns::app::Mode;
using sns::app::Session;

namespace {

// The file and the app's data (recent games, autosave) live in a folder of this process's own, in
// memory where the system has /dev/shm: the app's atomic writes sync to disk.
void remove_work_folder();

// A folder of this process's own, removed at exit.
const fs::path &work_folder() {
  static const fs::path dir = [] {
    fs::path base = fs::is_directory("/dev/shm") ? fs::path("/dev/shm") : fs::temp_directory_path();
    fs::path d = base / ("sns-fuzz-app-" + std::to_string(::getpid()));
    fs::create_directories(d / "data");
    std::atexit(remove_work_folder);
    return d;
  }();
  return dir;
}

void remove_work_folder() {
  std::error_code ignored;
  fs::remove_all(work_folder(), ignored);
}

// The teaching battle, loaded once: it does not depend on the input.
const std::shared_ptr<const sns::Battle> &teaching_battle() {
  static const std::shared_ptr<const sns::Battle> battle =
      sns::load_battle_file((fs::path(SNS_FUZZ_ROOT) / "battles/first-clash.json").string());
  return battle;
}

// The app with the teaching battle open, as a player would have it when opening another file.
Session &session() {
  static Session s(SNS_FUZZ_ROOT, (work_folder() / "data").string());
  return s;
}

void check(bool holds) {
  if (!holds) std::abort();
}

bool open_file(Session &s, const std::string &path) { return s.file().open(path, 7); }
bool open_replay(Session &s, const std::string &path) { return s.replays().open_replay(path); }
bool open_mailed(Session &s, const std::string &path) { return s.replays().open_mailed(path); }

// The app's three ways to open a game: a refusal keeps the game shown, to the last unit, and says
// why; an open shows a game.
void open_or_keep(Session &s, bool (*open)(Session &, const std::string &),
                  const std::string &path) {
  if (!s.has_game() || s.mode() != Mode::Play)
    s.file().new_game(teaching_battle(), sns::Options{}, 7);
  const sns::Battle *shown = &s.game().battle();
  sns::GameState before = s.game().state();
  if (open(s, path)) {
    check(s.has_game());
  } else {
    check(!s.message().empty());
    check(&s.game().battle() == shown && s.game().state() == before);
  }
}

// The battle editor's Open: read tolerantly, then checked by the loader (a file that does not read
// is said and the editor not opened).
void open_in_editor(const std::string &path) {
  try {
    std::vector<std::string> repairs;
    sns::editor::EditorModel model(
        sns::editor::doc_from_json(sns::read_json_file(path, sns::kMaxInputBytes), &repairs));
    (void)model.text();
  } catch (const std::exception &) {
  }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size == 0) return 0;
  const std::string file = (work_folder() / "opened.json").string();
  std::ofstream(file, std::ios::binary | std::ios::trunc)
      .write(reinterpret_cast<const char *>(data + 1), static_cast<std::streamsize>(size - 1));
  switch (data[0] % 4) {
  case 0:
    open_or_keep(session(), open_file, file);
    break; // Open, the start screen, the command line
  case 1:
    open_or_keep(session(), open_replay, file);
    break;
  case 2:
    open_or_keep(session(), open_mailed, file);
    break;
  default:
    open_in_editor(file);
  }
  std::error_code ignored; // the games kept for the player: one stat when there are none
  fs::remove_all(work_folder() / "data" / "saves", ignored);
  return 0;
}
