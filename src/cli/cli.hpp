// The command line as a library (sns_cli): run_cli is main() without the process, so a test or a
// fuzz target runs every command in-process (docs/cli.md).
#pragma once
#include <istream>
#include <ostream>
#include <string>
#include <vector>

namespace sns::cli {

// Runs one command line. args[0] is the program's path (it finds the data beside the installed
// program); JSON results go to `out`, one JSON error to `err`. Returns the exit code (docs/cli.md).
// `serve` reads its requests from `in` (standard input when null).
int run_cli(const std::vector<std::string> &args, std::ostream &out, std::ostream &err,
            std::istream *in = nullptr);

} // namespace sns::cli
