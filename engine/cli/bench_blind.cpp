// bench_blind.cpp — `alloclab bench blind`: the blind spots of contiguous strategies.
//
// A strategy that promises nothing (Finds::Maybe: frames, trees, fixed shape lists) may fail to
// place a job while a free block of its shape exists. How often it does depends on the states
// the strategy itself leaves behind, so the set-up is a churn driven by the strategy: on a
// machine of size W×H (default 32×32, a torus for torus-only strategies), jobs with shapes drawn
// from `job_size` (default exponential:8, clamped to the machine) are placed by the strategy and
// held; whenever more than `occupancy` (default 0.7) of the nodes are busy, or a placement
// fails, a random held job is released. Over `decisions` decisions (default 20000) it counts
// the failures and, at each failure, scans the machine (Occupancy::free_bases) for a free block
// in the requested orientation and in either orientation. Every strategy sees the same stream
// of job shapes and release draws (one Rng each, same seed), so the table is a pure function of
// the code. A recognition-complete strategy (Finds::Requested) has no blind failure in the
// requested orientation; Finds::Either none in either. The pod policies (Finds::Aligned), which
// place at aligned positions only by design, are left out unless named.
#include "bench_blind.hpp"
#include <algorithm>
#include <cstdio>
#include <ostream>
#include "../alloc/strategy.hpp"
#include "../core/text.hpp"
#include "../scenario/scenario.hpp"
#include "../workload/specs.hpp"

namespace alloclab {

namespace {

struct Tally {
  long long decisions = 0, failures = 0, blind_requested = 0, blind_either = 0;
  double busy_share = 0;  // mean share of busy nodes at the decisions
};

Tally churn(const StrategyInfo& si, const Topology& t, const SizeSpec& size, double occupancy, long long decisions) {
  Occupancy occ(t);
  auto st = si.make(t, StrategyParams{});
  Rng jobs(20261126), alloc_rng(7), releases(11);
  struct Held {
    JobId id;
    Allocation a;
  };
  std::vector<Held> held;
  Tally out;
  double busy_sum = 0;
  auto release_one = [&] {
    if (held.empty()) return;
    const std::size_t k = std::size_t(releases.below(std::uint64_t(held.size())));
    occ.release(held[k].a, held[k].id);
    st->released(held[k].id, held[k].a);
    held[k] = std::move(held.back());
    held.pop_back();
  };
  for (JobId id = 0; id < decisions; ++id) {
    const Shape s = sample_shape(size, t.width(), t.height(), jobs);
    busy_sum += double(occ.busy_count()) / double(t.nodes());
    ++out.decisions;
    auto a = st->allocate(Request{id, s}, occ, alloc_rng);
    if (a) {
      occ.assign(*a, id);
      st->allocated(id, *a);
      held.push_back(Held{id, std::move(*a)});
    } else {
      ++out.failures;
      const bool req = occ.free_bases(s.w, s.h).any();
      const bool either = req || occ.free_bases(s.h, s.w).any();
      out.blind_requested += req;
      out.blind_either += either;
      release_one();
    }
    while (occ.busy_count() > occupancy * t.nodes()) release_one();
  }
  out.busy_share = busy_sum / double(std::max(1LL, out.decisions));
  return out;
}

}  // namespace

int bench_blind(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  bool csv = false;
  Scenario sc;  // size and job_size are read by the scenario's own keys (their checks and messages)
  sc.width = sc.height = 32;
  double occupancy = 0.7;
  long long decisions = 20000;
  std::string size_text = "exponential:8";
  sc.job_size = *parse_job_size(size_text);
  std::vector<std::string> only;
  const char* allowed = "csv, strategy=ID,ID..., size=WxH, job_size=SPEC, occupancy=F (0.1..0.95), decisions=N (100..10000000)";
  for (const std::string& a : args) {
    const std::size_t eq = a.find('=');
    const std::string key = a.substr(0, eq), val = eq == std::string::npos ? "" : a.substr(eq + 1);
    long long n = 0;
    double f = 0;
    if (a == "csv") csv = true;
    else if (key == "strategy" && eq != std::string::npos) {
      for (const std::string& id : split_on(val, ',')) {
        const StrategyInfo* si = find_strategy(id);
        if (!si || !si->contiguous || si->dims != Dims::Two) {
          err << "alloclab: bench blind: strategy: '" << id << "' is not a contiguous 2D strategy (see alloclab list)\n";
          return 2;
        }
        only.push_back(id);
      }
    } else if (key == "size" || key == "job_size") {
      if (Status st = apply(sc, key, val); !st) {
        err << "alloclab: bench blind: " << st.message() << "\n";
        return 2;
      }
      if (sc.depth != 1) {
        err << "alloclab: bench blind: size: '" << val << "' is a 3D machine; allowed: WxH (the 2D strategies only)\n";
        return 2;
      }
      if (key == "job_size") size_text = val;
    } else if (key == "occupancy" && parse_double(val, f) && f >= 0.1 && f <= 0.95) occupancy = f;
    else if (key == "decisions" && parse_int64(val, n) && n >= 100 && n <= 10000000) decisions = n;
    else {
      err << "alloclab: bench blind: '" << a << "' is not valid; allowed: " << allowed << "\n";
      return 2;
    }
  }
  const int W = sc.width, H = sc.height;
  char line[256];
  if (csv) out << "strategy,topology,finds,decisions,failures,blind_requested,blind_either,mean_busy_share\n";
  else
    out << "bench blind: " << decisions << " decisions per strategy on " << W << "x" << H << ", job_size=" << size_text
        << ", released above " << format_number(occupancy * 100) << "% busy or at a failure;\n"
           "blind = failed although a free block of the job's shape existed (requested orientation / either)\n"
           "  strategy    topology  finds      failures   blind(req)  blind(either)  blind share of decisions  mean busy\n";
  for (const StrategyInfo& si : strategies()) {
    if (!si.contiguous || si.dims != Dims::Two) continue;
    const bool named = std::find(only.begin(), only.end(), std::string(si.id)) != only.end();
    if (only.empty() ? si.finds == Finds::Aligned : !named) continue;  // aligned (pod) policies only when named
    Topology t(TopologyKind::Mesh, W, H);
    if (!strategy_unsupported(si, t).empty()) t = Topology(TopologyKind::Torus, W, H);
    if (!strategy_unsupported(si, t).empty()) continue;  // (e.g. a pod policy: its own machine only)
    const Tally r = churn(si, t, sc.job_size, occupancy, decisions);
    const char* finds = si.finds == Finds::Requested ? "requested" : si.finds == Finds::Either ? "either" : si.finds == Finds::Aligned ? "aligned" : "maybe";
    const char* topo = t.wraps() ? "torus" : "mesh";
    if (csv) {
      std::snprintf(line, sizeof line, "%s,%s,%s,%lld,%lld,%lld,%lld,%.4f\n", std::string(si.id).c_str(), topo, finds, r.decisions,
                    r.failures, r.blind_requested, r.blind_either, r.busy_share);
    } else {
      std::snprintf(line, sizeof line, "  %-10s  %-8s  %-9s  %9lld  %10lld  %13lld  %23.2f%%  %8.1f%%\n", std::string(si.id).c_str(), topo,
                    finds, r.failures, r.blind_requested, r.blind_either, 100.0 * double(r.blind_either) / double(r.decisions),
                    100.0 * r.busy_share);
    }
    out << line;
  }
  return 0;
}

}  // namespace alloclab
