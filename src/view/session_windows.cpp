// The session's game file and other windows (issue 31): the autosave and the saved game shown are
// held with the one-writer lock (sns/file_lock.hpp), so two windows never write one file
// unknowingly.
#include "session.hpp"

#include "sns/game.hpp"
#include "sns/input.hpp"

#include <filesystem>

namespace sns::app {

namespace fs = std::filesystem;

namespace {

// Writes of the autosave cut short (a window killed while writing) leave FILE.tmp.PID beside it.
// Only the autosave's holder writes those files, so it clears what others left.
void clear_cut_autosave_writes(const std::string &dir) {
  std::error_code ec;
  for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
    std::string name = it->path().filename().string();
    std::error_code ignored;
    if (name.rfind("autosave.json.tmp.", 0) == 0 || name.rfind("autosave-name.json.tmp.", 0) == 0)
      fs::remove(it->path(), ignored);
  }
}

} // namespace

bool GameFile::hold_autosave() {
  if (autosave_lock_) return true;
  try {
    autosave_lock_ = FileLock::acquire(autosave_path());
  } catch (const std::exception &) {
    return true; // no lock file can be made in the data folder: the autosave's own write says why
  }
  autosave_elsewhere_ = !autosave_lock_;
  if (autosave_lock_) clear_cut_autosave_writes(data_dir_);
  return autosave_lock_.has_value();
}

void GameFile::name_game(std::string path) {
  if (named_lock_ && path == save_path_) return; // still this window's
  save_path_ = std::move(path);
  named_lock_.reset();
  named_elsewhere_ = false;
  if (save_path_.empty()) return;
  try {
    named_lock_ = FileLock::acquire(save_path_);
    named_elsewhere_ = !named_lock_;
    // Saves of it cut short by a kill left NAME.tmp.PID beside it: this window writes it now.
    if (named_lock_) clear_cut_writes(save_path_);
  } catch (const std::exception &) {
    // No lock file can be made beside it (a read-only folder): a save there says why.
  }
}

std::string GameFile::named_elsewhere_words() const {
  return printable(fs::path(save_path_).filename().string()) +
         " is open in another window: this window will not write over it; save this game under "
         "another name (Save as).";
}

std::string GameFile::other_windows_note() const {
  std::string note;
  if (autosave_elsewhere_)
    note = "Another window of Shields & Swords keeps the autosave: this one writes none, so keep "
           "your games with Save as.";
  if (named_elsewhere_ && (s_.mode_ == Mode::Play || s_.mode_ == Mode::Replay))
    note += (note.empty() ? "" : " ") + named_elsewhere_words();
  return note;
}

} // namespace sns::app
