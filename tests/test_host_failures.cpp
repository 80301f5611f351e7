// test_host_failures.cpp — hosts of a pod machine that fail and are repaired (keys host_mtbf,
// host_repair; pod/host_failures.hpp, simulation.cpp "host failures"): the keys and their
// refusals, the hosts' geometry, hand-worked runs on a v5e pod with failures set by hand (the
// killed job requeued from scratch, its chips freed, the failed chips never given, the metrics
// worked out by hand), the availability argument for optical circuit switches on a v4 pod, EASY's
// reservation on a failed host, and drawn failures: checked runs under every scheduler that takes
// them, the job stream untouched, the same bytes twice; then what a killed job keeps
// (max_restarts, checkpoint) and the runs that cannot end.
//
// Sections: keys and hosts · hand-worked runs · drawn failures · restarts and checkpoints.
#include <doctest/doctest.h>
#include <string>
#include "pod_fixtures.hpp"
#include "replication.hpp"

using namespace alloclab;

namespace {

std::string refusal(std::string_view link) { return test::link_refusal(link); }

Simulation make_sim(std::string_view link) {
  auto s = parse_link(link);
  REQUIRE(s);
  const Status v = validate(*s);
  const std::string why = v.ok() ? std::string() : std::string(v.message());
  INFO(why);
  REQUIRE(v.ok());
  auto sim = Simulation::create(*s, 0);
  REQUIRE(sim);
  return std::move(*sim);
}

// The recorded runs of a finished simulation, by job id.
std::map<JobId, JobRecord> by_id(const Simulation& sim) {
  std::map<JobId, JobRecord> m;
  for (const JobRecord& r : sim.recorded()) m[r.id] = r;
  return m;
}

}  // namespace

// [SECTION] keys and hosts
TEST_CASE("host failures: keys host_mtbf and host_repair — values, canonical link, refusals naming the key") {
  auto s = parse_link("machine=tpu-v5e&strategy=pod-ff&host_mtbf=500&host_repair=exponential:20");
  REQUIRE(s);
  CHECK(validate(*s).ok());
  CHECK(s->host_mtbf == 500);
  CHECK(s->host_repair.kind == ServiceSpec::Kind::Exponential);
  CHECK(canonical_link(*s) == "machine=tpu-v5e&strategy=pod-ff&host_mtbf=500&host_repair=exponential:20");
  auto bare = parse_link("machine=tpu-v4&host_mtbf=1e4&host_repair=30");  // a bare time is fixed:T
  REQUIRE(bare);
  CHECK(to_string(bare->host_repair) == "fixed:30");
  CHECK(canonical_link(Scenario{}).find("host_") == std::string::npos);  // defaults: off, fixed:100
  CHECK(refusal("host_mtbf=100").find("host_mtbf: hosts fail on pod machines only (machine=tpu-v5e, tpu-v6e, tpu-v4, tpu-v5p)") == 0);
  CHECK(refusal("host_repair=fixed:5").find("host_repair: hosts fail and are repaired on pod machines only") == 0);
  CHECK(refusal("machine=tpu-v5e&host_mtbf=-1").find("host_mtbf: '-1'") == 0);
  CHECK(refusal("machine=tpu-v5e&host_mtbf=nan").find("host_mtbf: 'nan'") == 0);
  CHECK(refusal("machine=tpu-v5e&host_repair=fixed:0").find("host_repair: 'fixed:0' is not valid") == 0);
  CHECK(refusal("machine=tpu-v5e&host_repair=-3").find("host_repair: '-3' is not valid") == 0);
  CHECK(refusal("machine=tpu-v5e&strategy=pod-ff&host_mtbf=100&scheduler=conservative").find("host_mtbf: scheduler=conservative") == 0);
  CHECK(refusal("machine=tpu-v5e&strategy=pod-ff&host_mtbf=100&pattern=allreduce-ring").find("host_mtbf: a killed job's packets") == 0);
  // off (host_mtbf=0) these combinations run as before
  CHECK(refusal("machine=tpu-v5e&strategy=pod-ff&scheduler=conservative&host_repair=7") == "");
  CHECK(refusal("machine=tpu-v5e&strategy=pod-ff&host_mtbf=100&alloc_cost=0.01") == "");  // the allocator's time is honoured
}

TEST_CASE("host failures: hosts tile every pod — 2x4 chips on v5e/v6e, 2x2x1 on v4/v5p; every legal slice is in one host or whole hosts") {
  for (const PodInfo& p : pods()) {
    if (!p.pod()) continue;
    INFO(p.id);
    CHECK(p.host.chips() == (p.cubes() ? 4 : 8));
    CHECK(host_count(p) * p.host.chips() == p.width * p.height * p.depth);
    // host_at inverts host_block
    for (int h = 0; h < host_count(p); h += 7) {
      const Block b = host_block(p, h);
      CHECK(host_at(p, b.x + b.w - 1, b.y + b.h - 1, b.z + b.d - 1) == h);
      CHECK(host_at(p, b.x, b.y, b.z) == h);
    }
  }
  const PodInfo& v5e = test::v5e();
  CHECK(host_count(v5e) == 32);
  CHECK(host_block(v5e, 9) == Block{.x = 2, .y = 4, .w = 2, .h = 4});
  // every legal position of every v5e shape: all its chips on one host, or only whole hosts
  for (const SliceShape& s : v5e.shapes)
    for (int y = 0; y + s.y <= 16; y += s.y)
      for (int x = 0; x + s.x <= 16; x += s.x) {
        std::map<int, int> per_host;
        for (int j = y; j < y + s.y; ++j)
          for (int i = x; i < x + s.x; ++i) ++per_host[host_at(v5e, i, j)];
        const bool inside_one = per_host.size() == 1;
        bool whole = true;
        for (const auto& kv : per_host) whole = whole && kv.second == 8;
        CHECK((inside_one || whole));
      }
  CHECK(host_count(test::pod_row("tpu-v5p")) == 2240);
}

// [SECTION] hand-worked runs
TEST_CASE("host failures: hand-worked v5e run — the job on the failed host is killed, freed, requeued from scratch; metrics by hand") {
  // Two 8x8 slices at time 0 (pod-ff: job 0 at (0,0), job 1 at (8,0)), service 100. Host 0 (chips
  // (0..1, 0..3)) fails at 30 and is back at 80. Job 0 is killed at 30, its 64 chips freed; it
  // starts again at once at (0,8), the first free 8x8 position off the failed host, and ends at
  // 130 (its whole service again); job 1 ends at 100.
  Simulation sim = make_sim("machine=tpu-v5e&strategy=pod-ff&job_size=slices:8x8=1&service=fixed:100&arrival=batch&jobs=2&check=1");
  sim.record_jobs(true);
  REQUIRE(sim.fail_host(0, 30, 50));
  CHECK_FALSE(sim.fail_host(32, 30, 50));  // no such host
  CHECK_FALSE(sim.fail_host(1, -1, 50));   // before now
  while (sim.now() < 30 && sim.step()) {
  }
  // at 30: host 0 failed and held, job 0 running again on (0,8)
  REQUIRE(sim.hosts());
  CHECK(sim.hosts()->failed(0));
  CHECK(sim.kills() == 1);
  CHECK(sim.occupancy().owner(0, 0) == kFailedHost);
  CHECK(sim.occupancy().owner(1, 3) == kFailedHost);
  CHECK(sim.occupancy().owner(2, 0) == kNoJob);  // the killed job's other chips are free
  CHECK(sim.occupancy().owner(7, 7) == kNoJob);
  const JobRecord* j0 = sim.running_job(0);
  REQUIRE(j0);
  CHECK(j0->start == 30);
  CHECK(j0->restarts == 1);
  REQUIRE(j0->alloc.blocks.size() == 1);
  CHECK(j0->alloc.blocks[0] == Block{0, 8, 8, 8});
  CHECK(sim.check_invariants());
  REQUIRE(sim.run().ok());
  CHECK_FALSE(sim.hosts()->failed(0));  // repaired at 80
  CHECK(sim.occupancy().free_count() == 256);
  auto rec = by_id(sim);
  REQUIRE(rec.size() == 2);
  CHECK(rec[0].arrival == 0);  // its first arrival: wait and response count from it
  CHECK(rec[0].start == 30);
  CHECK(rec[0].end == 130);
  CHECK(rec[1].end == 100);
  const Results r = sim.results();
  CHECK(r.jobs_completed == 2);
  CHECK(r.pod_jobs_killed == 1);
  CHECK(r.makespan == 130);
  CHECK(r.mean_wait_time == doctest::Approx(15));        // (30 + 0) / 2
  CHECK(r.mean_response_time == doctest::Approx(115));   // (130 + 100) / 2
  CHECK(r.effectiveness == 1);                           // two jobs started (job 0 counted once)
  CHECK(r.utilization == doctest::Approx(64.0 * (30 + 100 + 100) / (256 * 130)));  // the killed run held its chips too
  CHECK(r.pod_goodput == doctest::Approx(64.0 * (100 + 100) / (256 * 130)));       // only runs that completed
  CHECK(r.pod_availability == doctest::Approx(1 - 8.0 * 50 / (256 * 130)));       // 8 chips down for 50 of 130
}

TEST_CASE("host failures: a failed host's chips are never given — a 16x16 slice waits for the repair; a free host is simply held") {
  // At time 0 host 5 fails (the host event comes before the arrival at the same time) and is
  // back at 40: the whole-pod slice cannot start before 40. No job is killed.
  Simulation sim = make_sim("machine=tpu-v5e&strategy=pod-bf&job_size=slices:16x16=1&service=fixed:10&arrival=batch&jobs=1&check=1");
  sim.record_jobs(true);
  REQUIRE(sim.fail_host(5, 0, 40));
  REQUIRE(sim.step());
  CHECK(sim.hosts()->failed_hosts() == 1);
  CHECK(sim.occupancy().free_count() == 248);
  REQUIRE(sim.run().ok());
  auto rec = by_id(sim);
  REQUIRE(rec.size() == 1);
  CHECK(rec[0].start == 40);
  CHECK(rec[0].end == 50);
  CHECK(sim.kills() == 0);
  const Results r = sim.results();
  CHECK(r.pod_availability == doctest::Approx(1 - 8.0 * 40 / (256 * 50)));
  CHECK(r.pod_goodput == doctest::Approx(r.utilization));  // nothing thrown away
}

TEST_CASE("host failures: EASY — a reservation on a failed host no longer holds; the head waits, later jobs backfill (hand-worked, v5e)") {
  // Job 0 holds the whole pod (16x16) over [0, 100); job 1 (16x16, 100) arrives at 1 and is
  // reserved at 100 on the whole pod; job 2 (1x1, 1000) arrives at 2 and cannot backfill into
  // that reservation. Host 0 fails at 50 (back at 200): job 0 is killed and requeued behind job 2.
  // The reservation at 100 rests on host 0's chips, whose return no scheduler knows: it no longer
  // holds, the search finds none (the failed chips never free in it), and job 2 backfills at 50
  // (first fit: (2,0), beside the failed host). Job 1 is reserved at 1050, job 2's end, and starts
  // then; job 0 follows at 1150. (Kept at 100, the reservation made job 1 start at the repair,
  // 200, later than promised at 50 and 100: check=1 aborted.)
  const std::string csv = "arrival,width,height,runtime\n0,16,16,100\n1,16,16,100\n2,1,1,1000\n";
  for (const bool check : {false, true}) {
    auto s = parse_link(std::string("machine=tpu-v5e&strategy=pod-ff&scheduler=easy&trace=t.csv") + (check ? "&check=1" : ""));
    REQUIRE(s);
    auto t = parse_trace_csv(csv, "t.csv", s->width, s->height);
    REQUIRE(t);
    s->trace_data = std::make_shared<const Trace>(*t);
    auto sim = Simulation::create(*s, 0);
    REQUIRE(sim);
    sim->record_jobs(true);
    REQUIRE(sim->fail_host(0, 50, 150));
    while (sim->now() < 50 && sim->step()) {
    }
    const std::vector<Reservation> res = sim->reservations();
    REQUIRE(res.size() == 1);
    CHECK(res[0].id == 1);
    CHECK(res[0].start == HUGE_VAL);  // none while host 0 is down
    REQUIRE(sim->run().ok());
    auto rec = by_id(*sim);
    REQUIRE(rec.size() == 3);
    CHECK(rec[2].start == 50);
    REQUIRE(rec[2].alloc.blocks.size() == 1);
    CHECK(rec[2].alloc.blocks[0] == Block{2, 0, 1, 1});
    CHECK(rec[1].start == 1050);
    CHECK(rec[0].start == 1150);
    CHECK(rec[0].restarts == 1);
  }
}

TEST_CASE("host failures: with OCS a 2-cube slice takes any two healthy cubes; without, it waits for a healthy contiguous pair (TPU v4)") {
  // One host fails in every cube of cube layers z = 0 and 2 (32 cubes). No two healthy cubes are
  // neighbours along z, so with ocs=off no 4x4x8 box of the fixed torus is healthy until the
  // repairs at 100; with ocs=on the switches wire two healthy cubes at once (Jouppi et al. 2023:
  // the OCS routes around a failure, which is their availability argument).
  for (const bool ocs : {true, false}) {
    INFO("ocs=" << (ocs ? "on" : "off"));
    Simulation sim = make_sim(std::string("machine=tpu-v4&strategy=cube-ff&job_size=slices:4x4x8=1&service=fixed:10&arrival=batch&jobs=1&check=1&ocs=") +
                              (ocs ? "on" : "off"));
    sim.record_jobs(true);
    const PodInfo& p = sim.hosts()->pod();
    for (int cz : {0, 2})
      for (int cy = 0; cy < 4; ++cy)
        for (int cx = 0; cx < 4; ++cx) REQUIRE(sim.fail_host(host_at(p, cx * 4 + 1, cy * 4 + 2, cz * 4 + 3), 0, 100));
    REQUIRE(sim.run().ok());
    auto rec = by_id(sim);
    REQUIRE(rec.size() == 1);
    CHECK(rec[0].start == (ocs ? 0 : 100));
    if (ocs) {
      REQUIRE(rec[0].alloc.blocks.size() == 2);
      for (const Block& b : rec[0].alloc.blocks) CHECK((b.z / 4) % 2 == 1);  // healthy cube layers only
    }
  }
}

// [SECTION] drawn failures
TEST_CASE("host failures: drawn failures — checked runs under every scheduler that takes them, multislice, the job stream untouched") {
  const std::string base = "machine=tpu-v5e&strategy=pod-bf&jobs=120&arrival=poisson:0.02&service=exponential:60&check=1";
  for (const char* sched : {"fcfs", "ssd", "easy", "greedy", "fcfs-departure"}) {
    INFO(sched);
    Simulation sim = make_sim(base + "&host_mtbf=3000&host_repair=exponential:40&job_size=slices:1x1=8/2x2=4/2x4=4/4x4=2/8x8=1&slices=1:3/2:1&scheduler=" + sched);
    REQUIRE(sim.run().ok());  // check=1: occupancy, failed hosts and jobs audited after every event
    const Results r = sim.results();
    CHECK(r.jobs_completed == 120);
    CHECK(r.pod_jobs_killed > 0);
    CHECK(r.pod_availability < 1);
    CHECK(r.pod_goodput < r.utilization);
    CHECK(r.effectiveness == 1);
  }
  // failures draw from their own stream: every job arrives with the same shape and service
  Simulation off = make_sim(base);
  Simulation on = make_sim(base + "&host_mtbf=2000&host_repair=50");
  off.record_jobs(true);
  on.record_jobs(true);
  REQUIRE(off.run().ok());
  REQUIRE(on.run().ok());
  CHECK(on.kills() > 0);
  const auto a = by_id(off), b = by_id(on);
  REQUIRE(a.size() == b.size());
  for (const auto& kv : a) {
    const JobRecord& x = kv.second;
    const JobRecord& y = b.at(kv.first);
    CHECK(x.arrival == y.arrival);
    CHECK(x.service == y.service);
    CHECK(x.shape == y.shape);
  }
  // off: availability 1, no kills, the goodput is the utilization
  const Results r = off.results();
  CHECK(r.pod_availability == 1);
  CHECK(r.pod_jobs_killed == 0);
  CHECK(r.pod_goodput == doctest::Approx(r.utilization).epsilon(1e-12));
}

TEST_CASE("host failures: determinism — the same scenario twice gives the same bytes (cube pod, drawn repairs)") {
  const std::string link = "machine=tpu-v4&strategy=cube-pack&ocs=off&jobs=150&arrival=poisson:0.05&host_mtbf=20000&host_repair=uniform:20-60";
  std::string first;
  for (int i = 0; i < 2; ++i) {
    auto s = parse_link(link);
    REQUIRE(s);
    auto r = run_replication(*s, 0);
    REQUIRE(r);
    Report rep;
    rep.mean = *r;
    rep.pod = metric_rows(s->pod());
    const std::string text = results_json(rep);
    CHECK(text.find("\"pod_jobs_killed\"") != std::string::npos);
    if (i == 0) first = text;
    else CHECK(text == first);
  }
  CHECK(first.find("\"pod_availability\": 1,") == std::string::npos);  // some host did fail
}

// [SECTION] restarts and checkpoints
TEST_CASE("host failures: keys max_restarts and checkpoint — values, canonical link, refusals naming the key") {
  auto s = parse_link("machine=tpu-v5e&strategy=pod-ff&host_mtbf=500&max_restarts=3&checkpoint=25");
  REQUIRE(s);
  CHECK(validate(*s).ok());
  CHECK(s->max_restarts == 3);
  CHECK(s->checkpoint == 25);
  CHECK(canonical_link(*s) == "machine=tpu-v5e&strategy=pod-ff&host_mtbf=500&max_restarts=3&checkpoint=25");
  CHECK(Scenario{}.max_restarts == kUnlimitedRestarts);  // defaults: always requeued, from scratch
  CHECK(canonical_link(Scenario{}).find("max_restarts") == std::string::npos);
  CHECK(canonical_link(Scenario{}).find("checkpoint") == std::string::npos);
  CHECK(refusal("max_restarts=2").find("max_restarts: jobs are killed by host failures on pod machines only") == 0);
  CHECK(refusal("checkpoint=10").find("checkpoint: jobs are killed by host failures on pod machines only") == 0);
  CHECK(refusal("machine=tpu-v5e&max_restarts=-2") == "max_restarts: '-2' is not valid; allowed: -1 (unlimited) or 0..1000000");
  CHECK(refusal("machine=tpu-v5e&max_restarts=two").find("max_restarts: 'two' is not valid") == 0);
  CHECK(refusal("machine=tpu-v5e&checkpoint=-1").find("checkpoint: '-1'") == 0);
  CHECK(refusal("machine=tpu-v5e&strategy=pod-ff&max_restarts=0&checkpoint=5") == "");  // 0: given up at the first kill
  CHECK(checkpointed_work(70, 30) == 60);  // the work up to the last checkpoint of a run
  CHECK(checkpointed_work(29.5, 30) == 0);
  CHECK(checkpointed_work(70, 0) == 0);    // no checkpoints: from scratch
  CHECK(checkpointed_work(-3, 30) == 0);   // killed before its start (alloc_cost)
}

namespace {
// Fails the first host under job `id`'s first block at time `at` (down for `repair`), then steps
// the simulation to that time.
void kill_at(Simulation& sim, JobId id, double at, double repair) {
  const JobRecord* j = sim.running_job(id);
  REQUIRE(j);
  const Block b = j->alloc.blocks.front();
  REQUIRE(sim.fail_host(host_at(sim.hosts()->pod(), b.x, b.y, b.z), at, repair));
  while (sim.now() < at && sim.step()) {
  }
}
}  // namespace

TEST_CASE("host failures: max_restarts — a job killed N times is requeued; at the (N+1)th kill it is given up (hand-worked, v5e)") {
  // Two 8x8 slices at time 0, service 100 (pod-ff: job 0 at (0,0), job 1 at (8,0)). Job 0 is
  // killed at 10 (host 0 down until 15; it restarts at (0,8)), at 20 (host 16, at (0,8); it
  // restarts at (0,0)) and at 30 (host 0 again). With max_restarts=2 the third kill gives it up:
  // it leaves unfinished, job 1 alone completes. With max_restarts=3 it restarts at 30 at (0,8)
  // and ends at 130.
  for (const int limit : {2, 3}) {
    INFO("max_restarts=" << limit);
    Simulation sim = make_sim("machine=tpu-v5e&strategy=pod-ff&job_size=slices:8x8=1&service=fixed:100&arrival=batch&jobs=2&check=1&max_restarts=" +
                              std::to_string(limit));
    sim.record_jobs(true);
    while (!sim.running_job(1) && sim.step()) {
    }
    kill_at(sim, 0, 10, 5);
    REQUIRE(sim.running_job(0));
    CHECK(sim.running_job(0)->alloc.blocks.front() == Block{0, 8, 8, 8});
    kill_at(sim, 0, 20, 5);
    REQUIRE(sim.running_job(0));
    CHECK(sim.running_job(0)->alloc.blocks.front() == Block{0, 0, 8, 8});
    CHECK(sim.running_job(0)->restarts == 2);
    kill_at(sim, 0, 30, 5);
    CHECK(sim.kills() == 3);
    CHECK(sim.abandoned() == (limit == 2 ? 1 : 0));
    CHECK((sim.running_job(0) != nullptr) == (limit == 3));
    CHECK(sim.check_invariants());
    REQUIRE(sim.run().ok());
    CHECK(sim.occupancy().free_count() == 256);
    auto rec = by_id(sim);
    const Results r = sim.results();
    CHECK(r.pod_jobs_killed == 3);
    if (limit == 2) {
      REQUIRE(rec.size() == 1);  // only job 1 finished
      CHECK(rec.count(1) == 1);
      CHECK(r.jobs_completed == 1);
      CHECK(r.pod_jobs_abandoned == 1);
      CHECK(r.completion_ratio == 0.5);
      CHECK(r.effectiveness == 1);  // both started
      CHECK(r.makespan == 100);
      CHECK(r.mean_wait_time == 0);  // job 1's: the abandoned job counts in no finished-job mean
      CHECK(r.utilization == doctest::Approx(64.0 * (10 + 10 + 10 + 100) / (256 * 100)));
      CHECK(r.pod_goodput == doctest::Approx(64.0 * 100 / (256 * 100)));
    } else {
      REQUIRE(rec.size() == 2);
      CHECK(rec[0].start == 30);
      CHECK(rec[0].end == 130);
      CHECK(rec[0].restarts == 3);
      CHECK(r.jobs_completed == 2);
      CHECK(r.pod_jobs_abandoned == 0);
      CHECK(r.completion_ratio == 1);
    }
  }
}

TEST_CASE("host failures: checkpoint — a killed job loses only the work since its last checkpoint (hand-worked, v5e)") {
  // One 8x8 slice of service 100 at (0,0), a checkpoint every 30 of work. Killed at 70 (host 0,
  // down until 75): its work up to 60 is kept, 40 is left; it restarts at once at (8,0). Killed
  // again at 105 (host 4) after 35 of work: one more checkpoint (30) is kept, 10 is left; it
  // restarts at (0,0) and ends at 115. Goodput counts the 100 of work it did once.
  Simulation sim = make_sim("machine=tpu-v5e&strategy=pod-ff&job_size=slices:8x8=1&service=fixed:100&arrival=batch&jobs=1&check=1&checkpoint=30");
  sim.record_jobs(true);
  while (!sim.running_job(0) && sim.step()) {
  }
  kill_at(sim, 0, 70, 5);
  const JobRecord* j = sim.running_job(0);
  REQUIRE(j);
  CHECK(j->start == 70);
  CHECK(j->service == 40);
  CHECK(j->estimate == 40);  // the estimate shrinks by the kept work too
  CHECK(j->alloc.blocks.front() == Block{8, 0, 8, 8});
  kill_at(sim, 0, 105, 5);
  REQUIRE(sim.run().ok());
  auto rec = by_id(sim);
  REQUIRE(rec.size() == 1);
  CHECK(rec[0].start == 105);
  CHECK(rec[0].end == 115);
  CHECK(rec[0].restarts == 2);
  const Results r = sim.results();
  CHECK(r.pod_jobs_killed == 2);
  CHECK(r.makespan == 115);
  CHECK(r.mean_response_time == 115);
  CHECK(r.utilization == doctest::Approx(64.0 * (70 + 35 + 10) / (256 * 115)));
  CHECK(r.pod_goodput == doctest::Approx(64.0 * (60 + 30 + 10) / (256 * 115)));
}

TEST_CASE("host failures: a run that cannot end stops with an error naming the keys — a hopeless job, a job no healthy machine holds") {
  // A 16x16 slice (32 hosts) of service 1000 at host_mtbf=1000: a run survives with probability
  // e^-32. Always requeued, it would never finish: the run stops at its first kill.
  const std::string hopeless = "machine=tpu-v5e&strategy=pod-ff&job_size=slices:16x16=1&service=fixed:1000&arrival=batch&jobs=1&host_mtbf=1000";
  {
    Simulation sim = make_sim(hopeless);
    const Status st = sim.run();
    REQUIRE_FALSE(st.ok());
    const std::string why = st.message();
    INFO(why);
    CHECK(why.find("job 0 (16x16) cannot be expected to finish: a host failure killed it at time ") == 0);
    CHECK(why.find("its 32 hosts all stay up through a run of 1000 with probability 1.27e-14 (about 7.9e+13 runs expected) at host_mtbf=1000; ") != std::string::npos);
    CHECK(why.find("give such jobs up (max_restarts=N), keep their work (checkpoint=T) or raise host_mtbf") != std::string::npos);
    CHECK(sim.kills() == 1);
  }
  {  // given up at the third kill
    Simulation sim = make_sim(hopeless + "&max_restarts=2");
    REQUIRE(sim.run().ok());
    CHECK(sim.kills() == 3);
    CHECK(sim.results().pod_jobs_abandoned == 1);
    CHECK(sim.results().jobs_completed == 0);
  }
  {  // checkpoints every 10: a stretch survives with e^-0.32; the job finishes, its work counted once
    Simulation sim = make_sim(hopeless + "&checkpoint=10");
    REQUIRE(sim.run().ok());
    const Results r = sim.results();
    CHECK(r.jobs_completed == 1);
    CHECK(sim.kills() > 10);
    CHECK(r.pod_goodput == doctest::Approx(256.0 * 1000 / (256 * r.makespan)));
  }
  // Two 16x16x16 boxes on the fixed v5p torus (16x20x28) fit by chips, never by positions. With
  // hosts failing (18 of 2240 down on average) some host is always down, so the run would go on
  // waiting for repairs: it stops once nothing runs and the head fits no healthy machine.
  Simulation sim = make_sim("machine=tpu-v5p&ocs=off&strategy=cube-pack&job_size=slices:16x16x16=1&slices=2&arrival=batch&jobs=1&host_mtbf=12500");
  REQUIRE(sim.fail_host(0, 0, 1e6));  // (a host down from the start)
  int steps = 0;
  while (sim.step() && ++steps < 1000) {
  }
  CHECK(sim.done());
  CHECK(sim.status().message() == "job 0 (16x16x16) can never be placed by strategy 'cube-pack' on this machine");
}
