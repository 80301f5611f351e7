// test_plot.cpp — `alloclab plot`: CSV parsing, series/point counts, escaping, ci95 = 0,
// categorical x, --where, errors, and determinism of the SVG text.
#include <doctest/doctest.h>
#include <cstdio>
#include <fstream>
#include <sstream>
#include "cli/cli.hpp"
#include "cli/plot.hpp"

using namespace alloclab;

namespace {
std::size_t count(const std::string& s, const std::string& what) {
  std::size_t n = 0;
  for (std::size_t i = s.find(what); i != std::string::npos; i = s.find(what, i + 1)) ++n;
  return n;
}
const char* kCsv =
    "point,strategy,arrival,replications,utilization_mean,utilization_ci95,mean_response_time_mean,mean_response_time_ci95\n"
    "0,ff,poisson:0.01,3,0.2,0.01,10,1\n"
    "1,ff,poisson:0.02,3,0.4,0.02,20,2\n"
    "2,ff,poisson:0.04,3,0.6,0,40,0\n"
    "3,\"a<b&c\",poisson:0.01,3,0.3,0,12,0\n"
    "4,\"a<b&c\",poisson:0.02,3,0.5,0,25,0\n"
    "5,\"a<b&c\",poisson:0.04,3,0.7,0,50,0\n";
}  // namespace

TEST_CASE("plot: CSV parsing with quotes") {
  auto rows = parse_csv("a,b\r\n\"x,1\",\"say \"\"hi\"\"\"\n3,\n");
  REQUIRE(rows.size() == 3);
  CHECK(rows[1][0] == "x,1");
  CHECK(rows[1][1] == "say \"hi\"");
  REQUIRE(rows[2].size() == 2);
  CHECK(rows[2][1] == "");
  double v;
  CHECK(plot_x_number("poisson:0.02", v));
  CHECK(v == 0.02);
  CHECK(plot_x_number("128", v));
  CHECK_FALSE(plot_x_number("uniform:1-16", v));
  CHECK_FALSE(plot_x_number("batch", v));
}

TEST_CASE("plot: series, points, escaping and ci95 = 0") {
  PlotOptions o;
  o.x = "arrival";
  o.y = "utilization";
  o.title = "Util <&> \"test\"";
  auto svg = plot_svg(kCsv, o);
  REQUIRE(svg);
  CHECK(svg->rfind("<svg", 0) == 0);
  CHECK(svg->find("</svg>") != std::string::npos);
  CHECK(count(*svg, "<g class=\"series\"") == 2);
  CHECK(count(*svg, "<circle class=\"pt\"") == 6);
  CHECK(count(*svg, "<polyline") == 2);
  // bars only where ci95 > 0: ff's first two points
  CHECK(count(*svg, "<path class=\"ci\"") == 2);
  CHECK(svg->find("a&lt;b&amp;c") != std::string::npos);
  CHECK(svg->find("a<b") == std::string::npos);
  CHECK(svg->find("Util &lt;&amp;&gt; &quot;test&quot;") != std::string::npos);
  CHECK(svg->find("nan") == std::string::npos);
  CHECK(svg->find("inf") == std::string::npos);
  // the legend names the series key and its values
  CHECK(svg->find(">strategy</text>") != std::string::npos);
  CHECK(svg->find(">ff</text>") != std::string::npos);
  // deterministic
  CHECK(*svg == *plot_svg(kCsv, o));
}

TEST_CASE("plot: every ci95 = 0, --where, categorical x, --logy") {
  PlotOptions o;
  o.x = "strategy";
  o.y = "mean_response_time";
  o.where = {{"arrival", "poisson:0.04"}};
  auto svg = plot_svg(kCsv, o);
  REQUIRE(svg);
  CHECK(count(*svg, "<g class=\"series\"") == 1);  // no series keys left: one line
  CHECK(count(*svg, "<circle class=\"pt\"") == 2);
  CHECK(count(*svg, "<path class=\"ci\"") == 0);
  CHECK(svg->find(">ff</text>") != std::string::npos);  // category tick
  o.x = "arrival";
  o.where.clear();
  o.series = {"strategy"};
  o.logy = true;
  auto lg = plot_svg(kCsv, o);
  REQUIRE(lg);
  CHECK(count(*lg, "<circle class=\"pt\"") == 6);
  CHECK(lg->find("(log scale)") != std::string::npos);
  // a single point and a flat line do not divide by zero
  PlotOptions po;
  po.x = "arrival";
  po.y = "u";
  auto one = plot_svg("point,arrival,replications,u_mean,u_ci95\n0,poisson:0.1,1,0,0\n", po);
  REQUIRE(one);
  CHECK(one->find("nan") == std::string::npos);
  CHECK(count(*one, "<circle class=\"pt\"") == 1);
}

TEST_CASE("plot: errors name the column; CLI writes --out") {
  PlotOptions o;
  o.x = "nope";
  o.y = "utilization";
  auto e = plot_svg(kCsv, o);
  REQUIRE_FALSE(e);
  CHECK(e.error().message.find("'nope'") != std::string::npos);
  o.x = "arrival";
  o.y = "bogus";
  CHECK_FALSE(plot_svg(kCsv, o));
  o.y = "utilization";
  o.where = {{"strategy", "zz"}};
  CHECK_FALSE(plot_svg(kCsv, o));

  const std::string csv = "test_plot_tmp.csv", svgp = "test_plot_tmp.svg";
  { std::ofstream f(csv); f << kCsv; }
  std::ostringstream out, err;
  REQUIRE(cli_main({"plot", csv, "--x", "arrival", "--y", "utilization", "--series", "strategy", "--out", svgp}, out, err) == 0);
  std::ifstream f(svgp);
  std::stringstream ss;
  ss << f.rdbuf();
  CHECK(count(ss.str(), "<circle class=\"pt\"") == 6);
  std::ostringstream out2, err2;
  CHECK(cli_main({"plot", csv, "--x", "arrival"}, out2, err2) == 2);
  CHECK(out2.str().empty());
  CHECK(err2.str().find("--y") != std::string::npos);
  std::remove(csv.c_str());
  std::remove(svgp.c_str());
}
