// The network screen's Resume list (src/net/network_games.hpp): the games kept in a data folder's
// network/, hand-made records and secret files, each listed with what the player reads or with
// the reason it cannot be resumed.
#include "../source_dir.hpp"
#include "network_games.hpp"

#include "sns/game.hpp"
#include "sns/rules.hpp"

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>

using namespace sns;
using namespace sns::app;
using nlohmann::json;
namespace fs = std::filesystem;

namespace {

struct DataFolder {
  fs::path path;
  DataFolder() {
    static int n = 0;
    path = fs::temp_directory_path() /
           ("sns-network-games-" + std::to_string(::getpid()) + "-" + std::to_string(n++));
    fs::create_directories(path / "network");
  }
  ~DataFolder() { fs::remove_all(path); }
  std::string file(const std::string &name) const { return (path / "network" / name).string(); }
};

void write(const std::string &path, const std::string &text) { std::ofstream(path) << text; }

// A first-clash game Alice hosts as the battle's first side against Bob, with `actions` played.
Game network_game(size_t actions) {
  Game g(load_battle_file(std::string(SNS_SOURCE_DIR) + "/battles/first-clash.json"), Options{}, 1);
  for (size_t i = 0; i < actions; ++i)
    REQUIRE_FALSE(g.play(legal_actions(g.setup(), g.state()).front()));
  json chains = json::array();
  for (int s = 0; s < 2; ++s)
    chains.push_back({{"side", g.battle().sides[s].id},
                      {"player", s == 0 ? "Alice" : "Bob"},
                      {"end", std::string(64, s == 0 ? 'a' : 'b')},
                      {"reveals", json::array()}});
  g.set_network({{"protocol", 1}, {"chains", chains}});
  return g;
}

json host_secret(const Game &g) {
  return {{"side", g.battle().sides[0].id},
          {"secret", std::string(64, 'c')},
          {"pending", nullptr},
          {"role", "host"},
          {"port", 4747}};
}

} // namespace

TEST_CASE("Network games: a kept game is listed with its battle, players, side, role and port",
          "[net]") {
  DataFolder d;
  Game g = network_game(1);
  g.save(d.file("first-clash-20261203-220000-host.json"));
  write(d.file("first-clash-20261203-220000-host.json.secret.json"), host_secret(g).dump());
  std::vector<NetworkGameEntry> games = list_network_games(d.path.string());
  REQUIRE(games.size() == 1);
  const NetworkGameEntry &e = games[0];
  CHECK(e.problem == "");
  CHECK(e.file == "first-clash-20261203-220000-host.json");
  CHECK(e.battle == g.battle().name);
  CHECK(e.player == "Alice");
  CHECK(e.opponent == "Bob");
  CHECK(e.side == g.battle().sides[0].name);
  CHECK(e.hosting);
  CHECK(e.port == 4747);
  CHECK(e.actions == 1);
  CHECK(e.last_action == describe(g.battle(), g.actions().back()));
  CHECK_FALSE(e.finished);
  CHECK(e.when.size() == 16); // YYYY-MM-DD HH:MM
}

TEST_CASE("Network games: a joiner's game keeps the host's address and port", "[net]") {
  DataFolder d;
  Game g = network_game(0);
  g.save(d.file("joined-host.json"));
  json secret = host_secret(g);
  secret["side"] = g.battle().sides[1].id;
  secret["role"] = "join";
  secret["address"] = "192.168.1.20";
  write(d.file("joined-host.json.secret.json"), secret.dump());
  std::vector<NetworkGameEntry> games = list_network_games(d.path.string());
  REQUIRE(games.size() == 1);
  CHECK(games[0].problem == "");
  CHECK_FALSE(games[0].hosting);
  CHECK(games[0].address == "192.168.1.20");
  CHECK(games[0].player == "Bob");
  CHECK(games[0].opponent == "Alice");
  CHECK(games[0].last_action == "");
}

TEST_CASE("Network games: a game without its secret, or broken, is listed with the reason",
          "[net]") {
  DataFolder d;
  Game g = network_game(1);
  g.save(d.file("a-no-secret.json"));
  g.save(d.file("b-bad-secret.json"));
  write(d.file("b-bad-secret.json.secret.json"), "{\"side\": ");
  g.save(d.file("c-old-secret.json"));
  json old = host_secret(g);
  old.erase("role");
  write(d.file("c-old-secret.json.secret.json"), old.dump());
  write(d.file("d-broken-record.json"), "{\"format\": 2, \"battle\": ");
  write(d.file("d-broken-record.json.secret.json"), host_secret(g).dump());
  Game plain = network_game(0);
  plain.set_network(nullptr);
  plain.save(d.file("e-not-network.json"));
  write(d.file("e-not-network.json.secret.json"), host_secret(g).dump());
  std::vector<NetworkGameEntry> games = list_network_games(d.path.string());
  REQUIRE(games.size() == 5);
  std::map<std::string, std::string> problems;
  for (const NetworkGameEntry &e : games)
    problems[e.file] = e.problem;
  CHECK(problems["a-no-secret.json"] == "its secret file a-no-secret.json.secret.json is missing");
  CHECK(problems["b-bad-secret.json"] == "its secret file is not readable JSON");
  CHECK(problems["c-old-secret.json"].find("an older game") != std::string::npos);
  CHECK(problems["d-broken-record.json"].rfind("the record cannot be read: ", 0) == 0);
  CHECK(problems["e-not-network.json"] == "the record is not a network game's");
}

TEST_CASE("Network games: a finished game is marked finished, and no folder is an empty list",
          "[net]") {
  DataFolder d;
  CHECK(list_network_games((d.path / "nowhere").string()).empty());
  Game g = network_game(0);
  size_t guard = 0;
  while (!g.state().game_over() && guard++ < 20000)
    REQUIRE_FALSE(g.play(legal_actions(g.setup(), g.state()).front()));
  REQUIRE(g.state().game_over());
  g.save(d.file("over.json"));
  write(d.file("over.json.secret.json"), host_secret(g).dump());
  std::vector<NetworkGameEntry> games = list_network_games(d.path.string());
  REQUIRE(games.size() == 1);
  CHECK(games[0].finished);
}
