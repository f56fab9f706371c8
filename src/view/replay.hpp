// A replay (issue 11): a whole game record shown at one moment, stepped by action, phase and
// Player Turn, forward and back; SDL-free, owned by the session in Mode::Replay.
#pragma once
#include "sns/game.hpp"

#include <vector>

namespace sns::app {

enum class ReplayStep { Action, Phase, Turn };

// Where a Player Turn begins in the record, for the turn list.
struct TurnStart {
  size_t at = 0; // actions played before the turn's first moment
  int turn = 1;
  int side = 0; // the active side
};

class Replay {
public:
  // `at` is clamped to the record's length.
  Replay(Game record, size_t at);

  const Game &record() const { return record_; } // the whole game, never replayed again
  const Game &shown() const { return shown_; }   // the game at the shown moment
  size_t at() const { return at_; }
  size_t size() const { return record_.actions().size(); }
  const std::vector<TurnStart> &turns() const { return turns_; }
  size_t turn_of(size_t at) const; // index into turns() of the Player Turn holding moment `at`

  void go(size_t at);
  // One step of the kind forward (+1) or back (-1); false at either end (nothing changes).
  bool step(ReplayStep kind, int direction);
  // The game as it stood at the shown moment, to be played on (a branch; the record is kept).
  Game branch() const { return record_.prefix(at_); }
  // Notes go on the record at the shown moment, and show at once.
  bool add_note(const std::string &text, bool bookmark);
  bool remove_note(size_t index);
  std::vector<size_t> bookmarks() const; // the moments bookmarked, in order

private:
  Game record_;
  Game shown_;
  size_t at_ = 0;
  std::vector<size_t> phase_starts_; // moments where a phase (or a Player Turn) begins
  std::vector<TurnStart> turns_;
};

// Play by e-mail: the moment a receiving side last acted, +1 (0 when it never has): a mailed
// record is shown from there, "since your last turn".
size_t since_last_turn(const Game &game, int side);
// The side that took action i (the one to act before it).
int actor(const Game &game, size_t i);

} // namespace sns::app
