// The checkout's path, given by CMake to this file alone (see source_dir.hpp).
#include "source_dir.hpp"

const char *sns_test_source_dir() { return SNS_SOURCE_DIR_PATH; }
