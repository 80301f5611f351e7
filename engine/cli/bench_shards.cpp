// bench_shards.cpp — `alloclab bench shards [shards=N] [repeats=R] [--preset NAME | KEY=VALUE ...]`:
// how evenly `alloclab sweep --shard I/N` divides a sweep. Each shard's SweepRunner runs to the
// end in turn in this process, timed in CPU seconds (std::clock: one thread, so the process's CPU
// time is the shard's; less disturbed by other load than wall time), and the report gives
// every shard's seconds and the ratio max/mean — the speed-up of N parallel workers is N / (max/mean) at
// best. Shown twice: with the units `sweep --shard` uses (a (point, replication) pair for a
// fixed replication count) and with whole points (p mod N), the rule for rel_error sweeps.
// A shard's time is the least of R rounds (default 3; a round runs every shard of both rules
// once, so a burst of outside load lands on one round of a few shards, not on every round of
// one): shards of half a second are otherwise at the mercy of a shared machine's noise.
// Extra key=value words override the preset (e.g. jobs=100 for a shorter measurement).
#include "bench_shards.hpp"
#include <algorithm>
#include <cmath>
#include <ctime>
#include <cstdio>
#include <ostream>
#include "../core/text.hpp"
#include "../scenario/scenario.hpp"
#include "../sweep/sweep_runner.hpp"
#include "sweep.hpp"

namespace alloclab {

int bench_shards(const std::vector<std::string>& words, std::ostream& out, std::ostream& err) {
  auto fail = [&](const std::string& m) { err << "alloclab: bench shards: " << m << "\n"; return 2; };
  long long n = 16, rounds = 3;
  std::vector<std::string> kv;
  std::string preset;
  for (std::size_t i = 0; i < words.size(); ++i) {
    const std::string& w = words[i];
    if (w == "--preset") {
      if (i + 1 >= words.size()) return fail("--preset needs a name");
      preset = words[++i];
      if (preset.find('/') != std::string::npos || preset.find("..") != std::string::npos) return fail("--preset: bad name '" + preset + "'");
      auto f = sweep_file_words(preset_path(preset));
      if (!f) return fail(f.error().message);
      kv.insert(kv.begin(), f->begin(), f->end());  // later words override the preset
      continue;
    }
    if (w.rfind("shards=", 0) == 0) {
      if (!parse_int64(w.substr(7), n) || n < 1 || n > 1024) return fail("'" + w + "' is not valid; allowed: shards=N (1..1024)");
      continue;
    }
    if (w.rfind("repeats=", 0) == 0) {
      if (!parse_int64(w.substr(8), rounds) || rounds < 1 || rounds > 100) return fail("'" + w + "' is not valid; allowed: repeats=R (1..100)");
      continue;
    }
    kv.push_back(w);
  }
  // a key given twice (preset, then an override): the last value counts
  std::vector<std::string> merged;
  for (const std::string& w : kv) {
    const std::string key = w.substr(0, w.find('='));
    std::erase_if(merged, [&](const std::string& m) { return m.substr(0, m.find('=')) == key; });
    merged.push_back(w);
  }
  auto spec = parse_sweep(Scenario{}, merged);
  if (!spec) return fail(spec.error().message);
  char line[256];
  std::snprintf(line, sizeof line, "bench shards: %s, %lld points x %d replications%s, %lld shards run in turn, least of %lld rounds\n",
                preset.empty() ? "sweep" : preset.c_str(), spec->points(), spec->max_replications,
                spec->rel_error > 0 ? " (cap; rel_error)" : "", n, rounds);
  out << line;
  // secs[rule][shard]: the least CPU time over the rounds; reps[rule]: replications of one round
  std::vector<double> secs[2] = {std::vector<double>(std::size_t(n), HUGE_VAL), std::vector<double>(std::size_t(n), HUGE_VAL)};
  long long reps[2] = {0, 0};
  for (long long round = 0; round < rounds; ++round)
    for (int by_points = 0; by_points < 2; ++by_points)
      for (long long i = 0; i < n; ++i) {
        SweepSpec one = *spec;
        one.shard = int(i);
        one.shards = int(n);
        one.shard_points = by_points == 1;
        auto r = SweepRunner::create(one);
        if (!r) return fail(r.error().message);
        const std::clock_t c0 = std::clock();
        if (Status st = r->run(); !st) return fail(st.message());
        double& best = secs[by_points][std::size_t(i)];
        best = std::min(best, double(std::clock() - c0) / CLOCKS_PER_SEC);
        if (round == 0) reps[by_points] += r->replications_done();
      }
  for (int by_points = 0; by_points < 2; ++by_points) {
    double sum = 0, mx = 0;
    for (double s : secs[by_points]) sum += s, mx = std::max(mx, s);
    const double mean = sum / double(n);
    out << (by_points ? "  by points (p mod N), cpu s:" : spec->shards_by_replication() ? "  by (point, replication), cpu s:" : "  by points (rel_error), cpu s:");
    for (double s : secs[by_points]) {
      std::snprintf(line, sizeof line, " %.2f", s);
      out << line;
    }
    std::snprintf(line, sizeof line, "\n    total %.2f s, %lld replications, max/mean %.3f\n", sum, reps[by_points], mean > 0 ? mx / mean : 0.0);
    out << line;
  }
  return 0;
}

}  // namespace alloclab
