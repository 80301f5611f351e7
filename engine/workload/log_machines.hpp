// log_machines.hpp — the machines real workload logs come from: one row per machine alloclab
// knows, with the log it ships (assets/traces/), how an SWF header names the machine, and the
// machine's real geometry. The trace loader uses it for swf_size=header (a known machine's log
// replays on its real mesh or torus, not on the most-square factorisation of MaxProcs) and to
// refuse a 3D machine's log on a 2D machine (key swf_3d); the page lists the shipped logs from it.
#pragma once
#include <span>
#include <string_view>
#include "../core/geometry.hpp"

namespace alloclab {

struct LogMachine {
  std::string_view id;       // short name ("sdsc-paragon-1996")
  std::string_view file;     // the shipped log, relative to assets/traces/
  std::string_view title;    // what the page lists: the log and its machine
  std::string_view machine;  // the machine's geometry in words
  std::string_view header_a, header_b;  // an SWF header names the machine when it contains both
  int dimensions = 2;        // 2: a 2D machine; 3: a 3D one (its log is refused on a 2D machine)
  Shape sides;               // columns × rows (× layers) of allocation units (nodes)
  bool torus = false;        // the machine wraps in every dimension (else a mesh)
  int procs_per_node = 1;    // the log counts processors; a node (one machine position) holds this many
  long long jobs = 0;        // data records in the shipped file
  std::string_view source;   // where the geometry and the log come from
};

// Every known machine, in the order the page lists them.
std::span<const LogMachine> log_machines();

// The machine an SWF log's header (its ';' lines before the first record) names, or nullptr.
const LogMachine* find_log_machine(std::string_view swf_text);

}  // namespace alloclab
