// test_scenario.cpp — the parameter table, link codec, scenario files and validation messages.
#include <doctest/doctest.h>
#include "scenario/scenario.hpp"

using namespace alloclab;

TEST_CASE("default scenario has an empty canonical link; non-defaults appear in table order") {
  Scenario s;
  CHECK(canonical_link(s) == "");
  REQUIRE(apply(s, "strategy", "bf").ok());
  REQUIRE(apply(s, "topology", "torus").ok());
  REQUIRE(apply(s, "arrival", "poisson:0.0200").ok());
  CHECK(canonical_link(s) == "topology=torus&strategy=bf&arrival=poisson:0.02");
}

TEST_CASE("job_size default follows the machine size and is omitted when equal") {
  Scenario s;
  REQUIRE(apply(s, "size", "32x8").ok());
  REQUIRE(apply(s, "job_size", "uniform:1-32").ok());
  CHECK(canonical_link(s) == "size=32x8");
  REQUIRE(apply(s, "job_size", "uniform:1-16").ok());
  CHECK(canonical_link(s) == "size=32x8&job_size=uniform:1-16");
}

TEST_CASE("jobs=1000 without a trace is the default (what 0 means) and is omitted; with a trace it caps") {
  Scenario s;
  REQUIRE(apply(s, "jobs", "1000").ok());
  CHECK(canonical_link(s) == "");
  REQUIRE(apply(s, "jobs", "999").ok());
  CHECK(canonical_link(s) == "jobs=999");
  REQUIRE(apply(s, "jobs", "1000").ok());
  s.trace = "t.csv";  // with a trace, 1000 caps it where 0 replays every job
  CHECK(canonical_link(s) == "jobs=1000&trace=t.csv");
}

TEST_CASE("links round-trip through parse_link for every key") {
  const char* link =
      "topology=torus&size=40x30&strategy=random&scheduler=ssd&jobs=77&warmup=5&seed=18446744073709551615"
      "&arrival=batch&job_size=normal:4.5,1.25&service=uniform:1.5-7&packet_flits=4&buffer_flits=2"
      "&routing_delay=0&max_blocks=3&paging_k=2&paging_order=snake&max_wait=12.5&time_limit=60&on_fail=drop&replications=4";
  auto s = parse_link(link);
  REQUIRE_MESSAGE(s, (s ? "" : s.error().message));
  CHECK(canonical_link(*s) == link);
  auto t = parse_link(std::string("#") + link);
  REQUIRE(t);
  CHECK(canonical_link(*t) == link);
}

TEST_CASE("percent-encoding in links") {
  Scenario s;
  REQUIRE(apply(s, "trace", "my logs/a&b.swf").ok());
  const std::string l = canonical_link(s);
  CHECK(l == "trace=my%20logs/a%26b.swf");
  auto back = parse_link(l);
  REQUIRE(back);
  CHECK(back->trace == "my logs/a&b.swf");
  CHECK_FALSE(parse_link("seed=%4"));
  CHECK_FALSE(parse_link("seed=%zz"));
}

TEST_CASE("bad values name the key and the allowed range") {
  Scenario s;
  auto msg = [&](std::string_view k, std::string_view v) {
    Status st = apply(s, k, v);
    CHECK_FALSE(st.ok());
    return st.message();
  };
  CHECK(msg("size", "0x4").find("size") != std::string::npos);
  CHECK(msg("size", "2000x4").find("1..1024") != std::string::npos);
  CHECK(msg("jobs", "-1").find("jobs") != std::string::npos);
  CHECK(msg("jobs", "12abc").find("0..100000000") != std::string::npos);
  CHECK(msg("strategy", "nope").find("ff") != std::string::npos);
  CHECK(msg("arrival", "poisson:-1").find("poisson:RATE") != std::string::npos);
  CHECK(msg("job_size", "uniform:5-2").find("job_size") != std::string::npos);
  CHECK(msg("service", "exponential:0").find("service") != std::string::npos);
  CHECK(msg("seed", "-3").find("seed") != std::string::npos);
  CHECK(msg("colour", "red").find("unknown key 'colour'") != std::string::npos);
  CHECK_FALSE(parse_link("size=16x16&&bogus").ok());
}

TEST_CASE("cross-key validation: job sizes against the machine") {
  Scenario s;
  REQUIRE(apply(s, "size", "8x8").ok());
  REQUIRE(apply(s, "job_size", "fixed:9x2").ok());
  Status st = validate(s);
  CHECK_FALSE(st.ok());
  CHECK(st.message().find("job_size") != std::string::npos);
  REQUIRE(apply(s, "job_size", "uniform:1-9").ok());
  CHECK_FALSE(validate(s).ok());
  REQUIRE(apply(s, "job_size", "uniform:1-8").ok());
  CHECK(validate(s).ok());
}

TEST_CASE("scenario files: key=value lines with comments") {
  Scenario s;
  REQUIRE(apply_file_text(s, "# a comment\n\nsize = 8x8\nstrategy=bf   # trailing comment\r\n", "f.txt").ok());
  CHECK(s.width == 8);
  CHECK(s.strategy == "bf");
  Status st = apply_file_text(s, "size=8x8\nfoo\n", "g.txt");
  CHECK_FALSE(st.ok());
  CHECK(st.message().find("g.txt line 2") != std::string::npos);
}

TEST_CASE("every table row has help, a range and a working getter; enums list their choices") {
  Scenario d;
  for (const ParamDef& p : params()) {
    CHECK(!p.help.empty());
    CHECK(!p.range.empty());
    Scenario s;
    CHECK_MESSAGE(p.set(s, p.get(d)).ok(), p.key);  // the default value parses
    if (p.type == ParamType::Enum) {
      REQUIRE(bool(p.choices));
      for (const std::string& c : p.choices()) {
        Scenario t;
        CHECK_MESSAGE(p.set(t, c).ok(), p.key, "=", c);
      }
    }
  }
}

TEST_CASE("number formatting is the shortest round-trip text") {
  CHECK(format_number(0.1) == "0.1");
  CHECK(format_number(1000) == "1000");
  CHECK(format_number(1.0 / 3) == "0.3333333333333333");
  CHECK(format_number(1e-7) == "1e-07");
}

TEST_CASE("typed rows: an Int row accepts exactly its declared bounds; the error names key and range") {
  for (const ParamDef& p : params()) {
    if (p.type != ParamType::Int) continue;
    CAPTURE(p.key);
    Scenario s;
    CHECK(p.set(s, std::to_string(p.min)).ok());
    CHECK(p.get(s) == std::to_string(p.min));
    CHECK(p.set(s, std::to_string(p.max)).ok());
    CHECK(p.get(s) == std::to_string(p.max));
    for (long long out : {p.min - 1, p.max + 1}) {
      Status st = p.set(s, std::to_string(out));
      REQUIRE_FALSE(st.ok());
      CHECK(st.message().find(std::string(p.key) + ":") == 0);
      CHECK(st.message().find(p.range) != std::string::npos);
    }
    // the range text is derived from the bounds
    CHECK(p.range.find(std::to_string(p.max)) != std::string::npos);
  }
}

TEST_CASE("typed rows: Real rows reject values outside the range their text states") {
  Scenario s;
  const ParamDef* ts = find_param("time_scale");
  REQUIRE(ts);
  CHECK(ts->range == "a factor 1e-6 <= F <= 1e6");
  CHECK(ts->set(s, "1e-6").ok());
  CHECK(ts->set(s, "1e6").ok());
  CHECK_FALSE(ts->set(s, "2e6").ok());
  CHECK_FALSE(ts->set(s, "nan").ok());
  const ParamDef* mw = find_param("max_wait");
  REQUIRE(mw);
  CHECK(mw->range == "0 (off) or a time 0 < T <= 1e15");
  CHECK(mw->set(s, "0").ok());
  CHECK(mw->set(s, "1e15").ok());
  Status st = mw->set(s, "-1");
  REQUIRE_FALSE(st.ok());
  CHECK(st.message() == "max_wait: '-1' is not valid; allowed: 0 (off) or a time 0 < T <= 1e15");
}

TEST_CASE("typed rows: every enum's error lists its choices; every row sits in a known panel") {
  for (const ParamDef& p : params()) {
    CAPTURE(p.key);
    const auto groups = param_groups();
    CHECK(std::any_of(groups.begin(), groups.end(), [&](const ParamGroupInfo& g) { return g.group == p.group; }));
    if (p.type != ParamType::Enum) continue;
    Scenario s;
    Status st = p.set(s, "no-such-choice");
    REQUIRE_FALSE(st.ok());
    for (const std::string& c : p.choices()) CHECK(st.message().find(c) != std::string::npos);
  }
}

TEST_CASE("typed rows: per-choice availability comes from the row (strategies on a torus)") {
  const ParamDef* p = find_param("strategy");
  REQUIRE(p);
  REQUIRE(p->choice_unavailable);
  Scenario s;
  REQUIRE(apply(s, "topology", "torus").ok());
  CHECK(p->choice_unavailable(s, "ff").empty());
  CHECK(p->choice_unavailable(s, "buddy").find("torus") != std::string::npos);
  CHECK(p->choice_help("ff") == find_strategy("ff")->help);
  // swf_shape=asff: contiguous strategies need to take any shape (StrategyInfo::any_shape)
  int any = 0;
  for (const StrategyInfo& si : strategies()) any += si.any_shape;
  CHECK(any == 1);
  CHECK(find_strategy("asff")->any_shape);
}
