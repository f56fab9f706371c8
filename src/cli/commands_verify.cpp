// verify RECORD.json (docs/cli.md, docs/pbem.md): a mailed record checked against the shipped
// battle of its id, its seed's dice and its actions; the first difference is reported (exit 3).
#include "commands.hpp"
#include "common.hpp"

#include "editor_doc.hpp"
#include "net_dice.hpp"
#include "sns/battle_id.hpp"
#include "sns/input.hpp"
#include "sns/json_io.hpp"

namespace sns::cli {

namespace {

// The JSON path of the first place where two documents differ ("" when they are the same).
std::string first_difference(const json &a, const json &b, const std::string &path) {
  if (a.type() != b.type()) return path.empty() ? "/" : path;
  if (a.is_object()) {
    for (auto it = a.begin(); it != a.end(); ++it) {
      std::string at = path + "/" + it.key();
      if (!b.contains(it.key())) return at;
      std::string d = first_difference(*it, b[it.key()], at);
      if (!d.empty()) return d;
    }
    for (auto it = b.begin(); it != b.end(); ++it)
      if (!a.contains(it.key())) return path + "/" + it.key();
    return "";
  }
  if (a.is_array()) {
    for (size_t i = 0; i < std::min(a.size(), b.size()); ++i) {
      std::string d = first_difference(a[i], b[i], path + "/" + std::to_string(i));
      if (!d.empty()) return d;
    }
    return a.size() == b.size() ? "" : path + "/" + std::to_string(std::min(a.size(), b.size()));
  }
  return a == b ? "" : (path.empty() ? "/" : path);
}

[[noreturn]] void differs(const std::string &what, const std::string &error, json difference) {
  difference["what"] = what;
  throw CliError{kIllegal,
                 {{"error", "the record differs: " + error},
                  {"kind", "record_differs"},
                  {"file", error_file()},
                  {"difference", difference}}};
}

// The record's copy of its battle against the shipped one: the same content, any layout.
// Victory levels and the gallery's "about" are left out (editor::same_play): they never change
// play.
void check_battle_copy(const json &copy, const json &shipped, const std::string &shipped_file) {
  if (editor::same_play(shipped, copy)) return;
  // Compared in the editor's canonical layout, so the path points at content, not at ordering.
  auto canonical = [](const json &battle) {
    return json::parse(editor::canonical_text(editor::doc_from_json(battle)));
  };
  std::string at = first_difference(canonical(copy), canonical(shipped), "/battle");
  differs("battle", "its battle differs from the shipped one (" + shipped_file + ")",
          {{"path", at}, {"shipped", shipped_file}});
}

// A network game's dice (docs/protocol.md "Network dice"): both chains' reveals follow from their
// ends and make every die the game rolled. The problem found, or nothing.
std::optional<std::string> network_dice_problem(const Game &game) {
  const json &net = game.network();
  if (!game.setup().forced_dice.empty()) return "a network game has no forced dice";
  if (!net.contains("chains") || !net["chains"].is_array() || net["chains"].size() != 2)
    return "/network/chains: expected the two sides' chains";
  std::vector<std::string> ends(2);
  std::vector<std::vector<std::string>> reveals(2);
  for (size_t s = 0; s < 2; ++s) {
    const json &c = net["chains"][s];
    if (!c.is_object() || c.value("side", json()) != game.battle().sides[s].id ||
        !c.contains("end") || !c["end"].is_string() || !c.contains("reveals") ||
        !c["reveals"].is_array())
      return "/network/chains/" + std::to_string(s) + ": expected side " +
             game.battle().sides[s].id + " with its end and reveals";
    ends[s] = c["end"].get<std::string>();
    for (const json &r : c["reveals"]) {
      if (!r.is_string()) return "/network/chains/" + std::to_string(s) + "/reveals: texts";
      reveals[s].push_back(r.get<std::string>());
    }
  }
  std::vector<int> faces;
  for (const std::vector<int> &dice : game.dice())
    faces.insert(faces.end(), dice.begin(), dice.end());
  return check_chains(ends[0], reveals[0], ends[1], reveals[1], faces, die_faces(game.battle()));
}

} // namespace

int cmd_verify(const Context &c) {
  const std::string &path = record_file(c.args.positional[0]);
  json record = parse_json_text(read_text_file(path), path);
  std::string id;
  if (record.is_object() && record.contains("battle") && record["battle"].is_object() &&
      record["battle"].contains("id") && record["battle"]["id"].is_string())
    id = record["battle"]["id"].get<std::string>();
  // An id that is not a plain name would name a file outside battles/ ("../x"): refused, never
  // looked up.
  if (!id.empty() && !is_plain_battle_id(id))
    throw LoadError(path, "/battle/id",
                    "a plain name (letters, digits, '-', '_', '.'; not starting with '.'), got \"" +
                        printable(id) + "\"");
  std::optional<std::filesystem::path> shipped = shipped_battle(id);
  if (shipped) {
    json battle = read_json_file(shipped->string(), kMaxReadBytes);
    check_battle_copy(record["battle"], battle, shipped->string());
    record["battle"] = battle; // replayed against the shipped battle, not the copy
  }
  std::optional<Game> game;
  try {
    game.emplace(Game::from_record(record, path));
  } catch (const LoadError &e) {
    if (e.path().rfind("/actions", 0) != 0) throw; // a record that does not load: exit 2
    differs("action", "an action no longer replays",
            {{"path", e.path()}, {"detail", e.expected()}});
  }
  if (!game->network().is_null()) {
    if (auto unfair = network_dice_problem(*game))
      differs("dice", "its dice are not both players' shared dice", {{"detail", *unfair}});
  } else if (auto unfair = game->dice_from_seed()) {
    differs("dice", "its dice are not its seed's",
            {{"rule", unfair->rule}, {"detail", unfair->reason}});
  }
  json result = {{"ok", true},
                 {"file", path},
                 {"battle", game->battle().id},
                 {"shipped", shipped.has_value()},
                 {"actions", game->actions().size()}};
  if (!game->network().is_null()) result["network_dice"] = true; // every roll checked
  print(c.out, result);
  return kDone;
}

} // namespace sns::cli
