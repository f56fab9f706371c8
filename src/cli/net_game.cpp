// A network game (net_game.hpp): the lockstep loop, the shared dice of each action, the state
// hashes and the record; and the `host` and `join` commands that run it.
#include "net_game.hpp"
#include "commands.hpp"
#include "common.hpp"

#include "sns/input.hpp"
#include "sns/json_io.hpp"

#include <cstdio>
#include <fcntl.h>
#include <unistd.h>

namespace sns::cli {

NetGame::NetGame(NetConfig config, std::ostream &events, NetHooks hooks)
    : config_(std::move(config)), events_(events), hooks_(std::move(hooks)) {}

namespace {

int side_named(const Battle &b, const std::string &id, const std::string &what) {
  for (int s = 0; s < 2; ++s)
    if (b.sides[s].id == id) return s;
  fail(kUsage,
       what + " names no side of " + b.id + ": give " + b.sides[0].id + " or " + b.sides[1].id,
       "usage");
}

Options options_from_hello(const json &h, const Battle &b) {
  Options o;
  const json options = h.value("options", json::object());
  if (!options.is_object() || options.size() > 1 ||
      (options.size() == 1 && !options.contains("wing_integrity")))
    fail(kBadInput, "message /options: expected {} or {\"wing_integrity\": ...}", "bad_request");
  if (options.contains("wing_integrity")) {
    const json &wi = options["wing_integrity"];
    if (wi != "standard" && wi != "advanced")
      fail(kBadInput, "message /options/wing_integrity: expected standard or advanced",
           "bad_request");
    o.advanced_wing_integrity = wi == "advanced";
    if (o.advanced_wing_integrity && b.wing_integrity != WingIntegrityRule::StandardOrAdvanced)
      fail(kBadInput, "message /options/wing_integrity: the battle does not offer it",
           "bad_request");
  }
  return o;
}

} // namespace

// The joining side's game, from the host's hello: the battle is read as strictly as a battle
// file, and this side plays the side the host does not.
void NetGame::start_game(const json &h) {
  if (!h.contains("battle") || !h["battle"].is_object())
    fail(kBadInput, "message /battle: the host's hello carries the battle", "bad_request");
  std::shared_ptr<const Battle> battle;
  try {
    battle = load_battle(h["battle"], "the host's battle");
  } catch (const LoadError &e) {
    fail(kBadInput, "message /battle" + e.path() + ": " + printable(e.expected()), "bad_input");
  }
  auto seed = h.find("seed");
  if (seed == h.end() || !seed->is_number_unsigned() || seed->get<uint64_t>() > kMaxSeed)
    fail(kBadInput, "message /seed: expected a whole number", "bad_request");
  auto host_side = h.find("host_side");
  if (host_side == h.end() || !host_side->is_string())
    fail(kBadInput, "message /host_side: expected a side's id", "bad_request");
  side_ = 1 - side_named(*battle, host_side->get<std::string>(), "the host's side");
  game_.emplace(battle, options_from_hello(h, *battle), seed->get<uint64_t>());
  write_secret();
  save();
}

Action NetGame::next_action() {
  const Game &g = *game_;
  size_t n = g.actions().size();
  if (side_to_act(g.setup(), g.state()) == side_) {
    if (action_sent_ && (*action_sent_)["n"] == n) { // chosen before this process stopped
      send(*action_sent_);
      return action_from_json(g.battle(), (*action_sent_)["action"], secret_file());
    }
    Action chosen =
        hooks_.choose
            ? player_choice()
            : suggest(g.setup(), g.state(), config_.bot, config_.budget, search_seed_++).action;
    action_sent_ =
        json{{"cmd", "action"}, {"n", n}, {"action", action_to_json(g.battle(), chosen)}};
    write_secret(); // kept before it is sent: a restarted process sends the same action
    send(*action_sent_);
    return chosen;
  }
  pump([&] { return peer_action_.has_value(); }, true);
  Action a = action_from_json(g.battle(), (*peer_action_)["action"], "message");
  peer_action_.reset();
  return a;
}

// The player's action (NetHooks::choose), waited for while the peer's lines are read; one the
// engine refuses is said and waited for again, so only a legal action is ever sent.
Action NetGame::player_choice() {
  const Game &g = *game_;
  std::optional<Action> chosen;
  pump(
      [&] {
        chosen = hooks_.choose(g);
        if (!chosen) return false;
        GameState trial = g.state();
        if (auto r = apply(g.setup(), trial, *chosen, nullptr)) {
          event({{"event", "refused_here"}, {"error", r->reason}, {"rule", r->rule}});
          chosen.reset();
        }
        return chosen.has_value();
      },
      true);
  return *chosen;
}

int NetGame::shared_die_for(size_t roll) {
  for (; reveals_sent_ <= roll; ++reveals_sent_)
    send({{"cmd", "reveal"}, {"roll", reveals_sent_}, {"element", chain_.element(reveals_sent_)}});
  pump([&] { return peer_reveals_.size() > roll; }, false);
  const std::string mine = chain_.element(roll), &theirs = peer_reveals_[roll];
  return shared_die(roll, side_ == 0 ? mine : theirs, side_ == 0 ? theirs : mine,
                    die_faces(game_->battle()));
}

// The action with the dice both players made for it. How many dice an action rolls may depend on
// the dice themselves, so it is tried on a copy with the dice known so far until it needs no more.
void NetGame::play(const Action &action) {
  const uint32_t first = game_->state().rolls;
  const int actor = side_to_act(game_->setup(), game_->state());
  std::vector<int> faces;
  for (;;) {
    Setup trial = game_->setup();
    for (size_t i = 0; i < faces.size(); ++i)
      trial.replaced_dice[first + static_cast<uint32_t>(i)] = faces[i];
    GameState state = game_->state();
    Events log;
    if (auto r = apply(trial, state, action, &log))
      fail(kInternal, "a checked action was refused: " + r->reason, "internal", r->rule);
    if (state.rolls - first <= faces.size()) break;
    faces.push_back(shared_die_for(first + faces.size()));
  }
  game_->replace_next_dice(faces);
  if (auto r = game_->play(action))
    fail(kInternal, "a checked action was refused: " + r->reason, "internal", r->rule);
  event({{"event", "action"},
         {"n", game_->actions().size() - 1},
         {"side", game_->battle().sides[actor].id},
         {"action", action_to_json(game_->battle(), action)},
         {"dice", faces}});
  save();
}

namespace {

std::string state_hash(const Game &game) {
  Args a;
  a.options["--log"] = {"none"};
  a.options["--spoilers"] = {""};
  json what = {
      {"state", state_json(a, game)}, {"actions", game.actions().size()}, {"dice", game.dice()}};
  return text_hash(dump(what));
}

} // namespace

// The hash of the game as it stood after n actions (n up to the actions played): a moment this end
// has passed is hashed again from the game's prefix, for a peer that never received it.
json NetGame::hash_message(size_t n) const {
  const std::string hash =
      n < game_->actions().size() ? state_hash(game_->prefix(n)) : state_hash(*game_);
  return {{"cmd", "state_hash"}, {"n", n}, {"hash", hash}};
}

void NetGame::compare_hashes() {
  const size_t n = game_->actions().size();
  const json sent = hash_message(n);
  const std::string mine = sent["hash"];
  send(sent);
  pump([&] { return peer_hashes_.count(n) > 0; }, false);
  std::string theirs = peer_hashes_[n];
  peer_hashes_.erase(peer_hashes_.begin(), peer_hashes_.upper_bound(n));
  if (theirs == mine) return;
  std::string error = "the two games differ after action " + std::to_string(n) + " (state hashes " +
                      mine.substr(0, 12) + " and " + theirs.substr(0, 12) +
                      "); the game stops and the record " + config_.out + " is kept";
  send({{"cmd", "error"}, {"error", error}, {"kind", "state_differs"}});
  link_.finish(Clock::now() + std::chrono::seconds(2));
  fail(kGameStopped, error, "state_differs");
}

json NetGame::network_json() const {
  const Game &g = *game_;
  json chains = json::array();
  for (int s = 0; s < 2; ++s) {
    json reveals = json::array();
    for (size_t k = 0; k < g.state().rolls; ++k)
      reveals.push_back(s == side_ ? chain_.element(k) : peer_reveals_.at(k));
    chains.push_back({{"side", g.battle().sides[s].id},
                      {"player", s == side_ ? config_.player : peer_name_},
                      {"end", s == side_ ? chain_.end() : peer_end_},
                      {"reveals", reveals}});
  }
  return {{"protocol", kProtocolVersion}, {"chains", chains}};
}

void NetGame::save() {
  game_->set_network(network_json());
  RecordLock lock(config_.out);
  game_->save(config_.out);
}

namespace {

// Written like a record (temporary file, flush, rename), but readable by its owner only.
void write_private_file(const std::string &path, const std::string &text) {
  std::string tmp = path + ".tmp." + std::to_string(::getpid());
  int fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
  bool ok = fd >= 0 && ::write(fd, text.data(), text.size()) == static_cast<ssize_t>(text.size());
  ok = fd >= 0 && ::fsync(fd) == 0 && ok;
  ok = fd >= 0 && ::close(fd) == 0 && ok;
  if (!ok || std::rename(tmp.c_str(), path.c_str()) != 0) {
    std::remove(tmp.c_str());
    fail(kCannotWrite, "cannot write " + path, "cannot_write");
  }
}

const json &member(const json &j, const char *key, bool (json::*is)() const, const char *what) {
  if (!j.is_object() || !j.contains(key) || !(j[key].*is)())
    fail(kBadInput, std::string("the resume files: /") + key + ": expected " + what, "bad_input");
  return j[key];
}

} // namespace

void NetGame::write_secret() {
  // Where the game is played, so the app can list the game and resume it (network_games.hpp).
  json local = {{"side", game_->battle().sides[side_].id},
                {"secret", chain_.secret()},
                {"pending", action_sent_ ? *action_sent_ : json()},
                {"role", config_.hosting ? "host" : "join"},
                {"port", listener_ ? listener_->port() : config_.port}};
  if (!config_.hosting) local["address"] = config_.address;
  write_private_file(secret_file(), dump(local, 2) + "\n");
}

// The game of --out and this end's secret file: the record's chains give the opponent's end and
// reveals, the secret gives this end's chain back, which must end where the record says.
void NetGame::resume_from_record() {
  game_.emplace(load_record(config_.out));
  json local = parse_json_text(read_text_file(secret_file()), secret_file());
  side_ = side_named(game_->battle(),
                     member(local, "side", &json::is_string, "a side's id").get<std::string>(),
                     secret_file());
  chain_ = SecretChain(member(local, "secret", &json::is_string, "hex").get<std::string>());
  const json &chains = member(game_->network(), "chains", &json::is_array, "the two chains");
  if (chains.size() != 2 || member(chains[side_], "end", &json::is_string, "hex") != chain_.end())
    fail(kBadInput, secret_file() + " is not the secret of " + config_.out + "'s chain",
         "bad_input");
  const json &theirs = chains[peer_side()];
  peer_end_ = member(theirs, "end", &json::is_string, "hex");
  peer_name_ = member(theirs, "player", &json::is_string, "a name");
  for (const json &r : member(theirs, "reveals", &json::is_array, "the reveals"))
    peer_reveals_.push_back(r.is_string() ? r.get<std::string>() : "");
  reveals_sent_ = game_->state().rolls;
  if (local.contains("pending") && local["pending"].is_object()) action_sent_ = local["pending"];
  event({{"event", "resuming"}, {"record", config_.out}, {"actions", game_->actions().size()}});
}

namespace {

// The host's port, or a stop that says what to do: a port in use is the player's to change, not
// an internal error.
std::unique_ptr<Listener> listen_on(uint16_t port) {
  try {
    return std::make_unique<Listener>(port);
  } catch (const std::runtime_error &e) {
    fail(kGameStopped,
         std::string(e.what()) +
             ": choose another port, or 0 for any free one; nothing was written",
         "cannot_listen");
  }
}

} // namespace

int NetGame::run() {
  start_sodium();
  if (config_.resume) {
    resume_from_record();
    if (config_.hosting && !config_.battle.empty() &&
        load_battle_argument(config_.battle)->id != game_->battle().id)
      usage_error("the record " + config_.out + " is a game of " + game_->battle().id);
    if (config_.hosting) {
      listener_ = listen_on(config_.port);
      event({{"event", "listening"}, {"port", listener_->port()}, {"battle", game_->battle().id}});
    }
    reconnect();
  } else if (config_.hosting) {
    std::shared_ptr<const Battle> battle = load_battle_argument(config_.battle);
    side_ = config_.side.empty() ? 0 : side_named(*battle, config_.side, "--side");
    listener_ = listen_on(config_.port); // before any file is written
    game_.emplace(battle, Options{}, 1);
    write_secret();
    save();
    event({{"event", "listening"}, {"port", listener_->port()}, {"battle", battle->id}});
  }
  if (!config_.resume) connect_first();
  while (!game_->state().game_over()) {
    Action a = next_action();
    play(a);
    compare_hashes();
  }
  // Both ends say bye and read the other's before closing, so neither closes on unread lines
  // (which would reset the connection under the other's last reads).
  send({{"cmd", "bye"}});
  Clock::time_point until = Clock::now() + std::chrono::seconds(3);
  std::string line;
  size_t dropped = 0;
  while (!peer_left_ && link_.open() && link_.next(until, line, dropped) == LineLink::Got::Line)
    handle(line);
  link_.finish(Clock::now() + std::chrono::seconds(1));
  const GameState &s = game_->state();
  event({{"event", "end"},
         {"winner",
          s.winner >= 0 && s.winner < 2 ? json(game_->battle().sides[s.winner].id) : json(nullptr)},
         {"reason", s.result_reason},
         {"actions", game_->actions().size()},
         {"record", config_.out}});
  return kDone;
}

namespace {

NetConfig config_from(const Args &a, bool hosting) {
  NetConfig c;
  c.hosting = hosting;
  c.player = a.value("--player", hosting ? "host" : "guest");
  if (c.player.empty() || c.player.size() > kMaxNameChars)
    usage_error("--player takes a name of 1 to " + std::to_string(kMaxNameChars) + " bytes");
  c.bot = parse_level_flag(a.value("--bot", "normal"));
  c.budget = parse_budget(a);
  c.out = a.value("--out", hosting ? "network-host.json" : "network-join.json");
  c.timeout = parse_seconds(a.value("--timeout", "60"), "--timeout");
  c.wait = parse_seconds(a.value("--wait", "300"), "--wait");
  c.resume = a.has("--resume");
  return c;
}

} // namespace

int cmd_host(const Context &c) {
  NetConfig config = config_from(c.args, true);
  config.battle = c.args.positional[0];
  config.port = static_cast<uint16_t>(parse_count(c.args.value("--port", "0"), "--port", 0, 65535));
  config.side = c.args.value("--side", "");
  NetGame game(config, c.out);
  return game.run();
}

int cmd_join(const Context &c) {
  NetConfig config = config_from(c.args, false);
  const std::string &where = c.args.positional[0];
  size_t colon = where.rfind(':');
  if (colon == std::string::npos || colon == 0)
    usage_error("join takes HOST:PORT, got " + printable(where));
  config.address = where.substr(0, colon);
  config.port = static_cast<uint16_t>(
      parse_count(where.substr(colon + 1), "the port of HOST:PORT", 1, 65535));
  NetGame game(config, c.out);
  return game.run();
}

} // namespace sns::cli
