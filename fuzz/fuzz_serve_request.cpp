// libFuzzer target: serve's request lines (src/cli/serve.hpp) answered in-process by a session
// holding a game of first-clash. Whatever the lines, each gets one reply line that is JSON with
// "ok" and the request's id (null when none could be read), and nothing crashes; an "internal"
// kind (a bug) is a finding.
//
// Input: request lines separated by '\n'. Inputs naming a path ('/'), or the slow requests
// (suggest, evaluate), are skipped; files a request writes land in a temporary folder.
#include "common.hpp"
#include "serve.hpp"

#include "sns/battle.hpp"

#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <string_view>
#include <unistd.h>

namespace {

// A folder of this process's own, made once, where the session's saves land.
void enter_work_folder() {
  static const bool entered = [] {
    auto d =
        std::filesystem::temp_directory_path() / ("sns-fuzz-serve-" + std::to_string(::getpid()));
    std::filesystem::create_directories(d);
    std::filesystem::current_path(d);
    return true;
  }();
  (void)entered;
}

const sns::Game &first_clash() {
  static const sns::Game game(sns::load_battle_file(SNS_FUZZ_BATTLE), {}, 3);
  return game;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  std::string_view input(reinterpret_cast<const char *>(data), size);
  for (std::string_view skip : {"/", "suggest", "evaluate"})
    if (input.find(skip) != std::string_view::npos) return 0;
  enter_work_folder();
  sns::cli::ServeSession session(first_clash(), "");
  size_t start = 0;
  while (start <= input.size() && !session.over()) {
    size_t end = input.find('\n', start);
    std::string_view line = input.substr(start, end == std::string_view::npos ? end : end - start);
    std::string reply = session.reply(line);
    auto j = nlohmann::json::parse(reply); // a reply is always one JSON object
    if (!j.is_object() || !j.contains("ok") || !j.contains("id") ||
        reply.find('\n') != std::string::npos)
      std::abort();
    if (j.value("kind", "") == "internal") std::abort();
    if (end == std::string_view::npos) break;
    start = end + 1;
  }
  return 0;
}
