// plot.hpp — a small line chart drawn with ImDrawList (no plotting library): axes with "nice"
// ticks and labels (linear or logarithmic), a title, a legend beside the plot area, optional
// 95% confidence bars (series at the same x drawn side by side), and a hover read-out.
// Used by the Charts and Sweep windows.
#pragma once
#include <span>
#include <string>
#include <vector>
#include "imgui.h"

namespace alloclab::app {

struct Series {
  std::string name;
  ImU32 colour = 0xFFFFFFFF;
  std::vector<double> x, y;
  std::vector<double> err;  // ± half-widths (empty: no bars)
  bool markers = false;
};

struct PlotSpec {
  const char* title = "";
  const char* x_label = "";
  const char* y_label = "";
  bool y_from_zero = true;  // include 0 on the y axis
  double y_max = 0;         // > 0: fixed upper bound
  bool x_labels = true;     // tick labels and label under the x axis (off for stacked plots)
  bool log_x = false;       // logarithmic axes (used when every value is positive)
  bool log_y = false;
};

// A number for a reader: integers up to 10^9 written out (13580, not 1.358e+04), else 4
// significant digits.
std::string readable(double v);

// Draws the chart in a size.x × size.y area at the cursor.
void plot(const char* id, ImVec2 size, const PlotSpec& spec, std::span<const Series> series);

// A distinct colour for series i (a fixed palette).
ImU32 series_colour(int i);

}  // namespace alloclab::app
