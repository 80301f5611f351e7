// plot.hpp — `alloclab plot`: an SVG line chart (axes, ticks, labels, legend, 95% confidence
// bars) drawn from a sweep CSV, written as plain text with no plotting dependency.
//
// The CSV is what `alloclab sweep` prints: point, the swept keys, replications, then
// <metric>_mean,<metric>_ci95 for every metric. The output is a pure function of the CSV text
// and the options (fixed-precision numbers, rows in file order), so it is byte-identical
// natively and in wasm.
#pragma once
#include "layer.hpp"
#include <iosfwd>
#include <string>
#include <string_view>
#include <utility>
#include <vector>
#include "../core/error.hpp"
#include "../core/text.hpp"  // parse_csv

namespace alloclab {

// SVG text helpers shared by the charts (plot, gantt): escaped text, fixed-precision numbers,
// 1/2/5·10^k tick steps and their labels.
namespace svg {
std::string esc(std::string_view s);
std::string f2(double v);
double pow10i(int e);
double nice_step(double range, int target, int& decimals);
std::string tick_label(double v, int decimals);
}  // namespace svg

struct PlotOptions {
  std::string x;       // swept key on the x axis (a CSV column)
  std::string y;       // metric: uses <y>_mean and <y>_ci95 (or column <y> itself, no bars)
  std::vector<std::string> series;  // keys whose values name the lines; empty = every other
                                    // swept key (none left → one line)
  std::vector<std::pair<std::string, std::string>> where;  // keep rows with key == value
  std::string title;
  bool logy = false;   // logarithmic y axis (non-positive values are left out)
  int width = 760, height = 460;
};

// Numeric value of an x cell: the number after the last ':' (poisson:0.01 → 0.01), else the
// whole cell; false when it is not a number.
bool plot_x_number(std::string_view cell, double& out);

// The SVG document, or an error naming the missing column / empty selection.
Result<std::string> plot_svg(std::string_view csv, const PlotOptions& opt);

// `alloclab plot CSV --x KEY --y METRIC [--series KEY[,KEY]] [--where KEY=VALUE]... [--title T]
//  [--logy] [--out FILE.svg]`: prints the SVG (or writes FILE).
int cmd_plot(const std::vector<std::string>& words, std::ostream& out, std::ostream& err);

}  // namespace alloclab
