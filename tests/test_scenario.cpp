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

TEST_CASE("links round-trip through parse_link for every key") {
  const char* link =
      "topology=torus&size=40x30&strategy=random&scheduler=ssd&jobs=77&warmup=5&seed=18446744073709551615"
      "&arrival=batch&job_size=normal:4.5,1.25&service=uniform:1.5-7&packet_flits=4&buffer_flits=2"
      "&routing_delay=0&max_blocks=3&replications=4";
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
  CHECK(msg("jobs", "0").find("jobs") != std::string::npos);
  CHECK(msg("jobs", "12abc").find("1..100000000") != std::string::npos);
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
