// shields-swords-cli: the engine behind a command line, JSON in and out (docs/cli.md). The
// commands live in the sns_cli library (cli.hpp); this only hands it the process's arguments.
#include "cli.hpp"

#include <iostream>

int main(int argc, char **argv) {
  std::vector<std::string> args(argv, argv + argc);
  int code = sns::cli::run_cli(args, std::cout, std::cerr);
  std::cout.flush();
  return code;
}
