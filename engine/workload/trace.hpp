// trace.hpp — job traces: CSV files and Standard Workload Format logs (Parallel Workloads Archive).
//
// Parsing works on text already in memory (the CLI reads the file, the page reads an upload),
// so the engine itself never touches the file system.
#pragma once
#include <string>
#include <string_view>
#include <vector>
#include "../core/error.hpp"
#include "../core/geometry.hpp"

namespace alloclab {

struct TraceJob {
  double arrival = 0;   // CSV: as written; SWF: time units from the first kept record's submit time
  Shape shape;          // requested columns × rows
  double runtime = 0;   // actual service time
  double estimate = 0;  // user's runtime estimate (SWF requested time; = runtime if unknown)
};

struct Trace {
  std::vector<TraceJob> jobs;  // in arrival order (stable for equal times)
  long long records = 0;       // data records read
  long long skipped = 0;       // records skipped (cancelled, invalid, too large for the machine)
  long long reshaped = 0;      // SWF: processor counts rounded up to fit a shape (see below)
  // why records were skipped (they add up to `skipped`)
  long long skipped_cancelled = 0;  // SWF status 5
  long long skipped_invalid = 0;    // run time <= 0, processors / sides < 1, negative submit time
  long long skipped_too_large = 0;  // more processors (CSV: a side longer) than the machine has
};

// How an SWF processor count n becomes a request (key swf_shape; the rules are in
// count_shape.hpp):
// - Square: the most-square a×b = n that fits (rounded up when none fits, see trace.cpp); on a
//   3D machine the most cube-like a×b×c = n (exact_shape).
// - Asff: the same shape; validate() then requires strategy=asff (which tries every w×h = n) or
//   a non-contiguous strategy (which only uses n), so the job may take any shape with n
//   processors — the paper's "all shapes" reading of a processor count.
// - Row: a 1-row n×1 request when n <= machine width, else the square rule's shape.
// - Cube: the most cube-like box holding at least n (near_cube_shape), any machine.
// - Pow2: a power-of-two partition (pow2_shape): n rounded up to 2^k, every side a power of
//   two, as the Cray T3D allocated.
// Cube and Pow2 count a job in `reshaped` when its box holds more than n processors.
enum class SwfShape { Square, Asff, Row, Cube, Pow2 };

struct TraceOptions {
  SwfShape shape = SwfShape::Square;
  double time_scale = 1;  // arrival, run and requested times are multiplied by this (CSV and SWF)
  int depth = 1;          // the machine's layers (W×H×D): SWF counts are shaped in 3D when > 1
  // SWF: processors per allocation unit (a node): a count of n processors asks for
  // ceil(n / procs_per_node) nodes (the Cray T3D's nodes hold 2 processors; log_machines.hpp).
  int procs_per_node = 1;
};

// Limits: at most kMaxTraceJobs jobs and kMaxTraceBytes of text.
inline constexpr long long kMaxTraceJobs = 5'000'000;
inline constexpr std::size_t kMaxTraceBytes = std::size_t(512) << 20;

// CSV: a header line naming at least arrival,width,height,runtime (any order, optional
// `estimate`, and `depth` for a 3D machine's boxes, opt.depth layers), then one job per line.
// Errors name the source and line.
Result<Trace> parse_trace_csv(std::string_view text, std::string_view source, int W, int H, const TraceOptions& opt = {});
// SWF (18 whitespace-separated fields; ';' header lines). See trace.cpp for the shape rule.
Result<Trace> parse_trace_swf(std::string_view text, std::string_view source, int W, int H, const TraceOptions& opt = {});
// Chooses by extension (.swf or .swf.gz → SWF, otherwise CSV; the text is already inflated).
Result<Trace> parse_trace(std::string_view text, std::string_view path, int W, int H, const TraceOptions& opt = {});
// True for a .swf / .SWF path, also followed by .gz / .GZ.
bool is_swf_path(std::string_view path);
// The machine an SWF header describes (key swf_size=header): the processor count of
// "; MaxProcs: N" (else "; MaxNodes: N") as the most-square W×H (W ≥ H, sides ≤ 1024).
// Error when the header has neither or N has no such factorisation.
Result<Shape> swf_header_machine(std::string_view text, std::string_view source);

// The most-square a×b (a ≤ b... oriented to fit) with a·b = n that fits a W×H machine, or
// {0,0} if none does.
Shape most_square_shape(long long n, int W, int H);

}  // namespace alloclab
