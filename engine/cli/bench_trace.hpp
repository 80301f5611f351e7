// bench_trace.hpp — `alloclab bench trace`: how fast the CSV and SWF readers turn text into a
// trace (MB/s), on generated text of a fixed shape and, with file=PATH, on a real log.
#pragma once
#include "layer.hpp"
#include <iosfwd>
#include <string>
#include <vector>

namespace alloclab {

// words: jobs=N (default 100000), repeats=R (best of R, default 5), file=PATH (also time that
// trace: reading and inflating it, then parsing). Prints one line per reader with MB/s and a
// hash of the parsed jobs (equal hashes = the same trace).
int bench_trace(const std::vector<std::string>& words, std::ostream& out, std::ostream& err);

}  // namespace alloclab
