#!/usr/bin/env bash
# The whole test suite: the format and size checks, a normal build with clang-tidy over the engine
# and the command line, and an AddressSanitizer + UndefinedBehaviorSanitizer build, each running
# every Catch2 test and the CLI and app checks through CTest. Both builds treat warnings as errors.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/check-format.sh
# No file in src/ over 800 lines, no function over 80 (issue 30); a fraction of a second.
scripts/check-sizes.sh
scripts/setup.sh build -DSNS_WERROR=ON
scripts/tidy.sh build
(cd build && ctest --output-on-failure -j"$(nproc)")
# At -O1, as AddressSanitizer's own documentation advises: asserts stay on (Debug), and the engine's
# heaviest tests (perft digests, whole games, search) run three to four times faster than at -O0.
scripts/setup.sh build-asan -DSNS_WERROR=ON -DSNS_SANITIZE=ON -DCMAKE_BUILD_TYPE=Debug "-DCMAKE_CXX_FLAGS_DEBUG=-g -O1"
# The soak plays 50 random games a battle here (500 in the normal build above, 2 of them with the
# easy player): ASan is ~10x slower. The long soak is scripts/soak.sh (docs/testing.md "Soak").
(cd build-asan && SNS_SOAK_GAMES=50 ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 ctest --output-on-failure -j"$(nproc)")
