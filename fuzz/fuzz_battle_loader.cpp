// libFuzzer target: the battle loader must refuse any input with LoadError, never crash.
#include "sns/battle.hpp"
#include "sns/error.hpp"
#include "sns/json_io.hpp"

#include <cstdint>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  std::string text(reinterpret_cast<const char *>(data), size);
  try {
    auto battle = sns::load_battle(sns::parse_json_text(text, "fuzz.json"), "fuzz.json");
    (void)battle;
  } catch (const sns::LoadError &) {
  }
  return 0;
}
