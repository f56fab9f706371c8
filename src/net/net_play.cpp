// The app's network game (net_play.hpp): NetGame's run() on a worker thread. The frame loop and
// the worker share one Shared under a lock: the worker writes the game and the news its events
// bring, the frame loop writes the player's action, messages and the wish to stop.
#include "net_play.hpp"

#include "net_game.hpp"
#include "output.hpp"

#include <chrono>
#include <ctime>
#include <filesystem>
#include <sstream>

namespace sns::app {

using nlohmann::json;

struct NetPlay::Shared {
  std::mutex mutex;
  std::optional<Game> game; // the newest game, not yet taken by the frame loop
  std::optional<std::pair<Action, size_t>> action; // the player's, and the game's length then
  std::vector<std::string> says;
  std::vector<RemoteGame::News> news;
  size_t actions = 0; // the game's length at the newest event: where news falls in the log
  std::string connection = "Starting", opponent;
  bool hosting = false;
  bool resuming = false; // this app resumes a kept game and has not met the opponent since
  int side = -1;
  uint16_t port = 0;
  bool stopped = false;
  bool in_flight = false; // the player's action, until its game is stored, or it is refused
  std::atomic<bool> stop{false};

  void add_news(std::string line) { news.push_back({std::move(line), actions}); }
  void on_event(const json &e, const Game *g);
};

namespace {

std::string text_of(const json &e, const char *key) {
  auto it = e.find(key);
  return it != e.end() && it->is_string() ? it->get<std::string>() : std::string();
}

int side_index(const Game &g, const std::string &id) {
  for (int s = 0; s < 2; ++s)
    if (g.battle().sides[s].id == id) return s;
  return -1;
}

} // namespace

// One event of the game (docs/protocol.md "Events"), in the player's words.
void NetPlay::Shared::on_event(const json &e, const Game *g) {
  std::lock_guard lock(mutex);
  if (g) actions = g->actions().size();
  const std::string kind = text_of(e, "event");
  if (kind == "listening") {
    port = e.value("port", uint16_t{0});
    connection = "Waiting for an opponent on port " + std::to_string(port);
  } else if (kind == "connected" || kind == "resumed") {
    resuming = false;
    opponent = text_of(e, "opponent");
    if (g) side = side_index(*g, text_of(e, "side"));
    connection = "Connected to " + opponent;
    add_news(kind == "resumed" ? opponent + " is back."
             : hosting         ? opponent + " joined the game."
                               : "You joined " + opponent + "'s game.");
    if (kind == "connected" && g && side >= 0) // the joiner learns its side only here
      add_news("You play " + g->battle().sides[side].name + " against " + opponent + ".");
  } else if (kind == "trying") {
    connection =
        "Cannot reach " + text_of(e, "address") + " yet (" + text_of(e, "why") +
        "); trying again every second. If it goes on, check the address and port with your friend, "
        "and that their game is hosted.";
  } else if (kind == "waiting" && resuming) { // this player came back: the other is awaited
    const std::string who = text_of(e, "for").empty() ? "your opponent" : text_of(e, "for");
    connection = "Resuming: waiting for " + who + " to connect";
    add_news("Resuming the game: waiting for " + who + " to connect.");
  } else if (kind == "waiting") {
    connection = "Waiting for the opponent to come back";
    add_news("The connection dropped: waiting for the opponent to come back.");
  } else if (kind == "disconnected") {
    add_news("The connection was lost (" + text_of(e, "why") + ").");
  } else if (kind == "say") {
    add_news(text_of(e, "from") + ": " + text_of(e, "text"));
  } else if (kind == "refused" && opponent.empty()) {
    // Before any greeting: what answered is no Shields & Swords game (a web server, another
    // program on that port); the parser's words would mean nothing to a player. Said once, though
    // each try meets it again.
    connection = "What answered there is not a Shields & Swords game";
    const std::string said = connection + ". Check the address and port with your friend.";
    if (news.empty() || news.back().text != said) add_news(said);
  } else if (kind == "refused") {
    add_news("Refused from " + opponent + ": " + text_of(e, "error") +
             (text_of(e, "rule").empty() ? "" : " (" + text_of(e, "rule") + ")") +
             ". The game goes on.");
  } else if (kind == "refused_here") {
    in_flight = false;
    add_news("Your action was refused: " + text_of(e, "error") + ".");
  } else if (kind == "peer_error") {
    add_news(opponent + "'s program says: " + text_of(e, "error"));
  } else if (kind == "bye" || kind == "resign") {
    add_news(opponent + (kind == "bye" ? " left the game." : " resigned."));
  } else if (kind == "end") {
    connection = "The game is over";
  }
  if (g && (kind == "connected" || kind == "resumed" || kind == "action")) game = *g;
  if (kind == "action") in_flight = false;
}

NetPlay::NetPlay(NetPlaySetup setup)
    : setup_(std::move(setup)), shared_(std::make_shared<Shared>()) {
  shared_->hosting = setup_.hosting;
  shared_->resuming = setup_.resume;
  cli::NetConfig config;
  config.hosting = setup_.hosting;
  config.battle = setup_.battle;
  config.side = setup_.side;
  config.address = setup_.address;
  config.port = setup_.port;
  config.player = setup_.name;
  config.out = setup_.record;
  config.wait = setup_.wait;
  config.timeout = setup_.timeout;
  config.resume = setup_.resume;
  cli::NetHooks hooks;
  std::shared_ptr<Shared> shared = shared_;
  hooks.choose = [shared](const Game &g) -> std::optional<Action> {
    std::lock_guard lock(shared->mutex);
    auto chosen = std::exchange(shared->action, std::nullopt);
    if (chosen && chosen->second != g.actions().size()) { // made on a game that has moved on
      shared->in_flight = false;
      shared->add_news("Your action was not sent: the game moved on before it.");
      return std::nullopt;
    }
    return chosen ? std::optional<Action>(chosen->first) : std::nullopt;
  };
  hooks.take_says = [shared] {
    std::lock_guard lock(shared->mutex);
    return std::exchange(shared->says, {});
  };
  hooks.stop_requested = [shared] { return shared->stop.load(); };
  hooks.on_event = [shared](const json &e, const Game *g) { shared->on_event(e, g); };
  worker_ = std::thread([shared, config, hooks] {
    std::ostringstream lines; // the command line's event lines: the app reads the hooks instead
    try {
      cli::NetGame game(config, lines, hooks);
      game.run();
      std::lock_guard lock(shared->mutex);
      shared->connection = "The game is over; its record is " + config.out;
    } catch (...) {
      json body;
      cli::failure_of(std::current_exception(), body);
      std::lock_guard lock(shared->mutex);
      shared->stopped = true;
      shared->in_flight = false;
      shared->connection = "Stopped: " + body.value("error", std::string("the game stopped"));
      shared->add_news("The game stopped: " + body.value("error", std::string("no reason given")));
    }
  });
}

namespace {

// The workers of games left, still saying bye or ending a connection try: the frame that left
// does not wait for them.
// The program's exit waits for them (each ends within a connection try once told to stop).
struct Retired {
  std::vector<std::thread> threads;
  ~Retired() {
    for (std::thread &t : threads)
      if (t.joinable()) t.join();
  }
};
std::mutex retired_mutex;
std::vector<std::thread> &retired() {
  static Retired r;
  return r.threads;
}

} // namespace

NetPlay::~NetPlay() {
  shared_->stop = true;
  if (!worker_.joinable()) return;
  std::lock_guard lock(retired_mutex);
  retired().push_back(std::move(worker_));
}

std::optional<Game> NetPlay::take_game() {
  std::lock_guard lock(shared_->mutex);
  return std::exchange(shared_->game, std::nullopt);
}

int NetPlay::local_side() const {
  std::lock_guard lock(shared_->mutex);
  return shared_->side;
}

void NetPlay::submit(const Action &action, size_t at) {
  std::lock_guard lock(shared_->mutex);
  shared_->action = std::make_pair(action, at);
  shared_->in_flight = true;
}

bool NetPlay::sending() const {
  std::lock_guard lock(shared_->mutex);
  return shared_->in_flight || shared_->game.has_value();
}

void NetPlay::say(const std::string &text) {
  std::lock_guard lock(shared_->mutex);
  shared_->says.push_back(text.substr(0, cli::kMaxSayChars));
}

std::string NetPlay::connection() const {
  std::lock_guard lock(shared_->mutex);
  return shared_->connection;
}

std::string NetPlay::opponent() const {
  std::lock_guard lock(shared_->mutex);
  return shared_->opponent;
}

bool NetPlay::stopped() const {
  std::lock_guard lock(shared_->mutex);
  return shared_->stopped;
}

std::vector<RemoteGame::News> NetPlay::news() const {
  std::lock_guard lock(shared_->mutex);
  return shared_->news;
}

uint16_t NetPlay::port() const {
  std::lock_guard lock(shared_->mutex);
  return shared_->port;
}

std::string network_record_path(const std::string &data_dir, const std::string &battle_id,
                                bool hosting) {
  std::time_t now = std::time(nullptr);
  std::tm t{};
  localtime_r(&now, &t);
  char stamp[32];
  std::strftime(stamp, sizeof stamp, "%Y%m%d-%H%M%S", &t);
  std::filesystem::path dir = std::filesystem::path(data_dir) / "network";
  std::filesystem::create_directories(dir);
  std::string id = battle_id.empty() ? "game" : battle_id;
  return (dir / (id + "-" + stamp + (hosting ? "-host" : "-join") + ".json")).string();
}

} // namespace sns::app
