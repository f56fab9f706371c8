// The app's network game (issue 34): the command line's NetGame (src/cli/net_game.hpp, the one
// protocol implementation) run on a worker thread, with the player's actions and messages handed
// to it and its events handed back through a lock, so the frame loop never waits on the network.
#pragma once
#include "remote_game.hpp"

#include <atomic>
#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <utility>
#include <vector>

namespace sns::app {

struct NetPlaySetup {
  bool hosting = false;
  std::string battle;  // host: the battle file
  std::string side;    // host: the side's id it plays ("" for the battle's first)
  std::string address; // join: the host's name or address
  uint16_t port = 0;   // host: 0 takes a free port (port() says which)
  std::string name = "player";
  std::string record;  // where the record is written (in the player's data folder)
  double wait = 300;   // seconds to wait for the opponent to come (back)
  double timeout = 60; // seconds a reveal or hash may be withheld
  // Continue the game of `record` (its secret file beside it) after this app stopped: the host
  // listens on `port` again, the joiner dials `address`:`port` (network_games.hpp lists them).
  bool resume = false;
};

class NetPlay final : public RemoteGame {
public:
  explicit NetPlay(NetPlaySetup setup); // starts the worker
  // Tells the worker to stop and returns at once: the worker says bye and ends on its own (within
  // a connection try, 3 s); the program's exit waits for it.
  ~NetPlay() override;
  NetPlay(const NetPlay &) = delete;
  NetPlay &operator=(const NetPlay &) = delete;

  std::optional<Game> take_game() override;
  int local_side() const override;
  void submit(const Action &action, size_t at) override;
  bool sending() const override;
  void say(const std::string &text) override;
  std::string connection() const override;
  std::string opponent() const override;
  bool stopped() const override;
  std::vector<News> news() const override;
  std::string record_path() const override { return setup_.record; }
  uint16_t port() const; // the port listened on; 0 until listening

  // The worker's side (net_play.cpp), public for its hooks: each takes the lock.
  struct Shared;

private:
  NetPlaySetup setup_;
  std::shared_ptr<Shared> shared_;
  std::thread worker_;
};

// Where the app keeps a network game's record: DATA_DIR/network/BATTLE-YYYYMMDD-HHMMSS-host.json
// (or -join), so nothing the peer sends names a file.
std::string network_record_path(const std::string &data_dir, const std::string &battle_id,
                                bool hosting);

} // namespace sns::app
