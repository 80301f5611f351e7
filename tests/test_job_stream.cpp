// test_job_stream.cpp — the job stream (workload/job_stream.hpp) on its own: numbering, the
// draw order that makes two streams of one seed equal, the time limit, a trace.
#include <doctest/doctest.h>
#include "workload/job_stream.hpp"

using namespace alloclab;

TEST_CASE("job stream: synthetic jobs in arrival order, reproducible, cut by the time limit") {
  auto s = parse_link("size=8x8&jobs=20&arrival=poisson:0.5&job_size=uniform:1-8&service=exponential:5");
  REQUIRE(s);
  JobStream a(*s, Rng(11)), b(*s, Rng(11));
  std::vector<QueuedJob> jobs;
  while (auto q = a.next(*s)) {
    const auto r = b.next(*s);
    REQUIRE(r);
    CHECK(r->arrival == q->arrival);
    CHECK(r->shape == q->shape);
    CHECK(r->service == q->service);
    CHECK(q->estimate == q->service);
    CHECK(q->id == JobId(jobs.size()));
    if (!jobs.empty()) CHECK(q->arrival >= jobs.back().arrival);
    jobs.push_back(*q);
  }
  CHECK(jobs.size() == 20);
  CHECK(a.total() == 20);
  CHECK_FALSE(a.next(*s));
  s->time_limit = (jobs[9].arrival + jobs[10].arrival) / 2;  // jobs 0..9 arrive by it
  JobStream c(*s, Rng(11));
  long long n = 0;
  while (c.next(*s)) ++n;
  CHECK(n == 10);
  CHECK(c.total() == 10);
}

TEST_CASE("job stream: a trace's jobs as recorded") {
  auto s = parse_link("size=4x4&trace=t.csv");
  REQUIRE(s);
  auto t = parse_trace_csv("arrival,width,height,runtime,estimate\n0,2,2,5,8\n3,4,1,2,2\n", "t.csv", 4, 4);
  REQUIRE(t);
  s->trace_data = std::make_shared<const Trace>(std::move(*t));
  s->jobs = 2;
  JobStream js(*s, Rng(1));
  const auto j0 = js.next(*s), j1 = js.next(*s);
  REQUIRE(j0);
  REQUIRE(j1);
  CHECK(j0->shape == Shape{2, 2});
  CHECK(j0->service == 5);
  CHECK(j0->estimate == 8);
  CHECK(j1->arrival == 3);
  CHECK_FALSE(js.next(*s));
}

// As a simulation uses it: one job drawn ahead and held until its arrival, in next()'s order.
TEST_CASE("job stream: one job held from its draw to its arrival, the same jobs as next()") {
  auto s = parse_link("size=8x8&jobs=3&arrival=poisson:0.5&job_size=uniform:1-8&service=exponential:5");
  REQUIRE(s);
  JobStream a(*s, Rng(5)), b(*s, Rng(5));
  CHECK(a.pending() == nullptr);
  for (int i = 0; i < 3; ++i) {
    const QueuedJob* q = a.draw(*s);
    REQUIRE(q);
    CHECK(a.pending() == q);
    const auto want = b.next(*s);
    CHECK(q->id == want->id);
    CHECK(q->arrival == want->arrival);
    const QueuedJob got = a.arrive(q->id);
    CHECK(got.shape == want->shape);
    CHECK(a.pending() == nullptr);
  }
  CHECK(a.draw(*s) == nullptr);  // the stream is over
  CHECK(a.pending() == nullptr);
}
