// A replay: a record shown at one moment, stepped by action, phase and Player Turn (issue 11).
#include "replay.hpp"

#include <algorithm>

namespace sns::app {

// The record keeps the state before every action (Game's undo snapshots), so any moment is shown
// by copying a prefix of it: going back never replays an action, even on Grunwald's longest games.
Replay::Replay(Game record, size_t at) : record_(std::move(record)), shown_(record_.prefix(0)) {
  for (size_t i = 0; i <= size(); ++i) {
    const GameState &s = record_.state_at(i);
    const GameState *before = i ? &record_.state_at(i - 1) : nullptr;
    if (!before || before->turn != s.turn) turns_.push_back({i, s.turn, s.active});
    if (!before || before->turn != s.turn || before->phase != s.phase) phase_starts_.push_back(i);
  }
  go(at);
}

void Replay::go(size_t at) {
  at_ = std::min(at, size());
  shown_ = record_.prefix(at_);
}

size_t Replay::turn_of(size_t at) const {
  auto after = std::upper_bound(turns_.begin(), turns_.end(), at,
                                [](size_t a, const TurnStart &t) { return a < t.at; });
  return after == turns_.begin() ? 0 : static_cast<size_t>(after - turns_.begin()) - 1;
}

namespace {
// The next boundary after `at` (forward) or the last one before it (back); the ends count too.
size_t neighbour(const std::vector<size_t> &starts, size_t at, size_t end, int direction) {
  if (direction > 0) {
    auto it = std::upper_bound(starts.begin(), starts.end(), at);
    return it == starts.end() ? end : *it;
  }
  auto it = std::lower_bound(starts.begin(), starts.end(), at);
  return it == starts.begin() ? 0 : *(it - 1);
}
} // namespace

bool Replay::step(ReplayStep kind, int direction) {
  if ((direction > 0 && at_ == size()) || (direction < 0 && at_ == 0)) return false;
  size_t to = at_;
  if (kind == ReplayStep::Action) {
    to = direction > 0 ? at_ + 1 : at_ - 1;
  } else if (kind == ReplayStep::Phase) {
    to = neighbour(phase_starts_, at_, size(), direction);
  } else {
    std::vector<size_t> starts;
    for (const TurnStart &t : turns_)
      starts.push_back(t.at);
    to = neighbour(starts, at_, size(), direction);
  }
  go(to);
  return true;
}

bool Replay::add_note(const std::string &text, bool bookmark) {
  if (!record_.add_note({at_, text, bookmark})) return false;
  shown_ = record_.prefix(at_);
  return true;
}

bool Replay::remove_note(size_t index) {
  if (!record_.remove_note(index)) return false;
  shown_ = record_.prefix(at_);
  return true;
}

std::vector<size_t> Replay::bookmarks() const {
  std::vector<size_t> out;
  for (const Note &n : record_.notes())
    if (n.bookmark && (out.empty() || out.back() != n.at)) out.push_back(n.at);
  return out;
}

int actor(const Game &game, size_t i) { return side_to_act(game.setup(), game.state_at(i)); }

size_t since_last_turn(const Game &game, int side) {
  for (size_t i = game.actions().size(); i-- > 0;)
    if (actor(game, i) == side) return i + 1;
  return 0;
}

} // namespace sns::app
