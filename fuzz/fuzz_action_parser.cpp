// libFuzzer target: any action text against the teaching battle's opening is parsed, then judged or
// refused.
#include "sns/error.hpp"
#include "sns/game.hpp"
#include "sns/json_io.hpp"

#include <cstdint>
#include <string>

#ifndef SNS_FUZZ_BATTLE
#define SNS_FUZZ_BATTLE "battles/first-clash.json"
#endif

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  static sns::Game game(sns::load_battle_file(SNS_FUZZ_BATTLE), sns::Options{}, 1);
  std::string text(reinterpret_cast<const char *>(data), size);
  try {
    sns::Action a =
        sns::action_from_json(game.battle(), sns::parse_json_text(text, "action"), "action");
    sns::GameState copy = game.state();
    (void)sns::apply(game.setup(), copy, a);
  } catch (const sns::LoadError &) {
  }
  return 0;
}
