// The peer of a network game (net_game.hpp), read as untrusted input: the connection and its
// hello, and every line checked against its message's row before it may change anything. Only a
// legal action in the peer's own turn changes the game; anything else is answered with an error.
#include "common.hpp"
#include "net_game.hpp"

#include "sns/input.hpp"
#include "sns/json_io.hpp"

#include <thread>

namespace sns::cli {

namespace {

// A wait the command line makes in one piece (its deadline comes first).
constexpr std::chrono::milliseconds kWholeWait{std::chrono::hours(24)};
// A connection tried by the app: long enough for a far host to answer, short enough to leave.
constexpr std::chrono::milliseconds kConnectTry{3000};

// The messages a peer may send and the fields each takes (docs/protocol.md "Messages").
struct MessageRow {
  const char *cmd;
  std::vector<std::string> fields;
};

const std::vector<MessageRow> &message_table() {
  static const std::vector<MessageRow> rows = {
      {"hello",
       {"protocol", "name", "battle", "battle_hash", "options", "seed", "host_side", "chain_end",
        "actions", "reveals"}},
      {"action", {"n", "action"}},
      {"reveal", {"roll", "element"}},
      {"state_hash", {"n", "hash"}},
      {"say", {"text"}},
      {"resign", {}},
      {"bye", {}},
      {"ping", {}},
      {"error", {"error", "kind", "rule", "detail", "path", "about"}},
  };
  return rows;
}

[[noreturn]] void bad_message(const std::string &path, const std::string &expected) {
  throw CliError{
      kBadInput,
      {{"error", "message " + path + ": " + expected}, {"kind", "bad_request"}, {"path", path}}};
}

// The line as a message: JSON through the common reader, an object with a known cmd and only
// the fields of its row.
json read_message(const std::string &line) {
  json m;
  try {
    m = parse_json_text(line, "message");
  } catch (const LoadError &e) {
    throw CliError{kBadInput,
                   {{"error", "the line is not a JSON message: " + printable(e.expected())},
                    {"kind", "bad_input"}}};
  }
  if (!m.is_object()) bad_message("/", "expected an object");
  auto cmd = m.find("cmd");
  if (cmd == m.end() || !cmd->is_string()) bad_message("/cmd", "expected the message's name");
  for (const MessageRow &row : message_table()) {
    if (*cmd != row.cmd) continue;
    for (auto it = m.begin(); it != m.end(); ++it)
      if (it.key() != "cmd" &&
          std::find(row.fields.begin(), row.fields.end(), it.key()) == row.fields.end())
        bad_message("/" + printable(it.key()), std::string("unknown field for ") + row.cmd);
    return m;
  }
  bad_message("/cmd", "unknown message \"" + printable(cmd->get<std::string>()) + "\"");
}

uint64_t whole_field(const json &m, const char *name, uint64_t max) {
  auto it = m.find(name);
  if (it == m.end() || !it->is_number_unsigned() || it->get<uint64_t>() > max)
    bad_message(std::string("/") + name,
                "expected a whole number from 0 to " + std::to_string(max));
  return it->get<uint64_t>();
}

std::string text_field(const json &m, const char *name, size_t max) {
  auto it = m.find(name);
  if (it == m.end() || !it->is_string() || it->get<std::string>().empty() ||
      it->get<std::string>().size() > max)
    bad_message(std::string("/") + name,
                "expected a text of 1 to " + std::to_string(max) + " bytes");
  return it->get<std::string>();
}

std::string hex_field(const json &m, const char *name) {
  auto it = m.find(name);
  if (it == m.end() || !it->is_string() || !is_element_text(it->get<std::string>()))
    bad_message(std::string("/") + name, "expected 64 lower-case hex digits");
  return it->get<std::string>();
}

} // namespace

void NetGame::event(const json &e) {
  events_ << dump(e) << "\n" << std::flush;
  if (hooks_.on_event) hooks_.on_event(e, game_ ? &*game_ : nullptr);
}

std::chrono::milliseconds NetGame::slice(std::chrono::milliseconds usual) const {
  return hooks_.choose || hooks_.take_says || hooks_.stop_requested ? std::min(usual, kHookSlice)
                                                                    : usual;
}

// What the app's player did since the last look: leaving stops the game with its record kept,
// and (`may_say`: the hellos are done) the messages typed go to the peer. A player who leaves
// keeps the game to resume, so no `bye` is said (it would stop the peer's game too): the
// connection is closed as a dropped one is, and the peer waits for this end to come back.
void NetGame::look_at_hooks(bool may_say) {
  if (hooks_.stop_requested && hooks_.stop_requested()) {
    link_.finish(Clock::now() + std::chrono::seconds(1));
    fail(kGameStopped,
         "you left the game" +
             (config_.out.empty() ? "" : "; the record " + config_.out + " keeps it"),
         "left");
  }
  if (!may_say || !hooks_.take_says || !link_.open()) return;
  for (const std::string &text : hooks_.take_says()) {
    if (text.empty() || text.size() > kMaxSayChars) continue;
    send({{"cmd", "say"}, {"text", text}});
    event({{"event", "say"}, {"from", config_.player}, {"text", text}});
  }
}

void NetGame::send(const json &message) {
  if (!link_.send(dump(message))) event({{"event", "disconnected"}, {"why", "a write failed"}});
}

void NetGame::refuse(const std::string &error, const std::string &kind, const json &extra) {
  Clock::time_point now = Clock::now();
  if (now - reply_second_ >= std::chrono::seconds(1)) {
    reply_second_ = now;
    replies_this_second_ = 0;
  }
  if (++replies_this_second_ > kMaxRepliesPerSecond) return; // counted, not answered
  json e = {{"cmd", "error"}, {"error", error}, {"kind", kind}};
  for (auto it = extra.begin(); extra.is_object() && it != extra.end(); ++it)
    e[it.key()] = *it;
  send(e);
  json local = e;
  local.erase("cmd");
  local["event"] = "refused";
  event(local);
}

json NetGame::hello() const {
  json h = {{"cmd", "hello"},
            {"protocol", kProtocolVersion},
            {"name", config_.player},
            {"chain_end", chain_.end()},
            {"actions", game_ ? game_->actions().size() : 0},
            {"reveals", peer_reveals_.size()}};
  if (!game_) return h;
  h["battle_hash"] = text_hash(dump(game_->battle().source));
  if (config_.hosting) {
    h["battle"] = game_->battle().source;
    h["options"] = options_to_json(game_->setup().options);
    h["seed"] = game_->seed();
    h["host_side"] = game_->battle().sides[side_].id;
  }
  return h;
}

// A hello checked; false (with the error sent) when it is not the peer of this game.
bool NetGame::take_hello(const json &h, bool resuming) {
  if (h.value("cmd", "") != "hello") bad_message("/cmd", "expected hello first");
  if (whole_field(h, "protocol", 1000) != kProtocolVersion)
    bad_message("/protocol", "this program speaks protocol " + std::to_string(kProtocolVersion));
  std::string name = text_field(h, "name", kMaxNameChars), end = hex_field(h, "chain_end");
  whole_field(h, "actions", kMaxRecordActions);
  whole_field(h, "reveals", kChainLength);
  if (!peer_end_.empty() && end != peer_end_)
    bad_message("/chain_end", "another player's chain: this game is played with " + peer_name_);
  if (game_ && h.contains("battle_hash") &&
      hex_field(h, "battle_hash") != text_hash(dump(game_->battle().source)))
    bad_message("/battle_hash", "another battle than this game's");
  if (!game_ && !config_.hosting) start_game(h);
  if (resuming && !h.contains("battle_hash")) bad_message("/battle_hash", "needed to resume");
  peer_name_ = name;
  peer_end_ = end;
  return true;
}

bool NetGame::greet(bool resuming) {
  Clock::time_point deadline = Clock::now() + std::chrono::seconds(10);
  if (!config_.hosting) send(hello());
  std::string line;
  size_t dropped = 0;
  for (;;) {
    look_at_hooks(false);
    LineLink::Got got = link_.next(
        std::min(deadline, Clock::now() + slice(std::chrono::seconds(10))), line, dropped);
    if (got == LineLink::Got::Timeout && Clock::now() < deadline) continue;
    if (got == LineLink::Got::Closed || got == LineLink::Got::Timeout) return false;
    if (got != LineLink::Got::Line) continue;
    try {
      json h = read_message(line);
      take_hello(h, resuming);
      if (config_.hosting) send(hello());
      event({{"event", resuming ? "resumed" : "connected"},
             {"opponent", peer_name_},
             {"side", game_->battle().sides[side_].id},
             {"actions", game_->actions().size()}});
      if (resuming) {
        peer_action_.reset(); // the peer sends its action again, perhaps from a restarted process
        resend_in_flight(h);
      }
      return link_.open();
    } catch (...) {
      json body;
      failure_of(std::current_exception(), body);
      refuse(body.value("error", "not a hello"), body.value("kind", "bad_request"));
      link_.reset(-1);
      return false;
    }
  }
}

// What the peer may still wait for, sent again on a new connection. The hashes go from the moment
// the peer stands at (it may wait there for ours) to this end's: a hash sent into a connection
// that dropped is lost, and a restarted process does not know whether it sent one, so resending
// only the last hash sent would leave a peer one action behind waiting for ever.
void NetGame::resend_in_flight(const json &peer_hello) {
  size_t peer_actions = peer_hello["actions"].get<size_t>();
  if (action_sent_ && (*action_sent_)["n"].get<size_t>() >= peer_actions) send(*action_sent_);
  for (size_t k = peer_hello["reveals"].get<size_t>(); k < reveals_sent_; ++k)
    send({{"cmd", "reveal"}, {"roll", k}, {"element", chain_.element(k)}});
  const size_t here = game_->actions().size();
  for (size_t n = std::max({peer_actions, here > 0 ? here - 1 : 0, size_t{1}}); n <= here; ++n)
    send(hash_message(n));
}

// A joiner that cannot reach the host says why, once for each new reason (a refused port, an
// unknown name), so a player sees more than "starting" while it keeps trying until --wait.
void NetGame::say_trying(const std::string &why) {
  if (why.empty() || why == last_trying_) return;
  last_trying_ = why;
  event({{"event", "trying"},
         {"address", config_.address + ":" + std::to_string(config_.port)},
         {"why", why}});
}

// A connection that opened but did not greet as a game (another program on the port, a player of
// another game) is tried again only after a second: without the pause a joiner would open
// thousands of connections a second to whatever listens there.
void NetGame::pause_after_refusal() {
  if (link_.open()) link_.reset(-1);
  if (!config_.hosting) std::this_thread::sleep_for(std::chrono::seconds(1));
}

// One try at a connection, up to `deadline`: the host takes the next caller, the joiner dials
// the host (saying why it cannot reach it yet); then both greet. False: try again, after
// pause_after_refusal's second for a joiner, so a host that is down is not dialled in a spin.
bool NetGame::attempt_connection(Clock::time_point deadline, bool resuming, std::string &why) {
  look_at_hooks(false);
  if (config_.hosting) {
    link_.reset(listener_->accept_until(std::min(deadline, Clock::now() + slice(kWholeWait))));
  } else {
    link_.reset(connect_to(
        config_.address, config_.port,
        std::min(deadline, Clock::now() + std::max(slice(kWholeWait), kConnectTry)), why));
    if (!link_.open()) say_trying(why);
  }
  if (link_.open() && greet(resuming)) return true;
  pause_after_refusal();
  return false;
}

void NetGame::connect_first() {
  Clock::time_point deadline =
      Clock::now() + std::chrono::milliseconds(static_cast<long long>(config_.wait * 1000));
  std::string why;
  while (Clock::now() < deadline)
    if (attempt_connection(deadline, false, why)) {
      // The record names the opponent and its chain's end from the greeting on (the host wrote
      // it before anyone came): a game left before its first action is listed with whom it is
      // played, and resumes only with that player.
      save();
      return;
    }
  if (config_.hosting)
    fail(kGameStopped, "no opponent came within " + dump(config_.wait) + " s", "disconnected");
  fail(kGameStopped,
       "no game could be joined at " + config_.address + ":" + std::to_string(config_.port) +
           " within " + dump(config_.wait) + " s" + (why.empty() ? "" : " (" + why + ")"),
       "disconnected");
}

void NetGame::reconnect() {
  event({{"event", "waiting"}, {"for", peer_name_}, {"seconds", config_.wait}});
  Clock::time_point deadline =
      Clock::now() + std::chrono::milliseconds(static_cast<long long>(config_.wait * 1000));
  std::string why;
  while (Clock::now() < deadline)
    if (attempt_connection(deadline, true, why)) return;
  fail(kGameStopped,
       peer_name_ + " did not come back within " + dump(config_.wait) + " s; the record " +
           config_.out + " keeps the game to resume",
       "disconnected");
}

void NetGame::pump(const std::function<bool()> &done, bool patient) {
  Clock::time_point heard = Clock::now();
  auto limit = std::chrono::milliseconds(static_cast<long long>(config_.timeout * 1000));
  while (!done()) {
    if (peer_left_ && !game_->state().game_over())
      fail(kGameStopped, peer_name_ + " left the game; the record " + config_.out + " keeps it",
           "opponent_left");
    if (!link_.open()) {
      reconnect();
      heard = Clock::now();
      continue;
    }
    look_at_hooks(true);
    std::string line;
    size_t dropped = 0;
    switch (link_.next(Clock::now() + slice(std::chrono::milliseconds(250)), line, dropped)) {
    case LineLink::Got::Line:
      heard = Clock::now();
      handle(line);
      break;
    case LineLink::Got::TooLong:
      refuse("the line is longer than " + std::to_string(kMaxNetLineBytes) +
                 " bytes; it was not read",
             "line_too_long");
      break;
    case LineLink::Got::Flooded:
      refuse("too many lines: " + std::to_string(dropped) + " thrown away unread (at most " +
                 dump(kRatePerSecond) + " a second)",
             "rate_limited");
      break;
    case LineLink::Got::Closed:
      event({{"event", "disconnected"}, {"why", "the connection closed"}});
      break;
    case LineLink::Got::Timeout:
      if (!patient && Clock::now() - heard > limit) {
        event({{"event", "disconnected"},
               {"why",
                peer_name_ + " withheld what the game waits for " + dump(config_.timeout) + " s"}});
        link_.reset(-1);
      }
      break;
    }
  }
}

void NetGame::handle(const std::string &line) {
  json m;
  try {
    m = read_message(line);
    std::string cmd = m["cmd"];
    if (cmd == "action")
      handle_action(m);
    else if (cmd == "reveal")
      handle_reveal(m);
    else if (cmd == "state_hash")
      handle_hash(m);
    else if (cmd == "say")
      event(
          {{"event", "say"}, {"from", peer_name_}, {"text", text_field(m, "text", kMaxSayChars)}});
    else if (cmd == "resign" || cmd == "bye") {
      peer_left_ = true;
      event({{"event", cmd}, {"from", peer_name_}});
    } else if (cmd == "error") {
      json e = {{"event", "peer_error"}};
      for (const char *f : {"error", "kind", "rule", "detail", "about"})
        if (m.contains(f) && m[f].is_string() && m[f].get<std::string>().size() <= 2000)
          e[f] = m[f];
      event(e);
      if (e.value("kind", "") == "state_differs")
        fail(kGameStopped,
             peer_name_ + " found the two games different; the record " + config_.out + " is kept",
             "state_differs");
    } else if (cmd == "hello")
      bad_message("/cmd", "hello was already exchanged");
  } catch (const CliError &e) {
    if (e.body.value("kind", "") == "state_differs" || e.code == kGameStopped) throw;
    if (m.is_object() && m.value("cmd", "") == "error") return; // an error is never answered
    json extra = e.body;
    extra.erase("error");
    extra.erase("kind");
    refuse(e.body.value("error", "refused"), e.body.value("kind", "bad_request"), extra);
  }
}

void NetGame::handle_action(const json &m) {
  size_t n = whole_field(m, "n", kMaxRecordActions);
  if (!m.contains("action") || !m["action"].is_object())
    bad_message("/action", "expected an action object");
  const Game &g = *game_;
  if (n < g.actions().size() && action_to_json(g.battle(), g.actions()[n]) == m["action"])
    return; // sent again after a reconnection: already played
  if (n != g.actions().size())
    bad_message("/n", "the game is at action " + std::to_string(g.actions().size()));
  if (peer_action_) {
    if (*peer_action_ == m) return;
    bad_message("/action", "an action for this moment was already taken");
  }
  if (side_to_act(g.setup(), g.state()) != peer_side())
    throw CliError{kIllegal,
                   {{"error", "not your turn: " + g.battle().sides[side_].id + " is to act"},
                    {"kind", "not_your_turn"}}};
  Action a;
  try {
    a = action_from_json(g.battle(), m["action"], "message");
  } catch (const LoadError &e) {
    bad_message("/action" + e.path(), printable(e.expected()));
  }
  GameState trial = g.state(); // the engine decides; the game itself is untouched
  if (auto r = apply(g.setup(), trial, a, nullptr))
    throw CliError{kIllegal,
                   {{"error", "illegal action: " + r->reason},
                    {"kind", std::string(name(r->kind))},
                    {"rule", r->rule}}};
  peer_action_ = m;
}

void NetGame::handle_reveal(const json &m) {
  size_t k = whole_field(m, "roll", kChainLength - 1);
  std::string element = hex_field(m, "element");
  if (k < peer_reveals_.size()) {
    if (peer_reveals_[k] == element) return; // sent again after a reconnection
    bad_message("/element", "roll " + std::to_string(k) + " was already revealed otherwise");
  }
  if (k > peer_reveals_.size())
    bad_message("/roll", "the next reveal is for roll " + std::to_string(peer_reveals_.size()));
  if (k >= game_->state().rolls + 4096) bad_message("/roll", "the game has not reached that roll");
  if (!reveal_follows(element, k == 0 ? peer_end_ : peer_reveals_[k - 1]))
    throw CliError{kIllegal,
                   {{"error", "wrong reveal for roll " + std::to_string(k) +
                                  ": it does not hash to your previous element"},
                    {"kind", "wrong_reveal"}}};
  peer_reveals_.push_back(element);
}

void NetGame::handle_hash(const json &m) {
  size_t n = whole_field(m, "n", kMaxRecordActions);
  std::string hash = hex_field(m, "hash");
  size_t size = game_->actions().size();
  if (n < size) return; // a moment already compared, sent again after a reconnection
  if (n > size + 1) bad_message("/n", "the game is at action " + std::to_string(size));
  peer_hashes_[n] = hash;
}

} // namespace sns::cli
