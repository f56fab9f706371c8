// What the command families share (common.hpp): battles by file or id, options read into engine
// values within their bounds, and the record lock.
#include "common.hpp"

#include "paths.hpp"
#include "sns/battle_id.hpp"
#include "sns/input.hpp"
#include "sns/json_io.hpp"

#include <algorithm>
#include <chrono>
#include <cstdlib>

namespace sns::cli {

namespace fs = std::filesystem;

namespace {
std::string program_path;
std::string current_file;
} // namespace

void set_program_path(const std::string &path) {
  program_path = path;
  current_file.clear(); // a new command line names its own file
}

fs::path data_root() {
  try {
    return paths::find_data_root(paths::search_from_process(program_path.c_str(), SNS_SOURCE_DIR));
  } catch (const std::exception &e) {
    fail(kBadInput, e.what(), "no_data");
  }
}

std::vector<std::string> shipped_battle_ids(const fs::path &root) {
  std::vector<std::string> ids;
  std::error_code ec;
  for (auto &e : fs::directory_iterator(root / "battles", ec))
    if (e.path().extension() == ".json") ids.push_back(e.path().stem().string());
  std::sort(ids.begin(), ids.end());
  return ids;
}

std::optional<fs::path> shipped_battle(const std::string &id) {
  std::error_code ec;
  if (!is_plain_battle_id(id)) return std::nullopt; // never a path: "../x", "a/b", ".hidden"
  fs::path shipped = data_root() / "battles" / (id + ".json");
  if (fs::is_regular_file(shipped, ec)) return shipped;
  return std::nullopt;
}

void set_error_file(const std::string &file) { current_file = file; }
const std::string &error_file() { return current_file; }

std::string battle_file(const std::string &arg) {
  std::error_code ec;
  bool looks_like_path = arg.find('/') != std::string::npos || fs::path(arg).has_extension();
  if (looks_like_path || fs::exists(arg, ec)) {
    set_error_file(arg);
    return arg;
  }
  if (auto shipped = shipped_battle(arg)) {
    set_error_file(shipped->string());
    return shipped->string();
  }
  fs::path root = data_root();
  std::string ids;
  for (const std::string &id : shipped_battle_ids(root))
    ids += (ids.empty() ? "" : ", ") + id;
  set_error_file(arg);
  fail(kBadInput, "no battle file or shipped battle named \"" + printable(arg) + "\"",
       "no_such_battle", "", "shipped battles in " + (root / "battles").string() + ": " + ids);
}

std::string record_file(const std::string &arg) {
  set_error_file(arg);
  return arg;
}

std::shared_ptr<const Battle> load_battle_argument(const std::string &arg) {
  return load_battle_file(battle_file(arg));
}

Game load_record(const std::string &arg) { return Game::load(record_file(arg)); }

uint64_t seed_option(const Args &a) {
  return parse_count(a.value("--seed", "1"), "--seed", 0, kMaxSeed);
}

std::vector<int> parse_dice(const std::string &text, int faces) {
  std::vector<int> dice;
  size_t start = 0;
  while (start <= text.size()) {
    size_t end = text.find(',', start);
    std::string part =
        text.substr(start, end == std::string::npos ? std::string::npos : end - start);
    dice.push_back(static_cast<int>(parse_count(
        part, faces == 8 ? "each forced die (a d8)" : "each forced die (a d6 in D3 Medieval, D14)",
        1, static_cast<uint64_t>(faces))));
    if (dice.size() > kMaxForcedDice)
      usage_error("--dice takes at most " + std::to_string(kMaxForcedDice) + " dice");
    if (end == std::string::npos) break;
    start = end + 1;
  }
  return dice;
}

Options parse_game_options(const Args &a, const Battle &b) {
  Options o;
  for (const std::string &opt : a.values("--option")) {
    if (opt != "advanced-wing-integrity")
      usage_error("unknown game option \"" + printable(opt) + "\"; known: advanced-wing-integrity");
    if (b.wing_integrity != WingIntegrityRule::StandardOrAdvanced)
      fail(kBadInput, "this battle does not offer advanced Wing Integrity as an option",
           "option_not_offered", "4.2");
    o.advanced_wing_integrity = true;
  }
  return o;
}

Level parse_level_flag(const std::string &text) {
  auto l = parse_level(text);
  if (!l) usage_error("unknown level \"" + printable(text) + "\"; known: " + level_list());
  return *l;
}

SearchBudget parse_budget(const Args &a, bool read_threads) {
  SearchBudget budget;
  if (a.has("--iterations") && a.has("--seconds"))
    usage_error("give --seconds or --iterations, not both");
  if (a.has("--iterations"))
    budget.iterations = parse_count(a.value("--iterations", ""), "--iterations", 1, kMaxIterations);
  if (a.has("--seconds")) budget.seconds = parse_seconds(a.value("--seconds", ""), "--seconds");
  budget.threads = default_search_threads();
  if (read_threads && a.has("--threads"))
    budget.threads = static_cast<unsigned>(
        parse_count(a.value("--threads", ""), "--threads", 1, kMaxSearchThreads));
  return budget;
}

size_t parse_at(const Args &a, const Game &game) {
  if (!a.has("--at")) return game.actions().size();
  return parse_count(a.value("--at", ""),
                     "--at (the game has " + std::to_string(game.actions().size()) + " actions)", 0,
                     game.actions().size());
}

Action parse_action(const Battle &b, const std::string &text, const std::string &source) {
  // The one JSON reader of every input (UTF-8, depth, number range): a bad action is exit 2.
  return action_from_json(b, parse_json_text(text, source), source);
}

json notes_to_json(const std::vector<Note> &notes) {
  json out = json::array();
  for (const Note &n : notes) {
    json j = {{"at", n.at}, {"text", n.text}};
    if (n.bookmark) j["bookmark"] = true;
    out.push_back(j);
  }
  return out;
}

int lock_wait_seconds() {
  const char *set = std::getenv("SNS_LOCK_WAIT");
  if (!set) return kLockWaitSeconds;
  std::string text = set;
  bool whole = !text.empty() && text.size() <= 4 &&
               std::all_of(text.begin(), text.end(), [](char c) { return c >= '0' && c <= '9'; });
  if (!whole || std::stoi(text) > kMaxLockWaitSeconds)
    usage_error("SNS_LOCK_WAIT is \"" + printable(text) + "\": expected whole seconds, 0 to " +
                std::to_string(kMaxLockWaitSeconds));
  return std::stoi(text);
}

RecordLock::RecordLock(const std::string &record) {
  int wait = lock_wait_seconds();
  set_error_file(record);
  lock_ = FileLock::acquire(record, std::chrono::seconds(wait));
  if (!lock_)
    fail(kCannotWrite,
         "another command is writing this record (waited " + std::to_string(wait) + " s for " +
             FileLock::lock_path(record) + "); nothing written",
         "locked");
  clear_cut_writes(record); // RECORD.tmp.PID of writers killed before their rename
}

} // namespace sns::cli
