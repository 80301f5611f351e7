// fuzz_csv.cpp — libFuzzer target for the CSV trace reader (parse_trace_csv); see fuzz_trace.hpp.
#include "fuzz_trace.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  return alloclab::fuzz::trace_input(data, size, alloclab::parse_trace_csv, alloclab::fuzz::Arrivals::AsWritten);
}
