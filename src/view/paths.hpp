// Where the programs find their data (SNS_ROOT, the install prefix, the source tree) and keep the
// player's files (XDG data and config folders). No SDL: the command line and the tests use it too.
#pragma once
#include <ctime>
#include <filesystem>
#include <string>
#include <vector>

namespace sns::paths {

namespace fs = std::filesystem;

// The folder name under share/, the XDG data folder and the XDG config folder.
inline constexpr const char *kAppFolder = "shields-swords";

// What the search for the data root looks at; filled from the process by search_from_process(),
// by hand in tests.
struct RootSearch {
  std::string env_root;       // SNS_ROOT, empty when unset
  fs::path executable_folder; // where the running program lives
  fs::path source_dir;        // the source tree the program was built from
  fs::path working_folder;    // the current folder
};

// The folder of the running executable: /proc/self/exe, else argv[0]'s folder.
fs::path executable_folder(const char *argv0);
RootSearch search_from_process(const char *argv0, const char *source_dir);

// A data root holds battles/ and assets/rules.md (lessons in assets/tutorial/).
bool is_data_root(const fs::path &folder);

// Where to look, in order: SNS_ROOT alone when it is set; otherwise the install prefix relative to
// the executable (bin/../share/shields-swords), the folder above the executable (a build folder
// inside the source tree), the executable's folder, the source tree, the working folder.
std::vector<fs::path> root_candidates(const RootSearch &search);

// The first candidate that is a data root. Throws std::runtime_error naming every folder it tried
// (and SNS_ROOT when that is the one that is wrong).
fs::path find_data_root(const RootSearch &search);

// The XDG base folders, from the variables given (empty = unset; relative values are ignored as
// the XDG spec says) or from HOME, else the temporary folder.
struct XdgEnvironment {
  std::string data_home;   // XDG_DATA_HOME
  std::string config_home; // XDG_CONFIG_HOME
  std::string home;        // HOME
};
XdgEnvironment xdg_from_process();
fs::path data_folder(const XdgEnvironment &env);   // saves, autosave, screenshots, lesson progress
fs::path config_folder(const XdgEnvironment &env); // settings

// Creates the folder (and its parents) if missing; returns it. Failure is left to the first write,
// which reports the path.
fs::path ensure_folder(const fs::path &folder);

// A new folder for a battle report under `reports`: the battle's id and the local time it was
// written ("first-clash-2026-12-01-224005"), with "-2", "-3", ... when that name is taken. A report
// of another game of the same battle had replaced the last one, in a folder named by the id alone.
fs::path new_report_folder(const fs::path &reports, const std::string &battle_id, std::time_t when);

} // namespace sns::paths
