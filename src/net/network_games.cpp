// The network games of the data folder (network_games.hpp): each record read through the engine's
// loader, its secret file through the JSON reader, and what stops a resume said in words.
#include "network_games.hpp"

#include "sns/action.hpp"
#include "sns/game.hpp"
#include "sns/json_io.hpp"

#include <algorithm>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>

#include <sys/stat.h>

namespace sns::app {

namespace fs = std::filesystem;
using nlohmann::json;

namespace {

constexpr const char *kSecretSuffix = ".secret.json";

bool ends_with(const std::string &s, const std::string &tail) {
  return s.size() >= tail.size() && s.compare(s.size() - tail.size(), tail.size(), tail) == 0;
}

std::string local_time(const fs::path &file) {
  struct stat st {};
  if (::stat(file.c_str(), &st) != 0) return "";
  std::time_t t = st.st_mtime;
  std::tm tm{};
  localtime_r(&t, &tm);
  char text[32];
  std::strftime(text, sizeof text, "%Y-%m-%d %H:%M", &tm);
  return text;
}

std::string text_at(const json &j, const char *key) {
  auto it = j.is_object() ? j.find(key) : j.end();
  return it != j.end() && it->is_string() ? it->get<std::string>() : std::string();
}

// The secret file's side, role and address (written by NetGame::write_secret); "" when it is
// whole, else what is wrong with it.
std::string read_secret(const fs::path &path, NetworkGameEntry &e) {
  std::ifstream in(path);
  if (!in) return "its secret file " + path.filename().string() + " is missing";
  std::stringstream text;
  text << in.rdbuf();
  json local;
  try {
    local = parse_json_text(text.str(), path.string());
  } catch (const std::exception &) {
    return "its secret file is not readable JSON";
  }
  e.side_id = text_at(local, "side");
  if (e.side_id.empty() || text_at(local, "secret").empty())
    return "its secret file has no side or no secret";
  const std::string role = text_at(local, "role");
  if (role != "host" && role != "join")
    return "its secret file does not say whether you hosted or joined (an older game: resume "
           "it with shields-swords-cli)";
  e.hosting = role == "host";
  e.address = text_at(local, "address");
  auto port = local.find("port");
  if (port == local.end() || !port->is_number_unsigned() || port->get<uint64_t>() > 65535 ||
      (!e.hosting && (e.address.empty() || port->get<uint64_t>() == 0)))
    return "its secret file has no address or port";
  e.port = static_cast<uint16_t>(port->get<uint64_t>());
  return "";
}

// The record's battle, players and last action; "" when it is a network game, else why not.
std::string read_record(const fs::path &path, NetworkGameEntry &e) {
  std::optional<Game> g;
  try {
    g.emplace(Game::load(path.string()));
  } catch (const std::exception &x) {
    return std::string("the record cannot be read: ") + x.what();
  }
  const Battle &b = g->battle();
  e.battle = b.name;
  e.actions = g->actions().size();
  if (!g->actions().empty()) e.last_action = describe(b, g->actions().back());
  e.finished = g->state().game_over();
  const json &network = g->network();
  auto found = network.is_object() ? network.find("chains") : network.end();
  if (found == network.end() || !found->is_array() || found->size() != 2)
    return "the record is not a network game's";
  const json &chains = *found;
  for (int s = 0; s < 2; ++s) {
    if (text_at(chains[s], "side") == e.side_id) {
      e.player = text_at(chains[s], "player");
      e.side = b.sides[s].name;
    } else {
      e.opponent = text_at(chains[s], "player");
    }
  }
  if (e.side.empty()) return "the secret file's side is not one of the record's";
  return "";
}

} // namespace

std::vector<NetworkGameEntry> list_network_games(const std::string &data_dir) {
  std::vector<NetworkGameEntry> games;
  std::error_code ec;
  fs::path dir = fs::path(data_dir) / "network";
  for (const fs::directory_entry &f : fs::directory_iterator(dir, ec)) {
    const std::string name = f.path().filename().string();
    if (!f.is_regular_file(ec) || !ends_with(name, ".json") || ends_with(name, kSecretSuffix))
      continue;
    NetworkGameEntry e;
    e.record = f.path().string();
    e.file = name;
    e.when = local_time(f.path());
    e.problem = read_secret(e.record + kSecretSuffix, e);
    std::string record_problem = read_record(f.path(), e);
    if (e.problem.empty()) e.problem = record_problem;
    games.push_back(std::move(e));
  }
  std::sort(games.begin(), games.end(), [](const NetworkGameEntry &a, const NetworkGameEntry &b) {
    return a.when != b.when ? a.when > b.when : a.file > b.file;
  });
  return games;
}

} // namespace sns::app
