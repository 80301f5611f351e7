// page_facts.hpp — what the page drew last frame, as JSON, for the page API's test hooks
// (window.alloclab.command: "plots", "controls", "layout"): the charts as plot() drew them,
// the controls the windows reported (FrameReport), and the windows ImGui laid out — where each
// is, whether its content ran past its right edge, and which tab labels were cut short.
#pragma once
#include <string>
#include "app_state.hpp"

namespace alloclab::app {

// The charts of the last frame: id, rectangles, axis ranges and scales, tick labels, texts
// shortened to fit, the smallest gap between confidence bars at the same x (JSON array).
std::string plots_json(const FrameReport& r);
// The traffic checkbox, the speed slider and its value, the Explain canvas's coordinates (JSON).
std::string controls_json(const FrameReport& r);
// The display size, every window drawn last frame (name, rectangle, child or not, how many
// pixels its content ran past its right edge without a scrollbar), the main menu bar's used
// width, the tabs drawn (label, width shown, width needed, rectangle), the tables drawn (their
// window and, per column, how many pixels of content its right edge cut off) and the narrow
// screen's strip of window tabs with their rectangles (JSON).
std::string layout_json(const FrameReport& r);

}  // namespace alloclab::app
