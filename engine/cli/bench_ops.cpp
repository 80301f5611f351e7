// bench_ops.cpp — counted operations per allocation decision against machine size and
// occupancy, for every strategy: the deterministic counterpart of `bench alloc`.
//
// Set-up (fixed, so the table is a pure function of the code): a square mesh of side L (a
// torus for the torus-only strategies) is filled with busy submeshes of sides U[1,4] (mean
// size K = 6.25 nodes, near Srinivasan et al. 2004 Fig. 7's K = 5.75) at random positions until the target
// share of nodes is busy (or random placement stops finding room: the reached share is shown),
// so the number of busy submeshes B grows with the machine. Every strategy is told about the
// state through allocated() (as `place` does) and then asked for the same 40 requests of
// sides U[1,4] (not applied: each sees the same state). The figure is the difference of
// Strategy::ops() across allocate(). The growth exponent is the least-squares slope of
// log(mean ops) against log(L) at the middle occupancy: 2 means work ∝ N = L², 1 ∝ L.
// A strategy's larger machines are skipped (shown "-") once one cell took over 3 s of CPU.
#include "bench_ops.hpp"
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <ctime>
#include <ostream>
#include "../alloc/strategy.hpp"
#include "../core/text.hpp"
#include "../workload/specs.hpp"

namespace alloclab {

namespace {

struct Cell {
  double occ = 0;          // reached busy share
  long long busy = 0;      // busy submeshes B
  double mean = 0, max = 0;
  bool done = false;
};

double cpu_s() { return double(std::clock()) / CLOCKS_PER_SEC; }

}  // namespace

std::vector<Block> fill_busy_submeshes(Occupancy& occ, double target, Rng& rng) {
  const int W = occ.width(), H = occ.height();
  std::vector<Block> blocks;
  long long misses = 0;
  const long long limit = 50LL * W * H;
  while (occ.busy_count() < target * W * H && misses < limit) {
    const Block b{int(rng.below(std::uint64_t(W))), int(rng.below(std::uint64_t(H))), 1 + int(rng.below(4)), 1 + int(rng.below(4))};
    if (!occ.block_free(b)) { ++misses; continue; }
    occ.assign(b, JobId(blocks.size()));
    blocks.push_back(b);
  }
  return blocks;
}

bool parse_strategy_ids(const std::string& list, std::vector<std::string>& only) {
  bool ok = true;
  const std::size_t n0 = only.size();
  for (const std::string& id : split_on(list, ',')) {
    ok = ok && find_strategy(id) != nullptr;
    only.push_back(id);
  }
  return ok && only.size() > n0;
}

int bench_ops(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  bool csv = false;
  int max_side = 512;
  std::vector<std::string> only;
  for (const std::string& a : args) {
    if (a == "csv") csv = true;
    else if (a.rfind("max=", 0) == 0) {
      long long v;
      if (!parse_int64(std::string_view(a).substr(4), v) || v < 16 || v > 1024) {
        err << "alloclab: bench ops: max: '" << a.substr(4) << "' is not valid; allowed: 16..1024\n";
        return 2;
      }
      max_side = int(v);
    } else if (a.rfind("strategy=", 0) == 0) {
      for (const std::string& id : split_on(a.substr(9), ',')) {
        if (!find_strategy(id)) { err << "alloclab: bench ops: strategy: unknown '" << id << "'\n"; return 2; }
        only.push_back(id);
      }
    } else {
      err << "alloclab: bench ops: '" << a << "' is not valid; allowed: csv, max=SIDE (16..1024), strategy=ID,ID...\n";
      return 2;
    }
  }
  std::vector<int> sides;
  for (int L = 16; L <= max_side; L *= 2) sides.push_back(L);
  const double occs[] = {0.25, 0.5, 0.75};
  constexpr int kRequests = 40;
  constexpr double kBudget = 3;  // CPU seconds per cell before larger sides are skipped
  char line[512];
  if (csv) out << "strategy,topology,target_occupancy,side,occupancy,busy_submeshes,mean_ops,max_ops\n";
  else {
    out << "bench ops: counted operations per decision, mean / max over " << kRequests
        << " requests (sides U[1,4]) on a busy state of submeshes with sides U[1,4];\n"
           "growth exponent = log-log slope of mean ops vs side L at 50% (2: work ~ N = L^2)\n";
    std::string head = "  strategy    occ ";
    for (int L : sides) {
      std::snprintf(line, sizeof line, " %15d", L);
      head += line;
    }
    out << head << "   exponent\n";
  }
  for (const StrategyInfo& si : strategies()) {
    if (!only.empty() && std::find(only.begin(), only.end(), std::string(si.id)) == only.end()) continue;
    const bool torus = !strategy_unsupported(si, Topology(TopologyKind::Torus, 16, 16)).empty() ? false
                       : !strategy_unsupported(si, Topology(TopologyKind::Mesh, 16, 16)).empty();
    const TopologyKind kind = torus ? TopologyKind::Torus : TopologyKind::Mesh;
    std::vector<std::vector<Cell>> cells(std::size(occs), std::vector<Cell>(sides.size()));
    bool over = false;
    for (std::size_t k = 0; k < sides.size() && !over; ++k) {
      const int L = sides[k];
      const Topology t(kind, L, L);
      if (!strategy_unsupported(si, t).empty()) continue;
      for (std::size_t o = 0; o < std::size(occs); ++o) {
        const double c0 = cpu_s();
        Rng rng(derive_seed(2026, std::uint64_t(L) * 10 + o));
        Occupancy occ(t);
        const std::vector<Block> blocks = fill_busy_submeshes(occ, occs[o], rng);
        auto strat = si.make(t, StrategyParams{});
        for (std::size_t b = 0; b < blocks.size(); ++b) strat->allocated(JobId(b), Allocation{{blocks[b]}});
        Rng arng(7);
        double sum = 0, mx = 0;
        for (int i = 0; i < kRequests; ++i) {
          const Shape s{1 + int(rng.below(4)), 1 + int(rng.below(4))};
          const Ops before = strat->ops();
          (void)strat->allocate(Request{JobId(1 << 30), s}, occ, arng);
          const double d = double(strat->ops() - before);
          sum += d;
          mx = std::max(mx, d);
        }
        Cell& c = cells[o][k];
        c = Cell{double(occ.busy_count()) / double(t.nodes()), (long long)blocks.size(), sum / kRequests, mx, true};
        if (csv) {
          std::snprintf(line, sizeof line, "%s,%s,%g,%d,%.4f,%lld,%s,%s\n", std::string(si.id).c_str(), torus ? "torus" : "mesh",
                        occs[o], L, c.occ, c.busy, format_number(c.mean).c_str(), format_number(c.max).c_str());
          out << line;
        }
        if (cpu_s() - c0 > kBudget) over = true;
      }
    }
    if (csv) continue;
    // exponent at 50%
    double sx = 0, sy = 0, sxx = 0, sxy = 0;
    int n = 0;
    for (std::size_t k = 0; k < sides.size(); ++k) {
      const Cell& c = cells[1][k];
      if (!c.done || c.mean <= 0) continue;
      const double x = std::log(double(sides[k])), y = std::log(c.mean);
      sx += x, sy += y, sxx += x * x, sxy += x * y, ++n;
    }
    const double slope = n >= 2 ? (n * sxy - sx * sy) / (n * sxx - sx * sx) : NAN;
    for (std::size_t o = 0; o < std::size(occs); ++o) {
      std::snprintf(line, sizeof line, "  %-10s %3d%%", o == 0 ? std::string(si.id).c_str() : "", int(occs[o] * 100));
      std::string row = line;
      for (std::size_t k = 0; k < sides.size(); ++k) {
        const Cell& c = cells[o][k];
        if (!c.done) std::snprintf(line, sizeof line, " %15s", "-");
        else {
          char cell[64];
          std::snprintf(cell, sizeof cell, "%.4g/%.4g", c.mean, c.max);
          std::snprintf(line, sizeof line, " %15s", cell);
        }
        row += line;
      }
      if (o == 1) {
        std::snprintf(line, sizeof line, "   %8.2f", slope);
        row += line;
      }
      out << row << (torus && o == 0 ? "   (torus)" : "") << "\n";
    }
  }
  return 0;
}

}  // namespace alloclab
