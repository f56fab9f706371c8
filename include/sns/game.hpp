// A game record (formats 1 and 2): battle + options + seed + dice + actions; replay, undo, verified
// atomic save.
#pragma once
#include "sns/players.hpp"
#include "sns/rules.hpp"

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace sns {

inline constexpr size_t kMaxRecordActions = 10000;
inline constexpr const char *kRecordFormat = "shields-swords-game/2";
inline constexpr const char *kEngineVersion = "0.2";
inline constexpr size_t kMaxNoteChars = 2000;

// A player's note on one moment of the game: `at` counts the actions played before it (0: the
// set-up), the same index as `state --at N` and the replay's. A bookmark is a note listed in the
// replay's bookmarks and pictured in the battle report.
struct Note {
  size_t at = 0;
  std::string text;
  bool bookmark = false;
  friend bool operator==(const Note &, const Note &) = default;
};

class Game {
public:
  Game(std::shared_ptr<const Battle> battle, Options options, uint64_t seed,
       std::vector<int> forced_dice = {});

  // Rebuilds a game from its record by replaying every action; throws LoadError (file, JSON path)
  // for a malformed record, an illegal action in it, or a tampered battle.
  static Game from_record(const nlohmann::json &record, const std::string &file);
  static Game load(const std::string &path);

  nlohmann::json record() const; // format 2
  // Replays the record in full and compares the result with this game; throws SaveError when it
  // differs (an engine fault: the record would not give the game back).
  void verify_record(const nlohmann::json &record) const;
  // Writes the verified record atomically (temporary file, flush, rename); throws SaveError when
  // the record does not replay, IoError when the file cannot be written. The old file is kept.
  // Returns the record written.
  nlohmann::json save(const std::string &path) const;

  std::optional<Refusal> play(const Action &action);
  bool undo();                     // back to the state before the last action (snapshot)
  bool last_action_rolled() const; // did the last action roll a die? (undo stops there in play)
  // Practice games: the next die rolled shows `face` instead (kept in the record, so it replays).
  void replace_next_die(int face);
  // A network game: the next rolls show `faces` in order (both players' shared dice, made before
  // the action is played; kept in the record as replaced dice, so it replays).
  void replace_next_dice(const std::vector<int> &faces);
  // The dice each action rolled, in order (empty for an action that rolled none).
  const std::vector<std::vector<int>> &dice() const { return dice_; }
  // The index of the action whose resolution wrote log entry `entry`.
  size_t action_for_log_entry(size_t entry) const;
  void replay_to(size_t action_count);
  // The game after its first n actions (n <= actions().size()), taken from the snapshots kept for
  // undo: no action is replayed. Notes up to that moment come along; the original is untouched.
  Game prefix(size_t n) const;
  // The state after the first n actions, and the log's length then (n <= actions().size()).
  const GameState &state_at(size_t n) const;
  size_t log_size_at(size_t n) const;

  // Notes and bookmarks (kept in order of `at`; a later note at the same moment goes after).
  const std::vector<Note> &notes() const { return notes_; }
  // Adds a note; false (nothing added) when `at` is past the last action or the text is empty or
  // longer than kMaxNoteChars.
  bool add_note(Note note);
  bool remove_note(size_t index);
  // Play by e-mail: every die the game rolled is the one its seed gives (no forced or replaced
  // face); otherwise the first action where that fails, citing R23.
  std::optional<Refusal> dice_from_seed() const;

  // Which sides the computer plays, at which level (the app's seats; none: a person). Kept in the
  // record, so a game against the computer opens again against it.
  std::optional<Level> computer(int side) const { return computer_[side]; }
  void set_computer(int side, std::optional<Level> level) { computer_[side] = level; }

  // A network game's dice chains (docs/protocol.md "Network dice"): kept in the record as given,
  // checked by the command line's verify, never read by the rules. Null for other games.
  const nlohmann::json &network() const { return network_; }
  void set_network(nlohmann::json network) { network_ = std::move(network); }

  const Setup &setup() const { return setup_; }
  const Battle &battle() const { return *setup_.battle; }
  const GameState &state() const { return state_; }
  // The state before action i was played (0 <= i < actions().size()).
  const GameState &state_before(size_t i) const { return history_.at(i); }
  const std::vector<Action> &actions() const { return actions_; }
  const Events &log() const { return log_; }
  uint64_t seed() const { return seed_; }

private:
  Game(const Game &full, size_t n); // prefix()

  Setup setup_;
  uint64_t seed_;
  GameState state_;
  std::vector<Action> actions_;
  Events log_;
  std::vector<GameState> history_;     // state before each action
  std::vector<size_t> log_marks_;      // log size before each action
  std::vector<std::vector<int>> dice_; // the faces each action rolled
  std::vector<Note> notes_;
  std::array<std::optional<Level>, 2> computer_{};
  nlohmann::json network_; // null, or the record's "network" object
};

// The options as a record writes them.
nlohmann::json options_to_json(const Options &o);

// Writes text to path atomically (temporary file in the same folder, flush, rename); throws
// IoError.
void write_file_atomically(const std::string &path, const std::string &text);
// Removes what writes of `path` cut short left beside it: path.tmp.PID files whose process PID is
// gone (a writer killed between creating and renaming its temporary file). A live process's
// file is left alone, since it may still be writing. Returns how many were removed.
size_t clear_cut_writes(const std::string &path);

} // namespace sns
