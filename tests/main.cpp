// Catch2 entry point for the engine test suite, and the one check of the suite's own test names.
#define CATCH_CONFIG_MAIN
#include <catch2/catch.hpp>

#include <string>

// Catch2 2.13's console reporter, printing a failed test's name, indents its wrapped lines to
// just after the name's first ": "; when that falls past the console's width it never finishes
// the line and writes without end (one such failure filled this machine's disk). A name must
// therefore keep its first ": " well inside the width, so that a failure is reported, not a hang.
TEST_CASE("every test name keeps its first colon within the console width Catch2 wraps at",
          "[suite]") {
  const auto &config = *Catch::getCurrentContext().getConfig();
  // It hangs once the colon + 2 reaches the width less one; a few columns spare for indents.
  constexpr size_t kLastSafeColon = CATCH_CONFIG_CONSOLE_WIDTH - 8;
  for (const Catch::TestCase &test : Catch::getAllTestCasesSorted(config)) {
    size_t colon = test.name.find(": ");
    INFO(test.name);
    CHECK((colon == std::string::npos || colon <= kLastSafeColon));
  }
}
