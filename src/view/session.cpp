// The app session: one owner of the game, one play() for every input, saves verified by replay.
#include "session.hpp"
#include "words.hpp"

#include "sns/battle_id.hpp"
#include "sns/input.hpp"
#include "sns/json_io.hpp"

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>

namespace sns::app {

namespace fs = std::filesystem;
using json = nlohmann::json;

namespace {
constexpr size_t kRecentGames = 8;

// Never throws: a path the system cannot resolve (a loop of links, a name too long) is no file.
bool same_file(const std::string &a, const std::string &b) {
  std::error_code ea, eb;
  fs::path ca = fs::weakly_canonical(a, ea), cb = fs::weakly_canonical(b, eb);
  return !ea && !eb && ca == cb;
}

// A path to open or write, refused before use when it is not UTF-8 (issue 31): "" when fine.
std::string path_refusal(const std::string &path) {
  std::string bad = utf8_refusal(path, "The file name");
  return bad.empty() ? "" : bad + ": rename the file, or choose another name.";
}
} // namespace

Session::Session(std::string root, std::string data_dir)
    : root_(std::move(root)), data_dir_(std::move(data_dir)),
      dice_rng_(0x2545F4914F6CDD1Dull ^ reinterpret_cast<uintptr_t>(this)) {
  try {
    lessons_ = load_lessons(root_);
  } catch (const std::exception &e) {
    message_ = std::string("lessons not loaded: ") + e.what();
  }
  load_progress();
  try {
    json r = read_json_file((fs::path(data_dir_) / "recent.json").string(), 1 << 16);
    for (const json &p : r.at("games"))
      if (p.is_string() && recent_.size() < kRecentGames) recent_.push_back(p.get<std::string>());
  } catch (const std::exception &) {
    // No list yet, or an unreadable one: start afresh.
  }
  hold_autosave(); // the first window keeps the autosave; a second one is told (other_windows_note)
}

const Game &Session::game() const {
  if (mode_ == Mode::Replay) return replay_->shown();
  return mode_ == Mode::Lesson ? lesson_->game() : *game_;
}
Game &Session::live() { return mode_ == Mode::Lesson ? lesson_->game() : *game_; }

bool Session::practice() const { return mode_ == Mode::Play && game_->setup().options.practice; }

std::vector<int> Session::take_roll() { return std::exchange(pending_roll_, {}); }

int Session::fresh_die() {
  dice_rng_ ^= dice_rng_ << 13, dice_rng_ ^= dice_rng_ >> 7, dice_rng_ ^= dice_rng_ << 17;
  // The battle's own die: a d8, or a d6 in D3 Medieval (D14).
  int faces = has_game() ? die_faces(game().battle()) : 8;
  return static_cast<int>(dice_rng_ % static_cast<uint64_t>(faces)) + 1;
}

namespace {
// The record a named file holds, as this engine writes it, or null when it does not load.
json named_file_record(const std::string &path) {
  try {
    return Game::load(path).record();
  } catch (const std::exception &) {
    return nullptr;
  }
}
} // namespace

// ---- Starting ---------------------------------------------------------------------------------

void Session::reset_to(Mode mode) {
  mode_ = mode;
  if (mode != Mode::Play) game_.reset();
  if (mode != Mode::Lesson) lesson_.reset();
  if (mode != Mode::Replay) replay_.reset();
  lines_.clear();
  line_ = 0;
  redo_.clear();
  pending_roll_.clear();
  phase_changed_by_itself_at_ = -1;
  forget_computer_move();
  if (mode == Mode::None) view_.reset();
  changed();
}

void Session::changed() {
  ++generation_;
  chosen_.reset();
  hint_.reset();
  sel_.clear();
  last_attack_ = {};
  if (!has_game()) return;
  const Game &g = game();
  view_ = std::make_unique<Interaction>(g.setup(), g.state());
  // The last attack of this Player Turn: an entry opening a new turn ends the search.
  for (auto it = g.log().rbegin(); it != g.log().rend(); ++it) {
    if (it->kind == "turn") break;
    if (it->kind == "attack") {
      last_attack_ = {it->cc, it->column, it->text};
      break;
    }
  }
  autosave();
}

void Session::new_game(std::shared_ptr<const Battle> battle, Options options, uint64_t seed) {
  std::string kept = keep_unsaved_autosave();
  game_.emplace(std::move(battle), options, seed);
  name_game(""); // a new game has no name until the player gives it one
  message_ = kept;
  reset_to(Mode::Play);
}

bool Session::open(std::string path, uint64_t seed_for_battle, Options for_battle) {
  if (std::string bad = path_refusal(path); !bad.empty()) {
    message_ = bad; // the game shown (if any) is untouched
    return false;
  }
  std::error_code ec;
  if (fs::is_directory(path, ec)) {
    message_ = path + " is a folder: choose a saved game or a battle file in it.";
    return false;
  }
  std::string kept;
  try {
    json doc = read_json_file(path, kMaxInputBytes);
    bool record = doc.is_object() && doc.contains("format") && doc["format"].is_string() &&
                  doc["format"].get<std::string>().rfind("shields-swords-game/", 0) == 0;
    if (!record) {
      new_game(load_battle(doc, path), for_battle, seed_for_battle);
      return true;
    }
    Game loaded = Game::from_record(doc, path);
    if (!same_file(path, autosave_path())) kept = keep_unsaved_autosave();
    game_.emplace(std::move(loaded));
  } catch (const std::exception &e) {
    message_ = e.what(); // the game shown (if any) is untouched
    return false;
  }
  // The autosave is the app's file, never the player's: Ctrl+S on it saves to the file the game
  // had been saved as (the autosave remembers which), or asks for a name.
  if (same_file(path, autosave_path())) {
    name_game(autosave_named_file());
    remember_saved(named_file_record(save_path_));
  } else {
    name_game(path);
    remember_saved(game_->record());
  }
  // Recent games are the player's files: the autosave stands for the file it continues.
  if (!save_path_.empty()) remember_recent(save_path_);
  message_ = "Opened " + path + (kept.empty() ? "" : ". " + kept);
  reset_to(Mode::Play);
  return true;
}

void Session::remember_saved(json record) {
  saved_record_ = std::move(record);
  unsaved_checked_at_ = ~0ull;
}

bool Session::unsaved_changes() const {
  if (mode_ != Mode::Play || save_path_.empty()) return false;
  if (unsaved_checked_at_ != generation_) { // a record is worked out once per change, not per frame
    unsaved_ = game_->record() != saved_record_;
    unsaved_checked_at_ = generation_;
  }
  return unsaved_;
}

bool Session::continue_autosave() {
  if (!fs::exists(autosave_path())) {
    message_ = "There is no autosave yet: start a new game.";
    return false;
  }
  return open(autosave_path(), 0);
}

bool Session::autosave_loads() const {
  std::error_code err;
  fs::path path = autosave_path();
  auto time = fs::last_write_time(path, err);
  if (err) return false; // no autosave (or none that can be read)
  auto size = fs::file_size(path, err);
  if (err) return false;
  AutosaveCheck &c = autosave_check_;
  if (c.done && c.time == time && c.size == size) return c.loads;
  c = {true, false, time, size};
  try {
    Game g = Game::from_record(read_json_file(path.string(), kMaxInputBytes), path.string());
    c.loads = true;
    c.summary = g.battle().name + ", " + (g.battle().d3() ? "turn " : "Player Turn ") +
                std::to_string(g.state().turn);
  } catch (const std::exception &) {
    // Truncated, damaged or from a battle that no longer loads: not offered.
  }
  return c.loads;
}

bool Session::start_lesson(size_t index) {
  if (index >= lessons_.size()) return false;
  try {
    lesson_.emplace(lessons_[index], root_);
  } catch (const std::exception &e) {
    message_ = e.what();
    return false;
  }
  lesson_index_ = index;
  name_game("");
  message_.clear();
  reset_to(Mode::Lesson);
  return true;
}

// ---- Playing ----------------------------------------------------------------------------------

bool Session::play(const Action &a) {
  if (!has_game()) return false;
  if (mode_ == Mode::Replay) {
    message_ = "This is a replay: press Play from here to play on from this moment.";
    return false;
  }
  if (computer_to_act() && !playing_for_computer_) {
    message_ = "The computer plays " +
               game().battle().sides[side_to_act(game().setup(), game().state())].name +
               ": wait for its move (Space skips the pause), or undo.";
    return false;
  }
  size_t log_before = game().log().size();
  if (mode_ == Mode::Lesson) {
    Attempt at = lesson_->attempt(a);
    if (!at.applied) {
      message_ = at.message;
      return false;
    }
    message_.clear();
    if (lesson_->finished() && completed_.insert(lesson_->lesson().id).second) save_progress();
  } else {
    if (auto r = game_->play(a)) {
      message_ = r->rule + ": " + r->reason;
      return false;
    }
    // A save made while the computer plays (Ctrl+S in its turn) stays said over its actions; the
    // human's next action clears it like any other message.
    if (!playing_for_computer_ || message_ != save_said_) message_.clear();
    redo_.clear();
    if (!playing_for_computer_) // the human has moved on: the computer's last words and ring go
      forget_computer_move();
    if (practice() && !lines_.empty() && lines_[line_].fresh_dice && game_->last_action_rolled())
      game_->replace_next_die(fresh_die());
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
  ClickOutcome out = view_->click(sel_, hex);
  message_ = out.message;
  if (out.action) play(*out.action);
}

void Session::undo() {
  if (!has_game()) return;
  if (mode_ == Mode::Replay) {
    replay_step(ReplayStep::Action, -1);
    return;
  }
  if (mode_ == Mode::Lesson) {
    message_ = "Lessons go forward only; replay the lesson from the lesson list to start again.";
    return;
  }
  if (game_->actions().empty()) {
    message_ = "Nothing to undo: this is the start of the game.";
    return;
  }
  if (computer(0) || computer(1)) {
    undo_to_human();
    return;
  }
  bool rolled = game_->last_action_rolled();
  if (rolled && !practice()) {
    message_ = "Undo stops at a die roll in a competitive game: the dice have spoken. Practice "
               "games allow it.";
    return;
  }
  forget_computer_move(); // only an undo that takes something back: a refused one changes nothing
  Action taken_back = game_->actions().back();
  game_->undo();
  if (rolled) { // practice: the same action will roll a fresh die
    game_->replace_next_die(fresh_die());
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
  if (mode_ == Mode::Replay) {
    replay_step(ReplayStep::Action, +1);
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

bool Session::next_step() {
  if (mode_ != Mode::Lesson || !lesson_->next()) return false;
  if (lesson_->finished() && completed_.insert(lesson_->lesson().id).second) save_progress();
  // Reading on changes no unit: what the player chose on the map stays chosen for the next step.
  Selection kept = sel_;
  changed();
  sel_ = kept;
  return true;
}

void Session::advance_lesson(size_t n) {
  if (mode_ != Mode::Lesson) return;
  lesson_->advance_to(n);
  changed();
}

// ---- Computer seats and hints -------------------------------------------------------------

void Session::set_computer(int side, std::optional<Level> level) {
  if (!game_ || game_->computer(side) == level) return;
  game_->set_computer(side, level);
  chosen_.reset();
  ++generation_;
  autosave(); // the seats are part of the game: continuing it keeps them
}

bool Session::computer_to_act() const {
  if (mode_ != Mode::Play || game_->state().game_over()) return false;
  int side = side_to_act(game_->setup(), game_->state());
  return side >= 0 && computer(side).has_value();
}

void Session::tick(double now) {
  now_ = now;
  if (mode_ != Mode::Play) return;
  if (!hint_ && hint_thinker_.busy()) hint_ = hint_thinker_.take(generation_);
  if (hint_pending() && !hint_thinker_.busy()) start_hint_search(); // the older search is done
  if (!computer_to_act()) return;
  if (!chosen_) {
    chosen_ = thinker_.take(generation_);
    if (!chosen_ && !thinker_.busy()) {
      int side = side_to_act(game_->setup(), game_->state());
      thinker_.start(game_->setup(), game_->state(), *computer(side),
                     fresh_die() * 7919 + generation_, generation_);
    }
    return;
  }
  if (now < next_move_at_) return;
  Suggestion s = *chosen_;
  int side = side_to_act(game_->setup(), game_->state());
  Level level = *computer(side);
  const int mover = s.action.unit;
  HexId from = mover >= 0 ? game_->state().units[static_cast<size_t>(mover)].hex : kOffMap;
  const size_t log_before = game_->log().size();
  playing_for_computer_ = true;
  bool played = play(s.action);
  playing_for_computer_ = false;
  if (!played) { // never expected: the player's choice is one legal_actions lists
    message_ = "The computer's move was refused: " + message_;
    game_->set_computer(side, std::nullopt);
    return;
  }
  ++computer_actions_;
  computer_said_ = game_->battle().sides[side].name + " (computer" +
                   (computer_actions_ > 1 ? ", its action " + std::to_string(computer_actions_) +
                                                " since your last; the others are in the log"
                                          : std::string()) +
                   "): ";
  // Its dice are said with it: the player did not throw them, and "activate RL" alone reads as
  // if the levies moved when the roll failed and ended the phase. A log sentence that resolves
  // the action and names its units ("BX shoots at RB: d6 6 ...", "Attack: R1 (Primary) on B5 ...")
  // stands for it.
  const std::string rolled = roll_words(game_->log(), log_before);
  if (!log_resolves(game_->log(), log_before, s.action))
    computer_said_ += action_words(game_->battle(), s.action) + ". ";
  if (!rolled.empty()) computer_said_ += rolled + ". ";
  computer_said_ += suggestion_words(level, s);
  computer_detail_ = account_words(game_->battle(), s);
  // Only an action on the map is lit: the end of a phase or a command leaves its last one lit.
  const Action &a = s.action;
  if (a.unit >= 0 || a.target >= 0 || !a.attackers.empty() || a.to != kOffMap)
    computer_last_ = ComputerMove{a, from};
  next_move_at_ = now + pace_;
}

// The computer's last words, its gold ring and its count of actions since the human's last one.
void Session::forget_computer_move() {
  computer_said_.clear(), computer_detail_.clear();
  computer_last_.reset();
  computer_actions_ = 0;
}

void Session::ask_hint() {
  if (mode_ == Mode::Lesson && lesson_) { // H said nothing in a lesson (new-player trial)
    auto asked = lesson_->next_expected();
    message_ = "In a lesson the step is your hint: " +
               (asked ? advice_words(lesson_->game().battle(), *asked) + "."
                      : std::string("read it, then press Next."));
    return;
  }
  if (mode_ == Mode::Replay) {
    message_ = "Hints are for a game in play: press Play from here to play on, then ask.";
    return;
  }
  if (mode_ != Mode::Play) return;
  if (computer_to_act()) { // H pressed while watching the computer: say why nothing comes
    message_ = "Hints are for your own decisions: the computer is playing " +
               game_->battle().sides[side_to_act(game_->setup(), game_->state())].name + ".";
    return;
  }
  if (game_->state().game_over()) return;
  if (hint_ || hint_pending()) return;
  hint_asked_for_ = generation_;
  // A search for a position the player has left may still run: tick() starts this one after it.
  if (!hint_thinker_.busy()) start_hint_search();
}

void Session::start_hint_search() {
  hint_thinker_.start(game_->setup(), game_->state(), kHintLevel, 17 + generation_, generation_);
}

void Session::undo_to_human() {
  // Against the computer, undo takes back to the human's last decision: the computer's actions
  // since then go too. A competitive game still stops at a die roll.
  auto human_acted = [&](size_t i) {
    int side = side_to_act(game_->setup(), game_->state_before(i));
    return side >= 0 && !computer(side);
  };
  size_t n = game_->actions().size(), back = 0;
  while (back < n && !human_acted(n - 1 - back))
    ++back;
  if (back == n) {
    message_ = "Nothing to undo: the human side has not acted yet.";
    return;
  }
  ++back; // the human's own decision
  bool rolled = false;
  for (size_t i = n - back; i < n; ++i)
    rolled = rolled || !game_->dice()[i].empty();
  if (rolled && !practice()) {
    message_ = "Undo stops at a die roll in a competitive game: the dice have spoken. Practice "
               "games allow it.";
    return;
  }
  forget_computer_move(); // its actions are taken back with the human's decision
  game_->replay_to(n - back);
  if (rolled) game_->replace_next_die(fresh_die());
  redo_.clear();
  changed();
  message_ = "Taken back to your last decision.";
}

// ---- Practice lines ---------------------------------------------------------------------------

void Session::branch(size_t log_entry, bool fresh_dice) {
  if (!practice()) {
    message_ = "Branches are for practice games; a competitive game keeps one line.";
    return;
  }
  if (lines_.empty()) lines_.push_back({"Main line", std::nullopt, false});
  Game copy = *game_;
  copy.replay_to(game_->action_for_log_entry(log_entry));
  if (fresh_dice) copy.replace_next_die(fresh_die());
  lines_[line_].stored = *game_;
  lines_.push_back({"Branch " + std::to_string(lines_.size()) + " (turn " +
                        std::to_string(copy.state().turn) + ", " +
                        (fresh_dice ? "fresh dice)" : "same dice)"),
                    std::nullopt, fresh_dice});
  line_ = static_cast<int>(lines_.size()) - 1;
  game_.emplace(std::move(copy));
  redo_.clear();
  changed();
  message_ = "Now playing " + lines_[line_].name +
             ". The main line is kept; switch back in the Battle panel.";
}

void Session::switch_line(int index) {
  if (index == line_ || index < 0 || index >= static_cast<int>(lines_.size())) return;
  lines_[line_].stored = *game_;
  std::array<std::optional<Level>, 2> seats = {computer(0), computer(1)};
  game_.emplace(*lines_[index].stored);
  for (int side = 0; side < 2; ++side) // who plays which side is not a property of a line
    game_->set_computer(side, seats[side]);
  line_ = index;
  redo_.clear();
  changed();
}

// ---- Files ------------------------------------------------------------------------------------

std::string Session::autosave_path() const {
  return (fs::path(data_dir_) / "autosave.json").string();
}

std::string Session::suggested_save_path() const {
  fs::path dir = fs::path(data_dir_) / "saves";
  std::string id = has_game() ? battle_id_for_file_name(game().battle().id, "game") : "game";
  for (int n = 1;; ++n) {
    fs::path p = dir / (id + "-" + std::to_string(n) + ".json");
    if (!fs::exists(p)) return p.string();
  }
}

std::string Session::autosave_name_path() const {
  return (fs::path(data_dir_) / "autosave-name.json").string();
}

std::string Session::autosave_named_file() const {
  try {
    std::string file = read_json_file(autosave_name_path(), 1 << 16).at("file").get<std::string>();
    return !file.empty() && fs::is_regular_file(file) ? file : "";
  } catch (const std::exception &) {
    return ""; // no name kept: the game had none
  }
}

std::string Session::keep_unsaved_autosave() {
  if (!hold_autosave()) return ""; // the autosave is another window's game, kept by that window
  try {
    if (!fs::exists(autosave_path())) return "";
    json autosaved = read_json_file(autosave_path(), kMaxInputBytes);
    size_t moves = autosaved.at("actions").size();
    if (moves == 0) return "";
    std::string named = autosave_named_file();
    // The named file holds the game up to its last save; later moves live only in the autosave.
    if (!named.empty() && read_json_file(named, kMaxInputBytes).at("actions").size() == moves)
      return "";
    fs::path dir = fs::path(data_dir_) / "saves";
    std::string id = battle_id_for_file_name(autosaved.at("battle").value("id", "game"), "game");
    fs::path kept;
    for (int n = 1; kept.empty() || fs::exists(kept); ++n)
      kept = dir / (id + "-unsaved-" + std::to_string(n) + ".json");
    fs::create_directories(dir);
    write_file_atomically(kept.string(), autosaved.dump(1) + "\n");
    remember_recent(kept.string());
    // The name, not the whole path: the Recent games list opens it, and a path breaks mid-word in
    // a narrow panel.
    return "Your last game had moves not saved: it is kept as " + kept.filename().string() +
           " in your saves folder (Recent games).";
  } catch (const std::exception &e) {
    return std::string("The last game's autosave could not be kept: ") + e.what();
  }
}

void Session::autosave() {
  if (mode_ != Mode::Play) return; // lessons never write the game's files
  bool was_elsewhere = autosave_elsewhere_;
  if (!hold_autosave()) return; // another window keeps it: other_windows_note() says so
  if (was_elsewhere)            // that window has closed: its autosave may hold moves no file has
    if (std::string kept = keep_unsaved_autosave(); !kept.empty()) message_ = kept;
  try {
    game_->save(autosave_path());
    if (autosave_named_ != save_path_) {
      write_file_atomically(autosave_name_path(), json{{"file", save_path_}}.dump() + "\n");
      autosave_named_ = save_path_;
    }
  } catch (const std::exception &e) {
    message_ = std::string("Autosave failed: ") + e.what();
  }
}

Session::Saved Session::save() {
  if (mode_ != Mode::Play && mode_ != Mode::Replay) {
    message_ = "Lessons are not saved; your progress through them is remembered.";
    return Saved::No;
  }
  if (save_path_.empty()) return Saved::NeedsName;
  if (!named_lock_) name_game(save_path_); // the other window may have closed since
  if (named_elsewhere_) { // never written over that window's game: the player picks a new name
    message_ = named_elsewhere_words();
    return Saved::NeedsName;
  }
  return save_as(save_path_);
}

Session::Saved Session::save_as(const std::string &path, bool replace_existing) {
  if (mode_ != Mode::Play && mode_ != Mode::Replay) return save();
  if (path.empty()) {
    message_ = "Give the saved game a file name.";
    return Saved::No;
  }
  if (std::string bad = path_refusal(path); !bad.empty()) {
    message_ = bad;
    return Saved::No;
  }
  std::error_code ec;
  if (fs::is_directory(path, ec)) {
    message_ = path + " is a folder: give a file name inside it.";
    return Saved::No;
  }
  if (same_file(path, autosave_path()) || same_file(path, autosave_name_path())) {
    message_ = "That is the autosave's file, which every move rewrites: choose another name.";
    return Saved::No;
  }
  if (fs::exists(path, ec) && !replace_existing &&
      (save_path_.empty() || !same_file(path, save_path_))) {
    message_ = path + " already exists: Replace it, or choose another name.";
    return Saved::Exists;
  }
  json written;
  std::optional<FileLock> lock; // another file than the one this window holds: its lock first
  try {
    fs::path parent = fs::path(path).parent_path();
    if (!parent.empty()) fs::create_directories(parent);
    if (!named_lock_ || !same_file(path, save_path_)) {
      // A command line writer holds a record's lock for a moment: it is waited for.
      lock = FileLock::acquire(path, std::chrono::milliseconds(500));
      if (!lock) {
        message_ = printable(path) +
                   " is open in another window, or another program is writing it: save this "
                   "game under another name.";
        return Saved::No;
      }
    }
    // A replay saves its record (with its notes); replayed and compared before the file is
    // replaced.
    written = (mode_ == Mode::Replay ? replay_->record() : *game_).save(path);
  } catch (const std::exception &e) {
    message_ = e.what();
    return Saved::No;
  }
  save_path_ = path;
  if (lock) named_lock_ = std::move(lock), named_elsewhere_ = false;
  remember_saved(mode_ == Mode::Play ? std::move(written) : json());
  remember_recent(path);
  autosave(); // the autosave now continues this file
  message_ = save_said_ = "Saved " + path;
  return Saved::Yes;
}

std::vector<std::string> Session::recent() const {
  std::vector<std::string> present;
  std::error_code ec;
  for (const std::string &p : recent_)
    if (fs::exists(p, ec)) present.push_back(p);
  return present;
}

void Session::remember_recent(const std::string &path) {
  std::error_code unresolved;
  std::string full = fs::weakly_canonical(path, unresolved).string();
  if (unresolved) return; // a path the system cannot resolve is not listed
  std::erase_if(recent_, [&](const std::string &p) {
    std::error_code ec;
    return p == full || !fs::exists(p, ec); // a deleted file leaves the list
  });
  recent_.insert(recent_.begin(), full);
  if (recent_.size() > kRecentGames) recent_.resize(kRecentGames);
  try {
    write_file_atomically((fs::path(data_dir_) / "recent.json").string(),
                          json{{"games", recent_}}.dump(1) + "\n");
  } catch (const std::exception &) {
    // The list is a convenience: a read-only data folder must not stop the game.
  }
}

void Session::load_progress() {
  completed_.clear();
  try {
    json j = read_json_file((fs::path(data_dir_) / "tutorial-progress.json").string(), 1 << 16);
    for (const json &id : j.at("completed"))
      if (id.is_string()) completed_.insert(id.get<std::string>());
  } catch (const std::exception &) {
    // No progress yet, or an unreadable file: start afresh.
  }
}

void Session::save_progress() {
  json j = {{"completed", std::vector<std::string>(completed_.begin(), completed_.end())}};
  try {
    write_file_atomically((fs::path(data_dir_) / "tutorial-progress.json").string(),
                          j.dump(1) + "\n");
  } catch (const std::exception &e) {
    message_ = std::string("Lesson progress not saved: ") + e.what();
  }
}

} // namespace sns::app
