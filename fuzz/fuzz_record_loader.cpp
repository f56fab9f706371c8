// libFuzzer target: game records (battle + actions, replayed) are refused cleanly or replay.
#include "sns/error.hpp"
#include "sns/game.hpp"
#include "sns/json_io.hpp"

#include <cstdint>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  std::string text(reinterpret_cast<const char *>(data), size);
  try {
    sns::Game game = sns::Game::from_record(sns::parse_json_text(text, "fuzz.json"), "fuzz.json");
    (void)sns::legal_actions(game.setup(), game.state());
  } catch (const sns::LoadError &) {
  }
  return 0;
}
