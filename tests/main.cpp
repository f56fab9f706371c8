// Catch2 entry point for the engine test suite.
#define CATCH_CONFIG_MAIN
#include <catch2/catch.hpp>
