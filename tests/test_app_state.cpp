// test_app_state.cpp — the page's state logic without a browser or ImGui (web/app_state.hpp,
// web/presets.hpp in alloclab_app_core), natively and in wasm: share links in and out (the URL
// fragment), a bad link or panel value, a link that names a trace, modes, stepping, the Compare
// runs' lock-step, and every preset loaded into the page. (The Sweep mode and replications are
// in test_sweep_runner.cpp, traces re-derived after a key change in test_trace_load.cpp.)
#include <doctest/doctest.h>
#include <algorithm>
#include <string>
#include "app_state.hpp"
#include "alloc/strategy.hpp"
#include "cli/cli.hpp"
#include "cli/sweep.hpp"
#include "presets.hpp"

using namespace alloclab;
using namespace alloclab::app;

TEST_CASE("page link: load_link takes a fragment ('#' too) and link() gives it back canonical") {
  AppState st;
  CHECK(st.link() == "");
  CHECK(st.error() == "");
  (void)st.take_link_changed();
  const unsigned g = st.generation();
  REQUIRE(st.load_link("#strategy=bf&size=20x12&seed=9").ok());
  CHECK(st.link() == "size=20x12&strategy=bf&seed=9");  // table order
  CHECK(st.take_link_changed());                        // the page rewrites its fragment once
  CHECK_FALSE(st.take_link_changed());
  CHECK(st.generation() > g);
  CHECK(st.sim().scenario().width == 20);
  CHECK(st.sim().scenario().strategy == "bf");
  CHECK(st.sim().now() == 0);
  // the same link again: the same scenario (a loaded link reproduces the run)
  AppState other;
  REQUIRE(other.load_link(st.link()).ok());
  CHECK(canonical_link(other.scenario()) == canonical_link(st.scenario()));
}

TEST_CASE("page link: a bad link or panel value keeps the running scenario; the engine's message") {
  AppState st;
  REQUIRE(st.load_link("size=24x24&seed=5").ok());
  (void)st.take_link_changed();
  auto bad = parse_link("size=99999x1");
  REQUIRE_FALSE(bad.ok());
  CHECK_FALSE(st.load_link("size=99999x1").ok());
  CHECK(st.error() == bad.error().message);
  CHECK(st.link() == "size=24x24&seed=5");
  CHECK_FALSE(st.take_link_changed());
  // a panel change: the link follows; out of range: refused, link unchanged
  REQUIRE(st.set_param("strategy", "mbs").ok());
  CHECK(st.error() == "");  // a successful load clears the error panel
  CHECK(st.link() == "size=24x24&strategy=mbs&seed=5");
  CHECK(st.take_link_changed());
  const Status s = st.set_param("size", "5000x2");
  REQUIRE_FALSE(s.ok());
  CHECK(s.message().rfind("size", 0) == 0);
  CHECK(st.link() == "size=24x24&strategy=mbs&seed=5");
  CHECK_FALSE(st.take_link_changed());
  // a valid key with an invalid combination (validate): refused the same way
  CHECK_FALSE(st.set_param("job_size", "fixed:30x30").ok());
  CHECK(st.link() == "size=24x24&strategy=mbs&seed=5");
}

TEST_CASE("page link: a link naming a trace runs the rest, asks for the file, and the file completes it") {
  AppState st;
  const std::string shared = "size=20x12&strategy=bf&jobs=40&trace=jobs.csv";
  REQUIRE(st.load_link(shared).ok());
  CHECK(st.link() == "size=20x12&strategy=bf&jobs=40");
  CHECK(st.error().find("'jobs.csv'") != std::string::npos);
  REQUIRE(st.pending_trace().has_value());
  std::string csv = "arrival,width,height,runtime\n";
  for (int i = 0; i < 60; ++i) csv += std::to_string(i * 7) + "," + std::to_string(1 + i % 5) + "," + std::to_string(1 + i % 3) + ",50\n";
  REQUIRE(st.load_trace("jobs.csv", csv).ok());
  CHECK(st.link() == shared);
  CHECK(st.error() == "");
  CHECK_FALSE(st.pending_trace().has_value());
  REQUIRE(st.scenario().trace_data);
  CHECK(st.scenario().trace_data->jobs.size() == 60);
  // a malformed trace: the engine's message, the scenario kept
  CHECK_FALSE(st.load_trace("bad.csv", "arrival,width\n1,2\n").ok());
  CHECK(st.error() != "");
  CHECK(st.link() == shared);
}

TEST_CASE("page modes: names round-trip, Explain pauses, stepping processes one event, reset") {
  for (Mode m : kModes) {
    REQUIRE(mode_from_name(mode_name(m)).has_value());
    CHECK(*mode_from_name(mode_name(m)) == m);
  }
  CHECK(mode_from_name("sweep") == Mode::Sweep);  // case-insensitive (window.alloclab.setMode)
  CHECK_FALSE(mode_from_name("Gantt").has_value());
  AppState st;
  REQUIRE(st.load_link("size=16x16&jobs=200&seed=3").ok());
  CHECK(st.playback().playing());  // Run mode plays from the start
  st.step_once();
  CHECK_FALSE(st.playback().playing());
  CHECK(st.events() == 1);
  for (int i = 0; i < 49; ++i) st.step_once();
  CHECK(st.events() == 50);
  CHECK(st.sim().now() > 0);
  st.reset();
  CHECK(st.events() == 0);
  CHECK(st.sim().now() == 0);
  st.playback().play();
  st.set_mode(Mode::Explain);
  CHECK(st.mode() == Mode::Explain);
  CHECK_FALSE(st.playback().playing());
}

TEST_CASE("page compare: one run per strategy on the current scenario, stepped in lock-step by simulated time") {
  AppState st;
  REQUIRE(st.load_link("size=32x32&arrival=poisson:0.02&seed=3").ok());
  st.set_compare_ids({"ff", "bf", "mbs", "random"});
  st.set_mode(Mode::Compare);
  REQUIRE(st.compare_runs().size() == 4);
  for (std::size_t i = 0; i < 4; ++i) {
    REQUIRE(st.compare_runs()[i].has_value());
    CHECK(st.compare_runs()[i]->scenario().strategy == st.compare_ids()[i]);
    Scenario want = st.scenario();
    want.strategy = st.compare_ids()[i];
    CHECK(canonical_link(st.compare_runs()[i]->scenario()) == canonical_link(want));
  }
  st.playback().play();
  st.playback().set_speed(3000);
  auto earliest = [&] {
    double t = 1e300;
    for (const auto& r : st.compare_runs()) t = std::min(t, r->now());
    return t;
  };
  for (int frame = 0; frame < 2000 && earliest() < 1000; ++frame) st.advance(0.05);
  std::vector<double> t;
  for (const auto& r : st.compare_runs()) t.push_back(r->now());
  const double lo = *std::min_element(t.begin(), t.end()), hi = *std::max_element(t.begin(), t.end());
  CHECK(lo >= 1000);
  CHECK_MESSAGE(hi - lo < 0.2 * hi, "compare runs at ", t[0], ", ", t[1], ", ", t[2], ", ", t[3]);
  // an unknown strategy: that run is missing with the engine's message, the others run
  st.set_compare_ids({"ff", "no-such"});
  st.restart_compare();
  REQUIRE(st.compare_runs().size() == 2);
  CHECK(st.compare_runs()[0].has_value());
  CHECK_FALSE(st.compare_runs()[1].has_value());
  CHECK(st.compare_errors()[1].find("no-such") != std::string::npos);
}

TEST_CASE("presets: every preset parses and validates as a whole sweep; its first point is the page's") {
  REQUIRE(presets().size() > 0);
  for (const Preset& p : presets()) {
    INFO("preset ", std::string(p.name));
    const std::vector<std::string> words = sweep_text_words(std::string(p.text));
    auto spec = parse_sweep(Scenario{}, words);
    REQUIRE_MESSAGE(spec.ok(), (spec.ok() ? "" : spec.error().message));
    auto runner = SweepRunner::create(*spec);
    REQUIRE_MESSAGE(runner.ok(), (runner.ok() ? "" : runner.error().message));
    for (long long i = 0; i < static_cast<long long>(runner->size()); ++i) {
      const Status v = validate(runner->scenario(i));
      CHECK_MESSAGE(v.ok(), "point ", i, ": ", (v.ok() ? "" : v.message()));
    }
    auto first = preset_first_point(p);
    REQUIRE_MESSAGE(first.ok(), (first.ok() ? "" : first.error().message));
    CHECK(canonical_link(first->scenario) == canonical_link(runner->scenario(0)));
    CHECK_FALSE(first->description.empty());  // the file says what it reproduces
  }
}

TEST_CASE("presets: loading one sets the scenario, the Compare strategies and the Sweep lists") {
  for (const Preset& p : presets()) {
    INFO("preset ", std::string(p.name));
    auto pt = preset_first_point(p);
    REQUIRE(pt.ok());
    AppState st;
    REQUIRE(load_preset(st, p.name).ok());
    CHECK(st.error() == "");
    CHECK(st.link() == canonical_link(pt->scenario));
    const SweepSettings& sw = st.sweep_settings();
    if (pt->strategies.size() >= 2) {
      CHECK(sw.ids == pt->strategies);
      const std::size_t k = std::min<std::size_t>(4, pt->strategies.size());
      CHECK(st.compare_ids() == std::vector<std::string>(pt->strategies.begin(), pt->strategies.begin() + std::ptrdiff_t(k)));
    } else {
      CHECK(sw.ids == std::vector<std::string>{pt->scenario.strategy});  // a one-strategy preset sweeps it
    }
    // the Sweep is set to the preset's x-axis with all its values; the card names paper and figure
    if (!pt->sweep_key.empty()) {
      CHECK(sw.key == pt->sweep_key);
      CHECK(sw.values.size() == pt->sweep_values.size());
    }
    CHECK(sw.replications == std::min(pt->replications, 30));
    CHECK(st.lesson() == std::string(p.name));
    CHECK_FALSE(pt->info.title.empty());
    CHECK_FALSE(pt->info.paper.empty());
    CHECK_FALSE(pt->info.figure.empty());
    if (!pt->info.x.empty()) CHECK(pt->sweep_key == pt->info.x);
    if (const auto m = mode_from_name(pt->info.mode)) CHECK(st.mode() == *m);
  }
  AppState st;
  REQUIRE(st.load_link("size=8x8").ok());
  const Status s = load_preset(st, "no-such-preset");
  REQUIRE_FALSE(s.ok());
  CHECK(st.error() == "preset: unknown 'no-such-preset'");
  CHECK(st.link() == "size=8x8");
}

TEST_CASE("page: a shipped log replays on its own machine with a strategy that runs there; a failed load changes nothing") {
  AppState st;
  REQUIRE(st.load_link("size=24x24&strategy=mbs").ok());
  const std::string before = st.link();
  auto t3d = read_trace_file("assets/traces/LLNL-T3D-1996-converted.swf.gz");
  REQUIRE_MESSAGE(t3d, (t3d ? "" : t3d.error().message));
  // a shipped log that fails to read: the error, and not even swf_size=header left behind
  CHECK_FALSE(st.load_trace("LLNL-T3D-1996-converted.swf.gz", "1 2 3\n", true).ok());
  CHECK(st.error() != "");
  CHECK(st.link() == before);
  // the T3D log as a user's file on the 2D mesh: refused (a 3D log), the scenario kept
  CHECK_FALSE(st.load_trace("LLNL-T3D-1996-converted.swf.gz", *t3d).ok());
  CHECK(st.link() == before);
  // as the shipped log (its Setup button): its 8x4x4 torus, mbs replaced by its 3D rule mbs3d
  REQUIRE(st.load_trace("LLNL-T3D-1996-converted.swf.gz", *t3d, true).ok());
  CHECK(st.error() == "");
  CHECK(st.scenario().width == 8);
  CHECK(st.scenario().height == 4);
  CHECK(st.scenario().depth == 4);
  CHECK(st.scenario().topo().wraps());
  CHECK(st.scenario().strategy == "mbs3d");
  REQUIRE(st.scenario().trace_data);
  CHECK(st.scenario().trace_data->jobs.size() > 20000);
  CHECK(st.link().find("swf_size=header") != std::string::npos);
  // a 2D rule with no 3D row (mfa, contiguous): the first contiguous row that runs there
  REQUIRE(st.set_param("strategy", "ff3d").ok());
  const StrategyInfo* mfa = find_strategy("mfa");
  REQUIRE(mfa);
  const StrategyInfo* sub = strategy_for_machine(*mfa, st.scenario().topo());
  REQUIRE(sub);
  CHECK(sub->contiguous);
  CHECK(strategy_unsupported(*sub, st.scenario().topo()) == "");
  CHECK(strategy_for_machine(*find_strategy("ff3d"), st.scenario().topo())->id == "ff3d");  // runs there: kept
  // and back to the Paragon: ff3d runs on its 2D mesh too, so it is kept
  auto paragon = read_trace_file("assets/traces/SDSC-Par-1996-3.1-cln.swf.gz");
  REQUIRE(paragon);
  REQUIRE(st.load_trace("SDSC-Par-1996-3.1-cln.swf.gz", *paragon, true).ok());
  CHECK(st.scenario().depth == 1);
  CHECK(st.scenario().width * st.scenario().height == 416);
  CHECK(st.scenario().strategy == "ff3d");
}

// The Utilization chart's "busy now" and the header's busy count: chips jobs hold, not a failed
// host's chips (hand-worked: test_host_failures' v5e run, at 30 two 8x8 jobs run and host 0's
// 2x4 chips are held failed: 136 chips busy in the occupancy, 128 held by jobs).
TEST_CASE("history: a failed host's chips are not busy in the Utilization chart") {
  auto s = parse_link("machine=tpu-v5e&strategy=pod-ff&job_size=slices:8x8=1&service=fixed:100&arrival=batch&jobs=2");
  REQUIRE(s);
  auto sim = Simulation::create(*s);
  REQUIRE(sim);
  REQUIRE(sim->fail_host(0, 30, 50));
  while (sim->now() < 30 && sim->step()) {
  }
  REQUIRE(sim->now() == 30);
  CHECK(sim->occupancy().busy_count() == 136);
  CHECK(job_chips(*sim) == 128);
  History h;
  h.add(*sim);
  REQUIRE(h.samples().size() == 1);
  CHECK(h.samples()[0].util == doctest::Approx(0.5));  // 128 / 256
}
