// bench_alloc.cpp — decision-time benchmark for allocation strategies.
//
// For each machine (64×64, 256×256 mesh) and occupancy (50%, 80%) a busy state is built by
// placing random blocks (sides 1..L/8) first-fit at random positions until the target share of
// nodes is busy. Every strategy is told about the state through allocated() (as `place` does)
// and then timed on the same 400 requests (sides uniform 1..L/8, a random job mix: some fit,
// some do not); the decision is not applied, so every request sees the same state. Times are
// thread CPU time natively. The naive reference counts the busy nodes of every window —
// O(W·H·p·q) — on the first 20 requests (5 with `quick`).
// `strategy=IDS` times only those strategies (no naive row), `cell=LxL-P` only that column
// (the others print "-"), `repeats=R` runs the requests R times (percentiles over all R·400):
// for profiling and for steadier tails of one strategy.
//
// `bench alloc3d` does the same for the strategies defined in 3D on 16×16×16 and 32×32×32
// meshes at 50% and 80% occupancy (busy boxes and requests with sides 1..L/8 per dimension).
#include "bench_alloc.hpp"
#include "bench_ops.hpp"
#include "cpu_clock.hpp"
#include <algorithm>
#include <chrono>
#include <ctime>
#include <cstdio>
#include <ostream>
#include <vector>
#include "../alloc/strategy.hpp"
#include "../core/text.hpp"
#include "../workload/specs.hpp"

namespace alloclab {

namespace {

struct State {
  Occupancy occ;
  std::vector<Block> blocks;
};

State make_state(int L, double target, Rng& rng) {
  State s{Occupancy(Topology(TopologyKind::Mesh, L, L)), {}};
  const int maxs = std::max(1, L / 8);
  int misses = 0;
  while (s.occ.busy_count() < target * L * L && misses < 100000) {
    const Block b{int(rng.below(std::uint64_t(L))), int(rng.below(std::uint64_t(L))), 1 + int(rng.below(std::uint64_t(maxs))),
                  1 + int(rng.below(std::uint64_t(maxs)))};
    if (!s.occ.block_free(b)) { ++misses; continue; }
    s.occ.assign(b, JobId(s.blocks.size()));
    s.blocks.push_back(b);
  }
  return s;
}

// A 3D state: random boxes (sides 1..L/8) at random positions until `target` of the L³ nodes
// are busy.
State make_state_3d(int L, double target, Rng& rng) {
  State s{Occupancy(Topology(TopologyKind::Mesh, L, L, L)), {}};
  const int maxs = std::max(1, L / 8);
  const long long n = (long long)L * L * L;
  int misses = 0;
  while (s.occ.busy_count() < target * double(n) && misses < 100000) {
    const int x = int(rng.below(std::uint64_t(L))), y = int(rng.below(std::uint64_t(L))), z = int(rng.below(std::uint64_t(L)));
    const int w = 1 + int(rng.below(std::uint64_t(maxs))), h = 1 + int(rng.below(std::uint64_t(maxs)));
    const Block b{x, y, w, h, z, 1 + int(rng.below(std::uint64_t(maxs)))};
    if (!s.occ.block_free(b)) { ++misses; continue; }
    s.occ.assign(b, JobId(s.blocks.size()));
    s.blocks.push_back(b);
  }
  return s;
}

// The naive reference: count the busy nodes of every p×q window at every base, with no early
// exit and no incremental structure — the O(W·H·p·q) rescan that alloclab's structures avoid.
// Returns the first free base.
bool naive_scan(const Occupancy& occ, Shape sh, Block& out) {
  const int W = occ.width(), H = occ.height();
  bool found = false;
  for (int y = 0; y + sh.h <= H; ++y)
    for (int x = 0; x + sh.w <= W; ++x) {
      int busy = 0;
      for (int j = 0; j < sh.h; ++j)
        for (int i = 0; i < sh.w; ++i) busy += !occ.is_free(x + i, y + j);
      if (busy == 0 && !found) { out = Block{x, y, sh.w, sh.h}; found = true; }
    }
  return found;
}

double now_us() { return cpu_now_us(); }

struct Pct {
  double p50, p99;
};
Pct percentiles(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  auto at = [&](double q) { return v[std::min(v.size() - 1, std::size_t(q * double(v.size())))]; };
  return {at(0.5), at(0.99)};
}

// One strategy told about the state's blocks, then timed on every request (`repeats` times).
Pct time_strategy(const StrategyInfo& si, const State& st, const std::vector<Shape>& reqs, long long repeats) {
  auto strat = si.make(st.occ.topology(), StrategyParams{});
  for (std::size_t b = 0; b < st.blocks.size(); ++b) strat->allocated(JobId(b), Allocation{{st.blocks[b]}});
  Rng rng(7);
  std::vector<double> us;
  for (long long r = 0; r < repeats; ++r)
    for (const Shape& s : reqs) {
      const double t0 = now_us();
      auto a = strat->allocate(Request{JobId(1 << 30), s}, st.occ, rng);
      us.push_back(now_us() - t0);
      (void)a;
    }
  return percentiles(us);
}

// bench alloc's and alloc3d's arguments: quick, repeats=R, strategy=ID[,ID...], cell=NAME.
struct BenchArgs {
  bool quick = false;
  long long repeats = 1;
  std::vector<std::string> only;  // strategy=: these only (empty: all)
  int only_cell = -1;             // cell=: this cell only (-1: all)
  int requests() const { return quick ? 60 : 400; }  // per cell
};

// One line per strategy that `keep` accepts (and b.only names, when given): its id in a column
// `id_width` wide, then p50 / p99 in each cell it runs on ("-" where it is refused or another
// cell was asked for).
template <class Keep>
void print_rows(std::ostream& out, const std::vector<State>& states, const std::vector<std::vector<Shape>>& reqs,
                const BenchArgs& b, int id_width, Keep&& keep) {
  char line[256];
  const auto& only = b.only;
  for (const StrategyInfo& si : strategies()) {
    if (!keep(si) || (!only.empty() && std::find(only.begin(), only.end(), si.id) == only.end())) continue;
    std::string row;
    for (std::size_t k = 0; k < states.size(); ++k) {
      const Topology& t = states[k].occ.topology();
      if (!strategy_unsupported(si, t).empty() || (b.only_cell >= 0 && int(k) != b.only_cell)) {
        row += "                  -";
        continue;
      }
      const Pct p = time_strategy(si, states[k], reqs[k], b.repeats);
      char cell[64];
      std::snprintf(cell, sizeof cell, " %9.1f / %7.1f", p.p50, p.p99);
      row += cell;
    }
    std::snprintf(line, sizeof line, "  %-*s%s\n", id_width, std::string(si.id).c_str(), row.c_str());
    out << line;
  }
}

// Parses bench alloc's and alloc3d's shared arguments into `b`; false after a message on `err`.
bool parse_bench_args(const std::vector<std::string>& args, const char* const* cells, int ncells, const char* name, BenchArgs& b,
                      std::ostream& err) {
  for (const std::string& a : args) {
    if (a == "quick") { b.quick = true; continue; }
    if (a.rfind("repeats=", 0) == 0 && parse_int64(a.substr(8), b.repeats) && b.repeats >= 1 && b.repeats <= 1000) continue;
    if (a.rfind("strategy=", 0) == 0 && parse_strategy_ids(a.substr(9), b.only)) continue;
    if (a.rfind("cell=", 0) == 0) {
      for (int k = 0; k < ncells; ++k)
        if (a.substr(5) == cells[k]) b.only_cell = k;
      if (b.only_cell >= 0) continue;
    }
    std::string allowed;
    for (int k = 0; k < ncells; ++k) allowed += (k ? "|" : "") + std::string(cells[k]);
    err << "alloclab: bench " << name << ": '" << a.substr(0, 64)
        << "' is not valid; allowed: quick, repeats=R (1..1000), strategy=ID[,ID...] (alloclab list), cell=" << allowed << "\n";
    return false;
  }
  return true;
}

}  // namespace

int bench_alloc(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  const char* const cell_names[] = {"64x64-50", "64x64-80", "256x256-50", "256x256-80"};
  BenchArgs b;
  if (!parse_bench_args(args, cell_names, 4, "alloc", b, err)) return 2;
  const int nreq = b.requests();
  char line[256];
  out << "bench alloc: decision time in microseconds (p50 / p99), " << nreq << " requests per cell\n";
  std::snprintf(line, sizeof line, "  %-10s %19s %19s %19s %19s\n", "strategy", "64x64 50%", "64x64 80%", "256x256 50%",
                "256x256 80%");
  out << line;
  struct Cell {
    int L;
    double occ;
  };
  const Cell cells[] = {{64, 0.5}, {64, 0.8}, {256, 0.5}, {256, 0.8}};
  std::vector<State> states;
  std::vector<std::vector<Shape>> reqs;
  for (const Cell& c : cells) {
    Rng rng(derive_seed(2024, std::uint64_t(c.L * 10 + int(c.occ * 10))));
    states.push_back(make_state(c.L, c.occ, rng));
    std::vector<Shape> r;
    for (int i = 0; i < nreq; ++i)
      r.push_back(Shape{1 + int(rng.below(std::uint64_t(c.L / 8))), 1 + int(rng.below(std::uint64_t(c.L / 8)))});
    reqs.push_back(r);
  }
  long long sink = 0;  // keeps the optimizer from dropping the naive scan
  print_rows(out, states, reqs, b, 10, [](const StrategyInfo&) { return true; });
  if (!b.only.empty()) return 0;
  std::string row;
  for (std::size_t k = 0; k < 4; ++k) {
    std::vector<double> us;
    const std::size_t n = std::min<std::size_t>(reqs[k].size(), b.quick ? 5 : 20);
    for (std::size_t i = 0; i < n; ++i) {
      Block b;
      const double t0 = now_us();
      sink += naive_scan(states[k].occ, reqs[k][i], b) ? b.x + 1 : 0;
      us.push_back(now_us() - t0);
    }
    const Pct p = percentiles(us);
    char cell[64];
    std::snprintf(cell, sizeof cell, " %9.1f / %7.1f", p.p50, p.p99);
    row += cell;
  }
  std::snprintf(line, sizeof line, "  %-10s%s\n", "naive", row.c_str());
  out << line;
  if (sink == -1) out << "";
  return 0;
}

int bench_alloc3d(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  const char* const cell_names[] = {"16x16x16-50", "16x16x16-80", "32x32x32-50", "32x32x32-80"};
  BenchArgs b;
  if (!parse_bench_args(args, cell_names, 4, "alloc3d", b, err)) return 2;
  const int nreq = b.requests();
  char line[256];
  out << "bench alloc3d: decision time in microseconds (p50 / p99) on 3D meshes, " << nreq << " requests per cell\n";
  constexpr int kIdWidth = 13;  // the longest 3D ids (curve-hilbert)
  std::snprintf(line, sizeof line, "  %-*s %19s %19s %19s %19s\n", kIdWidth, "strategy", "16^3 50%", "16^3 80%", "32^3 50%", "32^3 80%");
  out << line;
  const int sides[] = {16, 16, 32, 32};
  const double occs[] = {0.5, 0.8, 0.5, 0.8};
  std::vector<State> states;
  std::vector<std::vector<Shape>> reqs;
  for (int k = 0; k < 4; ++k) {
    const int L = sides[k];
    Rng rng(derive_seed(2026, std::uint64_t(L * 10 + int(occs[k] * 10))));
    states.push_back(make_state_3d(L, occs[k], rng));
    std::vector<Shape> r;
    for (int i = 0; i < nreq; ++i) {
      const int w = 1 + int(rng.below(std::uint64_t(L / 8))), h = 1 + int(rng.below(std::uint64_t(L / 8)));
      r.push_back(Shape{w, h, 1 + int(rng.below(std::uint64_t(L / 8)))});
    }
    reqs.push_back(r);
  }
  print_rows(out, states, reqs, b, kIdWidth, [](const StrategyInfo& si) { return si.dims == Dims::TwoAndThree; });
  return 0;
}

}  // namespace alloclab
