// The app session's core: what is shown, one play() for every input, undo and redo; its parts
// (session.hpp) keep the game's file, the computer seat, the lessons and the replays.
#include "session.hpp"

#include "sns/input.hpp"

#include <utility>

namespace sns::app {

Session::Session(std::string root, std::string data_dir, std::unique_ptr<Executor> executor)
    : root_(std::move(root)),
      executor_(executor ? std::move(executor) : std::make_unique<ThreadExecutor>()),
      dice_rng_(0x2545F4914F6CDD1Dull ^ reinterpret_cast<uintptr_t>(this)),
      file_(*this, std::move(data_dir)), seat_(*this, *executor_),
      lessons_(*this, root_, file_.data_dir()), replays_(*this), lines_(*this) {}

const Game &Session::game() const {
  if (mode_ == Mode::Replay) return replays_.replay_->shown();
  return mode_ == Mode::Lesson ? lessons_.lesson_->game() : *file_.game_;
}

std::vector<int> Session::take_roll() { return std::exchange(pending_roll_, {}); }

int Session::fresh_die() {
  dice_rng_ ^= dice_rng_ << 13, dice_rng_ ^= dice_rng_ >> 7, dice_rng_ ^= dice_rng_ << 17;
  // The battle's own die: a d8, or a d6 in D3 Medieval (D14).
  int faces = has_game() ? die_faces(game().battle()) : 8;
  return static_cast<int>(dice_rng_ % static_cast<uint64_t>(faces)) + 1;
}

void Session::reset_to(Mode mode) {
  remote_.reset(); // another game shown: a network game ends (its record is kept)
  mode_ = mode;
  if (mode != Mode::Play) file_.game_.reset();
  if (mode != Mode::Lesson) lessons_.lesson_.reset();
  if (mode != Mode::Replay) replays_.replay_.reset();
  lines_.lines_.clear();
  lines_.line_ = 0;
  redo_.clear();
  pending_roll_.clear();
  phase_changed_by_itself_at_ = -1;
  seat_.forget_computer_move();
  if (mode == Mode::None) view_.reset();
  changed();
}

void Session::changed() {
  ++generation_;
  seat_.position_left();
  sel_.clear();
  last_attack_ = {};
  if (!has_game()) return;
  const Game &g = game();
  view_ = std::make_unique<Interaction>(g.setup(), g.state());
  // The last attack of this Player Turn: an entry opening a new turn ends the search.
  for (auto it = g.log().rbegin(); it != g.log().rend(); ++it) {
    if (it->kind == EventKind::Turn) break;
    if (it->kind == EventKind::Attack) {
      last_attack_ = {it->cc, it->column, it->text};
      break;
    }
  }
  file_.autosave();
}

// ---- Playing ----------------------------------------------------------------------------------

bool Session::play(const Action &a) {
  if (!has_game()) return false;
  if (mode_ == Mode::Replay) {
    message_ = "This is a replay: press Play from here to play on from this moment.";
    return false;
  }
  if (remote_ && mode_ == Mode::Play) return play_remote_action(a);
  if (seat_.computer_to_act() && !seat_.playing_for_computer_) {
    message_ = "The computer plays " +
               game().battle().sides[side_to_act(game().setup(), game().state())].name +
               ": wait for its move (Space skips the pause), or undo.";
    return false;
  }
  size_t log_before = game().log().size();
  if (mode_ == Mode::Lesson) {
    Attempt at = lessons_.lesson_->attempt(a);
    if (!at.applied) {
      message_ = at.message;
      return false;
    }
    message_.clear();
    lessons_.finished_check();
  } else {
    Game &g = *file_.game_;
    if (auto r = g.play(a)) {
      message_ = r->rule + ": " + r->reason;
      return false;
    }
    // A save made while the computer plays (Ctrl+S in its turn) stays said over its actions; the
    // human's next action clears it like any other message.
    if (!seat_.playing_for_computer_ || message_ != file_.save_said_) message_.clear();
    redo_.clear();
    if (!seat_.playing_for_computer_) // the human has moved on: the computer's last words go
      seat_.forget_computer_move();
    if (file_.practice() && lines_.fresh_dice() && g.last_action_rolled())
      g.replace_next_die(fresh_die());
  }
  after_action(log_before);
  return true;
}

void Session::after_action(size_t log_before) {
  // Once the player has acted in the new phase, they have seen it: only the last action counts.
  phase_changed_by_itself_at_ = phase_changed_by_itself(game().log(), log_before) ? now_ : -1;
  if (auto faces = last_roll_faces(game().log(), log_before); !faces.empty())
    pending_roll_ = std::move(faces);
  changed();
}

bool Session::end_phase_key(double now) {
  bool quiet = phase_changed_by_itself_at_ >= 0 && now >= phase_changed_by_itself_at_ &&
               now - phase_changed_by_itself_at_ < kEndPhaseKeyQuiet;
  if (quiet) return false;
  return play(Action{.type = ActionType::EndPhase});
}

void Session::click(HexId hex) {
  if (!has_game()) return;
  if (std::string wait = network_wait(); !wait.empty()) { // a click in a network game not ours
    message_ = wait;
    return;
  }
  ClickOutcome out = view_->click(sel_, hex);
  message_ = out.message;
  if (out.action) play(*out.action);
}

void Session::tick(double now) {
  now_ = now;
  remote_tick();
  seat_.tick(now);
}

void Session::undo() {
  if (!has_game()) return;
  if (remote_ && mode_ == Mode::Play) {
    message_ = "A network game cannot take back: both players' games must stay the same.";
    return;
  }
  if (mode_ == Mode::Replay) {
    replays_.replay_step(ReplayStep::Action, -1);
    return;
  }
  if (mode_ == Mode::Lesson) {
    message_ = "Lessons go forward only; replay the lesson from the lesson list to start again.";
    return;
  }
  if (file_.game_->actions().empty()) {
    message_ = "Nothing to undo: this is the start of the game.";
    return;
  }
  if (seat_.computer(0) || seat_.computer(1)) {
    undo_to_human();
    return;
  }
  undo_in_play();
}

void Session::undo_in_play() {
  Game &g = *file_.game_;
  bool rolled = g.last_action_rolled();
  if (rolled && !file_.practice()) {
    message_ = "Undo stops at a die roll in a competitive game: the dice have spoken. Practice "
               "games allow it.";
    return;
  }
  seat_.forget_computer_move(); // only an undo that takes something back: a refused one changes
                                // nothing
  Action taken_back = g.actions().back();
  g.undo();
  if (rolled) { // practice: the same action will roll a fresh die
    g.replace_next_die(fresh_die());
    redo_.clear();
    changed();
    message_ = "Taken back past a die roll: play it again for a fresh roll.";
    return;
  }
  redo_.push_back(taken_back);
  changed();
  message_.clear();
}

void Session::redo() {
  if (remote_ && mode_ == Mode::Play) {
    message_ = "A network game cannot take back or redo.";
    return;
  }
  if (mode_ == Mode::Replay) {
    replays_.replay_step(ReplayStep::Action, +1);
    return;
  }
  if (redo_.empty()) {
    message_ = mode_ == Mode::Lesson
                   ? "Lessons go forward only."
                   : "Nothing to redo: redo plays again what undo took back, and a new action or a "
                     "take-back past a die roll clears it.";
    return;
  }
  Action a = redo_.back();
  redo_.pop_back();
  auto keep = redo_;
  if (play(a)) redo_ = keep;
}

void Session::undo_to_human() {
  // Against the computer, undo takes back to the human's last decision: the computer's actions
  // since then go too. A competitive game still stops at a die roll.
  Game &g = *file_.game_;
  auto human_acted = [&](size_t i) {
    int side = side_to_act(g.setup(), g.state_before(i));
    return side >= 0 && !seat_.computer(side);
  };
  size_t n = g.actions().size(), back = 0;
  while (back < n && !human_acted(n - 1 - back))
    ++back;
  if (back == n) {
    message_ = "Nothing to undo: the human side has not acted yet.";
    return;
  }
  ++back; // the human's own decision
  bool rolled = false;
  for (size_t i = n - back; i < n; ++i)
    rolled = rolled || !g.dice()[i].empty();
  if (rolled && !file_.practice()) {
    message_ = "Undo stops at a die roll in a competitive game: the dice have spoken. Practice "
               "games allow it.";
    return;
  }
  seat_.forget_computer_move(); // its actions are taken back with the human's decision
  g.replay_to(n - back);
  if (rolled) g.replace_next_die(fresh_die());
  redo_.clear();
  changed();
  message_ = "Taken back to your last decision.";
}

// ---- A network game ---------------------------------------------------------------------------

void Session::play_remote(std::unique_ptr<RemoteGame> remote) {
  reset_to(Mode::None);
  remote_ = std::move(remote);
}

// The game the link brought since the last frame: shown as the game in free play, its dice and
// log as both players made them.
void Session::remote_tick() {
  if (!remote_) return;
  std::optional<Game> g = remote_->take_game();
  if (!g) return;
  const bool same = mode_ == Mode::Play && file_.game_ &&
                    file_.game_->actions().size() <= g->actions().size() &&
                    file_.game_->battle().id == g->battle().id;
  const size_t log_before = same ? file_.game_->log().size() : g->log().size();
  file_.game_ = std::move(*g);
  // "Wait for their move" is said until the move comes back to this player.
  if (side_to_act(file_.game_->setup(), file_.game_->state()) == remote_->local_side())
    message_.clear();
  if (mode_ != Mode::Play) {
    mode_ = Mode::Play;
    changed();
    return;
  }
  after_action(log_before);
}

// The local player's action: the engine checks it here (so a refusal is said at once, with its
// rule) and the link sends it; it is shown once both players' dice made it (remote_tick).
bool Session::play_remote_action(const Action &a) {
  const Game &g = *file_.game_;
  const int side = side_to_act(g.setup(), g.state());
  if (remote_->stopped()) {
    message_ = network_wait();
    return false;
  }
  if (g.state().game_over()) return false;
  if (side != remote_->local_side()) {
    message_ = remote_->opponent() + " plays " + g.battle().sides[side].name +
               " over the network: wait for their move.";
    return false;
  }
  if (remote_->sending()) {
    message_ = "Your last action is on its way to " + remote_->opponent() + ": a moment.";
    return false;
  }
  GameState trial = g.state();
  if (auto r = apply(g.setup(), trial, a, nullptr)) {
    message_ = r->rule + ": " + r->reason;
    return false;
  }
  remote_->submit(a, g.actions().size());
  message_.clear();
  return true;
}

std::string Session::network_wait() const {
  if (!remote_ || mode_ != Mode::Play || !file_.game_) return "";
  const Game &g = *file_.game_;
  const std::string kept = "; the record is kept at " + remote_->record_path() + ".";
  if (remote_->stopped()) {
    std::string why = remote_->connection();
    if (why.rfind("Stopped: ", 0) == 0) why.erase(0, 9); // the link's line says it stopped
    // The link's reason may already say where the record is ("...; the record X keeps it").
    const bool said = why.find(remote_->record_path()) != std::string::npos;
    return "The game stopped: " + why + (said ? "." : kept);
  }
  if (g.state().game_over()) return "The game is over" + kept;
  const int side = side_to_act(g.setup(), g.state());
  if (side < 0 || side == remote_->local_side()) return "";
  return remote_->opponent() + "'s move (" + g.battle().sides[side].name + "): waiting for it.";
}

} // namespace sns::app
