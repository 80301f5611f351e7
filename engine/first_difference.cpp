// first_difference.cpp — first job on which runs differ, and each run's decision then.
#include "first_difference.hpp"
#include "decision_json.hpp"
#include <cmath>
#include <map>
#include "workload/specs.hpp"

namespace alloclab {

namespace {

struct Start {
  double time;
  Allocation alloc;
};

bool same_blocks(const Allocation& a, const Allocation& b) { return a.blocks == b.blocks; }

// Plays `s` to the end, recording every job's start.
Result<std::map<JobId, Start>> starts_of(const Scenario& s) {
  auto sim = Simulation::create(s, 0);
  if (!sim) return sim.error();
  std::map<JobId, Start> m;
  while (sim->step())
    for (const auto& kv : sim->running())
      if (!m.count(kv.first)) m.emplace(kv.first, Start{kv.second.start, kv.second.alloc});
  if (!sim->status()) return sim->status().error();
  return m;
}

}  // namespace

Result<FirstDifference> first_difference(std::span<const Scenario> runs) {
  FirstDifference d;
  if (runs.size() < 2) return Error{"diff: needs at least two runs"};
  std::vector<std::map<JobId, Start>> all;
  for (const Scenario& s : runs) {
    auto m = starts_of(s);
    if (!m) return m.error();
    all.push_back(std::move(*m));
  }
  d.jobs_compared = (long long)all[0].size();
  std::map<JobId, bool> ids;
  for (const auto& m : all)
    for (const auto& kv : m) ids[kv.first] = true;
  double best = HUGE_VAL;
  for (const auto& kv : ids) {
    const JobId id = kv.first;
    bool differ = false;
    double first = HUGE_VAL;
    const auto* ref = all[0].count(id) ? &all[0].at(id) : nullptr;
    for (const auto& m : all) {
      auto it = m.find(id);
      if (it == m.end()) { differ = differ || ref != nullptr; continue; }
      first = std::min(first, it->second.time);
      if (!ref || it->second.time != ref->time || !same_blocks(it->second.alloc, ref->alloc)) differ = true;
    }
    if (differ && first < best) {  // ids ascend: ties keep the lower id
      best = first;
      d.job = id;
    }
  }
  if (d.job == kNoJob) return d;
  d.found = true;
  d.time = best;
  for (std::size_t i = 0; i < runs.size(); ++i) {
    auto sim = Simulation::create(runs[i], 0);
    if (!sim) return sim.error();
    sim->watch(d.job);
    DiffSide side;
    if (auto it = all[i].find(d.job); it != all[i].end()) {
      side.ever_started = true;
      side.start = it->second.time;
      side.alloc = it->second.alloc;
    }
    const bool starts_now = side.ever_started && side.start == d.time;
    if (starts_now) {
      while (!sim->running_job(d.job) && sim->step()) {
      }
      side.started_now = true;
      side.decision = sim->watched();
      side.reserved = sim->watched_reserved();
    } else {
      while (sim->next_time() <= d.time && sim->step()) {
      }
      for (const QueuedJob& q : sim->queue())
        if (q.id == d.job) {
          side.waiting = true;
          side.decision = sim->explain(q);
        }
    }
    d.sides.push_back(std::move(side));
    d.stopped.push_back(std::move(*sim));
  }
  return d;
}

std::string first_difference_json(std::span<const Scenario> runs, const FirstDifference& d) {
  if (!d.found) return "{\"identical\": true, \"jobs\": " + std::to_string(d.jobs_compared) + "}";
  std::string o = "{\"job\": " + std::to_string(d.job) + ", \"time\": " + format_number(d.time) + ", \"runs\": [";
  for (std::size_t i = 0; i < d.sides.size(); ++i) {
    const DiffSide& s = d.sides[i];
    const Topology t = runs[i].topo();
    o += i ? ", " : "";
    o += "{\"link\": " + json_string(canonical_link(runs[i]));
    o += ", \"state\": " + json_string(s.started_now ? "started" : s.waiting ? "waiting" : "not in queue");
    if (s.started_now) o += std::string(", \"reserved\": ") + (s.reserved ? "true" : "false");
    o += ", \"start\": " + (s.ever_started ? format_number(s.start) : std::string("null"));
    o += ", \"blocks\": " + (s.ever_started ? blocks_json(t, s.alloc, ",") : std::string("null"));
    if (s.decision) {
      o += ", \"decision\": {\"blocks\": " + (s.decision->decision ? blocks_json(t, *s.decision->decision, ",") : std::string("null"));
      o += ", \"steps\": " + steps_json(*s.decision) + "}";
    } else {
      o += ", \"decision\": null";
    }
    o += "}";
  }
  return o + "]}";
}

}  // namespace alloclab
