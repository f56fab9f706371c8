// The network games kept in the player's data folder (issue 34, docs/protocol.md "A dropped
// connection"): each record of network/ with its secret file, read for the network screen's
// Resume list, with the reason a game cannot be resumed. SDL-free, so Catch2 tests it.
#pragma once
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace sns::app {

struct NetworkGameEntry {
  std::string record;   // the record's path
  std::string file;     // its name, as shown
  std::string battle;   // the battle's name
  std::string player;   // this player's name in the game
  std::string side_id;  // the side this player plays
  std::string side;     // its name
  std::string opponent; // the other player's name
  bool hosting = false;
  std::string address; // join: the host's address
  uint16_t port = 0;   // host: the port listened on; join: the host's
  size_t actions = 0;
  std::string last_action; // in words; "" before the first
  std::string when;        // the record's last change, YYYY-MM-DD HH:MM local time
  bool finished = false;   // the rules ended the game: a replay, not a game to resume
  std::string problem;     // why it cannot be resumed; "" when it can
};

// The games of DATA_DIR/network/, newest first; an unreadable file is listed with its problem,
// never thrown. A missing folder is an empty list.
std::vector<NetworkGameEntry> list_network_games(const std::string &data_dir);

} // namespace sns::app
