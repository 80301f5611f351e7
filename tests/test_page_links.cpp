// test_page_links.cpp — what a share link carries beside the scenario (web/page_keys.hpp: mode,
// Compare's strategies, the Sweep's strategies, axis, values and replications), the numeric
// sweep axes it names (engine/sweep/axis.hpp) and the presets' card lines
// (engine/scenario/preset_info.hpp).
#include <doctest/doctest.h>
#include "app_state.hpp"
#include "page_keys.hpp"
#include "scenario/preset_info.hpp"
#include "sweep/axis.hpp"

using namespace alloclab;

TEST_CASE("sweep axis: a bare number becomes a value of the key; the x is the value's number") {
  Scenario s;
  auto v = axis_value(s, "service", "4");
  REQUIRE(v.ok());
  CHECK(*v == "exponential:4");
  CHECK(*axis_value(s, "arrival", "0.02") == "poisson:0.02");
  CHECK(*axis_value(s, "size", "32") == "32x32");
  CHECK(*axis_value(s, "jobs", "500") == "500");
  CHECK(*axis_value(s, "service", "uniform:1-100") == "uniform:1-100");
  // arrival=batch has no number: a bare number takes the first one-number form of the range
  REQUIRE(apply(s, "arrival", "batch").ok());
  CHECK(*axis_value(s, "arrival", "0.5") == "poisson:0.5");
  // refusals name the key and what is allowed
  auto bad = axis_value(s, "size", "2000");
  REQUIRE_FALSE(bad.ok());
  CHECK(bad.error().message.rfind("size:", 0) == 0);
  auto notnum = axis_value(s, "strategy", "ff");
  REQUIRE_FALSE(notnum.ok());
  CHECK(notnum.error().message.find("not a numeric key") != std::string::npos);
  CHECK(notnum.error().message.find("service") != std::string::npos);
  auto list = axis_values(Scenario{}, "service", "4, 8 12;4");
  REQUIRE_FALSE(list.ok());  // "4, 8 12;4" has a ';': split there, "4, 8 12" is not one value
  auto list2 = axis_values(Scenario{}, "service", "4, 8 12 4");
  REQUIRE(list2.ok());
  CHECK(*list2 == std::vector<std::string>{"exponential:4", "exponential:8", "exponential:12"});
  CHECK(axis_x("exponential:12") == 12);
  CHECK(axis_x("32x16") == 32);
  CHECK(axis_x("poisson:0.005") == 0.005);
  CHECK(axis_label("service", "exponential:4") == "service (exponential mean)");
  CHECK(axis_label("arrival", "poisson:0.1") == "arrival (poisson rate)");
  bool has_service = false, has_strategy = false;
  for (auto k : numeric_axes()) has_service |= k == "service", has_strategy |= k == "strategy";
  CHECK(has_service);
  CHECK_FALSE(has_strategy);
}

TEST_CASE("page links: a Run-mode link is the canonical link; Compare and Sweep links round-trip") {
  app::AppState a;
  REQUIRE(a.load_link("size=20x20&strategy=bf").ok());
  CHECK(a.share_link() == "size=20x20&strategy=bf");  // no page keys in Run mode
  CHECK(a.take_link_changed());

  a.set_mode(app::Mode::Compare);
  a.set_compare_ids({"ff", "mbs", "pald-ff"});
  const std::string cmp = a.share_link();
  CHECK(cmp == "size=20x20&strategy=bf&mode=compare&compare=ff,mbs,pald-ff");
  app::AppState b;
  REQUIRE(b.load_link(cmp).ok());
  CHECK(b.mode() == app::Mode::Compare);
  CHECK(b.compare_ids() == std::vector<std::string>{"ff", "mbs", "pald-ff"});
  CHECK(b.link() == "size=20x20&strategy=bf");
  CHECK(b.share_link() == cmp);
  CHECK(b.compare_runs().size() == 3);

  app::AppState c;
  REQUIRE(c.load_link("size=20x20&jobs=100").ok());
  c.set_mode(app::Mode::Sweep);
  c.set_sweep_settings({{"ff", "bf"}, "service", {"exponential:20", "exponential:40"}, 4});
  const std::string sw = c.share_link();
  CHECK(sw == "size=20x20&jobs=100&mode=sweep&sweep_strategies=ff,bf&sweep_key=service&sweep_values=exponential:20%3Bexponential:40&sweep_replications=4");
  app::AppState d;
  REQUIRE(d.load_link(sw).ok());
  CHECK(d.mode() == app::Mode::Sweep);
  CHECK(d.sweep_settings() == c.sweep_settings());
  CHECK(d.share_link() == sw);
  // bare numbers and page keys in any order
  app::AppState e;
  REQUIRE(e.load_link("sweep_values=10;30&sweep_key=service&mode=sweep&size=20x20").ok());
  CHECK(e.sweep_settings().values == std::vector<std::string>{"exponential:10", "exponential:30"});
  CHECK(e.link() == "size=20x20");
}

TEST_CASE("page links: a bad page key is refused with its name and nothing changes") {
  app::AppState a;
  REQUIRE(a.load_link("size=20x20").ok());
  auto st = a.load_link("size=24x24&mode=compare&compare=ff,nosuch");
  REQUIRE_FALSE(st.ok());
  CHECK(st.message() == "compare: unknown strategy 'nosuch' (a strategy id: alloclab list)");
  CHECK(a.error() == st.message());
  CHECK(a.link() == "size=20x20");
  CHECK(a.mode() == app::Mode::Run);
  CHECK_FALSE(a.load_link("mode=fly").ok());
  CHECK(a.error().rfind("mode: 'fly' is not a mode; allowed: run, compare, sweep, explain", 0) == 0);
  CHECK_FALSE(a.load_link("mode=compare&compare=ff").ok());
  CHECK(a.error().rfind("compare: 2 to 4", 0) == 0);
  CHECK_FALSE(a.load_link("mode=sweep&sweep_key=strategy").ok());
  CHECK(a.error().rfind("sweep_key: 'strategy' is not a numeric key", 0) == 0);
  CHECK_FALSE(a.load_link("mode=sweep&sweep_key=size&sweep_values=5000").ok());
  CHECK(a.error().rfind("sweep_values: size:", 0) == 0);
  CHECK_FALSE(a.load_link("mode=sweep&sweep_replications=0").ok());
  CHECK(a.mode() == app::Mode::Run);
  // every page key is in the table with its range and help
  for (const app::PageKeyDef& k : app::page_keys()) {
    CHECK_FALSE(k.range.empty());
    CHECK_FALSE(k.help.empty());
    CHECK(find_param(k.key) == nullptr);  // never a scenario key's name
  }
}

TEST_CASE("preset info: the #: lines of a preset, joined; an unknown field is refused") {
  const char* text =
      "# a comment\n"
      "#: title: Quad-tree vs frame sliding\n"
      "#: paper: Srisawat & Alexandridis 1999\n"
      "#: figure: Figure 5\n"
      "#: mode: sweep\n"
      "#: x: service\n"
      "#: shows: completion time\n"
      "#: shows: vs load\n"
      "size=64x64\n";
  auto info = parse_preset_info(text);
  REQUIRE(info.ok());
  CHECK(info->title == "Quad-tree vs frame sliding");
  CHECK(info->paper == "Srisawat & Alexandridis 1999");
  CHECK(info->figure == "Figure 5");
  CHECK(info->mode == "sweep");
  CHECK(info->x == "service");
  CHECK(info->shows == "completion time vs load");
  auto bad = parse_preset_info("#: titel: x\n");
  REQUIRE_FALSE(bad.ok());
  CHECK(bad.error().message.rfind("line 1: '#: titel' is not a preset field", 0) == 0);
}

TEST_CASE("page keys: Setup shows a key only where it means something (ocs on cube pods only)") {
  auto applies = [](const std::string& link, std::string_view key) {
    auto s = parse_link(link);
    REQUIRE_MESSAGE(s, (s ? "" : s.error().message));
    for (const ParamDef& p : params())
      if (p.key == key) return app::key_applies(p, *s);
    FAIL("no key " << std::string(key));
    return false;
  };
  CHECK(applies("machine=tpu-v4&strategy=cube-ff", "ocs"));
  CHECK(applies("machine=tpu-v5p&strategy=cube-bf&ocs=off", "ocs"));
  CHECK_FALSE(applies("", "ocs"));
  CHECK_FALSE(applies("size=16x16x16&topology=torus&strategy=ff3d", "ocs"));
  CHECK_FALSE(applies("machine=tpu-v5e&strategy=pod-ff", "ocs"));
  CHECK(applies("size=24x24&seed=5", "machine"));  // refused with size= given, yet changeable
  // the keys of a plain mesh's scenario that can change something there are shown
  auto s = parse_link("");
  REQUIRE(s);
  std::string hidden;
  for (const ParamDef& p : params())
    if (!app::key_applies(p, *s)) hidden += " " + std::string(p.key) + " ";
  CAPTURE(hidden);
  CHECK(hidden.find(" ocs ") != std::string::npos);
  for (const char* shown : {"machine", "topology", "strategy", "scheduler", "pattern", "routing", "flow_control", "job_size"})
    CHECK(hidden.find(" " + std::string(shown) + " ") == std::string::npos);
}
