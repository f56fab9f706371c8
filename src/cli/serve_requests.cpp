// The requests of `serve` (serve.hpp, docs/protocol.md): one row each with its fields, and
// handlers that answer with the command line's own code (commands.hpp) on the game in memory.
#include "commands.hpp"
#include "common.hpp"
#include "serve.hpp"

#include "sns/input.hpp"

#include <sstream>

namespace sns::cli {

namespace {

// The request's field, or null when it was not given.
const json &field(const Request &r, const char *name) {
  static const json none;
  auto it = r.body.find(name);
  return it == r.body.end() ? none : *it;
}

std::string text_field(const Request &r, const char *name) {
  const json &v = field(r, name);
  if (v.is_null()) bad_request(std::string("/") + name, "required field is missing");
  return v.get<std::string>();
}

// An action of the request, read by the engine's action reader; its errors name the request's
// JSON path ("/action/unit", "/actions/2/type").
Action read_action(const Battle &b, const json &v, const std::string &path) {
  try {
    return action_from_json(b, v, "request");
  } catch (const LoadError &e) {
    throw CliError{kBadInput,
                   {{"error", "request " + path + e.path() + ": " + printable(e.expected())},
                    {"kind", "bad_input"},
                    {"path", path + e.path()}}};
  }
}

// `action` or `actions`, exactly one of them: the actions and whether they came as a list.
std::vector<Action> read_actions(const Battle &b, const Request &r, bool &list) {
  const json &one = field(r, "action"), &many = field(r, "actions");
  if (one.is_null() == many.is_null())
    bad_request("/action", "give action (one object) or actions (an array), one of the two");
  list = !many.is_null();
  std::vector<Action> out;
  if (!list) out.push_back(read_action(b, one, "/action"));
  for (size_t i = 0; list && i < many.size(); ++i)
    out.push_back(read_action(b, many[i], "/actions/" + std::to_string(i)));
  return out;
}

// The state as new, open and undo answer: the position without its log (log_size says how long).
json state_without_log(const Game &game) {
  Args a;
  a.options["--log"] = {"none"};
  return {{"state", state_json(a, game)}};
}

json serve_new(ServeState &s, const Request &r) {
  Args a = r.args;
  a.positional = {text_field(r, "battle")};
  const json &wing = field(r, "wing_integrity");
  if (!wing.is_null() && wing != "standard" && wing != "advanced")
    bad_request("/wing_integrity", "expected \"standard\" or \"advanced\", got " + dump(wing));
  if (wing == "advanced") a.options["--option"] = {"advanced-wing-integrity"};
  s.game.emplace(new_game(a));
  s.file.clear();
  return state_without_log(*s.game);
}

json serve_open(ServeState &s, const Request &r) {
  std::string file = text_field(r, "file");
  s.game.emplace(load_record(file));
  s.file = file;
  return state_without_log(*s.game);
}

json serve_save(ServeState &s, const Request &r) {
  const Game &game = s.need_game();
  std::string file = field(r, "file").is_null() ? s.file : text_field(r, "file");
  if (file.empty())
    bad_request("/file", "required: this game was not opened from a file or saved to one");
  RecordLock lock(record_file(file)); // one writer at a time, as the command line
  game.save(file);
  s.file = file;
  return {{"saved", file}, {"actions", game.actions().size()}};
}

json serve_state(ServeState &s, const Request &r) {
  return {{"state", state_json(r.args, s.need_game())}};
}

json serve_legal(ServeState &s, const Request &) { return {{"legal", legal_json(s.need_game())}}; }

// The actions in order; when one is refused, those before it are taken back: all or nothing.
json serve_apply(ServeState &s, const Request &r) {
  Game &game = s.need_game();
  const json &shape = field(r, "reply");
  if (!shape.is_null() && shape != "state" && shape != "events")
    bad_request("/reply", "expected \"state\" or \"events\", got " + dump(shape));
  bool list = false;
  std::vector<Action> actions = read_actions(game.battle(), r, list);
  size_t log_start = game.log().size(), played = 0;
  try {
    for (const Action &act : actions) {
      std::string path = list ? "/actions/" + std::to_string(played) : "/action";
      play_action(game, act, "request " + path + ": " + describe(game.battle(), act));
      ++played;
    }
  } catch (...) {
    for (; played > 0; --played)
      game.undo();
    throw;
  }
  if (shape == "events") return {{"events", events_since(game, log_start)}};
  Args a;
  a.options["--log"] = {"since:" + std::to_string(log_start)};
  return {{"state", state_json(a, game)}};
}

json serve_preview(ServeState &s, const Request &r) {
  const Game &game = s.need_game();
  bool list = false;
  std::vector<Action> actions = read_actions(game.battle(), r, list);
  return {{"preview", preview_json(game, actions, r.args.has("--any"), list)}};
}

json serve_suggest(ServeState &s, const Request &r) {
  return {{"suggestion", suggest_json(r.args, s.need_game())}};
}

json serve_evaluate(ServeState &s, const Request &r) {
  return {{"evaluation", evaluate_json(r.args, s.need_game())}};
}

json serve_undo(ServeState &s, const Request &) {
  Game &game = s.need_game();
  if (!game.undo()) fail(kUsage, "nothing to undo: no action has been played", "nothing_to_undo");
  return state_without_log(game);
}

json serve_note(ServeState &s, const Request &r) {
  return add_note(s.need_game(), r.args, text_field(r, "text"));
}

json serve_map(ServeState &s, const Request &r) {
  if (!field(r, "battle").is_null())
    return {{"map", map_json(*load_battle_argument(text_field(r, "battle")))}};
  return {{"map", map_json(s.need_game().battle())}};
}

// verify is the command line's own handler on a file, its printed answer taken back as JSON.
json serve_verify(ServeState &, const Request &r) {
  Args a;
  a.positional = {text_field(r, "file")};
  std::ostringstream out;
  cmd_verify(Context{a, out});
  json result = json::parse(out.str());
  result.erase("ok");
  return {{"verified", result}};
}

json serve_quit(ServeState &s, const Request &) {
  s.over = true;
  return {{"bye", true}};
}

const FieldRow kSeed{"seed", FieldKind::Whole, "--seed"};
const FieldRow kAt{"at", FieldKind::Whole, "--at"};
const FieldRow kFile{"file", FieldKind::Text, ""};
const FieldRow kAction{"action", FieldKind::Action, ""};
const FieldRow kActions{"actions", FieldKind::Actions, ""};

// check-sizes: a table
std::vector<RequestRow> make_requests() {
  return {
      {"new",
       {{"battle", FieldKind::Text, ""},
        kSeed,
        {"dice", FieldKind::Dice, "--dice"},
        {"wing_integrity", FieldKind::Text, ""}},
       serve_new,
       "start a game of a battle (a file or a shipped id)"},
      {"open", {kFile}, serve_open, "open a game's record"},
      {"save", {kFile}, serve_save, "write the record (verified, atomic)"},
      {"state",
       {{"log", FieldKind::Text, "--log"}, kAt, {"spoilers", FieldKind::Flag, "--spoilers"}},
       serve_state,
       "the state, as the command line's state prints it"},
      {"legal", {}, serve_legal, "every legal action now"},
      {"apply",
       {kAction, kActions, {"reply", FieldKind::Text, ""}},
       serve_apply,
       "play actions, all or none"},
      {"preview",
       {kAction, kActions, {"any", FieldKind::Flag, "--any"}},
       serve_preview,
       "the odds of attacks and fire"},
      {"suggest",
       {{"level", FieldKind::Text, "--level"},
        {"iterations", FieldKind::Whole, "--iterations"},
        {"seconds", FieldKind::Seconds, "--seconds"},
        {"threads", FieldKind::Whole, "--threads"},
        kSeed},
       serve_suggest,
       "the computer player's choice"},
      {"evaluate", {kSeed}, serve_evaluate, "the computer player's judgement"},
      {"undo", {}, serve_undo, "take back the last action"},
      {"note",
       {{"text", FieldKind::Text, ""}, kAt, {"bookmark", FieldKind::Flag, "--bookmark"}},
       serve_note,
       "add a note"},
      {"map", {{"battle", FieldKind::Text, ""}}, serve_map, "the public map and setup"},
      {"verify", {kFile}, serve_verify, "replay a record file"},
      {"quit", {}, serve_quit, "end the session"},
  };
}

} // namespace

const std::vector<RequestRow> &request_table() {
  static const std::vector<RequestRow> table = make_requests();
  return table;
}

} // namespace sns::cli
