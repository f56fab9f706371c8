// libFuzzer target: the command line's dispatcher (src/cli/cli.hpp) run in-process on an
// argument vector and a file's bytes. Whatever it is given, it answers with an exit code from
// docs/cli.md and never crashes; exit 4 (an internal error) is a finding.
//
// Input: the argument words separated by '\n', then "\n\n", then the bytes of FILE. The word "@"
// stands for FILE's path. Commands run in a temporary folder; words holding '/' (other paths),
// the long-running commands (play, bench, suggest, evaluate), serve (it reads standard input;
// fuzz_serve_request.cpp fuzzes its lines) and host and join (they wait for the other side, by
// design, for as long as it takes) are skipped.
#include "cli.hpp"

#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <unistd.h>
#include <vector>

namespace {

void remove_work_folder();

// A folder of this process's own, made once and removed at exit; the fuzz input's files are
// written inside it.
const std::filesystem::path &work_folder() {
  static const std::filesystem::path dir = [] {
    auto d =
        std::filesystem::temp_directory_path() / ("sns-fuzz-cli-" + std::to_string(::getpid()));
    std::filesystem::create_directories(d);
    std::filesystem::current_path(d);
    std::atexit(remove_work_folder);
    return d;
  }();
  return dir;
}

void remove_work_folder() {
  std::error_code ignored;
  std::filesystem::current_path(std::filesystem::temp_directory_path(), ignored);
  std::filesystem::remove_all(work_folder(), ignored);
}

std::vector<std::string> split_words(const std::string &text) {
  std::vector<std::string> words;
  std::stringstream in(text);
  for (std::string w; std::getline(in, w, '\n');)
    words.push_back(w);
  return words;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  static const std::set<std::string> slow = {"play",  "bench", "suggest", "evaluate",
                                             "serve", "host",  "join"};
  std::string input(reinterpret_cast<const char *>(data), size);
  size_t cut = input.find("\n\n");
  std::string file_bytes = cut == std::string::npos ? "" : input.substr(cut + 2);
  std::vector<std::string> words = split_words(input.substr(0, cut));
  const std::filesystem::path file = work_folder() / "input.json";
  std::vector<std::string> args = {"shields-swords-cli"};
  for (const std::string &w : words) {
    if (w.find('/') != std::string::npos) return 0;
    args.push_back(w == "@" ? file.string() : w);
  }
  if (args.size() > 1 && slow.count(args[1])) return 0;
  std::ofstream(file, std::ios::binary) << file_bytes;
  std::ostringstream out, err;
  int code = sns::cli::run_cli(args, out, err);
  if (code < 0 || code > 6 || code == 4) std::abort(); // an exit code docs/cli.md does not list
  if (code != 0 && err.str().empty()) std::abort();    // every failure says why
  return 0;
}
