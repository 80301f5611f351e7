// bench_net.cpp — all-to-all drains on 16×16 and 8×8×4 (the same 256 nodes in 3D) meshes and
// tori; reports flit-hops per second.
// Two ways to send the same packets: all at once (a backlog of 255 packets per source queue,
// the heavy case), and in 255 waves (shift k sent and drained before k + 1, deliveries taken
// after each, as a simulation does), which keeps a few packets per node in the network. Then
// the 3D rates against the 2D ones, per flit-hop and per switch move: a flit crosses a switch
// hops + 1 times (out of its source queue and each router after, the last time into ejection),
// so on the same all-to-all a 3D flit, with fewer hops, spreads its injection and ejection over
// fewer flit-hops; the last line gives the 3D share that an equal cost per move would allow.
// Each case runs `repeat` times and the fastest run is reported, by wall-clock time and by the
// process's CPU time (which a busy machine disturbs less).
#include "bench_net.hpp"
#include <chrono>
#include <cstdio>
#include <ctime>
#include "network.hpp"

namespace alloclab {
namespace {

struct Case {
  const char* name;
  TopologyKind kind;
  int w, h, d;
};
constexpr Case kCases[] = {{"mesh 16x16", TopologyKind::Mesh, 16, 16, 1},
                           {"torus 16x16", TopologyKind::Torus, 16, 16, 1},
                           {"mesh 8x8x4", TopologyKind::Mesh, 8, 8, 4},
                           {"torus 8x8x4", TopologyKind::Torus, 8, 8, 4}};

struct Drain {
  double wall = 1e300, cpu = 1e300;  // the fastest run's seconds
  NetStats st;
  std::int64_t cycles = 0;
  double rate() const { return double(st.flit_hops) / cpu; }                         // flit-hops per CPU second
  double moves() const { return double(st.flit_hops + st.flits_ejected) / cpu; }     // switch crossings per CPU second
  double hops_per_flit() const { return double(st.flit_hops) / double(st.flits_ejected); }
};

// The all-to-all on `c`, shifted order (source s sends to s+1, s+2, …: no hot spot); waves:
// each shift drained before the next.
Drain drain(const Case& c, int repeat, bool waves) {
  const Topology topo(c.kind, c.w, c.h, c.d);
  Drain out;
  for (int r = 0; r < (repeat < 1 ? 1 : repeat); ++r) {
    Network net(topo, NetConfig{8, 1, 3});
    const auto w0 = std::chrono::steady_clock::now();
    const std::clock_t c0 = std::clock();
    const int n = topo.nodes();
    if (waves) {
      for (int k = 1; k < n; ++k) {
        for (int s = 0; s < n; ++s) net.inject(s, (s + k) % n, s);
        while (!net.idle()) net.step();
        net.take_delivered();
      }
    } else {
      for (int s = 0; s < n; ++s)
        for (int k = 1; k < n; ++k) net.inject(s, (s + k) % n, s);
      while (!net.idle()) net.step();
    }
    const double cpu = double(std::clock() - c0) / CLOCKS_PER_SEC;
    const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - w0).count();
    if (wall < out.wall) out.wall = wall;
    if (cpu > 0 && cpu < out.cpu) out.cpu = cpu;
    out.st = net.stats();
    out.cycles = net.cycle();
  }
  if (out.cpu > 1e299) out.cpu = out.wall;  // a clock too coarse for the run
  return out;
}

void print(std::string& out, const Case& c, const Drain& r) {
  char line[320];
  std::snprintf(line, sizeof line,
                "  %-12s %6.1f M flit-hops/s wall, %6.1f M/s cpu  (%llu flit-hops, %llu packets, %lld cycles, "
                "mean latency %.0f + queueing %.0f, %.3f s)\n",
                c.name, double(r.st.flit_hops) / r.wall * 1e-6, r.rate() * 1e-6, (unsigned long long)r.st.flit_hops,
                (unsigned long long)r.st.packets_delivered, (long long)r.cycles, r.st.mean_latency, r.st.mean_queueing, r.wall);
  out += line;
}

}  // namespace

std::string bench_net(int repeat) {
  std::string out =
      "bench net: all-to-all drain (shifted order), 8-flit packets, 1-flit buffers, routing delay 3, refill flow control\n";
  Drain all[2][4];
  for (int k = 0; k < 4; ++k) {
    all[0][k] = drain(kCases[k], repeat, false);
    print(out, kCases[k], all[0][k]);
  }
  out += "the same packets in 255 waves (shift k sent and drained before k + 1, deliveries taken after each)\n";
  for (int k = 0; k < 4; ++k) {
    all[1][k] = drain(kCases[k], repeat, true);
    print(out, kCases[k], all[1][k]);
  }
  out += "3D against 2D (cpu rates; a flit crosses a switch hops + 1 times):\n";
  for (int w = 0; w < 2; ++w)
    for (int m = 0; m < 2; ++m) {  // mesh, torus: case m in 2D, m + 2 in 3D
      const Drain &a = all[w][m], &b = all[w][m + 2];
      const double ha = a.hops_per_flit(), hb = b.hops_per_flit();
      char line[320];
      std::snprintf(line, sizeof line,
                    "  %-6s %-8s flit-hops/s %3.0f%%, switch moves/s %3.0f%%; hops per flit %.1f against %.1f: at an "
                    "equal cost per move %3.0f%%\n",
                    m == 0 ? "mesh" : "torus", w == 0 ? "drain" : "waves", 100.0 * b.rate() / a.rate(),
                    100.0 * b.moves() / a.moves(), hb, ha, 100.0 * (ha + 1) / ha * hb / (hb + 1));
      out += line;
    }
  return out;
}

}  // namespace alloclab
