// fuzz_busy.cpp — libFuzzer target for the `alloclab place` busy list. Bytes 0..5 choose the
// machine (bit 0 of byte 0: torus; W, H in 1..32), the strategy (index into the registry) and
// the job PxQ; the rest is the busy text. parse_busy's blocks must fit the machine; then the
// whole `place` command runs (any strategy, arbitrary busy blocks) and must either answer
// with JSON or refuse with exit status 2 and one message line.
#include <cstddef>
#include <cstdint>
#include <sstream>
#include <string>
#include "alloc/strategy.hpp"
#include "cli/busy.hpp"
#include "cli/cli.hpp"
#include "core/check.hpp"

using namespace alloclab;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size < 6) return 0;
  const bool torus = data[0] & 1;
  const int W = 1 + data[1] % 32, H = 1 + data[2] % 32;
  const auto strats = strategies();
  const StrategyInfo& si = strats[data[3] % strats.size()];
  const int P = 1 + data[4] % 32, Q = 1 + data[5] % 32;
  const std::string busy(reinterpret_cast<const char*>(data + 6), size - 6);
  const Topology t(torus ? TopologyKind::Torus : TopologyKind::Mesh, W, H);
  auto blocks = parse_busy(busy, t);
  if (blocks)
    for (const Block& b : *blocks)
      ALLOCLAB_CHECK(t.block_fits(b), "parse_busy gave block (%d,%d) %dx%d outside %dx%d", b.x, b.y, b.w, b.h, W, H);
  if (busy.find('\0') != std::string::npos) return 0;  // argv words cannot hold NUL
  std::ostringstream out, err;
  const int rc = cli_main({"place", std::string("topology=") + (torus ? "torus" : "mesh"),
                           "size=" + std::to_string(W) + "x" + std::to_string(H), "strategy=" + std::string(si.id),
                           "busy=" + busy, "job=" + std::to_string(P) + "x" + std::to_string(Q)},
                          out, err);
  ALLOCLAB_CHECK(rc == 0 || rc == 2, "place returned %d", rc);
  ALLOCLAB_CHECK(rc == 0 ? !out.str().empty() && err.str().empty() : out.str().empty() && !err.str().empty(),
                 "place %d: out '%s' err '%s'", rc, out.str().c_str(), err.str().c_str());
  return 0;
}
