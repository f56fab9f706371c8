// Two windows on one data folder or one saved game (issue 31, src/view/session.hpp "Other
// windows"), and what a session refuses where it enters: file names and notes that are not UTF-8,
// paths the system cannot resolve. Each Session stands for one window.
#include "session_fixture.hpp"

#include <filesystem>
#include <fstream>
#include <sys/wait.h>
#include <unistd.h>

using namespace sns;
using namespace sns::test;
using namespace sns::app;
namespace fs = std::filesystem;
using json = nlohmann::json;

namespace {

void move_host(Session &s) {
  REQUIRE(s.play(action_from_json(s.game().battle(), kHostMoves, "t")));
}

size_t actions_in(const std::string &record) { return Game::load(record).actions().size(); }

} // namespace

TEST_CASE("windows: a second window keeps no autosave and is told; the first's is untouched") {
  Folder data("windows-autosave");
  TestSession first(data.path.string());
  first.file().new_game(first_clash(), Options{}, 7);
  move_host(first);
  CHECK_FALSE(first.file().autosave_elsewhere());
  CHECK(first.file().other_windows_note().empty());

  TestSession second(data.path.string());
  CHECK(second.file().autosave_elsewhere());
  CHECK(second.file().other_windows_note().find(
            "Another window of Shields & Swords keeps the autosave") != std::string::npos);
  second.file().new_game(first_clash(), Options{}, 8);
  // The first window's game is not "kept" as if it were over: it is still being played.
  CHECK_FALSE(fs::exists(data.file("saves")));
  move_host(second); // nothing of it reaches the autosave
  CHECK(actions_in(second.file().autosave_path()) == 1);
  CHECK(Game::load(second.file().autosave_path()).seed() == 7);
  // Its own game is kept by Save as.
  REQUIRE(second.file().save_as(data.file("second.json")) == Session::Saved::Yes);
  CHECK(actions_in(data.file("second.json")) == second.game().actions().size());
  CHECK(actions_in(first.file().autosave_path()) == 1);
}

TEST_CASE("windows: once the first window closes, the second takes the autosave over") {
  Folder data("windows-takeover");
  std::optional<TestSession> first(std::in_place, data.path.string());
  first->file().new_game(first_clash(), Options{}, 7);
  move_host(*first); // a move no named file holds
  TestSession second(data.path.string());
  second.file().new_game(first_clash(), Options{}, 8);
  REQUIRE(second.file().autosave_elsewhere());
  first.reset(); // the first window is closed
  move_host(second);
  CHECK_FALSE(second.file().autosave_elsewhere());
  CHECK(second.file().other_windows_note().empty());
  CHECK(Game::load(second.file().autosave_path()).seed() == 8);
  // The first window's unsaved move was kept before its autosave was replaced.
  std::string kept = data.file("saves/first-clash-unsaved-1.json");
  REQUIRE(fs::exists(kept));
  CHECK(Game::load(kept).seed() == 7);
  CHECK(actions_in(kept) == 1);
}

TEST_CASE("windows: a saved game open in another window is never written over") {
  Folder data("windows-named");
  std::string saved = data.file("saved.json");
  {
    TestSession maker(data.path.string());
    maker.file().new_game(first_clash(), Options{}, 7);
    REQUIRE(maker.file().save_as(saved) == Session::Saved::Yes);
  }
  TestSession first(data.path.string());
  REQUIRE(first.file().open(saved, 0));
  CHECK_FALSE(first.file().named_elsewhere());
  CHECK(fs::exists(saved + ".lock"));

  TestSession second(data.path.string());
  REQUIRE(second.file().open(saved, 0)); // reading is fine
  CHECK(second.file().named_elsewhere());
  CHECK(second.file().other_windows_note().find("saved.json is open in another window") !=
        std::string::npos);
  move_host(second);
  // Ctrl+S asks for another name instead of writing the first window's file.
  CHECK(second.file().save() == Session::Saved::NeedsName);
  CHECK(second.message().find("saved.json is open in another window") != std::string::npos);
  CHECK(second.file().save_as(saved, true) == Session::Saved::No);
  CHECK(actions_in(saved) == 0);
  REQUIRE(second.file().save_as(data.file("mine.json")) == Session::Saved::Yes);
  CHECK_FALSE(second.file().named_elsewhere());
  CHECK(actions_in(data.file("mine.json")) == 1);
  // The first window still saves its own file.
  move_host(first);
  CHECK(first.file().save() == Session::Saved::Yes);
  CHECK(actions_in(saved) == 1);
}

TEST_CASE("windows: a command-line writer's lock on a record keeps the app from writing it") {
  Folder data("windows-cli-holds");
  std::string record = data.file("game.json");
  TestSession s(data.path.string());
  s.file().new_game(first_clash(), Options{}, 7);
  auto cli = FileLock::acquire(record); // as `shields-swords-cli apply game.json` holds it
  REQUIRE(cli);
  CHECK(s.file().save_as(record) == Session::Saved::No);
  CHECK(s.message().find("another program is writing it") != std::string::npos);
  CHECK_FALSE(fs::exists(record));
}

TEST_CASE("input: a file name that is not UTF-8 is refused with its bytes escaped") {
  Folder data("windows-names");
  TestSession s(data.path.string());
  s.file().new_game(first_clash(), Options{}, 7);
  move_host(s);
  GameState before = s.game().state();
  std::string latin1 = data.file("caf\xE9.json");
  std::ofstream(latin1) << "{}";
  CHECK_FALSE(s.file().open(latin1, 0));
  CHECK(s.message().find("caf\\xE9.json\" is not UTF-8 (byte 0xE9 at offset") != std::string::npos);
  CHECK(s.game().state() == before);
  CHECK(s.file().save_as(data.file("r\xE9sum\xE9.json")) == Session::Saved::No);
  CHECK_FALSE(fs::exists(data.file("r\xE9sum\xE9.json")));
  CHECK_FALSE(s.replays().open_replay(latin1));
  CHECK_FALSE(s.replays().open_mailed(latin1));
  CHECK(s.message().find("is not UTF-8") != std::string::npos);
  CHECK(s.game().state() == before);
}

TEST_CASE("input: a note that is not UTF-8 is refused and every save still writes") {
  Folder data("windows-notes");
  TestSession s(data.path.string());
  s.file().new_game(first_clash(), Options{}, 7);
  CHECK_FALSE(s.replays().add_note("caf\xE9", false));
  CHECK(s.message().find("The note \"caf\\xE9\" is not UTF-8") != std::string::npos);
  CHECK(s.game().notes().empty());
  CHECK(s.replays().add_note("caf\xC3\xA9", false));
  REQUIRE(s.file().save_as(data.file("noted.json")) == Session::Saved::Yes);
}

TEST_CASE("input: paths the system cannot resolve are refused, never thrown") {
  Folder data("windows-paths");
  TestSession s(data.path.string());
  s.file().new_game(first_clash(), Options{}, 7);
  fs::create_symlink("loop", data.path / "loop"); // a link to itself: ELOOP
  std::string looped = data.file("loop/game.json");
  std::string long_name = data.file(std::string(300, 'a') + ".json"); // ENAMETOOLONG
  for (const std::string &path : {looped, long_name}) {
    CHECK_NOTHROW(s.file().open(path, 0));
    CHECK_NOTHROW(s.file().save_as(path));
    CHECK_NOTHROW(s.file().save_as(path, true));
  }
  CHECK_FALSE(s.file().open(looped, 0));
  CHECK(s.file().save_as(long_name) == Session::Saved::No);
}

namespace {

// A PID no process has: a child that has exited and been reaped.
pid_t gone_pid() {
  pid_t child = ::fork();
  if (child == 0) ::_exit(0);
  ::waitpid(child, nullptr, 0);
  return child;
}

} // namespace

TEST_CASE("cut writes: FILE.tmp.PID of a writer that is gone is removed, a live writer's kept") {
  Folder dir("cut-writes");
  std::string game = dir.file("game.json");
  std::ofstream(game) << "{}";
  const std::string dead = game + ".tmp." + std::to_string(gone_pid());
  const std::string live = game + ".tmp." + std::to_string(::getpid());
  const std::string other = dir.file("other.json.tmp." + std::to_string(gone_pid()));
  const std::string not_a_pid = game + ".tmp.x1";
  for (const std::string &f : {dead, live, other, not_a_pid})
    std::ofstream(f) << "{\"cut";
  CHECK(clear_cut_writes(game) == 1);
  CHECK_FALSE(fs::exists(dead));
  CHECK(fs::exists(live));      // may still be writing
  CHECK(fs::exists(other));     // beside another file
  CHECK(fs::exists(not_a_pid)); // not a temporary file of this protocol
  CHECK(fs::exists(game));
}

TEST_CASE(
    "cut writes: a named save killed mid-write leaves no litter once the game is open again") {
  Folder data("cut-named-data");
  Folder saves("cut-named-saves");
  std::string named = saves.file("mine.json");
  {
    Session first(SNS_SOURCE_DIR, data.path.string());
    first.file().new_game(first_clash(), Options{}, 3);
    move_host(first);
    REQUIRE(first.file().save_as(named) == Session::Saved::Yes);
  }
  // A window killed between creating its temporary file and the rename leaves this behind.
  const std::string cut = named + ".tmp." + std::to_string(gone_pid());
  std::ofstream(cut) << "{\"format\": \"shields-swords-game/2\", \"act";
  Session again(SNS_SOURCE_DIR, data.path.string());
  REQUIRE(again.file().open(named, 1));
  CHECK_FALSE(fs::exists(cut));
  CHECK(actions_in(named) == 1);
  CHECK(again.game().actions().size() == 1); // the game shown is the one saved
}
