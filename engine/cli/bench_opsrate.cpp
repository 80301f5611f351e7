// bench_opsrate.cpp — `alloclab bench opsrate`: does counted work track decision time across
// strategies? Counted operations (alloc/strategy.hpp, one unit for every strategy: see
// docs/model/allocation-time.md) against measured CPU time per decision, and ops per µs.
//
// Set-up (the same for every strategy): square machines of side 32, 64 and 128 (a torus of the
// same side for the torus-only strategies, with the same busy blocks) filled as `bench ops` does
// (busy submeshes with sides U[1,4], fill_busy_submeshes) to 50% and to 75% of the nodes, and
// the same 40 requests of sides U[1,4] per state. Each strategy is told about the state through
// allocated() and then asked every request, the decisions not applied (each sees the same
// state), the pass repeated until it has taken `min_ms` of thread CPU time per state (one pass
// with `quick`). Per strategy: counted operations per decision, µs per decision (total CPU time
// over all decisions of all states) and their ratio, ops per µs; then the spread, max / min of
// ops per µs over the strategies listed, and over those that count at least 20 operations per
// decision (a call's fixed cost dominates the few that count less). A strategy whose count tracks what its code does lands
// near the others; one that counts a bigger unit (a node for a word, a model for the code)
// shows as an outlier. Strategies defined only on cube pods (3D) are not listed.
#include "bench_opsrate.hpp"
#include "bench_ops.hpp"
#include "cpu_clock.hpp"
#include <algorithm>
#include <cstdio>
#include <ostream>
#include "../alloc/strategy.hpp"
#include "../core/text.hpp"
#include "../workload/specs.hpp"

namespace alloclab {

namespace {

struct BusyState {
  int side;
  std::vector<Block> blocks;
  std::vector<Shape> requests;
};

// The machine of the state for this strategy: a mesh, or a torus where only a torus is accepted;
// nullopt when the strategy runs on neither.
std::optional<Topology> machine_for(const StrategyInfo& si, int side) {
  for (TopologyKind k : {TopologyKind::Mesh, TopologyKind::Torus}) {
    const Topology t(k, side, side);
    if (strategy_unsupported(si, t).empty()) return t;
  }
  return std::nullopt;
}

struct Rate {
  double decisions = 0, ops = 0, us = 0;
};

// One strategy on one state: passes over the requests until `min_us` of CPU time (at least one).
void measure(const StrategyInfo& si, const Topology& t, const BusyState& st, double min_us, Rate& r) {
  Occupancy occ(t);
  for (std::size_t b = 0; b < st.blocks.size(); ++b) occ.assign(st.blocks[b], JobId(b));
  auto strat = si.make(t, StrategyParams{});
  for (std::size_t b = 0; b < st.blocks.size(); ++b) strat->allocated(JobId(b), Allocation{{st.blocks[b]}});
  Rng rng(7);
  long long placed = 0;  // keeps the decisions observable
  double spent = 0;
  do {
    const Ops o0 = strat->ops();
    const double t0 = cpu_now_us();
    for (const Shape& s : st.requests) placed += strat->allocate(Request{JobId(1 << 30), s}, occ, rng).has_value();
    spent += cpu_now_us() - t0;
    r.ops += double(strat->ops() - o0);
    r.decisions += double(st.requests.size());
  } while (spent < min_us);
  r.us += spent;
  if (placed < 0) r.us = 0;
}

}  // namespace

int bench_opsrate(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  bool quick = false;
  long long min_ms = 40;
  std::vector<std::string> only;
  for (const std::string& a : args) {
    if (a == "quick") { quick = true; continue; }
    if (a.rfind("min_ms=", 0) == 0 && parse_int64(a.substr(7), min_ms) && min_ms >= 1 && min_ms <= 10000) continue;
    if (a.rfind("strategy=", 0) == 0 && parse_strategy_ids(a.substr(9), only)) continue;
    err << "alloclab: bench opsrate: '" << a.substr(0, 64)
        << "' is not valid; allowed: quick, min_ms=MS (1..10000), strategy=ID[,ID...] (alloclab list)\n";
    return 2;
  }
  constexpr int kRequests = 40;
  const int sides[] = {32, 64, 128};
  const double occs[] = {0.5, 0.75};
  std::vector<BusyState> states;
  for (int L : sides)
    for (double o : occs) {
      Rng rng(derive_seed(2027, std::uint64_t(L) * 10 + std::uint64_t(o * 4)));
      Occupancy occ(Topology(TopologyKind::Mesh, L, L));
      BusyState st{L, fill_busy_submeshes(occ, o, rng), {}};
      for (int i = 0; i < kRequests; ++i) {
        const int w = 1 + int(rng.below(4));
        st.requests.push_back(Shape{w, 1 + int(rng.below(4))});
      }
      states.push_back(std::move(st));
    }
  char line[256];
  out << "bench opsrate: counted operations vs CPU time per decision; " << kRequests
      << " requests (sides U[1,4]) on busy states of submeshes with sides U[1,4], 32x32, 64x64 and 128x128 at 50% and 75% busy,\n"
         "the same for every strategy (a torus for torus-only ones); "
      << (quick ? "one pass" : std::to_string(min_ms) + " ms of CPU per state") << "\n";
  std::snprintf(line, sizeof line, "  %-13s %14s %12s %10s\n", "strategy", "ops/decision", "us/decision", "ops/us");
  out << line;
  struct Row {
    std::string id;
    double rate, ops;  // ops per µs, ops per decision
  };
  std::vector<Row> rows;
  for (const StrategyInfo& si : strategies()) {
    if (!only.empty() && std::find(only.begin(), only.end(), si.id) == only.end()) continue;
    Rate r;
    bool runs = true;
    for (const BusyState& st : states) {
      const std::optional<Topology> t = machine_for(si, st.side);
      if (!t) { runs = false; break; }
      measure(si, *t, st, quick ? 0 : double(min_ms) * 1000, r);
    }
    if (!runs) continue;
    const double per_us = r.us > 0 ? r.ops / r.us : 0;
    std::snprintf(line, sizeof line, "  %-13s %14.1f %12.3f %10.1f\n", std::string(si.id).c_str(), r.ops / r.decisions,
                  r.us / r.decisions, per_us);
    out << line;
    rows.push_back({std::string(si.id), per_us, r.ops / r.decisions});
  }
  // The spread over the rows listed, then over those counting at least kFew operations per
  // decision (below that, the fixed cost of a call — the request, the returned allocation —
  // outweighs the counted work, so their ops per µs are low whatever the unit).
  constexpr double kFew = 20;
  auto spread = [&](const char* what, bool few_too) {
    const Row* lo = nullptr;
    const Row* hi = nullptr;
    for (const Row& r : rows) {
      if (!few_too && r.ops < kFew) continue;
      if (!lo || r.rate < lo->rate) lo = &r;
      if (!hi || r.rate > hi->rate) hi = &r;
    }
    if (!lo) return;
    std::snprintf(line, sizeof line, "spread%s: max/min ops per us = %.1f (max %s %.1f, min %s %.1f)\n", what,
                  lo->rate > 0 ? hi->rate / lo->rate : 0.0, hi->id.c_str(), hi->rate, lo->id.c_str(), lo->rate);
    out << line;
  };
  spread("", true);
  spread((" of those counting >= " + format_number(kFew) + " ops per decision").c_str(), false);
  return 0;
}

}  // namespace alloclab
