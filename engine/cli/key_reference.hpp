// key_reference.hpp — the parameter table as a reference: the "keys:" part of `alloclab --help`
// and docs/guide/keys.md (`alloclab help keys --markdown`), both written by one walk over
// params(), so the committed page and the help cannot say different things.
#pragma once
#include "layer.hpp"
#include <iosfwd>
#include <string>
#include <vector>

namespace alloclab {

// Every key with its help, allowed values and default, as `alloclab --help` lists them.
void print_keys_text(std::ostream& out);
// The same rows as a Markdown page: one table per Setup panel, then each registry key's
// choices with their one-line help (strategies, schedulers, patterns, ...).
void print_keys_markdown(std::ostream& out);
// `alloclab help keys [--markdown [--check FILE]]`: prints the reference; with --check, compares
// FILE with the Markdown page instead and returns 1 (naming the file) when they differ.
int cmd_help_keys(const std::vector<std::string>& words, std::ostream& out, std::ostream& err);

}  // namespace alloclab
