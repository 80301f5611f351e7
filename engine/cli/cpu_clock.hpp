// cpu_clock.hpp — the benchmarks' clock: thread CPU time where the platform has it (so that
// preemption by other processes on a shared machine does not count), else the monotonic clock.
#pragma once
#include "layer.hpp"
#include <chrono>
#include <ctime>

namespace alloclab {

// Thread CPU time in microseconds (monotonic wall clock under emscripten and where absent).
inline double cpu_now_us() {
#if defined(CLOCK_THREAD_CPUTIME_ID) && !defined(__EMSCRIPTEN__)
  timespec ts;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return double(ts.tv_sec) * 1e6 + double(ts.tv_nsec) * 1e-3;
#else
  return std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now().time_since_epoch()).count();
#endif
}

}  // namespace alloclab
