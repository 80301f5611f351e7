// job_lists.hpp — hand-made job lists (CSV traces) run under a scheduler, where every start can be
// worked out by hand: one run of a list (schedule checker on unless asked otherwise) with its jobs
// and results, and the hand-worked starts checked job by job.
#pragma once
#include <doctest/doctest.h>
#include <initializer_list>
#include <limits>
#include <map>
#include <memory>
#include <string>
#include <utility>
#include "simulation.hpp"

namespace alloclab::test {

// A 4x4 machine: job 0 holds half the machine (4x2) until 10; job 1 needs all of it; job 2 (4x2)
// fits beside job 0 and ends by 10; job 3 (4x2, 20 long) would still be running at 10 and would
// delay job 1.
inline const char* const kBackfillList =
    "arrival,width,height,runtime\n"
    "0,4,2,10\n"
    "1,4,4,5\n"
    "2,4,2,5\n"
    "8,4,2,20\n";

// One finished run of a job list: every job's record by id, and the results.
struct ListRun {
  std::map<JobId, JobRecord> jobs;
  Results results;
  // The start of `job` (NaN when it never started).
  double start(JobId job) const {
    const auto it = jobs.find(job);
    return it == jobs.end() ? std::numeric_limits<double>::quiet_NaN() : it->second.start;
  }
};

// Runs the CSV job list `csv` (read for a W x H machine) under `link` (check=1: the schedule
// checker aborts when a job starts later than its reservation, and every event is audited).
inline ListRun run_list(const std::string& csv, const std::string& link, int W = 4, int H = 4, bool check = true) {
  auto s = parse_link(link + "&trace=t.csv" + (check ? "&check=1" : ""));
  REQUIRE_MESSAGE(s, (s ? "" : s.error().message));
  auto t = parse_trace_csv(csv, "t.csv", W, H);
  REQUIRE_MESSAGE(t, (t ? "" : t.error().message));
  s->trace_data = std::make_shared<const Trace>(*t);
  auto sim = Simulation::create(*s, 0);
  REQUIRE_MESSAGE(sim, (sim ? "" : sim.error().message));
  sim->record_jobs(true);
  const Status st = sim->run();
  REQUIRE_MESSAGE(st.ok(), st.message());
  CHECK(sim->check_invariants());
  ListRun r;
  for (const JobRecord& j : sim->recorded()) r.jobs[j.id] = j;
  r.results = sim->results();
  return r;
}

// Runs `csv` on a 4x4 machine under `link` and checks each {job, start} of `want`, a failure
// naming the link and the job; returns the run for further checks.
inline ListRun expect_starts(const std::string& csv, const std::string& link,
                             std::initializer_list<std::pair<JobId, double>> want) {
  ListRun r = run_list(csv, link);
  for (const auto& w : want) CHECK_MESSAGE(r.start(w.first) == w.second, link, ": job ", w.first);
  return r;
}

}  // namespace alloclab::test
