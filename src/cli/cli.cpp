// run_cli (cli.hpp): the dispatcher. Every argument is checked as UTF-8 where it enters, the
// table checks the command line, and every failure becomes one JSON error with its exit code.
#include "cli.hpp"
#include "common.hpp"
#include "output.hpp"
#include "table.hpp"

#include "sns/error.hpp"
#include "sns/input.hpp"

namespace sns::cli {

namespace {

// An argument that is not UTF-8 is bad input (exit 2), refused before any command reads it.
void check_arguments(const std::vector<std::string> &args) {
  for (size_t i = 1; i < args.size(); ++i)
    if (auto bad = first_invalid_utf8(args[i]))
      throw CliError{kBadInput,
                     {{"error", "argument " + std::to_string(i) + " is not UTF-8"},
                      {"kind", "not_utf8"},
                      {"argument", printable(args[i])},
                      {"detail", "byte at offset " + std::to_string(*bad) +
                                     " is not UTF-8; every text is read as UTF-8"}}};
}

// The one JSON error of a failure, naming the command's file when it has one.
json error_body(json body) {
  if (!body.contains("file") && !error_file().empty()) body["file"] = printable(error_file());
  return body;
}

int dispatch(const std::vector<std::string> &args, std::ostream &out, std::istream *in) {
  check_arguments(args);
  if (args.size() < 2) usage_error("no command given", "run: shields-swords-cli --help");
  const std::string &command = args[1];
  if (command == "--help" || command == "help") {
    write_usage(out);
    return kDone;
  }
  if (command == "--man") { // the manual page, generated at build time (CMakeLists.txt)
    write_manual_page(out);
    return kDone;
  }
  // The command is known before its options are read, so a typo in it is reported as such.
  const CommandRow *row = find_command(command);
  if (!row)
    usage_error("unknown command \"" + printable(command) + "\"", "run: shields-swords-cli --help");
  std::span<const std::string> words(args.begin() + 2, args.end());
  if (words.size() == 1 && words[0] == "--help") {
    write_usage(out, row);
    return kDone;
  }
  Args parsed = parse_arguments(*row, words);
  return row->handler(Context{parsed, out, in});
}

} // namespace

int failure_of(const std::exception_ptr &failure, json &body) {
  int code = kInternal;
  try {
    std::rethrow_exception(failure);
  } catch (const CliError &e) {
    body = e.body;
    code = e.code;
  } catch (const LoadError &e) {
    body = {{"error", printable(e.what())},
            {"kind", "bad_input"},
            {"file", printable(e.file())},
            {"path", printable(e.path())},
            {"detail", printable(e.expected())}};
    code = kBadInput;
  } catch (const IoError &e) {
    body = {
        {"error", printable(e.what())}, {"kind", "cannot_write"}, {"file", printable(e.file())}};
    code = kCannotWrite;
  } catch (const std::exception &e) {
    body = {{"error", "internal error: " + printable(e.what())}, {"kind", "internal"}};
  } catch (...) {
    body = {{"error", "internal error: an unknown exception"}, {"kind", "internal"}};
  }
  body = error_body(body);
  return code;
}

int run_cli(const std::vector<std::string> &args, std::ostream &out, std::ostream &err,
            std::istream *in) {
  set_program_path(args.empty() ? "" : args[0]);
  json body;
  int code = kInternal;
  try {
    return dispatch(args, out, in);
  } catch (...) {
    code = failure_of(std::current_exception(), body);
  }
  err << dump(body) << "\n";
  return code;
}

} // namespace sns::cli
