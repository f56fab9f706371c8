// `serve` (serve.hpp, docs/protocol.md): the bounded line reader, the strict check of a request
// against its row in request_table(), and the reply every line gets, success or failure.
#include "serve.hpp"
#include "commands.hpp"
#include "common.hpp"

#include "sns/input.hpp"
#include "sns/json_io.hpp"

#include <iostream>

namespace sns::cli {

Game &ServeState::need_game() {
  if (!game)
    fail(kUsage, "no game: start one with new or open", "no_game", "",
         "the session holds no game until new or open");
  return *game;
}

void bad_request(const std::string &path, const std::string &expected) {
  throw CliError{
      kUsage,
      {{"error", "request " + path + ": " + expected}, {"kind", "bad_request"}, {"path", path}}};
}

namespace {

std::string type_name(const json &v) {
  switch (v.type()) {
  case json::value_t::null:
    return "null";
  case json::value_t::boolean:
    return "true or false";
  case json::value_t::string:
    return "a string";
  case json::value_t::array:
    return "an array";
  case json::value_t::object:
    return "an object";
  case json::value_t::number_float:
    return "the number " + dump(v);
  default:
    return "the whole number " + dump(v);
  }
}

std::string whole(const json &v, const std::string &path) {
  if (!v.is_number_unsigned())
    bad_request(path, "expected a whole number >= 0, got " + type_name(v));
  return std::to_string(v.get<uint64_t>());
}

std::string dice_text(const json &v, const std::string &path) {
  if (!v.is_array()) bad_request(path, "expected an array of whole numbers, got " + type_name(v));
  if (v.size() > kMaxForcedDice)
    bad_request(path, "at most " + std::to_string(kMaxForcedDice) + " dice");
  std::string text;
  for (size_t i = 0; i < v.size(); ++i)
    text += (i ? "," : "") + whole(v[i], path + "/" + std::to_string(i));
  return text;
}

void check_actions(const json &v, const std::string &path) {
  if (!v.is_array() || v.empty() || v.size() > kMaxServeActions)
    bad_request(path, "expected an array of 1 to " + std::to_string(kMaxServeActions) +
                          " action objects, got " + type_name(v) +
                          (v.is_array() ? " of " + std::to_string(v.size()) : ""));
  for (size_t i = 0; i < v.size(); ++i)
    if (!v[i].is_object())
      bad_request(path + "/" + std::to_string(i),
                  "expected an action object, got " + type_name(v[i]));
}

// One field checked against its kind, and handed to the command's option when it has one.
void read_field(const FieldRow &f, const json &v, Args &args) {
  const std::string path = std::string("/") + f.name;
  std::string text;
  switch (f.kind) {
  case FieldKind::Whole:
    text = whole(v, path);
    break;
  case FieldKind::Seconds:
    if (!v.is_number()) bad_request(path, "expected a number of seconds, got " + type_name(v));
    text = dump(v);
    break;
  case FieldKind::Text:
    if (!v.is_string()) bad_request(path, "expected a string, got " + type_name(v));
    text = v.get<std::string>();
    break;
  case FieldKind::Flag:
    if (!v.is_boolean()) bad_request(path, "expected true or false, got " + type_name(v));
    if (!v.get<bool>()) return;
    break;
  case FieldKind::Dice:
    text = dice_text(v, path);
    if (text.empty()) return; // no forced dice
    break;
  case FieldKind::Action:
    if (!v.is_object()) bad_request(path, "expected an action object, got " + type_name(v));
    break;
  case FieldKind::Actions:
    check_actions(v, path);
    break;
  }
  if (*f.option) args.options[f.option].push_back(text);
}

const RequestRow &find_request(const json &body) {
  auto cmd = body.find("cmd");
  if (cmd == body.end()) bad_request("/cmd", "required field is missing");
  if (!cmd->is_string()) bad_request("/cmd", "expected a string, got " + type_name(*cmd));
  std::string names;
  for (const RequestRow &row : request_table()) {
    if (*cmd == row.name) return row;
    names += (names.empty() ? "" : ", ") + std::string(row.name);
  }
  throw CliError{kUsage,
                 {{"error", "unknown cmd \"" + printable(cmd->get<std::string>()) + "\""},
                  {"kind", "bad_request"},
                  {"path", "/cmd"},
                  {"detail", "known: " + names}}};
}

// The request's fields against its row: each known and of its kind, nothing else.
Request check_request(const RequestRow &row, const json &body) {
  Request r{body, {}};
  for (auto it = body.begin(); it != body.end(); ++it) {
    if (it.key() == "id" || it.key() == "cmd") continue;
    const FieldRow *f = nullptr;
    for (const FieldRow &candidate : row.fields)
      if (it.key() == candidate.name) f = &candidate;
    if (!f) {
      std::string known = "id, cmd";
      for (const FieldRow &candidate : row.fields)
        known += std::string(", ") + candidate.name;
      throw CliError{
          kUsage,
          {{"error", "request /" + printable(it.key()) + ": unknown field for " + row.name},
           {"kind", "bad_request"},
           {"path", "/" + printable(it.key())},
           {"detail", std::string(row.name) + " takes: " + known}}};
    }
    read_field(*f, it.value(), r.args);
  }
  return r;
}

// The line as a JSON object: the one reader of every input (UTF-8, depth, string sizes).
json parse_line(std::string_view line) {
  json body;
  try {
    body = parse_json_text(std::string(line), "request");
  } catch (const LoadError &e) {
    throw CliError{kBadInput,
                   {{"error", "the line is not a JSON request: " + printable(e.expected())},
                    {"kind", "bad_input"},
                    {"detail", "one JSON object a line, as docs/protocol.md shows"}}};
  }
  if (!body.is_object()) bad_request("/", "expected an object, got " + type_name(body));
  return body;
}

} // namespace

ServeSession::ServeSession(std::optional<Game> game, std::string file) {
  state_.game = std::move(game);
  state_.file = std::move(file);
}

std::string ServeSession::reply(std::string_view line) {
  json id = nullptr;
  json reply;
  set_error_file(""); // a request names its own file, if any
  try {
    json body = parse_line(line);
    if (auto it = body.find("id"); it != body.end()) id = *it;
    const RequestRow &row = find_request(body);
    reply = row.handler(state_, check_request(row, body));
    reply["ok"] = true;
  } catch (...) {
    failure_of(std::current_exception(), reply);
    reply["ok"] = false;
  }
  reply["id"] = id;
  return dump(reply);
}

namespace {

// Reads one line of at most kMaxServeLineBytes into `line` (without its newline or a CR before
// it); false at the end of the input. A longer line is read to its end and `too_long` set.
bool read_line(std::istream &in, std::string &line, bool &too_long) {
  line.clear();
  too_long = false;
  std::streambuf *buf = in.rdbuf();
  for (;;) {
    int c = buf->sbumpc();
    if (c == std::char_traits<char>::eof()) return !line.empty() || too_long;
    if (c == '\n') break;
    if (line.size() < kMaxServeLineBytes)
      line.push_back(static_cast<char>(c));
    else
      too_long = true;
  }
  if (!line.empty() && line.back() == '\r') line.pop_back();
  return true;
}

bool blank(const std::string &line) { return line.find_first_not_of(" \t\r") == std::string::npos; }

} // namespace

void serve_lines(std::istream &in, std::ostream &out, ServeSession &session) {
  std::string line;
  bool too_long = false;
  while (!session.over() && read_line(in, line, too_long)) {
    if (too_long) {
      json reply = {{"id", nullptr},
                    {"ok", false},
                    {"error", "the line is longer than " + std::to_string(kMaxServeLineBytes) +
                                  " bytes; it was not read"},
                    {"kind", "line_too_long"}};
      out << dump(reply) << "\n" << std::flush;
      continue;
    }
    if (blank(line)) continue; // no request, no reply
    out << session.reply(line) << "\n" << std::flush;
  }
}

int cmd_serve(const Context &c) {
  std::optional<Game> game;
  std::string file;
  if (!c.args.positional.empty()) {
    file = c.args.positional[0];
    game.emplace(load_record(file));
  }
  ServeSession session(std::move(game), file);
  serve_lines(c.in ? *c.in : std::cin, c.out, session);
  return kDone;
}

} // namespace sns::cli
