// cli.hpp — the `alloclab` command line (docs/guide/cli.md). The only engine-side code that
// touches files, stdout and stderr. main() is a thin wrapper so tests can call cli_main directly.
#pragma once
#include "layer.hpp"
#include <iosfwd>
#include <span>
#include <string>
#include <string_view>
#include <vector>
#include "../core/error.hpp"

namespace alloclab {

// One command of the CLI (or one subcommand of `bench`): cli_main dispatches on `name`, `--help`
// prints `alloclab NAME USAGE` and the summary of every row, and an unknown name is refused
// listing every row's name.
struct CliCommand {
  std::string_view name;     // "" only for bench's default row (bench with no subcommand)
  std::string_view usage;    // the arguments after the name, as --help shows them
  std::string_view summary;  // one line
  int (*run)(const std::vector<std::string>& words, std::ostream& out, std::ostream& err);
  std::span<const CliCommand> (*subcommands)() = nullptr;  // bench: its subcommands' table
};

// The commands, in the order --help lists them, and bench's subcommands.
std::span<const CliCommand> cli_commands();
std::span<const CliCommand> bench_commands();

// Runs the CLI with argv[1..]; writes to out/err; returns the exit status (0 ok, 2 bad input).
int cli_main(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

// A trace file's text: the file's bytes, inflated when they are gzip data (gzip.hpp). Errors
// name the file: unreadable, over the trace limit, a .gz name without gzip data, or
// truncated/corrupt gzip data.
Result<std::string> read_trace_file(const std::string& path);

}  // namespace alloclab
