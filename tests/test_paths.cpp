// Where the programs find their data (SNS_ROOT, install prefix, source tree) and keep the player's
// files (XDG folders): src/view/paths.hpp.
#include "paths.hpp"
#include "source_dir.hpp"

#include <catch2/catch.hpp>
#include <fstream>
#include <unistd.h>

using namespace sns::paths;

namespace {

// A fresh temporary folder, removed when the test ends.
struct TempFolder {
  fs::path path;
  TempFolder() {
    path = fs::temp_directory_path() / ("sns-paths-" + std::to_string(::getpid()) + "-" +
                                        std::to_string(reinterpret_cast<uintptr_t>(this)));
    fs::remove_all(path);
    fs::create_directories(path);
  }
  ~TempFolder() { fs::remove_all(path); }
};

void make_data_root(const fs::path &root) {
  fs::create_directories(root / "battles");
  fs::create_directories(root / "assets");
  std::ofstream(root / "assets" / "rules.md") << "# rules\n";
}

} // namespace

TEST_CASE("paths: an installed program finds its data in ../share/shields-swords") {
  TempFolder t;
  fs::path prefix = t.path / "usr";
  fs::create_directories(prefix / "bin");
  make_data_root(prefix / "share" / "shields-swords");
  RootSearch s{"", prefix / "bin", SNS_SOURCE_DIR, t.path};
  CHECK(find_data_root(s) == fs::weakly_canonical(prefix / "share" / "shields-swords"));
}

TEST_CASE("paths: a program in a build folder inside the source tree finds the source tree") {
  TempFolder t;
  make_data_root(t.path / "src");
  fs::create_directories(t.path / "src" / "build");
  RootSearch s{"", t.path / "src" / "build", "", t.path};
  CHECK(find_data_root(s) == fs::weakly_canonical(t.path / "src"));
}

TEST_CASE("paths: a program elsewhere falls back to the source tree it was built from") {
  TempFolder t;
  fs::create_directories(t.path / "bin");
  RootSearch s{"", t.path / "bin", SNS_SOURCE_DIR, t.path};
  CHECK(find_data_root(s) == fs::weakly_canonical(SNS_SOURCE_DIR));
}

TEST_CASE("paths: SNS_ROOT wins over an installed copy, and a wrong SNS_ROOT is named") {
  TempFolder t;
  make_data_root(t.path / "mine");
  make_data_root(t.path / "usr" / "share" / "shields-swords");
  RootSearch s{(t.path / "mine").string(), t.path / "usr" / "bin", SNS_SOURCE_DIR, t.path};
  CHECK(find_data_root(s) == fs::weakly_canonical(t.path / "mine"));
  s.env_root = (t.path / "nowhere").string();
  CHECK(root_candidates(s) == std::vector<fs::path>{t.path / "nowhere"});
  CHECK_THROWS_WITH(find_data_root(s), Catch::Contains("SNS_ROOT=" + s.env_root));
}

TEST_CASE("paths: no data anywhere is an error listing every folder tried") {
  TempFolder t;
  RootSearch s{"", t.path / "bin", t.path / "source", t.path / "work"};
  CHECK_THROWS_WITH(find_data_root(s), Catch::Contains((t.path / "source").string()) &&
                                           Catch::Contains((t.path / "work").string()) &&
                                           Catch::Contains("SNS_ROOT"));
}

TEST_CASE("paths: a folder without assets/rules.md is not a data root") {
  TempFolder t;
  fs::create_directories(t.path / "battles");
  CHECK_FALSE(is_data_root(t.path));
  make_data_root(t.path);
  CHECK(is_data_root(t.path));
}

TEST_CASE("paths: saves go to XDG_DATA_HOME and settings to XDG_CONFIG_HOME, else under HOME") {
  CHECK(data_folder({"/x/data", "/x/config", "/home/p"}) == "/x/data/shields-swords");
  CHECK(config_folder({"/x/data", "/x/config", "/home/p"}) == "/x/config/shields-swords");
  CHECK(data_folder({"", "", "/home/p"}) == "/home/p/.local/share/shields-swords");
  CHECK(config_folder({"", "", "/home/p"}) == "/home/p/.config/shields-swords");
  // The XDG spec: relative values are ignored.
  CHECK(data_folder({"relative/data", "relative/config", "/home/p"}) ==
        "/home/p/.local/share/shields-swords");
  CHECK(config_folder({"relative/data", "relative/config", "/home/p"}) ==
        "/home/p/.config/shields-swords");
  // Neither set nor HOME: the temporary folder, never the working folder.
  CHECK(data_folder({"", "", ""}).is_absolute());
}

TEST_CASE("paths: ensure_folder creates missing parents") {
  TempFolder t;
  fs::path deep = t.path / "a" / "b" / "shields-swords";
  CHECK(ensure_folder(deep) == deep);
  CHECK(fs::is_directory(deep));
}

TEST_CASE("paths: each battle report gets a folder of its own, named by battle and time") {
  TempFolder t;
  std::tm local{};
  local.tm_year = 2026 - 1900, local.tm_mon = 11, local.tm_mday = 1;
  local.tm_hour = 22, local.tm_min = 40, local.tm_sec = 5, local.tm_isdst = -1;
  std::time_t when = std::mktime(&local);
  fs::path first = new_report_folder(t.path, "first-clash", when);
  CHECK(first == t.path / "first-clash-2026-12-01-224005");
  // Another report in the same second, of this game or another, does not replace it.
  ensure_folder(first);
  fs::path second = new_report_folder(t.path, "first-clash", when);
  CHECK(second == t.path / "first-clash-2026-12-01-224005-2");
  ensure_folder(second);
  CHECK(new_report_folder(t.path, "first-clash", when) ==
        t.path / "first-clash-2026-12-01-224005-3");
  CHECK(new_report_folder(t.path, "lincoln-1141", when) ==
        t.path / "lincoln-1141-2026-12-01-224005");
}
