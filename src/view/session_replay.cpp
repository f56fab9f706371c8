// The session's replays, notes and play by e-mail (issue 11): Mode::Replay shows a record at one
// moment; Play from here branches from it; Send turn mails the record to the side to act. And a
// practice game's lines, which branch from a moment of the game as Play from here does.
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

bool Replays::show_replay(Game record, size_t at, const std::string &path) {
  replay_.emplace(std::move(record), at);
  s_.file_.name_game(path); // Ctrl+S writes the record (with its notes) back where it came from
  s_.reset_to(Mode::Replay);
  return true;
}

bool Replays::replay_game() {
  if (s_.mode_ != Mode::Play) {
    s_.message_ = "Only a game in play can be replayed (lessons go forward only).";
    return false;
  }
  if (s_.remote_) { // a replay is another game shown: it would end the network game
    s_.message_ = "A network game is replayed from its record once it is over (Record > Open a "
                  "replay...: " +
                  s_.remote_->record_path() + ").";
    return false;
  }
  size_t end = s_.file_.game_->actions().size();
  std::string path = s_.file_.save_path_;
  show_replay(*s_.file_.game_, end, path);
  s_.message_ = "Replay: step back through the game; Play from here branches from any moment.";
  return true;
}

bool Replays::open_replay(const std::string &path) {
  if (refused_as_not_utf8(path, "The file name", s_.message_)) return false;
  try {
    Game record = Game::load(path);
    show_replay(std::move(record), 0, same_file(path, s_.file_.autosave_path()) ? "" : path);
  } catch (const std::exception &e) {
    s_.message_ = e.what(); // the game shown (if any) is untouched
    return false;
  }
  s_.message_ = "Replaying " + path;
  return true;
}

bool Replays::open_mailed(const std::string &path) {
  if (refused_as_not_utf8(path, "The file name", s_.message_)) return false;
  std::optional<Game> record;
  try {
    record.emplace(Game::load(path)); // an illegal action: the loader names it and its rule
  } catch (const std::exception &e) {
    s_.message_ = "Refused: this record does not replay. " + std::string(e.what());
    return false;
  }
  if (auto unfair = record->dice_from_seed()) {
    s_.message_ = "Refused: the dice in this record are not its seed's. " + unfair->rule + ": " +
                  unfair->reason;
    return false;
  }
  // The record carries its battle whole: a shipped battle must be the one shipped here, or a
  // stronger unit slipped into the file would pass as the same battle. The same content counts,
  // not the layout (records written before the battles were rewritten canonically still pass).
  // Its id names the shipped file: one that is not a plain name ("../x") would name another.
  if (!is_plain_battle_id(record->battle().id)) {
    s_.message_ = "Refused: this record's battle id \"" + printable(record->battle().id) +
                  "\" is not a plain name (letters, digits, '-', '_', '.').";
    return false;
  }
  fs::path shipped = fs::path(s_.root_) / "battles" / (record->battle().id + ".json");
  try {
    if (fs::exists(shipped) && !editor::same_play(read_json_file(shipped.string(), kMaxInputBytes),
                                                  record->battle().source)) {
      s_.message_ = "Refused: the battle in this record differs from the shipped " +
                    record->battle().id + " (" + shipped.string() + ").";
      return false;
    }
  } catch (const std::exception &e) {
    s_.message_ = e.what();
    return false;
  }
  int side = side_to_act(record->setup(), record->state());
  size_t from = side < 0 ? 0 : since_last_turn(*record, side);
  std::string who = side < 0 ? "" : record->battle().sides[side].name;
  show_replay(std::move(*record), from, "");
  s_.message_ = side < 0 ? "The game is over: replay it from the start."
                         : "Since your last turn (" + who +
                               "): step forward through your opponent's moves, then press Play "
                               "from here at the end to answer.";
  return true;
}

void Replays::replay_go(size_t at) {
  if (s_.mode_ != Mode::Replay) return;
  replay_->go(at);
  s_.changed();
}

bool Replays::replay_step(ReplayStep kind, int direction) {
  if (s_.mode_ != Mode::Replay) return false;
  if (!replay_->step(kind, direction)) {
    s_.message_ = direction > 0 ? "This is the end of the record." : "This is the set-up.";
    return false;
  }
  s_.message_.clear();
  s_.changed();
  return true;
}

bool Replays::play_from_here() {
  if (s_.mode_ != Mode::Replay) return false;
  Game branch = replay_->branch();
  size_t at = replay_->at(), end = replay_->size();
  std::string kept = s_.file_.keep_unsaved_autosave();
  s_.file_.game_.emplace(std::move(branch));
  s_.file_.name_game(""); // a branch is a new game: the record it came from is never overwritten
  s_.reset_to(Mode::Play);
  s_.message_ = at == end ? "Playing on from the end of the record."
                          : "Playing a new line from action " + std::to_string(at) + " of " +
                                std::to_string(end) + "; the record is kept as it was.";
  if (!kept.empty()) s_.message_ += " " + kept;
  return true;
}

bool Replays::add_note(const std::string &text, bool bookmark) {
  if (refused_as_not_utf8(text, "The note", s_.message_)) return false;
  if (s_.mode_ == Mode::Play && s_.remote_) { // the link's next game would not hold it
    s_.message_ = "Notes go on a network game's record once it is over (Record > Open a replay).";
    return false;
  }
  bool ok = false;
  if (s_.mode_ == Mode::Replay)
    ok = replay_->add_note(text, bookmark);
  else if (s_.mode_ == Mode::Play)
    ok = s_.file_.game_->add_note({s_.game().actions().size(), text, bookmark});
  if (!ok) {
    s_.message_ = s_.mode_ == Mode::Lesson
                      ? "Lessons keep no notes."
                      : "A note is 1 to " + std::to_string(kMaxNoteChars) + " characters.";
    return false;
  }
  s_.message_ = bookmark ? "Bookmarked." : "Note added.";
  s_.changed(); // the autosave keeps it in play; a replay keeps it until saved
  return true;
}

bool Replays::remove_note(size_t index) {
  bool ok = s_.mode_ == Mode::Replay ? replay_->remove_note(index)
            : s_.mode_ == Mode::Play ? s_.file_.game_->remove_note(index)
                                     : false;
  if (ok) s_.changed();
  return ok;
}

bool Replays::can_send_turn() const {
  if (s_.mode_ != Mode::Play) return false;
  const Game &g = *s_.file_.game_;
  if (g.actions().empty() || g.state().game_over()) return false;
  return side_to_act(g.setup(), g.state()) != actor(g, g.actions().size() - 1);
}

bool Replays::send_turn(const std::string &dir) {
  if (!can_send_turn()) {
    s_.message_ = "Send turn once your turn is done: the game must wait on your opponent.";
    return false;
  }
  if (refused_as_not_utf8(dir, "The folder name", s_.message_)) return false;
  Game &g = *s_.file_.game_;
  const Battle &b = g.battle();
  int to = side_to_act(g.setup(), g.state());
  // The name says whose turn it is, so a player sees at a glance which file to open.
  std::string name =
      b.id + "-turn-" + std::to_string(g.state().turn) + "-" + b.sides[to].id + "-to-play.json";
  std::string path = (fs::path(dir) / name).string();
  try {
    fs::create_directories(dir);
    g.save(path); // replayed and compared before it is written
  } catch (const std::exception &e) {
    s_.message_ = e.what();
    return false;
  }
  sent_path_ = path;
  s_.message_ = "Sent turn: mail " + path + " to " + b.sides[to].name + ".";
  return true;
}

// ---- Practice lines ---------------------------------------------------------------------------

void PracticeLines::branch(size_t log_entry, bool fresh_dice) {
  if (!s_.file_.practice()) {
    s_.message_ = "Branches are for practice games; a competitive game keeps one line.";
    return;
  }
  std::optional<Game> &game = s_.file_.game_;
  if (lines_.empty()) lines_.push_back({"Main line", std::nullopt, false});
  Game copy = *game;
  copy.replay_to(game->action_for_log_entry(log_entry));
  if (fresh_dice) copy.replace_next_die(s_.fresh_die());
  lines_[line_].stored = *game;
  lines_.push_back({"Branch " + std::to_string(lines_.size()) + " (turn " +
                        std::to_string(copy.state().turn) + ", " +
                        (fresh_dice ? "fresh dice)" : "same dice)"),
                    std::nullopt, fresh_dice});
  line_ = static_cast<int>(lines_.size()) - 1;
  game.emplace(std::move(copy));
  s_.redo_.clear();
  s_.changed();
  s_.message_ = "Now playing " + lines_[line_].name +
                ". The main line is kept; switch back in the Battle panel.";
}

void PracticeLines::switch_line(int index) {
  if (index == line_ || index < 0 || index >= static_cast<int>(lines_.size())) return;
  std::optional<Game> &game = s_.file_.game_;
  lines_[line_].stored = *game;
  std::array<std::optional<Level>, 2> seats = {game->computer(0), game->computer(1)};
  game.emplace(*lines_[index].stored);
  for (int side = 0; side < 2; ++side) // who plays which side is not a property of a line
    game->set_computer(side, seats[side]);
  line_ = index;
  s_.redo_.clear();
  s_.changed();
}

} // namespace sns::app
