// plot.hpp — a small line chart drawn with ImDrawList (no plotting library): axes with "nice"
// ticks and labels (linear or logarithmic), a title with its subtitle, a legend beside the
// plot area or, when the chart is narrow, in rows above it (never over the data), optional
// 95% confidence bars (series at the same x drawn side by side), and a hover read-out.
// Everything stays inside the chart's rectangle: a text that does not fit is shortened with
// "..." (and counted in the report). Used by the Charts and Sweep windows.
#pragma once
#include <span>
#include <string>
#include <vector>
#include "app_state.hpp"
#include "imgui.h"

namespace alloclab::app {

struct Series {
  std::string name = {};
  ImU32 colour = 0xFFFFFFFF;
  std::vector<double> x = {}, y = {};
  std::vector<double> err = {};  // ± half-widths (empty: no bars)
  bool markers = false;
};

struct PlotSpec {
  const char* title = "";
  const char* x_label = "";
  const char* y_label = "";  // the subtitle beside (or under) the title: units, what is averaged
  bool y_from_zero = true;   // include 0 on the y axis
  double y_max = 0;          // > 0: fixed upper bound
  bool x_labels = true;      // tick labels and label under the x axis (off for stacked plots)
  bool log_x = false;        // logarithmic axes (used when every value is positive)
  bool log_y = false;
  // Charts stacked on one time axis align their plot areas: a left margin of at least
  // `left_min`, and (when > 0) the legend in a column this wide beside the plot area,
  // reserved whether or not this chart has a legend.
  float left_min = 0;
  float legend_column = 0;
};

// The width a legend beside a plot area needs for these series' names.
float legend_width(std::span<const Series> series);

// A number for a reader: integers up to 10^9 written out (13580, not 1.358e+04), else 4
// significant digits.
std::string readable(double v);

// Draws the chart in a size.x × size.y area at the cursor; returns what it drew (for the
// page's test hooks: FrameReport::plot).
FrameReport::Plot plot(const char* id, ImVec2 size, const PlotSpec& spec, std::span<const Series> series);

// A distinct colour for series i (a fixed palette).
ImU32 series_colour(int i);

}  // namespace alloclab::app
