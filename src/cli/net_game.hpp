// A network game (issue 34, docs/protocol.md "Network games"): `host` and `join` play one game
// in lockstep over a LineLink. Each side's actions go through the engine's apply only; the dice
// come from both players' chains (net_dice.hpp); after each action both compare a state hash.
// net_game.cpp is the game loop, the dice and the record; net_peer.cpp reads the peer's lines.
// The same NetGame serves the command line (run() on its own thread, a bot choosing) and the app
// (run() on a worker thread, the player's clicks choosing through NetHooks: src/view/net_play.hpp).
#pragma once
#include "net_dice.hpp"
#include "net_link.hpp"
#include "output.hpp"
#include "table.hpp"

#include "sns/game.hpp"
#include "sns/players.hpp"

#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

namespace sns::cli {

constexpr int kProtocolVersion = 1;
// The exit code of a network game stopped before its end (docs/cli.md): the states differ, or
// the opponent left or did not come back in time.
constexpr int kGameStopped = 6;
constexpr size_t kMaxSayChars = 500;     // a typed message
constexpr size_t kMaxNameChars = 40;     // a player's name
constexpr int kMaxRepliesPerSecond = 20; // error replies to a peer, the rest counted only

struct NetConfig {
  bool hosting = false;
  std::string battle;  // host: the battle argument
  std::string address; // join: the host's name or address
  uint16_t port = 0;
  std::string side; // host: the side it plays ("" for the battle's first)
  std::string player = "player";
  Level bot = Level::Normal;
  SearchBudget budget;
  std::string out;
  double timeout = 60; // seconds a reveal or hash may be withheld before the peer counts as gone
  double wait = 300;   // seconds to wait for the first connection or a reconnection
  bool resume = false; // continue the game of `out` after this end's process stopped
};

// How another program drives this end (the app): who chooses its actions, what its player
// types, when to stop, and where the events go besides the event lines. Every hook is called on
// the thread that runs run(); an unset hook keeps the command line's way.
struct NetHooks {
  // This end's action in the game as it stands, or nothing while none is chosen yet: asked again
  // every kHookSlice while waiting. Unset: the bot of NetConfig chooses.
  std::function<std::optional<Action>(const Game &)> choose;
  // The messages typed since the last call, sent to the peer as `say`.
  std::function<std::vector<std::string>()> take_says;
  // True once the player has left: run() stops (kGameStopped, kind "left"), the record kept.
  std::function<bool()> stop_requested;
  // Every event, with the game as it stands (null before there is one).
  std::function<void(const json &event, const Game *game)> on_event;
};
// How long a wait lasts between two looks at the hooks (the app's click reaches the peer within
// it).
constexpr std::chrono::milliseconds kHookSlice{50};

class NetGame {
public:
  NetGame(NetConfig config, std::ostream &events, NetHooks hooks = {});
  int run(); // the whole game; the exit code

private:
  // Connections (net_peer.cpp).
  void connect_first();
  bool attempt_connection(Clock::time_point deadline, bool resuming, std::string &why);
  void say_trying(const std::string &why);
  void pause_after_refusal();
  bool greet(bool resuming); // the hello exchange on a new connection; false: refused
  void reconnect();
  json hello() const;
  bool take_hello(const json &h, bool resuming);
  void resend_in_flight(const json &peer_hello);
  // Reads the peer's lines until `done`; `patient`: no silence limit (the peer may be thinking).
  void pump(const std::function<bool()> &done, bool patient);
  void handle(const std::string &line);
  void handle_action(const json &m);
  void handle_reveal(const json &m);
  void handle_hash(const json &m);
  void refuse(const std::string &error, const std::string &kind, const json &extra = {});
  void send(const json &message);
  void event(const json &e);
  void look_at_hooks(bool may_say); // stops when the player left; sends what the player typed
  std::chrono::milliseconds slice(std::chrono::milliseconds usual) const;

  // The game (net_game.cpp).
  void start_game(const json &host_hello); // join: the game the host's hello describes
  Action next_action();
  Action player_choice();
  void play(const Action &action);
  int shared_die_for(size_t roll);
  void compare_hashes();
  json hash_message(size_t n) const; // this end's state_hash of the moment after n actions
  void save();
  json network_json() const;
  // This end's own file beside the record (OUT.secret.json, mode 0600): its side, its chain's
  // secret and the action it is about to send, so a stopped process can resume the game.
  std::string secret_file() const { return config_.out + ".secret.json"; }
  void write_secret();
  void resume_from_record();
  int peer_side() const { return 1 - side_; }

  NetConfig config_;
  std::ostream &events_;
  NetHooks hooks_;
  std::unique_ptr<Listener> listener_;
  LineLink link_;
  std::optional<Game> game_;
  int side_ = 0; // the side this end plays
  SecretChain chain_;
  std::string peer_name_, peer_end_;
  std::string last_trying_; // the last reason a join attempt failed, said once (say_trying)
  std::vector<std::string> peer_reveals_;
  size_t reveals_sent_ = 0;
  std::optional<json> peer_action_; // the peer's checked action for the current index
  std::optional<json> action_sent_; // our last action message, resent on a reconnection
  std::map<size_t, std::string> peer_hashes_;
  bool peer_left_ = false; // bye or resign received
  int replies_this_second_ = 0;
  Clock::time_point reply_second_ = Clock::now();
  uint64_t search_seed_ = 1;
};

} // namespace sns::cli
