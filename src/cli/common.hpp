// What the command families share: finding battles (files or shipped ids), the file an error
// names, reading options into engine values, and the one-writer lock on a record.
#pragma once
#include "output.hpp"
#include "table.hpp"

#include "sns/file_lock.hpp"
#include "sns/game.hpp"
#include "sns/players.hpp"

#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace sns::cli {

// argv[0], for finding the data next to the installed program.
void set_program_path(const std::string &path);
// The folder holding battles/ and assets/: SNS_ROOT, the install prefix, or the source tree.
std::filesystem::path data_root();
// The ids of the battles shipped in the data folder (file names without .json), sorted.
std::vector<std::string> shipped_battle_ids(const std::filesystem::path &root);
// The shipped battle file of an id, or nothing.
std::optional<std::filesystem::path> shipped_battle(const std::string &id);

// The file the command works on, named by its errors ("file"): set when an argument is read.
void set_error_file(const std::string &file);
const std::string &error_file();

// A battle argument: a file, or the id of a shipped battle ("first-clash").
std::string battle_file(const std::string &arg);
// The record argument: a game file (named by the errors from here on).
std::string record_file(const std::string &arg);

std::shared_ptr<const Battle> load_battle_argument(const std::string &arg);
Game load_record(const std::string &arg);

uint64_t seed_option(const Args &a);
std::vector<int> parse_dice(const std::string &text, int faces);
Options parse_game_options(const Args &a, const Battle &b);
Level parse_level_flag(const std::string &text);
// --iterations, --seconds and (unless read_threads is false) --threads, checked.
SearchBudget parse_budget(const Args &a, bool read_threads = true);
// --at N: a moment of the game, 0 (the set-up) to the number of actions; the end without it.
size_t parse_at(const Args &a, const Game &game);
Action parse_action(const Battle &b, const std::string &text, const std::string &source);
nlohmann::json notes_to_json(const std::vector<Note> &notes);

// One writer at a time (docs/cli.md): an advisory flock on RECORD.lock, held while the command
// reads, changes and writes RECORD, and removed when it is done. Waits up to kLockWaitSeconds
// (SNS_LOCK_WAIT seconds when set, at most kMaxLockWaitSeconds), then exit 5 (kind "locked").
class RecordLock {
public:
  explicit RecordLock(const std::string &record);

private:
  std::optional<FileLock> lock_; // sns/file_lock.hpp: the app's saves take the same lock
};
constexpr int kLockWaitSeconds = 3;
constexpr int kMaxLockWaitSeconds = 3600;
// SNS_LOCK_WAIT when set (whole seconds, 0 to kMaxLockWaitSeconds; else exit 1), else
// kLockWaitSeconds: many writers started at once on a loaded machine may want longer.
int lock_wait_seconds();

} // namespace sns::cli
