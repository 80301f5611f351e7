// test_count_shape.cpp — how a processor count becomes a box (workload/count_shape.hpp), worked
// by hand: the exact most cube-like factorisation, the near-cube with a·b·c ≥ n, the
// power-of-two partition, each oriented to the machine; and the SWF reader applying them on a
// 3D machine (swf_shape=square, cube, pow2), with the T3D's 2-processor nodes; a CSV trace's
// depth column; and job_size=pow2:A-B, the synthetic power-of-two partitions.
#include <doctest/doctest.h>
#include <cstdlib>
#include "scenario/scenario.hpp"
#include "workload/count_shape.hpp"
#include "workload/specs.hpp"
#include "workload/trace.hpp"

using namespace alloclab;

TEST_CASE("count shapes: exact_shape is the most cube-like a x b x c = n, oriented to the machine") {
  CHECK(exact_shape(12, 16, 16, 1) == Shape{4, 3, 1});  // 2D: the most-square rule
  CHECK(exact_shape(64, 8, 8, 8) == Shape{4, 4, 4});
  CHECK(exact_shape(12, 8, 8, 8) == Shape{3, 2, 2});    // longest side 3 (12 = 3·2·2), not 4·3·1
  CHECK(exact_shape(7, 8, 8, 8) == Shape{7, 1, 1});     // a prime: a strip
  CHECK(exact_shape(18, 8, 8, 8) == Shape{3, 3, 2});    // 3·3·2 beats 3·6·1 and 2·9·1
  CHECK(exact_shape(128, 8, 4, 4) == Shape{8, 4, 4});   // the only box of 128 on 8x4x4
  CHECK(exact_shape(32, 8, 4, 4) == Shape{4, 4, 2});    // 4·4·2: the longest sides along x, then y
  CHECK(exact_shape(16, 8, 4, 4) == Shape{4, 2, 2});
  CHECK(exact_shape(32, 4, 16, 2) == Shape{4, 4, 2});   // tall machine: sides sorted onto y, x, z
  CHECK(exact_shape(24, 2, 16, 4) == Shape{2, 4, 3});   // 4·3·2: 4 along y (16), 3 along z (4), 2 along x
  CHECK(exact_shape(9, 2, 2, 2) == Shape{0, 0, 0});     // more than the machine
  CHECK(exact_shape(5, 2, 2, 2) == Shape{0, 0, 0});     // 5 has no box with sides <= 2
}

TEST_CASE("count shapes: near_cube_shape holds n in the box with the smallest longest side") {
  CHECK(near_cube_shape(8, 8, 8, 8) == Shape{2, 2, 2});
  CHECK(near_cube_shape(7, 8, 8, 8) == Shape{2, 2, 2});     // 8 >= 7 with sides 2, not a 7x1x1 strip
  CHECK(near_cube_shape(5, 8, 8, 8) == Shape{2, 2, 2});     // no box of longest side 2 smaller than 8 holds 5
  CHECK(near_cube_shape(9, 8, 8, 8) == Shape{3, 3, 1});     // longest side 3: 3·3·1 = 9 beats 3·2·2 = 12
  CHECK(near_cube_shape(128, 16, 16, 16) == Shape{6, 6, 4});  // 6·6·4 = 144 beats 6·5·5 = 150; 8·4·4 has side 8
  CHECK(near_cube_shape(100, 8, 4, 4) == Shape{7, 4, 4});   // sides 4 cap y and z: 5·4·4 and 6·4·4 are too small
  CHECK(near_cube_shape(7, 16, 16, 1) == Shape{3, 3, 1});   // 2D machine: the near-square
  CHECK(near_cube_shape(129, 8, 4, 4) == Shape{0, 0, 0});
}

TEST_CASE("count shapes: pow2_shape rounds up to a power-of-two partition with power-of-two sides") {
  CHECK(pow2_shape(5, 8, 8, 8) == Shape{2, 2, 2});
  CHECK(pow2_shape(64, 8, 8, 8) == Shape{4, 4, 4});
  CHECK(pow2_shape(100, 8, 4, 4) == Shape{8, 4, 4});  // 128
  CHECK(pow2_shape(3, 16, 16, 1) == Shape{2, 2, 1});
  CHECK(pow2_shape(4, 3, 3, 3) == Shape{2, 2, 1});
  CHECK(pow2_shape(16, 3, 3, 3) == Shape{0, 0, 0});  // 16 needs a side of 4; 32 > 27
  CHECK(pow2_shape(200, 8, 4, 4) == Shape{0, 0, 0});  // 256 > 128
}

TEST_CASE("SWF on a 3D machine: swf_shape square, cube, pow2 and 2-processor nodes") {
  // id submit wait run procs cpu mem reqprocs reqtime reqmem status ...
  const char* swf =
      "1 0 -1 10 128 -1 -1 128 -1 -1 1 -1 -1 -1 -1 -1 -1 -1\n"
      "2 5 -1 10 7 -1 -1 7 -1 -1 1 -1 -1 -1 -1 -1 -1 -1\n"
      "3 9 -1 10 12 -1 -1 12 -1 -1 1 -1 -1 -1 -1 -1 -1 -1\n"
      "4 12 -1 10 600 -1 -1 600 -1 -1 1 -1 -1 -1 -1 -1 -1 -1\n";  // more than 8x8x8 = 512
  auto sq = parse_trace_swf(swf, "t.swf", 8, 8, TraceOptions{.depth = 8});
  REQUIRE(sq);
  REQUIRE(sq->jobs.size() == 3);
  CHECK(sq->jobs[0].shape == Shape{8, 4, 4});
  CHECK(sq->jobs[1].shape == Shape{7, 1, 1});
  CHECK(sq->jobs[2].shape == Shape{3, 2, 2});
  CHECK(sq->skipped_too_large == 1);
  CHECK(sq->reshaped == 0);
  auto cube = parse_trace_swf(swf, "t.swf", 8, 8, TraceOptions{.shape = SwfShape::Cube, .depth = 8});
  REQUIRE(cube);
  CHECK(cube->jobs[0].shape == Shape{6, 6, 4});  // 144 >= 128
  CHECK(cube->jobs[1].shape == Shape{2, 2, 2});
  CHECK(cube->jobs[2].shape == Shape{3, 2, 2});  // 12 exactly
  CHECK(cube->reshaped == 2);                    // 128 -> 144 and 7 -> 8 hold more than asked
  auto p2 = parse_trace_swf(swf, "t.swf", 8, 8, TraceOptions{.shape = SwfShape::Pow2, .depth = 8});
  REQUIRE(p2);
  CHECK(p2->jobs[0].shape == Shape{8, 4, 4});
  CHECK(p2->jobs[1].shape == Shape{2, 2, 2});
  CHECK(p2->jobs[2].shape == Shape{4, 2, 2});  // 16
  CHECK(p2->reshaped == 2);
  // nodes of 2 processors on 8x4x4 (the T3D): 128 processors are 64 nodes; 7 round up to 4 nodes;
  // 600 > 256 processors is too large
  auto t3d = parse_trace_swf(swf, "t.swf", 8, 4, TraceOptions{.depth = 4, .procs_per_node = 2});
  REQUIRE(t3d);
  REQUIRE(t3d->jobs.size() == 3);
  CHECK(t3d->jobs[0].shape == Shape{4, 4, 4});
  CHECK(t3d->jobs[1].shape == Shape{2, 2, 1});
  CHECK(t3d->jobs[2].shape == Shape{3, 2, 1});  // 6 nodes
  CHECK(t3d->skipped_too_large == 1);
}

TEST_CASE("CSV traces: a depth column gives 3D boxes; too deep is too large, depth 0 invalid") {
  auto t = parse_trace_csv("arrival,width,height,depth,runtime\n0,2,2,3,5\n1,1,1,5,5\n2,1,1,0,5\n3,4,4,4,5\n", "t.csv", 4, 4,
                           TraceOptions{.depth = 4});
  REQUIRE(t);
  REQUIRE(t->jobs.size() == 2);
  CHECK(t->jobs[0].shape == Shape{2, 2, 3});
  CHECK(t->jobs[1].shape == Shape{4, 4, 4});
  CHECK(t->skipped_too_large == 1);
  CHECK(t->skipped_invalid == 1);
  auto flat = parse_trace_csv("arrival,width,height,runtime\n0,2,2,5\n", "t.csv", 4, 4, TraceOptions{.depth = 4});
  REQUIRE(flat);
  CHECK(flat->jobs[0].shape == Shape{2, 2, 1});  // no depth column: depth 1
}

TEST_CASE("job_size=pow2:A-B: power-of-two partitions, exponent uniform in A..B, checked against the machine") {
  auto spec = parse_job_size("pow2:0-7");
  REQUIRE(spec);
  CHECK(to_string(*spec, 16) == "pow2:0-7");
  Rng rng(7);
  int count[8] = {};
  for (int i = 0; i < 8000; ++i) {
    const Shape s = sample_shape(*spec, 8, 4, rng, 4);
    const int n = s.area();
    REQUIRE((n & (n - 1)) == 0);  // a power of two
    REQUIRE(s == pow2_shape(n, 8, 4, 4));
    int k = 0;
    while ((1 << k) < n) ++k;
    REQUIRE(k <= 7);
    ++count[k];
  }
  for (int k = 0; k <= 7; ++k) {
    INFO("2^", k, ": ", count[k], " of 8000");
    CHECK(std::abs(count[k] - 1000) < 150);  // 1000 expected; sd about 30
  }
  Rng r2(1);
  CHECK(sample_shape(*parse_job_size("pow2:3-3"), 8, 8, r2, 16) == Shape{2, 2, 2});
  CHECK(sample_shape(*parse_job_size("pow2:9-9"), 8, 8, r2, 16) == Shape{8, 8, 8});
  CHECK(sample_shape(*parse_job_size("pow2:10-10"), 8, 8, r2, 16) == Shape{8, 8, 16});
  for (const char* bad : {"pow2:5-2", "pow2:0-21", "pow2:1.5-3", "pow2:3", "pow2:-1-2"}) {
    INFO(bad);
    CHECK_FALSE(parse_job_size(bad));
  }
  auto s = parse_link("size=8x8x16&topology=torus&strategy=ff3d&job_size=pow2:0-11");
  REQUIRE(s);
  const Status st = validate(*s);
  REQUIRE_FALSE(st);
  CHECK(st.message() == "job_size: pow2:0-11: 2^11 = 2048 nodes have no power-of-two box on the 8x8x16 machine");
  // a fixed shape larger than the machine on any side: the error names the sides allowed
  for (const char* link : {"size=4x4x4&strategy=ff3d&job_size=fixed:5x1x1", "size=4x4x4&strategy=ff3d&job_size=fixed:1x1x5"}) {
    INFO(link);
    auto f = parse_link(link);
    REQUIRE(f);
    const Status e = validate(*f);
    REQUIRE_FALSE(e);
    CHECK(e.message().find(" does not fit the 4x4x4 machine; allowed: at most 4x4x4 (width x height x depth)") != std::string::npos);
  }
  auto fits = parse_link("size=4x4x4&strategy=ff3d&job_size=fixed:4x4x4");
  REQUIRE(fits);
  CHECK(validate(*fits));
}
