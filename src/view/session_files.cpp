// The session's game in free play and its file: new game, open, continue the autosave, save and
// save as (verified by replay), the autosave kept for the player, the recent games.
#include "session.hpp"

#include "sns/battle_id.hpp"
#include "sns/input.hpp"
#include "sns/json_io.hpp"
#include "sns/ruleset.hpp"

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>

namespace sns::app {

namespace fs = std::filesystem;
using json = nlohmann::json;

namespace {
constexpr size_t kRecentGames = 8;

// Never throws: a path the system cannot resolve (a loop of links, a name too long) is no file.
bool same_file(const std::string &a, const std::string &b) {
  std::error_code ea, eb;
  fs::path ca = fs::weakly_canonical(a, ea), cb = fs::weakly_canonical(b, eb);
  return !ea && !eb && ca == cb;
}

// A path to open or write, refused before use when it is not UTF-8 (issue 31): "" when fine.
std::string path_refusal(const std::string &path) {
  std::string bad = utf8_refusal(path, "The file name");
  return bad.empty() ? "" : bad + ": rename the file, or choose another name.";
}

// The record a named file holds, as this engine writes it, or null when it does not load.
json named_file_record(const std::string &path) {
  try {
    return Game::load(path).record();
  } catch (const std::exception &) {
    return nullptr;
  }
}
} // namespace

GameFile::GameFile(Session &session, std::string data_dir)
    : s_(session), data_dir_(std::move(data_dir)) {
  load_recent();
  hold_autosave(); // the first window keeps the autosave; a second one is told (other_windows_note)
}

void GameFile::load_recent() {
  try {
    json r = read_json_file((fs::path(data_dir_) / "recent.json").string(), 1 << 16);
    for (const json &p : r.at("games"))
      if (p.is_string() && recent_.size() < kRecentGames) recent_.push_back(p.get<std::string>());
  } catch (const std::exception &) {
    // No list yet, or an unreadable one: start afresh.
  }
}

bool GameFile::practice() const {
  return s_.mode_ == Mode::Play && game_->setup().options.practice;
}

void GameFile::new_game(std::shared_ptr<const Battle> battle, Options options, uint64_t seed) {
  std::string kept = keep_unsaved_autosave();
  game_.emplace(std::move(battle), options, seed);
  name_game(""); // a new game has no name until the player gives it one
  s_.message_ = kept;
  s_.reset_to(Mode::Play);
}

bool GameFile::open(std::string path, uint64_t seed_for_battle, Options for_battle) {
  if (std::string bad = path_refusal(path); !bad.empty()) {
    s_.message_ = bad; // the game shown (if any) is untouched
    return false;
  }
  std::error_code ec;
  if (fs::is_directory(path, ec)) {
    s_.message_ = path + " is a folder: choose a saved game or a battle file in it.";
    return false;
  }
  std::string kept;
  try {
    json doc = read_json_file(path, kMaxInputBytes);
    bool record = doc.is_object() && doc.contains("format") && doc["format"].is_string() &&
                  doc["format"].get<std::string>().rfind("shields-swords-game/", 0) == 0;
    if (!record) {
      new_game(load_battle(doc, path), for_battle, seed_for_battle);
      return true;
    }
    Game loaded = Game::from_record(doc, path);
    if (!same_file(path, autosave_path())) kept = keep_unsaved_autosave();
    game_.emplace(std::move(loaded));
  } catch (const std::exception &e) {
    s_.message_ = e.what(); // the game shown (if any) is untouched
    return false;
  }
  // The autosave is the app's file, never the player's: Ctrl+S on it saves to the file the game
  // had been saved as (the autosave remembers which), or asks for a name.
  if (same_file(path, autosave_path())) {
    name_game(autosave_named_file());
    remember_saved(named_file_record(save_path_));
  } else {
    name_game(path);
    remember_saved(game_->record());
  }
  // Recent games are the player's files: the autosave stands for the file it continues.
  if (!save_path_.empty()) remember_recent(save_path_);
  s_.message_ = "Opened " + path + (kept.empty() ? "" : ". " + kept);
  s_.reset_to(Mode::Play);
  return true;
}

void GameFile::remember_saved(json record) {
  saved_record_ = std::move(record);
  unsaved_checked_at_ = ~0ull;
}

bool GameFile::unsaved_changes() const {
  if (s_.mode_ != Mode::Play || save_path_.empty()) return false;
  if (unsaved_checked_at_ !=
      s_.generation_) { // a record is worked out once per change, not per frame
    unsaved_ = game_->record() != saved_record_;
    unsaved_checked_at_ = s_.generation_;
  }
  return unsaved_;
}

bool GameFile::continue_autosave() {
  if (!fs::exists(autosave_path())) {
    s_.message_ = "There is no autosave yet: start a new game.";
    return false;
  }
  return open(autosave_path(), 0);
}

bool GameFile::autosave_loads() const {
  std::error_code err;
  fs::path path = autosave_path();
  auto time = fs::last_write_time(path, err);
  if (err) return false; // no autosave (or none that can be read)
  auto size = fs::file_size(path, err);
  if (err) return false;
  AutosaveCheck &c = autosave_check_;
  if (c.done && c.time == time && c.size == size) return c.loads;
  c = {true, false, time, size};
  try {
    Game g = Game::from_record(read_json_file(path.string(), kMaxInputBytes), path.string());
    c.loads = true;
    c.summary = g.battle().name + ", " + g.battle().rules().turn_word + " " +
                std::to_string(g.state().turn);
  } catch (const std::exception &) {
    // Truncated, damaged or from a battle that no longer loads: not offered.
  }
  return c.loads;
}

std::string GameFile::autosave_path() const {
  return (fs::path(data_dir_) / "autosave.json").string();
}

std::string GameFile::saves_dir() const { return (fs::path(data_dir_) / "saves").string(); }

std::string GameFile::suggested_save_path() const {
  fs::path dir = saves_dir();
  std::string id = s_.has_game() ? battle_id_for_file_name(s_.game().battle().id, "game") : "game";
  for (int n = 1;; ++n) {
    fs::path p = dir / (id + "-" + std::to_string(n) + ".json");
    if (!fs::exists(p)) return p.string();
  }
}

std::string GameFile::typed_save_path(const std::string &typed) const {
  fs::path p(typed);
  if (typed.empty() || p.is_absolute()) return typed;
  p = fs::path(saves_dir()) / p;
  if (!p.has_extension() && p.has_filename()) p += ".json";
  return p.string();
}

std::string GameFile::autosave_name_path() const {
  return (fs::path(data_dir_) / "autosave-name.json").string();
}

std::string GameFile::autosave_named_file() const {
  try {
    std::string file = read_json_file(autosave_name_path(), 1 << 16).at("file").get<std::string>();
    return !file.empty() && fs::is_regular_file(file) ? file : "";
  } catch (const std::exception &) {
    return ""; // no name kept: the game had none
  }
}

std::string GameFile::keep_unsaved_autosave() {
  if (!hold_autosave()) return ""; // the autosave is another window's game, kept by that window
  try {
    if (!fs::exists(autosave_path())) return "";
    json autosaved = read_json_file(autosave_path(), kMaxInputBytes);
    size_t moves = autosaved.at("actions").size();
    if (moves == 0) return "";
    std::string named = autosave_named_file();
    // The named file holds the game up to its last save; later moves live only in the autosave.
    if (!named.empty() && read_json_file(named, kMaxInputBytes).at("actions").size() == moves)
      return "";
    fs::path dir = saves_dir();
    std::string id = battle_id_for_file_name(autosaved.at("battle").value("id", "game"), "game");
    fs::path kept;
    for (int n = 1; kept.empty() || fs::exists(kept); ++n)
      kept = dir / (id + "-unsaved-" + std::to_string(n) + ".json");
    fs::create_directories(dir);
    write_file_atomically(kept.string(), autosaved.dump(1) + "\n");
    remember_recent(kept.string());
    // The name, not the whole path: the Recent games list opens it, and a path breaks mid-word in
    // a narrow panel.
    return "Your last game had moves not saved: it is kept as " + kept.filename().string() +
           " in your saves folder (Recent games).";
  } catch (const std::exception &e) {
    return std::string("The last game's autosave could not be kept: ") + e.what();
  }
}

void GameFile::autosave() {
  if (s_.mode_ != Mode::Play) return; // lessons never write the game's files
  if (s_.remote_) return; // a network game's record is written by its link (src/net/net_play.hpp)
  bool was_elsewhere = autosave_elsewhere_;
  if (!hold_autosave()) return; // another window keeps it: other_windows_note() says so
  if (was_elsewhere)            // that window has closed: its autosave may hold moves no file has
    if (std::string kept = keep_unsaved_autosave(); !kept.empty()) s_.message_ = kept;
  try {
    game_->save(autosave_path());
    if (autosave_named_ != save_path_) {
      write_file_atomically(autosave_name_path(), json{{"file", save_path_}}.dump() + "\n");
      autosave_named_ = save_path_;
    }
  } catch (const std::exception &e) {
    s_.message_ = std::string("Autosave failed: ") + e.what();
  }
}

Saved GameFile::save() {
  if (s_.mode_ != Mode::Play && s_.mode_ != Mode::Replay) {
    s_.message_ = "Lessons are not saved; your progress through them is remembered.";
    return Saved::No;
  }
  if (save_path_.empty()) return Saved::NeedsName;
  if (!named_lock_) name_game(save_path_); // the other window may have closed since
  if (named_elsewhere_) { // never written over that window's game: the player picks a new name
    s_.message_ = named_elsewhere_words();
    return Saved::NeedsName;
  }
  return save_as(save_path_);
}

Saved GameFile::save_as(const std::string &path, bool replace_existing) {
  if (s_.mode_ != Mode::Play && s_.mode_ != Mode::Replay) return save();
  if (path.empty()) {
    s_.message_ = "Give the saved game a file name.";
    return Saved::No;
  }
  if (std::string bad = path_refusal(path); !bad.empty()) {
    s_.message_ = bad;
    return Saved::No;
  }
  std::error_code ec;
  if (fs::is_directory(path, ec)) {
    s_.message_ = path + " is a folder: give a file name inside it.";
    return Saved::No;
  }
  if (same_file(path, autosave_path()) || same_file(path, autosave_name_path())) {
    s_.message_ = "That is the autosave's file, which every move rewrites: choose another name.";
    return Saved::No;
  }
  if (fs::exists(path, ec) && !replace_existing &&
      (save_path_.empty() || !same_file(path, save_path_))) {
    s_.message_ = path + " already exists: Replace it, or choose another name.";
    return Saved::Exists;
  }
  json written;
  std::optional<FileLock> lock; // another file than the one this window holds: its lock first
  try {
    fs::path parent = fs::path(path).parent_path();
    if (!parent.empty()) fs::create_directories(parent);
    if (!named_lock_ || !same_file(path, save_path_)) {
      // A command line writer holds a record's lock for a moment: it is waited for.
      lock = FileLock::acquire(path, std::chrono::milliseconds(500));
      if (!lock) {
        s_.message_ = printable(path) +
                      " is open in another window, or another program is writing it: save this "
                      "game under another name.";
        return Saved::No;
      }
    }
    // A replay saves its record (with its notes); replayed and compared before the file is
    // replaced.
    written = (s_.mode_ == Mode::Replay ? s_.replays_.replay_->record() : *game_).save(path);
  } catch (const std::exception &e) {
    s_.message_ = e.what();
    return Saved::No;
  }
  save_path_ = path;
  if (lock) named_lock_ = std::move(lock), named_elsewhere_ = false;
  remember_saved(s_.mode_ == Mode::Play ? std::move(written) : json());
  remember_recent(path);
  autosave(); // the autosave now continues this file
  s_.message_ = save_said_ = "Saved " + path;
  return Saved::Yes;
}

std::vector<std::string> GameFile::recent() const {
  std::vector<std::string> present;
  std::error_code ec;
  for (const std::string &p : recent_)
    if (fs::exists(p, ec)) present.push_back(p);
  return present;
}

void GameFile::remember_recent(const std::string &path) {
  std::error_code unresolved;
  std::string full = fs::weakly_canonical(path, unresolved).string();
  if (unresolved) return; // a path the system cannot resolve is not listed
  std::erase_if(recent_, [&](const std::string &p) {
    std::error_code ec;
    return p == full || !fs::exists(p, ec); // a deleted file leaves the list
  });
  recent_.insert(recent_.begin(), full);
  if (recent_.size() > kRecentGames) recent_.resize(kRecentGames);
  try {
    write_file_atomically((fs::path(data_dir_) / "recent.json").string(),
                          json{{"games", recent_}}.dump(1) + "\n");
  } catch (const std::exception &) {
    // The list is a convenience: a read-only data folder must not stop the game.
  }
}

} // namespace sns::app
