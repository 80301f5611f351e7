// first_difference.hpp — where two (or more) runs on the same job stream first part ways: the
// first job whose start time or blocks differ between them, and each run's decision for it at
// that moment (the page's Compare "first difference" and `alloclab diff`).
//
// Every run is played to the end once, recording each job's start time and blocks. The first
// difference is the job with the earliest start (on any side) among the jobs whose start or
// blocks are not the same on every side (ties: the lower id); its time is that start. Each
// run is then replayed up to that moment: a run that starts the job then stops just after it
// did, with what the strategy saw when it decided (Simulation::watch); a run that does not
// stops once everything at that time has happened, with what its strategy would decide for
// the waiting job now (Simulation::explain).
#pragma once
#include <optional>
#include <span>
#include <string>
#include <vector>
#include "simulation.hpp"

namespace alloclab {

struct DiffSide {
  bool ever_started = false;       // the job started at some time in this run
  double start = 0;                // when (if ever_started)
  Allocation alloc;                // on what (if ever_started)
  bool started_now = false;        // it started at the difference's time
  bool waiting = false;            // it was waiting then
  bool reserved = false;           // it started on a reservation placed earlier (conservative)
  std::optional<Explanation> decision;  // the strategy's view at that moment (none if the job had left)
};

struct FirstDifference {
  bool found = false;
  JobId job = kNoJob;
  double time = 0;
  long long jobs_compared = 0;     // jobs started in the first run
  std::vector<DiffSide> sides;     // one per scenario
  std::vector<Simulation> stopped; // each run stopped at the moment (empty when !found)
};

// Needs validated scenarios (traces loaded); an error if a run cannot finish.
Result<FirstDifference> first_difference(std::span<const Scenario> runs);

// The `alloclab diff` JSON: {"identical": true, "jobs": N} or {"job", "time", "runs": [...]}.
std::string first_difference_json(std::span<const Scenario> runs, const FirstDifference& d);

}  // namespace alloclab
