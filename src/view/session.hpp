// The app session: the one owner of the game the app shows (free play, practice lines, lessons,
// replays),
// with one play() that every click, key and script goes through, and saves verified by replay.
#pragma once
#include "computer.hpp"
#include "replay.hpp"
#include "tutorial.hpp"
#include "view.hpp"

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

class Session {
public:
  Session(std::string root, std::string data_dir);

  // --- What is shown -------------------------------------------------------------------------
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
  bool practice() const;
  // Where fresh dice for practice take-backs come from (scripts fix it so they replay).
  void seed_fresh_dice(uint64_t seed) { dice_rng_ = seed | 1; }

  // --- Starting ------------------------------------------------------------------------------
  void new_game(std::shared_ptr<const Battle> battle, Options options, uint64_t seed);
  // A battle (new game with this seed) or a saved game. On failure the game shown is kept and the
  // message says why (file, JSON path, what was expected).
  // A saved game, or a battle file as a new game with these options. A copy: callers pass list
  // entries.
  bool open(std::string path, uint64_t seed_for_battle, Options for_battle = {});
  bool continue_autosave();
  // The autosave is there and loads as a game: only then does the start screen offer it. Read
  // again only when the file's size or time changed, so a screen may ask every frame.
  bool autosave_loads() const;
  // What the autosave holds, for the start screen: "First Clash at Alder Ford, Player Turn 4".
  const std::string &autosave_summary() const { return autosave_check_.summary; }
  const std::vector<Lesson> &lessons() const { return lessons_; }
  bool start_lesson(size_t index);
  void close() { reset_to(Mode::None); }

  // --- Playing -------------------------------------------------------------------------------
  // Sends an action to the engine; in a lesson, to the lesson's judge. False when refused (the
  // message then holds the rule and reason, and in a lesson the nudge).
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

  // --- Computer seats and hints (free play) -------------------------------------------------
  void set_computer(int side, std::optional<Level> level);
  // The game owns its seats (Game::computer), so they are saved, loaded and branched with it.
  std::optional<Level> computer(int side) const {
    return game_ ? game_->computer(side) : std::nullopt;
  }
  bool computer_to_act() const; // the side to act now is played by the computer
  bool thinking() const { return computer_to_act() && !chosen_; }
  // Called every frame with the time in seconds: starts the search off the UI thread, and plays
  // its choice once ready and once the pause since its last action has passed.
  void tick(double now);
  void set_pace(double seconds) { pace_ = seconds; } // the pause between computer actions
  void skip_pause() { next_move_at_ = 0; }           // Space: its next move at once
  static constexpr Level kHintLevel = Level::Normal; // the computer that gives hints (H)
  // The computer's last action on the map, lit (main.cpp) and said with its reasons in the Orders
  // panel until the human acts or takes back, so a player who looks away during its turn still
  // sees what it last did: the action, and for a move or a retreat the hex the unit came from.
  struct ComputerMove {
    Action action;
    HexId from = kOffMap;
  };
  const std::optional<ComputerMove> &computer_last() const { return computer_last_; }
  const std::string &computer_said() const { return computer_said_; }     // its last action and why
  const std::string &computer_detail() const { return computer_detail_; } // the search's account
  // A hint for the human to act: what the computer (normal) would do, with its why.
  void ask_hint();
  // Asked for in this position and not ready yet (a search for an older position may still be
  // finishing: the new one starts when it ends, so an H pressed meanwhile is never lost).
  bool hint_pending() const { return hint_asked_for_ == generation_ && !hint_; }
  const std::optional<Suggestion> &hint() const { return hint_; }

  // --- Lessons -------------------------------------------------------------------------------
  const LessonRun *lesson() const { return lesson_ ? &*lesson_ : nullptr; }
  size_t lesson_index() const { return lesson_index_; }
  bool next_step(); // a reading step is passed with Next
  // Plays the lesson's asked actions up to the start of step n (screenshots); throws LoadError.
  void advance_lesson(size_t n);
  const std::set<std::string> &completed() const { return completed_; }

  // --- Practice lines ------------------------------------------------------------------------
  struct Line {
    std::string name;
    std::optional<Game> stored; // the line's game while another line is shown
    bool fresh_dice = false;    // every roll in this line is a fresh die
  };
  const std::vector<Line> &lines() const { return lines_; }
  int line() const { return line_; }
  void branch(size_t log_entry, bool fresh_dice);
  void switch_line(int index);

  // --- Replays, notes, play by e-mail (session_replay.cpp) -----------------------------------
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

  // --- Files ---------------------------------------------------------------------------------
  enum class Saved { Yes, NeedsName, No, Exists };
  Saved save(); // to the player's file; NeedsName when it has none
  // Becomes the player's file when written. Another existing file is replaced only when asked
  // (Exists otherwise, so the dialog can ask).
  Saved save_as(const std::string &path, bool replace_existing = false);
  const std::string &save_path() const { return save_path_; } // "" when not yet named
  // The game has moves (or seats or notes) that its named file does not hold yet (free play).
  bool unsaved_changes() const;
  std::string autosave_path() const;
  std::string suggested_save_path() const; // a fresh name in the saves folder
  // The games saved or opened lately, newest first; a file deleted since is left out.
  std::vector<std::string> recent() const;
  const std::string &data_dir() const { return data_dir_; }

private:
  std::string root_, data_dir_;
  Mode mode_ = Mode::None;
  std::optional<Game> game_;        // free play
  std::optional<LessonRun> lesson_; // a lesson (owns its own game)
  size_t lesson_index_ = 0;
  std::vector<Lesson> lessons_;
  std::set<std::string> completed_;
  std::unique_ptr<Interaction> view_;
  Selection sel_;
  std::string message_;
  std::string save_said_; // the last save's confirmation: it stays while the computer plays on
  std::vector<Action> redo_;
  std::vector<Line> lines_;
  int line_ = 0;
  std::string save_path_;
  std::vector<std::string> recent_;
  LastAttack last_attack_;
  std::vector<int> pending_roll_;
  uint64_t generation_ = 0;  // counts changes, so stale answers are dropped
  int computer_actions_ = 0; // the computer's actions since the human's last one
  void remember_saved(nlohmann::json record);
  nlohmann::json saved_record_;                 // what the named file holds (null: unknown)
  mutable uint64_t unsaved_checked_at_ = ~0ull; // the generation unsaved_ was worked out for
  mutable bool unsaved_ = false;
  Thinker thinker_, hint_thinker_;
  std::optional<Suggestion> chosen_, hint_;
  uint64_t hint_asked_for_ = ~0ull; // the generation the player last asked a hint for (H)
  void start_hint_search();
  void forget_computer_move();
  double pace_ = 0.7, next_move_at_ = 0;
  double now_ = 0;                         // the frame clock at the last tick()
  double phase_changed_by_itself_at_ = -1; // when a phase began by itself (R25, D5)
  std::string computer_said_, computer_detail_;
  std::optional<ComputerMove> computer_last_;
  bool playing_for_computer_ = false;
  std::optional<Replay> replay_;
  std::string sent_path_; // the last turn sent by e-mail
  uint64_t dice_rng_;     // fresh dice for practice take-backs (never the game's own generator)

  Game &live();
  void reset_to(Mode mode); // a different game is shown: everything derived is rebuilt
  void changed();           // the shown game changed: view, selection, last attack, autosave
  void after_action(size_t log_before);
  void undo_to_human();
  bool show_replay(Game record, size_t at, const std::string &path);
  int fresh_die();
  void autosave();
  // Before another game takes the autosave's place: moves in it that no named file holds are
  // kept as a file in the saves folder. Returns what to tell the player ("" when nothing was).
  std::string keep_unsaved_autosave();
  std::string autosave_name_path() const;  // which named file the autosave continues
  std::string autosave_named_file() const; // that file, "" when it has none or it is gone
  std::string autosave_named_;             // the name last written there
  struct AutosaveCheck {                   // what autosave_loads() last found, for that file
    bool done = false, loads = false;
    std::filesystem::file_time_type time;
    uintmax_t size = 0;
    std::string summary;
  };
  mutable AutosaveCheck autosave_check_;
  void remember_recent(const std::string &path);
  void load_progress();
  void save_progress();
};

} // namespace sns::app
