// cli_harness.hpp — runs the CLI in-process (cli_main) and captures exit code, stdout, stderr.
#pragma once
#include <sstream>
#include <string>
#include <vector>
#include "cli/cli.hpp"

namespace alloclab::test {

struct CliOut {
  int code;
  std::string out, err;
};

inline CliOut cli(std::vector<std::string> args) {
  std::ostringstream o, e;
  const int c = cli_main(args, o, e);
  return {c, o.str(), e.str()};
}

}  // namespace alloclab::test
