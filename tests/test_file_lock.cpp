// One writer at a time (sns/file_lock.hpp): the lock the command line's writers and the app's
// autosave and saved games share.
#include "sns/error.hpp"
#include "sns/file_lock.hpp"

#include <catch2/catch.hpp>
#include <chrono>
#include <filesystem>
#include <unistd.h>

using namespace sns;
namespace fs = std::filesystem;
using std::chrono::milliseconds;

namespace {

fs::path temp_folder() {
  fs::path dir = fs::temp_directory_path() /
                 ("sns-lock-" + std::to_string(::getpid()) + "-" +
                  std::to_string(std::chrono::steady_clock::now().time_since_epoch().count()));
  fs::create_directories(dir);
  return dir;
}

} // namespace

TEST_CASE("file lock: a second holder is refused while the first holds it", "[lock]") {
  fs::path dir = temp_folder();
  std::string game = (dir / "game.json").string();
  auto first = FileLock::acquire(game);
  REQUIRE(first);
  CHECK(first->path() == game + ".lock");
  CHECK(fs::exists(game + ".lock"));
  // flock locks belong to the open file, so a second open in this process is refused as another
  // process would be.
  CHECK_FALSE(FileLock::acquire(game));
  fs::remove_all(dir);
}

TEST_CASE("file lock: the wait is bounded", "[lock]") {
  fs::path dir = temp_folder();
  std::string game = (dir / "game.json").string();
  auto first = FileLock::acquire(game);
  REQUIRE(first);
  auto start = std::chrono::steady_clock::now();
  CHECK_FALSE(FileLock::acquire(game, milliseconds(200)));
  auto waited = std::chrono::steady_clock::now() - start;
  CHECK(waited >= milliseconds(200));
  CHECK(waited < milliseconds(2000));
  fs::remove_all(dir);
}

TEST_CASE("file lock: released, the lock file is gone and the next holder gets it", "[lock]") {
  fs::path dir = temp_folder();
  std::string game = (dir / "game.json").string();
  {
    auto first = FileLock::acquire(game);
    REQUIRE(first);
    FileLock moved = std::move(*first); // moving keeps the one lock
    CHECK_FALSE(FileLock::acquire(game));
  }
  CHECK_FALSE(fs::exists(game + ".lock"));
  auto second = FileLock::acquire(game);
  CHECK(second);
  fs::remove_all(dir);
}

TEST_CASE("file lock: a folder where the lock file cannot be made is an I/O error", "[lock]") {
  CHECK_THROWS_AS(FileLock::acquire("/nonexistent-folder-sns/game.json"), IoError);
}
