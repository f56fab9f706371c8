// The app's network game without a window (src/net/net_play.hpp): two NetPlays over localhost
// play an action and a message, and a peer that breaks the rules (tests/net: its own program,
// linked with the command line's protocol code) is refused with the game kept, or stops the game
// with the record kept when the states differ.
#include "../source_dir.hpp"
#include "net_dice.hpp"
#include "net_game.hpp"
#include "net_link.hpp"
#include "net_play.hpp"
#include "output.hpp"

#include "sns/json_io.hpp"
#include "sns/rules.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <functional>
#include <thread>

using namespace sns;
using namespace sns::app;
using nlohmann::json;

namespace {

std::string battle_path() { return std::string(SNS_SOURCE_DIR) + "/battles/first-clash.json"; }

// Waits (polling, as the frame loop does) until `done` or 20 s; false on the timeout.
bool await(const std::function<bool()> &done) {
  auto until = std::chrono::steady_clock::now() + std::chrono::seconds(20);
  while (!done()) {
    if (std::chrono::steady_clock::now() > until) return false;
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  return true;
}

bool news_has(const RemoteGame &r, const std::string &text) {
  for (const RemoteGame::News &line : r.news())
    if (line.text.find(text) != std::string::npos) return true;
  return false;
}

struct Folder {
  std::filesystem::path path;
  Folder() {
    path = std::filesystem::temp_directory_path() /
           ("sns-net-play-" + std::to_string(::getpid()) + "-" + std::to_string(counter()++));
    std::filesystem::create_directories(path);
  }
  ~Folder() { // a left game's worker may still be ending (~NetPlay does not wait for it)
    std::error_code ec;
    std::filesystem::remove_all(path, ec);
  }
  static int &counter() {
    static int n = 0;
    return n;
  }
};

// A peer written by hand: the host side of the protocol, its lines chosen by the test.
struct FakeHost {
  cli::Listener listener{0};
  cli::LineLink link;
  cli::SecretChain chain;
  std::shared_ptr<const Battle> battle = load_battle_file(battle_path());

  // Takes the app's connection and answers its hello (again after a drop: the same chain).
  void accept_and_greet() {
    link.reset(listener.accept_until(cli::Clock::now() + std::chrono::seconds(20)));
    REQUIRE(link.open());
    std::string line;
    size_t dropped = 0;
    REQUIRE(link.next(cli::Clock::now() + std::chrono::seconds(20), line, dropped) ==
            cli::LineLink::Got::Line);
    REQUIRE(json::parse(line)["cmd"] == "hello");
    send({{"cmd", "hello"},
          {"protocol", cli::kProtocolVersion},
          {"name", "Mallory"},
          {"chain_end", chain.end()},
          {"actions", 0},
          {"reveals", 0},
          {"battle", battle->source},
          {"battle_hash", cli::text_hash(cli::dump(battle->source))},
          {"options", json::object()},
          {"seed", 1},
          {"host_side", battle->sides[1].id}}); // the Rebel Host, who acts first
  }
  void send(const json &m) { REQUIRE(link.send(m.dump())); }
  // The next line from the app whose cmd is `cmd` (others skipped), or null by the deadline.
  json next(const std::string &cmd) {
    std::string line;
    size_t dropped = 0;
    auto until = cli::Clock::now() + std::chrono::seconds(20);
    while (link.next(until, line, dropped) == cli::LineLink::Got::Line) {
      json m = json::parse(line);
      if (m["cmd"] == cmd) return m;
    }
    return nullptr;
  }
};

NetPlaySetup join_setup(const Folder &f, uint16_t port) {
  NetPlaySetup s;
  s.address = "127.0.0.1";
  s.port = port;
  s.name = "Bob";
  s.record = (f.path / "network" / "joined.json").string();
  std::filesystem::create_directories(f.path / "network");
  return s;
}

// Alice hosts the shipped battle `id`, playing `side` ("" for its first).
NetPlaySetup host_setup(const Folder &f, const std::string &id, const std::string &side) {
  NetPlaySetup s;
  s.hosting = true;
  s.battle = std::string(SNS_SOURCE_DIR) + "/battles/" + id + ".json";
  s.side = side;
  s.name = "Alice";
  s.record = network_record_path(f.path.string(), id, true);
  return s;
}

// Waits until both apps have taken their first game.
bool await_both_games(NetPlay &host, NetPlay &join, std::optional<Game> &hg,
                      std::optional<Game> &jg) {
  return await([&] {
    if (!hg) hg = host.take_game();
    if (!jg) jg = join.take_game();
    return hg && jg;
  });
}

// A joining NetPlay greeted by a FakeHost, and the first game it took.
struct JoinedFake {
  Folder folder;
  FakeHost peer;
  NetPlaySetup setup = join_setup(folder, peer.listener.port());
  NetPlay join{setup};
  std::optional<Game> g;
  JoinedFake() {
    peer.accept_and_greet();
    REQUIRE(await([&] { return (g = join.take_game()).has_value(); }));
  }
};

} // namespace

TEST_CASE("NetPlay: the host's action and message reach the joining app", "[net]") {
  Folder f;
  NetPlaySetup hs = host_setup(f, "first-clash", "rebels");
  NetPlay host(hs);
  REQUIRE(await([&] { return host.port() != 0; }));
  CHECK(host.connection() == "Waiting for an opponent on port " + std::to_string(host.port()));
  CHECK_FALSE(host.take_game()); // nothing to show before the opponent comes
  NetPlay join(join_setup(f, host.port()));
  std::optional<Game> hg, jg;
  REQUIRE(await_both_games(host, join, hg, jg));
  CHECK(host.connection() == "Connected to Bob");
  CHECK(news_has(host, "Bob joined the game."));
  CHECK(news_has(join, "You joined Alice's game."));
  CHECK(news_has(join, "You play Royal Army against Alice.")); // told its side at the greeting
  CHECK(news_has(host, "You play Rebel Host against Bob."));
  CHECK(host.local_side() == 1);
  CHECK(join.local_side() == 0);
  CHECK(host.opponent() == "Bob");
  CHECK(join.opponent() == "Alice");
  // The Rebel Host acts first: the host's first legal action, seen by the joiner.
  Action first = legal_actions(hg->setup(), hg->state()).front();
  host.submit(first, 0);
  CHECK(host.sending());
  REQUIRE(await([&] {
    if (auto g = join.take_game()) jg = std::move(g);
    return jg->actions().size() == 1;
  }));
  CHECK(action_to_json(jg->battle(), jg->actions()[0]) == action_to_json(hg->battle(), first));
  REQUIRE(await([&] { // the action is on its way until the host's window takes its game
    if (auto g = host.take_game()) hg = std::move(g);
    return !host.sending() && hg->actions().size() == 1;
  }));
  host.say("Good luck");
  REQUIRE(await([&] { return news_has(join, "Alice: Good luck"); }));
  // The host's own line is written by its worker just after the send, which the joiner may read
  // first (a loaded machine showed it missing at once): it is awaited, not read at once.
  CHECK(await([&] { return news_has(host, "Alice: Good luck"); }));
  CHECK(std::filesystem::exists(hs.record));
  // Each line knows the game's length when it came, so the log shows it among the moves: the
  // greeting before any action, the message after the first.
  auto actions_at = [](const RemoteGame &r, const std::string &text) {
    for (const RemoteGame::News &line : r.news())
      if (line.text == text) return static_cast<long>(line.actions);
    return -1L;
  };
  CHECK(actions_at(join, "You joined Alice's game.") == 0);
  CHECK(actions_at(join, "Alice: Good luck") == 1);
  CHECK(actions_at(host, "Alice: Good luck") == 1);
}

TEST_CASE("NetPlay: a peer's illegal action is refused and said, the game kept", "[net]") {
  JoinedFake j;
  // A move in the command phase: the engine refuses it, with its rule.
  Action move{.type = ActionType::Move, .unit = 0, .to = 0};
  j.peer.send({{"cmd", "action"}, {"n", 0}, {"action", action_to_json(j.g->battle(), move)}});
  json error = j.peer.next("error");
  REQUIRE(error.is_object());
  CHECK(error["error"].get<std::string>().find("illegal action") != std::string::npos);
  REQUIRE(await([&] { return news_has(j.join, "Refused from Mallory: illegal action"); }));
  CHECK_FALSE(j.join.stopped());
  // The game goes on: a legal action is then played.
  Action legal = legal_actions(j.g->setup(), j.g->state()).front();
  j.peer.send({{"cmd", "action"}, {"n", 0}, {"action", action_to_json(j.g->battle(), legal)}});
  REQUIRE(await([&] {
    if (auto now = j.join.take_game()) j.g = std::move(now);
    return j.g->actions().size() == 1;
  }));
  CHECK_FALSE(j.join.stopped());
}

TEST_CASE("NetPlay: a wrong state hash stops the game with its message, the record kept", "[net]") {
  JoinedFake j;
  Action legal = legal_actions(j.g->setup(), j.g->state()).front();
  j.peer.send({{"cmd", "action"}, {"n", 0}, {"action", action_to_json(j.g->battle(), legal)}});
  REQUIRE(j.peer.next("state_hash").is_object());
  j.peer.send({{"cmd", "state_hash"}, {"n", 1}, {"hash", std::string(64, '0')}});
  REQUIRE(await([&] { return j.join.stopped(); }));
  CHECK(j.join.connection().find("the two games differ after action 1") != std::string::npos);
  CHECK(news_has(j.join, "The game stopped"));
  Game kept = Game::load(j.setup.record);
  CHECK(kept.actions().size() == 1);
}

TEST_CASE("NetPlay: a dropped connection waits for the opponent and resumes the game", "[net]") {
  JoinedFake j;
  Action legal = legal_actions(j.g->setup(), j.g->state()).front();
  j.peer.send({{"cmd", "action"}, {"n", 0}, {"action", action_to_json(j.g->battle(), legal)}});
  json hash = j.peer.next("state_hash");
  REQUIRE(hash.is_object());
  j.peer.link.reset(-1); // the connection drops before the host's hash
  REQUIRE(await([&] { return j.join.connection() == "Waiting for the opponent to come back"; }));
  CHECK(news_has(j.join, "waiting for the opponent to come back"));
  CHECK_FALSE(j.join.stopped());
  j.peer.accept_and_greet(); // the joiner dials again; the same host answers
  j.peer.send({{"cmd", "state_hash"}, {"n", 1}, {"hash", hash["hash"]}});
  REQUIRE(await([&] { return news_has(j.join, "Mallory is back."); }));
  CHECK(j.join.connection() == "Connected to Mallory");
  REQUIRE(await([&] {
    if (auto now = j.join.take_game()) j.g = std::move(now);
    return j.g->actions().size() == 1;
  }));
  CHECK_FALSE(j.join.stopped());
}

TEST_CASE("NetPlay: a D3 Medieval game played by turns gets the same shared dice in both apps",
          "[net]") {
  Folder f;
  NetPlaySetup hs = host_setup(f, "d3-first-charge", "");
  NetPlay host(hs);
  REQUIRE(await([&] { return host.port() != 0; }));
  NetPlay join(join_setup(f, host.port()));
  std::optional<Game> hg, jg;
  REQUIRE(await_both_games(host, join, hg, jg));
  auto rolled = [](const Game &g) {
    return std::any_of(g.dice().begin(), g.dice().end(), [](const auto &d) { return !d.empty(); });
  };
  // Each side in its turn plays the middle of its legal list, until a die has been rolled.
  for (size_t n = 0; n < 40 && !rolled(*hg); ++n) {
    const int actor = side_to_act(hg->setup(), hg->state());
    RemoteGame &mover = host.local_side() == actor ? static_cast<RemoteGame &>(host) : join;
    std::vector<Action> legal = legal_actions(hg->setup(), hg->state());
    mover.submit(legal[legal.size() / 2], n);
    REQUIRE(await([&] {
      if (auto g = host.take_game()) hg = std::move(g);
      if (auto g = join.take_game()) jg = std::move(g);
      return hg->actions().size() == n + 1 && jg->actions().size() == n + 1;
    }));
  }
  REQUIRE(rolled(*hg));
  CHECK(hg->dice() == jg->dice());
  CHECK(hg->actions().size() == jg->actions().size());
  CHECK_FALSE(host.stopped());
  CHECK_FALSE(join.stopped());
}

TEST_CASE("NetPlay: a joiner whose address answers as no game is told so in a player's words",
          "[net]") {
  Folder f;
  cli::Listener web(0); // a web server, say, on the port the friend gave
  auto join = std::make_unique<NetPlay>(join_setup(f, web.port()));
  cli::LineLink link(web.accept_until(cli::Clock::now() + std::chrono::seconds(20)));
  REQUIRE(link.open());
  REQUIRE(link.send("HTTP/1.0 400 Bad Request"));
  REQUIRE(await([&] { return news_has(*join, "is not a Shields & Swords game"); }));
  CHECK(news_has(*join, "Check the address and port with your friend."));
  CHECK(join->connection() == "What answered there is not a Shields & Swords game");
  CHECK_FALSE(news_has(*join, "Refused from"));
  CHECK_FALSE(news_has(*join, "JSON")); // no parser's words
}

TEST_CASE("NetPlay: leaving does not wait for the worker, even in a joiner's pause between tries",
          "[net]") {
  Folder f;
  uint16_t closed_port = 0;
  { // a port nothing listens on once the listener is gone: each try is refused at once
    cli::Listener l(0);
    closed_port = l.port();
  }
  auto join = std::make_unique<NetPlay>(join_setup(f, closed_port));
  // Said just before the joiner's one-second pause after a refused try.
  REQUIRE(await([&] { return join->connection().rfind("Cannot reach", 0) == 0; }));
  auto before = std::chrono::steady_clock::now();
  join.reset();
  CHECK(std::chrono::steady_clock::now() - before < std::chrono::milliseconds(200));
}

TEST_CASE("NetPlay: a player who leaves mid-game leaves the opponent waiting, then resumes",
          "[net]") {
  Folder f;
  NetPlaySetup hs = host_setup(f, "first-clash", "rebels");
  auto host = std::make_unique<NetPlay>(hs);
  REQUIRE(await([&] { return host->port() != 0; }));
  const uint16_t port = host->port();
  NetPlay join(join_setup(f, port));
  std::optional<Game> hg, jg;
  REQUIRE(await_both_games(*host, join, hg, jg));
  // The host's record names Bob from the greeting on, before any action (written just after the
  // greeting's event, so waited for): the Resume list says against whom, and a resume takes only
  // his chain.
  CHECK(await([&] { return Game::load(hs.record).network()["chains"][0]["player"] == "Bob"; }));
  host.reset(); // Alice leaves (Leave in the app): the game is kept, the friend waits for her
  // Said in the log; the connection line may already say the joiner's next try ("Cannot reach").
  REQUIRE(await([&] {
    return news_has(join, "The connection dropped: waiting for the opponent to come back.");
  }));
  CHECK_FALSE(news_has(join, "left the game"));
  CHECK_FALSE(join.stopped());
  // She resumes it from the network screen's list: the same port, the record and its secret.
  NetPlaySetup again;
  again.hosting = true;
  again.port = port;
  again.name = "Alice";
  again.record = hs.record;
  again.resume = true;
  NetPlay back(again);
  REQUIRE(await([&] { return news_has(join, "Alice is back."); }));
  // She came back: her window never told her the connection dropped.
  CHECK_FALSE(news_has(back, "The connection dropped"));
  CHECK(join.connection() == "Connected to Alice");
  CHECK_FALSE(join.stopped());
  CHECK_FALSE(back.stopped());
}
