// fuzz_swf.cpp — libFuzzer target for the SWF trace reader (parse_trace_swf); see fuzz_trace.hpp.
#include "fuzz_trace.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  return alloclab::fuzz::trace_input(data, size, alloclab::parse_trace_swf, alloclab::fuzz::Arrivals::FromFirst);
}
