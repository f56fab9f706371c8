// The session's replays, notes and play by e-mail (issue 11): Mode::Replay shows a record at one
// moment; Play from here branches from it; Send turn mails the record to the side to act.
#include "editor_doc.hpp"
#include "session.hpp"

#include "sns/battle_id.hpp"
#include "sns/input.hpp"
#include "sns/json_io.hpp"

#include <filesystem>

namespace sns::app {

namespace fs = std::filesystem;

namespace {
bool same_file(const std::string &a, const std::string &b) { // never throws (session.cpp)
  std::error_code ea, eb;
  fs::path ca = fs::weakly_canonical(a, ea), cb = fs::weakly_canonical(b, eb);
  return !ea && !eb && ca == cb;
}

// A file name or typed text that is not UTF-8 is refused where it enters (issue 31).
bool refused_as_not_utf8(const std::string &text, const char *what, std::string &message) {
  std::string bad = utf8_refusal(text, what);
  if (!bad.empty()) message = bad + ".";
  return !bad.empty();
}
} // namespace

bool Session::show_replay(Game record, size_t at, const std::string &path) {
  replay_.emplace(std::move(record), at);
  name_game(path); // Ctrl+S writes the record (with its notes) back where it came from
  reset_to(Mode::Replay);
  return true;
}

bool Session::replay_game() {
  if (mode_ != Mode::Play) {
    message_ = "Only a game in play can be replayed (lessons go forward only).";
    return false;
  }
  size_t end = game_->actions().size();
  std::string path = save_path_;
  show_replay(*game_, end, path);
  message_ = "Replay: step back through the game; Play from here branches from any moment.";
  return true;
}

bool Session::open_replay(const std::string &path) {
  if (refused_as_not_utf8(path, "The file name", message_)) return false;
  try {
    Game record = Game::load(path);
    show_replay(std::move(record), 0, same_file(path, autosave_path()) ? "" : path);
  } catch (const std::exception &e) {
    message_ = e.what(); // the game shown (if any) is untouched
    return false;
  }
  message_ = "Replaying " + path;
  return true;
}

bool Session::open_mailed(const std::string &path) {
  if (refused_as_not_utf8(path, "The file name", message_)) return false;
  std::optional<Game> record;
  try {
    record.emplace(Game::load(path)); // an illegal action: the loader names it and its rule
  } catch (const std::exception &e) {
    message_ = "Refused: this record does not replay. " + std::string(e.what());
    return false;
  }
  if (auto unfair = record->dice_from_seed()) {
    message_ = "Refused: the dice in this record are not its seed's. " + unfair->rule + ": " +
               unfair->reason;
    return false;
  }
  // The record carries its battle whole: a shipped battle must be the one shipped here, or a
  // stronger unit slipped into the file would pass as the same battle. The same content counts,
  // not the layout (records written before the battles were rewritten canonically still pass).
  // Its id names the shipped file: one that is not a plain name ("../x") would name another.
  if (!is_plain_battle_id(record->battle().id)) {
    message_ = "Refused: this record's battle id \"" + printable(record->battle().id) +
               "\" is not a plain name (letters, digits, '-', '_', '.').";
    return false;
  }
  fs::path shipped = fs::path(root_) / "battles" / (record->battle().id + ".json");
  try {
    if (fs::exists(shipped) &&
        !editor::same_content(read_json_file(shipped.string(), kMaxInputBytes),
                              record->battle().source)) {
      message_ = "Refused: the battle in this record differs from the shipped " +
                 record->battle().id + " (" + shipped.string() + ").";
      return false;
    }
  } catch (const std::exception &e) {
    message_ = e.what();
    return false;
  }
  int side = side_to_act(record->setup(), record->state());
  size_t from = side < 0 ? 0 : since_last_turn(*record, side);
  std::string who = side < 0 ? "" : record->battle().sides[side].name;
  show_replay(std::move(*record), from, "");
  message_ = side < 0 ? "The game is over: replay it from the start."
                      : "Since your last turn (" + who +
                            "): step forward through your opponent's moves, then press Play "
                            "from here at the end to answer.";
  return true;
}

void Session::replay_go(size_t at) {
  if (mode_ != Mode::Replay) return;
  replay_->go(at);
  changed();
}

bool Session::replay_step(ReplayStep kind, int direction) {
  if (mode_ != Mode::Replay) return false;
  if (!replay_->step(kind, direction)) {
    message_ = direction > 0 ? "This is the end of the record." : "This is the set-up.";
    return false;
  }
  message_.clear();
  changed();
  return true;
}

bool Session::play_from_here() {
  if (mode_ != Mode::Replay) return false;
  Game branch = replay_->branch();
  size_t at = replay_->at(), end = replay_->size();
  std::string kept = keep_unsaved_autosave();
  game_.emplace(std::move(branch));
  name_game(""); // a branch is a new game: the record it came from is never overwritten
  reset_to(Mode::Play);
  message_ = at == end ? "Playing on from the end of the record."
                       : "Playing a new line from action " + std::to_string(at) + " of " +
                             std::to_string(end) + "; the record is kept as it was.";
  if (!kept.empty()) message_ += " " + kept;
  return true;
}

bool Session::add_note(const std::string &text, bool bookmark) {
  if (refused_as_not_utf8(text, "The note", message_)) return false;
  bool ok = false;
  if (mode_ == Mode::Replay)
    ok = replay_->add_note(text, bookmark);
  else if (mode_ == Mode::Play)
    ok = game_->add_note({game_->actions().size(), text, bookmark});
  if (!ok) {
    message_ = mode_ == Mode::Lesson
                   ? "Lessons keep no notes."
                   : "A note is 1 to " + std::to_string(kMaxNoteChars) + " characters.";
    return false;
  }
  message_ = bookmark ? "Bookmarked." : "Note added.";
  changed(); // the autosave keeps it in play; a replay keeps it until saved
  return true;
}

bool Session::remove_note(size_t index) {
  bool ok = mode_ == Mode::Replay ? replay_->remove_note(index)
            : mode_ == Mode::Play ? game_->remove_note(index)
                                  : false;
  if (ok) changed();
  return ok;
}

bool Session::can_send_turn() const {
  if (mode_ != Mode::Play || game_->actions().empty() || game_->state().game_over()) return false;
  size_t last = game_->actions().size() - 1;
  return side_to_act(game_->setup(), game_->state()) != actor(*game_, last);
}

bool Session::send_turn(const std::string &dir) {
  if (!can_send_turn()) {
    message_ = "Send turn once your turn is done: the game must wait on your opponent.";
    return false;
  }
  if (refused_as_not_utf8(dir, "The folder name", message_)) return false;
  const Battle &b = game_->battle();
  int to = side_to_act(game_->setup(), game_->state());
  // The name says whose turn it is, so a player sees at a glance which file to open.
  std::string name = b.id + "-turn-" + std::to_string(game_->state().turn) + "-" + b.sides[to].id +
                     "-to-play.json";
  std::string path = (fs::path(dir) / name).string();
  try {
    fs::create_directories(dir);
    game_->save(path); // replayed and compared before it is written
  } catch (const std::exception &e) {
    message_ = e.what();
    return false;
  }
  sent_path_ = path;
  message_ = "Sent turn: mail " + path + " to " + b.sides[to].name + ".";
  return true;
}

} // namespace sns::app
