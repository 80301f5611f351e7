// cli.hpp — the `alloclab` command line (docs/guide/cli.md). The only engine-side code that
// touches files, stdout and stderr. main() is a thin wrapper so tests can call cli_main directly.
#pragma once
#include "layer.hpp"
#include <iosfwd>
#include <string>
#include <vector>
#include "../core/error.hpp"

namespace alloclab {

// Runs the CLI with argv[1..]; writes to out/err; returns the exit status (0 ok, 2 bad input).
int cli_main(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

// A trace file's text: the file's bytes, inflated when they are gzip data (gzip.hpp). Errors
// name the file: unreadable, over the trace limit, a .gz name without gzip data, or
// truncated/corrupt gzip data.
Result<std::string> read_trace_file(const std::string& path);

}  // namespace alloclab
