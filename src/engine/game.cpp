// The Game class of game.hpp (DESIGN.md "Game record"): create, play, undo by snapshot, replay,
// read and write records, atomic save. The JSON views of a position live in json_views.cpp.
#include "sns/game.hpp"
#include "json_reader.hpp"
#include "sns/ruleset.hpp"

#include <algorithm>
#include <cstdio>
#include <fcntl.h>
#include <map>
#include <stdexcept>
#include <unistd.h>

namespace sns {

Game::Game(std::shared_ptr<const Battle> battle, Options options, uint64_t seed,
           std::vector<int> forced)
    : seed_(seed) {
  setup_.battle = std::move(battle);
  setup_.options = options;
  setup_.forced_dice = std::move(forced);
  state_ = new_game(setup_, seed_, &log_);
}

std::optional<Refusal> Game::play(const Action &action) {
  GameState before = state_;
  size_t mark = log_.size();
  if (auto r = apply(setup_, state_, action, &log_)) return r;
  std::vector<int> rolled;
  for (size_t i = mark; i < log_.size(); ++i)
    if (log_[i].roll) rolled.push_back(log_[i].roll);
  // Every die is logged with its roll; the record depends on it, so a silent roll is a fault.
  if (rolled.size() != state_.rolls - before.rolls)
    throw std::logic_error("an action rolled a die without logging it");
  history_.push_back(std::move(before));
  log_marks_.push_back(mark);
  actions_.push_back(action);
  dice_.push_back(std::move(rolled));
  return std::nullopt;
}

bool Game::undo() {
  if (actions_.empty()) return false;
  state_ = std::move(history_.back());
  log_.resize(log_marks_.back());
  history_.pop_back();
  log_marks_.pop_back();
  actions_.pop_back();
  dice_.pop_back();
  // A note on a moment that no longer exists would not load: it goes with the moment.
  std::erase_if(notes_, [&](const Note &n) { return n.at > actions_.size(); });
  return true;
}

void Game::replace_next_die(int face) {
  // A take-back discards the future: dice replaced beyond this point belonged to it.
  setup_.replaced_dice.erase(setup_.replaced_dice.lower_bound(state_.rolls),
                             setup_.replaced_dice.end());
  setup_.replaced_dice[state_.rolls] = face;
}

void Game::replace_next_dice(const std::vector<int> &faces) {
  setup_.replaced_dice.erase(setup_.replaced_dice.lower_bound(state_.rolls),
                             setup_.replaced_dice.end());
  for (size_t i = 0; i < faces.size(); ++i)
    setup_.replaced_dice[state_.rolls + static_cast<uint32_t>(i)] = faces[i];
}

size_t Game::action_for_log_entry(size_t entry) const {
  size_t action = 0;
  for (size_t i = 0; i < log_marks_.size(); ++i)
    if (log_marks_[i] <= entry) action = i;
  return action;
}

const GameState &Game::state_at(size_t n) const {
  return n < history_.size() ? history_[n] : state_;
}

size_t Game::log_size_at(size_t n) const {
  return n < log_marks_.size() ? log_marks_[n] : log_.size();
}

Game Game::prefix(size_t n) const { return Game(*this, std::min(n, actions_.size())); }

Game::Game(const Game &full, size_t n)
    : setup_(full.setup_), seed_(full.seed_), state_(full.state_at(n)),
      actions_(full.actions_.begin(), full.actions_.begin() + static_cast<long>(n)),
      log_(full.log_.begin(), full.log_.begin() + static_cast<long>(full.log_size_at(n))),
      history_(full.history_.begin(), full.history_.begin() + static_cast<long>(n)),
      log_marks_(full.log_marks_.begin(), full.log_marks_.begin() + static_cast<long>(n)),
      dice_(full.dice_.begin(), full.dice_.begin() + static_cast<long>(n)),
      computer_(full.computer_), network_(full.network_) {
  for (const Note &note : full.notes_)
    if (note.at <= n) notes_.push_back(note);
}

bool Game::add_note(Note note) {
  if (note.at > actions_.size() || note.text.empty() || note.text.size() > kMaxNoteChars ||
      notes_.size() >= kMaxRecordActions)
    return false;
  auto after = std::upper_bound(notes_.begin(), notes_.end(), note.at,
                                [](size_t at, const Note &n) { return at < n.at; });
  notes_.insert(after, std::move(note));
  return true;
}

bool Game::remove_note(size_t index) {
  if (index >= notes_.size()) return false;
  notes_.erase(notes_.begin() + static_cast<long>(index));
  return true;
}

bool Game::last_action_rolled() const { return !dice_.empty() && !dice_.back().empty(); }

void Game::replay_to(size_t count) {
  while (actions_.size() > count)
    undo();
}

nlohmann::json options_to_json(const Options &o) {
  json j = json::object();
  if (o.advanced_wing_integrity) j["wing_integrity"] = "advanced";
  if (o.practice) j["practice"] = true;
  return j;
}

json Game::record() const {
  json actions = json::array(), rolls = json::array(), replaced = json::object();
  for (size_t i = 0; i < actions_.size(); ++i) {
    actions.push_back(action_to_json(battle(), actions_[i]));
    if (!dice_[i].empty()) rolls.push_back({{"action", i}, {"dice", dice_[i]}});
  }
  for (const auto &[roll, face] : setup_.replaced_dice)
    replaced[std::to_string(roll)] = face;
  json rec = {{"format", kRecordFormat},
              {"engine", kEngineVersion},
              {"battle", battle().source},
              {"options", options_to_json(setup_.options)},
              {"seed", seed_},
              {"forced_dice", setup_.forced_dice},
              {"replaced_dice", replaced},
              {"actions", actions},
              {"rolls", rolls}};
  if (!notes_.empty()) {
    json notes = json::array();
    for (const Note &n : notes_) {
      json jn = {{"at", n.at}, {"text", n.text}};
      if (n.bookmark) jn["bookmark"] = true;
      notes.push_back(jn);
    }
    rec["notes"] = notes;
  }
  json computer = json::object();
  for (int side = 0; side < 2; ++side)
    if (computer_[side]) computer[battle().sides[side].id] = std::string(name(*computer_[side]));
  if (!computer.empty()) rec["computer"] = computer;
  if (!network_.is_null()) rec["network"] = network_;
  return rec;
}

namespace {

// Format 2's dice: faces that replaced rolls (by roll index), and the dice each action rolled.
std::map<uint32_t, int> read_replaced_dice(const JsonReader &in, const json &rec, int faces) {
  std::map<uint32_t, int> out;
  const json *r = in.optional(rec, "replaced_dice");
  if (!r) return out;
  in.object(*r, "/replaced_dice");
  if (r->size() > kMaxRecordActions) in.fail("/replaced_dice", "at most 10000 replaced dice");
  for (auto it = r->begin(); it != r->end(); ++it) {
    std::string path = JsonReader::at("/replaced_dice", it.key());
    const std::string &k = it.key();
    if (k.empty() || k.size() > 9 || k.find_first_not_of("0123456789") != std::string::npos)
      in.fail(path, "expected a roll number (0, 1, 2 ...) as the key");
    out[static_cast<uint32_t>(std::stoul(k))] = static_cast<int>(in.integer(*it, path, 1, faces));
  }
  return out;
}

std::map<size_t, std::vector<int>> read_rolls(const JsonReader &in, const json &rec, size_t actions,
                                              int die_max) {
  std::map<size_t, std::vector<int>> out;
  const json *r = in.optional(rec, "rolls");
  if (!r) return out;
  in.array(*r, "/rolls");
  for (size_t i = 0; i < r->size(); ++i) {
    std::string path = JsonReader::at("/rolls", i);
    in.only_keys((*r)[i], path, {"action", "dice"});
    auto action = static_cast<size_t>(in.integer(in.field((*r)[i], path, "action"),
                                                 JsonReader::at(path, "action"), 0,
                                                 static_cast<long long>(actions) - 1));
    const json &dice = in.array(in.field((*r)[i], path, "dice"), JsonReader::at(path, "dice"));
    // A D3 Medieval melee-phase end rolls 2D6 for every unit hit (D13): allow a whole army's.
    if (dice.size() > 2000)
      in.fail(JsonReader::at(path, "dice"), "at most 2000 dice for one action");
    std::vector<int> faces;
    for (size_t d = 0; d < dice.size(); ++d)
      faces.push_back(static_cast<int>(
          in.integer(dice[d], JsonReader::at(JsonReader::at(path, "dice"), d), 1, die_max)));
    if (!out.emplace(action, std::move(faces)).second)
      in.fail(JsonReader::at(path, "action"), "each action's dice are listed once");
  }
  return out;
}

// Format 2's notes: each tied to a moment of the game (0 .. the number of actions).
std::vector<Note> read_notes(const JsonReader &in, const json &rec, size_t actions) {
  std::vector<Note> out;
  const json *r = in.optional(rec, "notes");
  if (!r) return out;
  in.array(*r, "/notes");
  if (r->size() > kMaxRecordActions) in.fail("/notes", "at most 10000 notes");
  for (size_t i = 0; i < r->size(); ++i) {
    std::string path = JsonReader::at("/notes", i);
    in.object((*r)[i], path);
    in.only_keys((*r)[i], path, {"at", "text", "bookmark"});
    Note n;
    n.at = static_cast<size_t>(in.integer(in.field((*r)[i], path, "at"), JsonReader::at(path, "at"),
                                          0, static_cast<long long>(actions)));
    n.text = in.str(in.field((*r)[i], path, "text"), JsonReader::at(path, "text"));
    if (n.text.empty() || n.text.size() > kMaxNoteChars)
      in.fail(JsonReader::at(path, "text"), "expected a note of 1 to 2000 characters");
    if (const json *b = in.optional((*r)[i], "bookmark"))
      n.bookmark = in.boolean(*b, JsonReader::at(path, "bookmark"));
    if (!out.empty() && out.back().at > n.at)
      in.fail(JsonReader::at(path, "at"), "notes are listed in the order of their moments");
    out.push_back(std::move(n));
  }
  return out;
}

// The app's computer seats: side id -> level, for the levels a seat offers.
std::array<std::optional<Level>, 2> read_computer(const JsonReader &in, const json &rec,
                                                  const Battle &b) {
  std::array<std::optional<Level>, 2> out{};
  const json *r = in.optional(rec, "computer");
  if (!r) return out;
  in.object(*r, "/computer");
  for (auto it = r->begin(); it != r->end(); ++it) {
    std::string path = JsonReader::at("/computer", it.key());
    int side = b.sides[0].id == it.key() ? 0 : b.sides[1].id == it.key() ? 1 : -1;
    if (side < 0)
      in.fail(path, "expected a side of the battle (" + b.sides[0].id + " or " + b.sides[1].id +
                        ") as the key");
    std::optional<Level> level = parse_level(in.str(*it, path));
    if (!level || !seat_level(*level))
      in.fail(path, "expected the computer's level: " + level_list(" or ", true));
    out[side] = level;
  }
  return out;
}

std::string faces_text(const std::vector<int> &dice) {
  std::string t;
  for (int d : dice)
    t += (t.empty() ? "" : ", ") + std::to_string(d);
  return "[" + t + "]";
}

// The record's format: true for format 2 (engine, dice rolled, notes, computer seats), false for
// format 1; the keys each format allows.
bool read_format(const JsonReader &in, const json &rec) {
  in.object(rec, "");
  std::string format = in.str(in.field(rec, "", "format"), "/format");
  bool v2 = format == kRecordFormat;
  if (!v2 && format != "shields-swords-game/1")
    in.fail("/format", "expected \"shields-swords-game/2\" (or /1), got \"" + format + "\"");
  if (v2)
    in.only_keys(rec, "",
                 {"format", "engine", "battle", "options", "seed", "forced_dice", "replaced_dice",
                  "actions", "rolls", "notes", "computer", "network"});
  else
    in.only_keys(rec, "", {"format", "battle", "options", "seed", "forced_dice", "actions"});
  if (const json *e = in.optional(rec, "engine")) in.str(*e, "/engine");
  return v2;
}

// The battle the record carries; its errors name their path under /battle.
std::shared_ptr<const Battle> read_record_battle(const JsonReader &in, const json &rec,
                                                 const std::string &file) {
  const json &battle_doc = in.field(rec, "", "battle");
  try {
    return load_battle(battle_doc, file);
  } catch (const LoadError &e) {
    throw LoadError(file, "/battle" + e.path(), e.expected());
  }
}

Options read_options(const JsonReader &in, const json &rec, const Battle &battle) {
  Options options;
  const json *o = in.optional(rec, "options");
  if (!o) return options;
  in.object(*o, "/options");
  in.only_keys(*o, "/options", {"wing_integrity", "practice"});
  if (const json *p = in.optional(*o, "practice"))
    options.practice = in.boolean(*p, "/options/practice");
  if (const json *wi = in.optional(*o, "wing_integrity")) {
    std::string v = in.str(*wi, "/options/wing_integrity");
    if (v != "advanced" && v != "standard")
      in.fail("/options/wing_integrity", "expected \"standard\" or \"advanced\"");
    options.advanced_wing_integrity = v == "advanced";
    if (options.advanced_wing_integrity &&
        battle.wing_integrity != WingIntegrityRule::StandardOrAdvanced)
      in.fail("/options/wing_integrity",
              "this battle does not offer advanced Wing Integrity as an option");
  }
  return options;
}

uint64_t read_seed(const JsonReader &in, const json &rec) {
  const json &seed = in.field(rec, "", "seed");
  if (!seed.is_number_unsigned() && !(seed.is_number_integer() && seed.get<long long>() >= 0))
    in.fail("/seed", "expected a whole number from 0 to 2^64-1, got " + JsonReader::describe(seed));
  return seed.get<uint64_t>();
}

std::vector<int> read_forced_dice(const JsonReader &in, const json &rec, const Battle &battle) {
  std::vector<int> forced;
  const json *f = in.optional(rec, "forced_dice");
  if (!f) return forced;
  in.array(*f, "/forced_dice");
  if (f->size() > 100000) in.fail("/forced_dice", "at most 100000 forced dice");
  for (size_t i = 0; i < f->size(); ++i)
    forced.push_back(
        static_cast<int>(in.integer((*f)[i], JsonReader::at("/forced_dice", i), 1,
                                    die_faces(battle)))); // D14: d6 faces in D3 Medieval
  return forced;
}

} // namespace

Game Game::from_record(const json &rec, const std::string &file) {
  JsonReader in(file);
  bool v2 = read_format(in, rec);
  std::shared_ptr<const Battle> battle = read_record_battle(in, rec, file);
  Options options = read_options(in, rec, *battle);
  uint64_t seed = read_seed(in, rec);
  std::vector<int> forced = read_forced_dice(in, rec, *battle);
  Game game(battle, options, seed, forced);
  const json &actions = in.array(in.field(rec, "", "actions"), "/actions");
  if (actions.size() > kMaxRecordActions)
    in.fail("/actions", "a record holds at most " + std::to_string(kMaxRecordActions) + " actions");
  game.setup_.replaced_dice = read_replaced_dice(in, rec, die_faces(*battle));
  auto rolls = read_rolls(in, rec, actions.size(), die_faces(*battle));
  std::vector<Note> notes = v2 ? read_notes(in, rec, actions.size()) : std::vector<Note>{};
  if (v2) game.computer_ = read_computer(in, rec, *battle);
  if (const json *net = v2 ? in.optional(rec, "network") : nullptr)
    game.network_ = in.object(*net, "/network"); // its chains are checked by verify
  for (size_t i = 0; i < actions.size(); ++i) {
    std::string path = JsonReader::at("/actions", i);
    Action a;
    try {
      a = action_from_json(*battle, actions[i], file);
    } catch (const LoadError &e) {
      throw LoadError(file, path + e.path(), e.expected());
    }
    // Format 2 keeps the dice each action rolled: they are the dice it rolls again here.
    auto kept = rolls.find(i);
    for (size_t d = 0; kept != rolls.end() && d < kept->second.size(); ++d)
      game.setup_.replaced_dice[game.state_.rolls + static_cast<uint32_t>(d)] = kept->second[d];
    if (auto r = game.play(a))
      in.fail(path, "this action is not legal at this point of the game (" + r->rule + ": " +
                        r->reason + ")");
    if (v2 && game.dice_.back() != (kept == rolls.end() ? std::vector<int>{} : kept->second))
      in.fail(path, "the record says this action rolled " +
                        faces_text(kept == rolls.end() ? std::vector<int>{} : kept->second) +
                        ", but replaying it rolls " + faces_text(game.dice_.back()));
  }
  game.notes_ = std::move(notes);
  return game;
}

Game Game::load(const std::string &path) {
  return from_record(read_json_file(path, kMaxInputBytes), path);
}

void write_file_atomically(const std::string &path, const std::string &text) {
  std::string tmp = path + ".tmp." + std::to_string(::getpid());
  int fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  if (fd < 0) throw IoError(path, "cannot write the file (cannot create " + tmp + ")");
  size_t done = 0;
  while (done < text.size()) {
    ssize_t n = ::write(fd, text.data() + done, text.size() - done);
    if (n <= 0) {
      ::close(fd);
      std::remove(tmp.c_str());
      throw IoError(path, "cannot write the file (write failed; the previous file is untouched)");
    }
    done += static_cast<size_t>(n);
  }
  bool ok = ::fsync(fd) == 0;
  ok = ::close(fd) == 0 && ok;
  if (!ok || std::rename(tmp.c_str(), path.c_str()) != 0) {
    std::remove(tmp.c_str());
    throw IoError(path,
                  "cannot write the file (flush or rename failed; the previous file is untouched)");
  }
}

std::optional<Refusal> Game::dice_from_seed() const {
  if (!setup_.forced_dice.empty())
    return Refusal{"R23", "the game was started with chosen dice (forced_dice), not the seed's",
                   RefusalKind::Dice};
  // A replaced face leaves the generator's course unchanged (rules.hpp), so the seed's dice for
  // action i are rolled again from the state before it.
  Setup fair;
  fair.battle = setup_.battle;
  for (size_t i = 0; i < actions_.size(); ++i) {
    GameState before = state_at(i);
    std::vector<int> seed_dice;
    for (size_t d = 0; d < dice_[i].size(); ++d)
      seed_dice.push_back(roll_d8(fair, before));
    if (seed_dice != dice_[i])
      return Refusal{"R23",
                     "action " + std::to_string(i) + " (" +
                         action_to_json(battle(), actions_[i]).dump() + ") rolled " +
                         faces_text(dice_[i]) + " where the seed gives " + faces_text(seed_dice),
                     RefusalKind::Dice};
  }
  return std::nullopt;
}

void Game::verify_record(const json &rec) const {
  std::string why;
  try {
    Game replayed = from_record(rec, "the new record");
    if (replayed.actions_ != actions_)
      why = "its actions differ";
    else if (!(replayed.state_ == state_))
      why = "its final state differs from the game's";
    else if (replayed.log_.size() != log_.size())
      why = "its log differs";
    else if (replayed.notes_ != notes_)
      why = "its notes differ";
  } catch (const LoadError &e) {
    why = e.what();
  }
  if (!why.empty())
    throw SaveError("not saved: the record would not replay to this game (" + why +
                    "); the previous file is untouched");
}

json Game::save(const std::string &path) const {
  json rec = record();
  verify_record(rec);
  write_file_atomically(path, rec.dump(1) + "\n");
  return rec;
}

} // namespace sns
