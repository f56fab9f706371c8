// The command line's output and errors: exit codes, one JSON error per failure, JSON that never
// throws whatever bytes it quotes, and the options' values read within their documented bounds.
#pragma once

#include <cstdint>
#include <exception>
#include <nlohmann/json.hpp>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

namespace sns::cli {

using json = nlohmann::json;

// Exit codes (docs/cli.md, "Exit codes and errors").
constexpr int kDone = 0, kUsage = 1, kBadInput = 2, kIllegal = 3, kInternal = 4, kCannotWrite = 5;

// A failure of the command: its exit code and the JSON error printed on standard error.
struct CliError {
  int code;
  json body;
};

// The exit code and JSON error of the failure being handled (inside a catch): CliError, LoadError
// (kind bad_input, with file and path), IoError (cannot_write) or anything else (internal), with
// the file of error_file() when the body names none. run_cli and serve answer with it.
int failure_of(const std::exception_ptr &failure, json &body);

// Throws CliError{code, {"error", "kind", and "rule", "detail" when given}}.
[[noreturn]] void fail(int code, const std::string &error, std::string_view kind,
                       const std::string &rule = "", const std::string &detail = "");
// The command line is wrong (exit 1, kind "usage").
[[noreturn]] void usage_error(const std::string &error, const std::string &detail = "");

// JSON as text; bytes that are not UTF-8 become U+FFFD instead of throwing.
std::string dump(const json &j, int indent = -1);
// Prints a result: two-space indented JSON and a newline.
void print(std::ostream &out, const json &j);

// Whole numbers and seconds of the options, refused (exit 1) outside [lo, hi] with the bounds.
uint64_t parse_count(const std::string &text, const std::string &what, uint64_t lo, uint64_t hi);
double parse_seconds(const std::string &text, const std::string &what);

// The documented maxima of the budgets (docs/cli.md, "Limits").
constexpr uint64_t kMaxSeed = 9007199254740991ull; // 2^53 - 1: held exactly by any JSON reader
constexpr uint64_t kMaxGames = 100000;
constexpr uint64_t kMaxIterations = 1000000;
constexpr uint64_t kMaxMaxActions = 100000;
constexpr double kMaxSeconds = 600;
constexpr size_t kMaxForcedDice = 1000;

} // namespace sns::cli
