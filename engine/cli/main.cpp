// main.cpp — the `alloclab` executable: argv → cli_main.
#include <iostream>
#include "cli.hpp"

int main(int argc, char** argv) {
  std::vector<std::string> args(argv + 1, argv + argc);
  return alloclab::cli_main(args, std::cout, std::cerr);
}
