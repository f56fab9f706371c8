// The command table (issue 30): one row per command with its arguments, options, handler and
// help. The dispatcher, --help and the manual page are all read from these rows, so an option a
// command does not take is refused by the table, never by a handler.
#pragma once
#include <cstddef>
#include <istream>
#include <map>
#include <ostream>
#include <span>
#include <string>
#include <vector>

namespace sns::cli {

// One option of a command: "--seed" with its value's name ("N"), or a flag when value is empty.
struct OptionRow {
  const char *name;
  const char *value; // "" for a flag
  const char *help;
  bool repeatable = false; // --option may be given more than once
};

// A command's options and arguments as given, checked against its row.
struct Args {
  std::vector<std::string> positional;
  std::map<std::string, std::vector<std::string>> options; // name -> values ("" for a flag)

  bool has(const std::string &name) const { return options.count(name) > 0; }
  // The option's value, or `otherwise` when it was not given.
  std::string value(const std::string &name, const std::string &otherwise) const;
  const std::vector<std::string> &values(const std::string &name) const;
};

// What a handler is given: its arguments and where its results go.
struct Context {
  const Args &args;
  std::ostream &out;
  std::istream *in = nullptr; // serve's requests (standard input when null)
};

using Handler = int (*)(const Context &);

struct CommandRow {
  const char *name;
  const char *arguments; // as the usage shows them: "GAME.json ACTION..."
  size_t min_arguments;  // positional arguments it needs
  size_t max_arguments;  // positional arguments it takes (kMany: no limit)
  std::vector<OptionRow> options;
  Handler handler;
  const char *summary; // one line for --help and the manual page
  const char *group;   // the docs' grouping: "battles", "games", "players"
};

constexpr size_t kMany = static_cast<size_t>(-1);

// Every command, in the order --help lists them.
const std::vector<CommandRow> &command_table();
const CommandRow *find_command(const std::string &name);

// Checks `words` (the arguments after the command) against the row: an option it does not take,
// a repeated option, a missing value, or too few or too many arguments is a usage error.
Args parse_arguments(const CommandRow &row, std::span<const std::string> words);

// The usage text of --help (all commands) or `COMMAND --help` (one).
void write_usage(std::ostream &out, const CommandRow *only = nullptr);
// The manual page shields-swords-cli(6), in roff, from the same rows.
void write_manual_page(std::ostream &out);

// Exit codes with their meaning, as --help and the manual page list them.
struct ExitCodeRow {
  int code;
  const char *meaning;
};
const std::vector<ExitCodeRow> &exit_code_table();

} // namespace sns::cli
