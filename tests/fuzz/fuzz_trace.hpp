// fuzz_trace.hpp — shared by the CSV and SWF trace fuzz targets: the first two bytes choose the
// machine (W, H in 1..1024, small sides more often), the rest is the trace text; a trace that
// parses must satisfy the reader's documented postconditions: jobs sorted by arrival, arrivals
// counted from the first record for SWF (the first arrives at 0) and as written for CSV (>= 0).
#pragma once
#include <cstddef>
#include <cstdint>
#include <string_view>
#include "core/check.hpp"
#include "workload/trace.hpp"

namespace alloclab::fuzz {

inline int side(std::uint8_t b) { return b < 128 ? 1 + b % 64 : 1 + (b - 128) * 8; }  // 1..64, or 1..1017

enum class Arrivals { FromFirst, AsWritten };

template <class Parse>
int trace_input(const std::uint8_t* data, std::size_t size, Parse parse, Arrivals arrivals) {
  if (size < 2) return 0;
  const int W = side(data[0]), H = side(data[1]);
  const std::string_view text(reinterpret_cast<const char*>(data + 2), size - 2);
  auto t = parse(text, "fuzz", W, H, TraceOptions{});
  if (!t) {
    ALLOCLAB_CHECK(!t.error().message.empty(), "empty error message");
    return 0;
  }
  ALLOCLAB_CHECK(t->records == (long long)t->jobs.size() + t->skipped, "records %lld != jobs %zu + skipped %lld",
                 t->records, t->jobs.size(), t->skipped);
  ALLOCLAB_CHECK((long long)t->jobs.size() <= kMaxTraceJobs, "more jobs than the limit");
  double prev = 0;
  for (std::size_t i = 0; i < t->jobs.size(); ++i) {
    const TraceJob& j = t->jobs[i];
    ALLOCLAB_CHECK(j.shape.w >= 1 && j.shape.h >= 1 && j.shape.w <= W && j.shape.h <= H,
                   "job %zu: shape %dx%d does not fit %dx%d", i, j.shape.w, j.shape.h, W, H);
    ALLOCLAB_CHECK(j.arrival >= prev, "job %zu: arrival %g after %g", i, j.arrival, prev);
    ALLOCLAB_CHECK(i > 0 || arrivals == Arrivals::AsWritten || j.arrival == 0, "first SWF job arrives at %g, not 0", j.arrival);
    ALLOCLAB_CHECK(j.runtime > 0 && j.estimate > 0, "job %zu: runtime %g estimate %g", i, j.runtime, j.estimate);
    prev = j.arrival;
  }
  return 0;
}

}  // namespace alloclab::fuzz
