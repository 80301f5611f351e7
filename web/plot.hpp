// plot.hpp — a small line chart drawn with ImDrawList (no plotting library): axes with "nice"
// ticks and labels, a title, a legend, optional 95% confidence bars, and a hover read-out.
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
};

// Draws the chart in a size.x × size.y area at the cursor.
void plot(const char* id, ImVec2 size, const PlotSpec& spec, std::span<const Series> series);

// A distinct colour for series i (a fixed palette).
ImU32 series_colour(int i);

}  // namespace alloclab::app
