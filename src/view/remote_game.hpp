// A game played with someone elsewhere (issue 34's "Play over the network"), as the session sees
// it: the game as the link last left it, the local side's actions sent through it, and what the
// player is told (connection, opponent, messages). The network code behind it is src/net/.
#pragma once
#include "sns/game.hpp"

#include <optional>
#include <string>
#include <vector>

namespace sns::app {

class RemoteGame {
public:
  virtual ~RemoteGame() = default;
  // The game as it stands once it changed since the last call (an action of either side, the
  // first connection); nothing when unchanged. Called every frame, never blocks.
  virtual std::optional<Game> take_game() = 0;
  virtual int local_side() const = 0; // the side this player plays; -1 until the game is known
  // The local player's action for the game at `at` actions: legal there (the session checked it
  // with the engine); dropped if the game has moved on by the time it is sent.
  virtual void submit(const Action &action, size_t at) = 0;
  // An action submitted is on its way: not yet in a game taken, refused or dropped. The session
  // takes no other action meanwhile (a click made on the game before it would be stale).
  virtual bool sending() const = 0;
  virtual void say(const std::string &text) = 0; // a message typed to the opponent
  virtual std::string connection() const = 0;    // what the link is doing, in words
  virtual std::string opponent() const = 0;      // "" until known
  virtual bool stopped() const = 0;              // the game stopped (why: connection())
  // The messages typed by either player and what happened to the link, oldest first, each with
  // the number of actions the game had then: the log shows it among the game's events.
  struct News {
    std::string text;
    size_t actions = 0;
  };
  virtual std::vector<News> news() const = 0;
  virtual std::string record_path() const = 0; // where the game's record is kept
};

} // namespace sns::app
