// The app session: a thin composition of the parts a window shows (issue 30 item 3), each the one
// owner of its state, with one play() that every click, key and script goes through:
//   GameFile      the game in free play, its file, the autosave and the recent list
//   ComputerSeat  the computer's seats and hints, searching on an executor with a stop flag
//   Lessons       the lessons, the one being taken and the progress through them
//   Replays       a record shown at one moment, notes, play by e-mail
//   PracticeLines a practice game's branches
//   RemoteGame    a game played over the network (remote_game.hpp), when one is
// Callers reach the part they need (session.seat().ask_hint()); the parts see each other's
// workings (friends) because they share one shown game, but nothing else does.
#pragma once
#include "computer.hpp"
#include "remote_game.hpp"
#include "replay.hpp"
#include "tutorial.hpp"
#include "view.hpp"

#include "sns/file_lock.hpp"

#include <array>
#include <filesystem>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace sns::app {

enum class Mode { None, Play, Lesson, Replay };

// The attack last resolved this Player Turn, for the CRT panel (none once the turn changes).
struct LastAttack {
  int row = -1; // CRT row (modified CC); -1 when there is none
  int column = 0;
  std::string text;
};

enum class Saved { Yes, NeedsName, No, Exists };

class Session;
class ComputerSeat;
class Lessons;
class Replays;
class PracticeLines;

// The game in free play, its file and the autosave (session_files.cpp, session_windows.cpp).
class GameFile {
public:
  GameFile(Session &session, std::string data_dir);
  void new_game(std::shared_ptr<const Battle> battle, Options options, uint64_t seed);
  // A saved game, or a battle file as a new game with these options. A copy: callers pass list
  // entries. On failure the game shown is kept and the message says why (file, JSON path, what
  // was expected).
  bool open(std::string path, uint64_t seed_for_battle, Options for_battle = {});
  bool continue_autosave();
  // The autosave is there and loads as a game: only then does the start screen offer it. Read
  // again only when the file's size or time changed, so a screen may ask every frame.
  bool autosave_loads() const;
  // What the autosave holds, for the start screen: "First Clash at Alder Ford, Player Turn 4".
  const std::string &autosave_summary() const { return autosave_check_.summary; }
  bool practice() const; // a practice game is shown in free play

  Saved save(); // to the player's file; NeedsName when it has none
  // Becomes the player's file when written. Another existing file is replaced only when asked
  // (Exists otherwise, so the dialog can ask).
  Saved save_as(const std::string &path, bool replace_existing = false);
  const std::string &save_path() const { return save_path_; } // "" when not yet named
  // The game has moves (or seats or notes) that its named file does not hold yet (free play).
  bool unsaved_changes() const;
  std::string autosave_path() const;
  std::string saves_dir() const;           // where the player's games are saved: DATA/saves
  std::string suggested_save_path() const; // a fresh name in the saves folder
  // Where the Save as dialog writes what the player typed: a name or a relative path inside the
  // saves folder (the folder the dialog offers; an app started from a menu has no working folder
  // of the player's), ".json" added to a name without an extension; an absolute path as typed.
  std::string typed_save_path(const std::string &typed) const;
  // The games saved or opened lately, newest first; a file deleted since is left out.
  std::vector<std::string> recent() const;
  const std::string &data_dir() const { return data_dir_; }

  // Other windows (one writer at a time: sns/file_lock.hpp). Another window keeps the autosave
  // (holds its lock): this one writes none, so its game is kept only by Save as. Tried again at
  // every autosave: once that window closes, this one takes over.
  bool autosave_elsewhere() const { return autosave_elsewhere_; }
  // The saved game shown is open in another window too: Save asks for another name instead of
  // writing over that window's game.
  bool named_elsewhere() const { return named_elsewhere_; }
  // What the player is told of other windows, shown under the message ("" when nothing).
  std::string other_windows_note() const;

private:
  // The other parts of the session share this part's workings (the file's opening).
  friend class Session;
  friend class ComputerSeat;
  friend class Lessons;
  friend class Replays;
  friend class PracticeLines;
  Session &s_;
  std::string data_dir_;
  std::optional<Game> game_; // free play
  std::string save_path_;
  std::string save_said_; // the last save's confirmation: it stays while the computer plays on
  std::vector<std::string> recent_;
  nlohmann::json saved_record_;                 // what the named file holds (null: unknown)
  mutable uint64_t unsaved_checked_at_ = ~0ull; // the generation unsaved_ was worked out for
  mutable bool unsaved_ = false;
  std::string autosave_named_; // the name last written in autosave-name.json
  struct AutosaveCheck {       // what autosave_loads() last found, for that file
    bool done = false, loads = false;
    std::filesystem::file_time_type time;
    uintmax_t size = 0;
    std::string summary;
  };
  mutable AutosaveCheck autosave_check_;
  std::optional<FileLock> autosave_lock_, named_lock_; // held while this window writes them
  bool autosave_elsewhere_ = false, named_elsewhere_ = false;

  void remember_saved(nlohmann::json record);
  void autosave();
  // Before another game takes the autosave's place: moves in it that no named file holds are
  // kept as a file in the saves folder. Returns what to tell the player ("" when nothing was).
  std::string keep_unsaved_autosave();
  std::string autosave_name_path() const;  // which named file the autosave continues
  std::string autosave_named_file() const; // that file, "" when it has none or it is gone
  bool hold_autosave(); // takes the autosave's lock if free; false while another window has it
  void name_game(std::string path); // save_path_ = path, and its lock taken (or told it is held)
  std::string named_elsewhere_words() const;
  void remember_recent(const std::string &path);
  void load_recent();
};

// The computer's seats and the hints (session_seat.cpp). A search for a position the player has
// left is stopped at once (its stop flag) and its answer is never applied.
class ComputerSeat {
public:
  ComputerSeat(Session &session, Executor &executor)
      : s_(session), thinker_(executor), hint_thinker_(executor) {}
  void set_computer(int side, std::optional<Level> level);
  // The game owns its seats (Game::computer), so they are saved, loaded and branched with it.
  std::optional<Level> computer(int side) const;
  bool computer_to_act() const; // the side to act now is played by the computer
  bool thinking() const { return computer_to_act() && !chosen_; }
  void set_pace(double seconds) { pace_ = seconds; } // the pause between computer actions
  void skip_pause() { next_move_at_ = 0; }           // Space: its next move at once
  static constexpr Level kHintLevel = Level::Normal; // the computer that gives hints (H)
  // The computer's last action on the map, lit (frame.cpp) and said with its reasons in the
  // Orders panel until the human acts or takes back, so a player who looks away during its turn
  // still sees what it last did: the action, and for a move or a retreat the hex it came from.
  struct ComputerMove {
    Action action;
    HexId from = kOffMap;
  };
  const std::optional<ComputerMove> &computer_last() const { return computer_last_; }
  const std::string &computer_said() const { return computer_said_; }     // its last action, why
  const std::string &computer_detail() const { return computer_detail_; } // the search's account
  // A hint for the human to act: what the computer (normal) would do, with its why.
  void ask_hint();
  // Asked for in this position and not ready yet (a search for an older position may still be
  // ending: the new one starts when it has, so an H pressed meanwhile is never lost).
  bool hint_pending() const;
  const std::optional<Suggestion> &hint() const { return hint_; }

private:
  // The other parts of the session share this part's workings (the file's opening).
  friend class Session;
  friend class GameFile;
  friend class Lessons;
  friend class Replays;
  friend class PracticeLines;
  Session &s_;
  Thinker thinker_, hint_thinker_;
  std::optional<Suggestion> chosen_, hint_;
  uint64_t hint_asked_for_ = ~0ull; // the generation the player last asked a hint for (H)
  double pace_ = 0.7, next_move_at_ = 0;
  int computer_actions_ = 0; // the computer's actions since the human's last one
  std::string computer_said_, computer_detail_;
  std::optional<ComputerMove> computer_last_;
  bool playing_for_computer_ = false;

  // Every frame: starts a search on the executor, and plays its choice once ready and once the
  // pause since its last action has passed.
  void tick(double now);
  void play_chosen(double now);
  void position_left(); // the position shown changed: searches for the old one stop
  void start_hint_search();
  void forget_computer_move();
};

// The lessons, the one being taken, and the progress through them (session_lessons.cpp).
class Lessons {
public:
  Lessons(Session &session, std::string root, const std::string &data_dir);
  const std::vector<Lesson> &list() const { return lessons_; }
  const LessonRun *run() const { return lesson_ ? &*lesson_ : nullptr; }
  size_t index() const { return index_; }
  const std::set<std::string> &completed() const { return completed_; }
  bool start(size_t index);
  bool next_step(); // a reading step is passed with Next
  // Plays the lesson's asked actions up to the start of step n (screenshots); throws LoadError.
  void advance(size_t n);

private:
  // The other parts of the session share this part's workings (the file's opening).
  friend class Session;
  friend class GameFile;
  friend class ComputerSeat;
  friend class Replays;
  friend class PracticeLines;
  Session &s_;
  std::string root_, progress_path_;
  std::vector<Lesson> lessons_;
  std::optional<LessonRun> lesson_; // owns its own game
  size_t index_ = 0;
  std::set<std::string> completed_;
  void finished_check(); // a finished lesson is remembered
  void load_progress();
  void save_progress();
};

// Replays, notes and play by e-mail (session_replay.cpp).
class Replays {
public:
  explicit Replays(Session &session) : s_(session) {}
  const Replay *replay() const { return replay_ ? &*replay_ : nullptr; }
  // The game being played, shown as a replay from its end (nothing of it changes).
  bool replay_game();
  // A saved game shown as a replay from its set-up; on failure the message says why.
  bool open_replay(const std::string &path);
  // A record mailed by the opponent: refused unless it replays with the seed's own dice (R23);
  // shown as a replay "since your last turn" for the side now to act.
  bool open_mailed(const std::string &path);
  void replay_go(size_t at);
  bool replay_step(ReplayStep kind, int direction);
  // Play from here: a new game (a branch) from the moment shown; the record stays as it was.
  bool play_from_here();
  // A note (or bookmark) on the moment shown: the end of the game in play, or the replay's moment.
  bool add_note(const std::string &text, bool bookmark);
  bool remove_note(size_t index);
  // Play by e-mail: writes the record for the side now to act into `dir`, named for that side and
  // the turn, once the last action has handed the game over; false (message says why) otherwise.
  bool send_turn(const std::string &dir);
  bool can_send_turn() const;
  const std::string &sent_path() const { return sent_path_; }

private:
  // The other parts of the session share this part's workings (the file's opening).
  friend class Session;
  friend class GameFile;
  friend class ComputerSeat;
  friend class Lessons;
  friend class PracticeLines;
  Session &s_;
  std::optional<Replay> replay_;
  std::string sent_path_; // the last turn sent by e-mail
  bool show_replay(Game record, size_t at, const std::string &path);
};

// A practice game's lines: the main line and its branches (session_replay.cpp).
class PracticeLines {
public:
  explicit PracticeLines(Session &session) : s_(session) {}
  struct Line {
    std::string name;
    std::optional<Game> stored; // the line's game while another line is shown
    bool fresh_dice = false;    // every roll in this line is a fresh die
  };
  const std::vector<Line> &lines() const { return lines_; }
  int line() const { return line_; }
  void branch(size_t log_entry, bool fresh_dice);
  void switch_line(int index);

private:
  // The other parts of the session share this part's workings (the file's opening).
  friend class Session;
  friend class GameFile;
  friend class ComputerSeat;
  friend class Lessons;
  friend class Replays;
  Session &s_;
  std::vector<Line> lines_;
  int line_ = 0;
  bool fresh_dice() const { return !lines_.empty() && lines_[line_].fresh_dice; }
};

class Session {
public:
  // `executor` runs the computer's searches: a thread each when none is given (tests pass a
  // ManualExecutor).
  Session(std::string root, std::string data_dir, std::unique_ptr<Executor> executor = nullptr);
  Session(const Session &) = delete;
  Session &operator=(const Session &) = delete;
  using Saved = app::Saved;

  // The parts.
  GameFile &file() { return file_; }
  const GameFile &file() const { return file_; }
  ComputerSeat &seat() { return seat_; }
  const ComputerSeat &seat() const { return seat_; }
  Lessons &lessons() { return lessons_; }
  const Lessons &lessons() const { return lessons_; }
  Replays &replays() { return replays_; }
  const Replays &replays() const { return replays_; }
  PracticeLines &lines() { return lines_; }
  const PracticeLines &lines() const { return lines_; }

  // What is shown.
  Mode mode() const { return mode_; }
  bool has_game() const { return mode_ != Mode::None; }
  const Game &game() const;
  const Interaction &view() const { return *view_; }
  Selection &selection() { return sel_; }
  const Selection &selection() const { return sel_; }
  const std::string &message() const { return message_; }
  void say(std::string text) { message_ = std::move(text); }
  const LastAttack &last_attack() const { return last_attack_; }
  // The faces of the last roll since the last call (none, one die, or D13's two): the app
  // animates them once.
  std::vector<int> take_roll();
  // Where fresh dice for practice take-backs come from (scripts fix it so they replay).
  void seed_fresh_dice(uint64_t seed) { dice_rng_ = seed | 1; }
  void close() { reset_to(Mode::None); }

  // A game played over the network (issue 34): shown in free play once the link brings it, the
  // local side's clicks sent through it, the other side's actions taken from it every tick.
  // Another game (or close()) ends it.
  void play_remote(std::unique_ptr<RemoteGame> remote);
  RemoteGame *remote() { return remote_.get(); }
  const RemoteGame *remote() const { return remote_.get(); }
  // Why this player cannot act now in a network game, in words (the game stopped or is over, with
  // where its record is kept; the opponent's move); "" when they can, or when it is no network
  // game.
  std::string network_wait() const;

  // Playing. Sends an action to the engine; in a lesson, to the lesson's judge. False when refused
  // (the message then holds the rule and reason, and in a lesson the nudge).
  bool play(const Action &a);
  // A click on the map: the interaction decides what it means; actions go through play().
  void click(HexId hex);
  // E (End phase) from the keyboard at time `now` (the frame clock, seconds): ignored, with
  // nothing said, for a moment after the last action's automatic step (R25) or failed D3
  // activation (D5) began a new phase, so a key meant for the phase that just ended never ends
  // one the player has not seen start. False when ignored or refused.
  bool end_phase_key(double now);
  static constexpr double kEndPhaseKeyQuiet = 0.4; // seconds
  void undo();
  void redo();
  bool can_redo() const { return !redo_.empty(); }
  // Called every frame with the frame clock (seconds): the computer seat thinks and plays.
  void tick(double now);

private:
  // The other parts of the session share this part's workings (the file's opening).
  friend class GameFile;
  friend class ComputerSeat;
  friend class Lessons;
  friend class Replays;
  friend class PracticeLines;
  std::string root_;
  std::unique_ptr<Executor> executor_; // before the seat: its searches end before it goes
  Mode mode_ = Mode::None;
  std::unique_ptr<Interaction> view_;
  Selection sel_;
  std::string message_;
  std::vector<Action> redo_;
  LastAttack last_attack_;
  std::vector<int> pending_roll_;
  uint64_t generation_ = 0;                // counts changes, so stale answers are dropped
  double now_ = 0;                         // the frame clock at the last tick()
  double phase_changed_by_itself_at_ = -1; // when a phase began by itself (R25, D5)
  uint64_t dice_rng_; // fresh dice for practice take-backs (never the game's own generator)
  GameFile file_;
  ComputerSeat seat_;
  Lessons lessons_;
  Replays replays_;
  PracticeLines lines_;
  std::unique_ptr<RemoteGame> remote_;

  void reset_to(Mode mode); // a different game is shown: everything derived is rebuilt
  void changed();           // the shown game changed: view, selection, last attack, autosave
  void after_action(size_t log_before);
  void undo_to_human();
  void undo_in_play();
  int fresh_die();
  void remote_tick();
  bool play_remote_action(const Action &a);
};

} // namespace sns::app
