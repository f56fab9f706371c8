// `serve` (docs/protocol.md): a JSON-lines session on standard input and output. One request a
// line, one reply a line carrying the request's id; the game stays in memory between requests.
// serve.cpp reads and checks the lines, serve_requests.cpp is the table of requests.
#pragma once
#include "output.hpp"
#include "table.hpp"

#include "sns/game.hpp"

#include <cstddef>
#include <istream>
#include <optional>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

namespace sns::cli {

// The longest request line taken, in bytes (without its newline): 1 MiB, as DESIGN.md fixes for
// the protocol. A longer line is read to its end, thrown away and answered with an error.
constexpr size_t kMaxServeLineBytes = size_t{1} << 20;
// The most actions one apply or preview request may carry.
constexpr size_t kMaxServeActions = 1000;

// The game of a session and what the requests change in it.
struct ServeState {
  std::optional<Game> game;
  std::string file;  // the record the game was opened from or last saved to ("" for none)
  bool over = false; // quit was asked for

  Game &need_game();
};

// The kinds of value a request's field takes.
enum class FieldKind {
  Whole,   // a whole number >= 0, handed to the command's option as digits
  Seconds, // a number, handed as written
  Text,    // a string
  Flag,    // true or false; true gives the option
  Dice,    // an array of whole numbers, handed as "5,2,8"
  Action,  // an action object, read by the handler
  Actions, // an array of action objects, read by the handler
};

struct FieldRow {
  const char *name;
  FieldKind kind;
  const char *option; // the command line's option it becomes ("--seed"); "" when the handler
                      // reads the field itself
};

// A request whose fields were checked against its row: the fields given as the command line's
// options (Args), and the request itself for the fields the handler reads.
struct Request {
  const json &body;
  Args args;
};

using RequestHandler = json (*)(ServeState &, const Request &);

struct RequestRow {
  const char *name;
  std::vector<FieldRow> fields;
  RequestHandler handler;
  const char *summary;
};

// Every request, in the order docs/protocol.md lists them.
const std::vector<RequestRow> &request_table();

// Fails with kind "bad_request" naming the JSON path of the request that is wrong.
[[noreturn]] void bad_request(const std::string &path, const std::string &expected);

// One session: each request line gets its reply line (no newline). Never throws; a line that is
// not a request gets an error reply with id null.
class ServeSession {
public:
  explicit ServeSession(std::optional<Game> game = std::nullopt, std::string file = "");
  std::string reply(std::string_view line);
  bool over() const { return state_.over; }

private:
  ServeState state_;
};

// Answers every line of `in` on `out`, flushing after each reply, until quit or the end of input.
void serve_lines(std::istream &in, std::ostream &out, ServeSession &session);

} // namespace sns::cli
