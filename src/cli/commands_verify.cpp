// verify RECORD.json (docs/cli.md, docs/pbem.md): a mailed record checked against the shipped
// battle of its id, its seed's dice and its actions; the first difference is reported (exit 3).
#include "commands.hpp"
#include "common.hpp"

#include "editor_doc.hpp"
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
// Victory levels are left out (editor::same_play): they never change play.
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
  if (auto unfair = game->dice_from_seed())
    differs("dice", "its dice are not its seed's",
            {{"rule", unfair->rule}, {"detail", unfair->reason}});
  print(c.out, {{"ok", true},
                {"file", path},
                {"battle", game->battle().id},
                {"shipped", shipped.has_value()},
                {"actions", game->actions().size()}});
  return kDone;
}

} // namespace sns::cli
