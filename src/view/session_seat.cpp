// The session's computer seats and hints: searches on the session's executor, stopped when the
// position they search is left, their answers applied only to the position they were asked for.
#include "session.hpp"
#include "words.hpp"

namespace sns::app {

void ComputerSeat::set_computer(int side, std::optional<Level> level) {
  Game *g = s_.file_.game_ ? &*s_.file_.game_ : nullptr;
  if (!g || g->computer(side) == level) return;
  if (s_.remote_) { // the link replaces the game with each action: a seat set here would not last
    s_.message_ = "In a network game each side is played by its player.";
    return;
  }
  g->set_computer(side, level);
  chosen_.reset();
  ++s_.generation_;
  thinker_.stop(), hint_thinker_.stop(); // the position is the same, its seats are not
  s_.file_.autosave();                   // the seats are part of the game: continuing it keeps them
}

std::optional<Level> ComputerSeat::computer(int side) const {
  return s_.file_.game_ ? s_.file_.game_->computer(side) : std::nullopt;
}

bool ComputerSeat::computer_to_act() const {
  const std::optional<Game> &g = s_.file_.game_;
  if (s_.mode_ != Mode::Play || g->state().game_over()) return false;
  int side = side_to_act(g->setup(), g->state());
  return side >= 0 && computer(side).has_value();
}

bool ComputerSeat::hint_pending() const { return hint_asked_for_ == s_.generation_ && !hint_; }

void ComputerSeat::position_left() {
  chosen_.reset();
  hint_.reset();
  thinker_.stop();
  hint_thinker_.stop();
}

void ComputerSeat::tick(double now) {
  if (s_.mode_ != Mode::Play) return;
  const Game &g = *s_.file_.game_;
  const uint64_t generation = s_.generation_;
  if (!hint_ && hint_thinker_.busy()) hint_ = hint_thinker_.take(generation);
  if (hint_pending() && !hint_thinker_.busy()) start_hint_search(); // the older search is done
  if (!computer_to_act()) return;
  if (!chosen_) {
    chosen_ = thinker_.take(generation);
    if (!chosen_ && !thinker_.busy()) {
      int side = side_to_act(g.setup(), g.state());
      thinker_.start(g.setup(), g.state(), *computer(side), s_.fresh_die() * 7919 + generation,
                     generation);
    }
    return;
  }
  if (now < next_move_at_) return;
  play_chosen(now);
}

// Plays the search's choice through the session's play(), then says it with its reasons.
void ComputerSeat::play_chosen(double now) {
  Game &g = *s_.file_.game_;
  Suggestion s = *chosen_;
  int side = side_to_act(g.setup(), g.state());
  Level level = *computer(side);
  const int mover = s.action.unit;
  HexId from = mover >= 0 ? g.state().units[static_cast<size_t>(mover)].hex : kOffMap;
  const size_t log_before = g.log().size();
  playing_for_computer_ = true;
  bool played = s_.play(s.action);
  playing_for_computer_ = false;
  if (!played) { // never expected: the player's choice is one legal_actions lists
    s_.message_ = "The computer's move was refused: " + s_.message_;
    g.set_computer(side, std::nullopt);
    return;
  }
  ++computer_actions_;
  computer_said_ = g.battle().sides[side].name + " (computer" +
                   (computer_actions_ > 1 ? ", its action " + std::to_string(computer_actions_) +
                                                " since your last; the others are in the log"
                                          : std::string()) +
                   "): ";
  // Its dice are said with it: the player did not throw them, and "activate RL" alone reads as
  // if the levies moved when the roll failed and ended the phase. A log sentence that resolves
  // the action and names its units ("BX shoots at RB: d6 6 ...", "Attack: R1 (Primary) on B5 ...")
  // stands for it.
  const std::string rolled = roll_words(g.log(), log_before);
  if (!log_resolves(g.log(), log_before, s.action))
    computer_said_ += action_words(g.battle(), s.action) + ". ";
  if (!rolled.empty()) computer_said_ += rolled + ". ";
  computer_said_ += suggestion_words(level, s);
  computer_detail_ = account_words(g.battle(), s);
  // Only an action on the map is lit: the end of a phase or a command leaves its last one lit.
  const Action &a = s.action;
  if (a.unit >= 0 || a.target >= 0 || !a.attackers.empty() || a.to != kOffMap)
    computer_last_ = ComputerMove{a, from};
  next_move_at_ = now + pace_;
}

// The computer's last words, its gold ring and its count of actions since the human's last one.
void ComputerSeat::forget_computer_move() {
  computer_said_.clear(), computer_detail_.clear();
  computer_last_.reset();
  computer_actions_ = 0;
}

void ComputerSeat::ask_hint() {
  const Mode mode = s_.mode_;
  if (mode == Mode::Lesson && s_.lessons_.lesson_) { // H said nothing in a lesson (new-player
                                                     // trial)
    const LessonRun &run = *s_.lessons_.lesson_;
    auto asked = run.next_expected();
    s_.message_ = "In a lesson the step is your hint: " +
                  (asked ? advice_words(run.game().battle(), *asked) + "."
                         : std::string("read it, then press Next."));
    return;
  }
  if (mode == Mode::Replay) {
    s_.message_ = "Hints are for a game in play: press Play from here to play on, then ask.";
    return;
  }
  if (mode != Mode::Play) return;
  if (s_.remote_) { // the computer's advice would be a third player at the table
    s_.message_ = "Hints are off in a network game: advice from the computer would be a third "
                  "player at the table.";
    return;
  }
  const Game &g = *s_.file_.game_;
  if (computer_to_act()) { // H pressed while watching the computer: say why nothing comes
    s_.message_ = "Hints are for your own decisions: the computer is playing " +
                  g.battle().sides[side_to_act(g.setup(), g.state())].name + ".";
    return;
  }
  if (g.state().game_over()) return;
  if (hint_ || hint_pending()) return;
  hint_asked_for_ = s_.generation_;
  // A search for a position the player has left may still be ending: tick() starts this one
  // after it.
  if (!hint_thinker_.busy()) start_hint_search();
}

void ComputerSeat::start_hint_search() {
  const Game &g = *s_.file_.game_;
  hint_thinker_.start(g.setup(), g.state(), kHintLevel, 17 + s_.generation_, s_.generation_);
}

} // namespace sns::app
