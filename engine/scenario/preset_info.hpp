// preset_info.hpp — what a preset file (assets/scenarios/*.txt) says about itself for a reader:
// its title, the paper and figure it reproduces, the mode and x-axis to show it in, what to look
// at, and the paper's numbers beside alloclab's. Written as `#: field: text` comment lines
// (scenario files skip every `#` line, so `alloclab sweep --preset` reads the same file
// unchanged); a field given on several lines is one text joined with spaces.
//
//   #: title: Quad-tree vs frame sliding: completion time as the load grows
//   #: paper: Srisawat & Alexandridis 1999
//   #: figure: Figure 5
//   #: mode: sweep                 run, compare or sweep (the page opens the preset in it)
//   #: x: service                  the swept key on the paper's x-axis (Sweep)
//   #: shows: what the figure shows
//   #: look: what to look at
//   #: paper_says: the paper's numbers
//   #: ours: alloclab's numbers for the same set-up
#pragma once
#include <string>
#include <string_view>
#include "../core/error.hpp"

namespace alloclab {

struct PresetInfo {
  std::string title, paper, figure, mode, x, shows, look, paper_says, ours;
};
// The `#: field: text` lines of a preset file; an unknown field is an error naming it (so a
// typo does not silently hide a card line).
Result<PresetInfo> parse_preset_info(std::string_view text);

}  // namespace alloclab
