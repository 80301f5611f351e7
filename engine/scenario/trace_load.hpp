// trace_load.hpp — the one way a scenario gets its trace: (scenario, trace text, name) in, the
// scenario's parsed trace out, with every trace key applied. The CLI reads the file and calls
// it; the page calls it with an upload's text, and again (from the text it keeps) whenever a key
// changes, so the running trace always matches the link.
#pragma once
#include <string_view>
#include "../core/error.hpp"
#include "scenario.hpp"

namespace alloclab {

// Parses `text` as the trace `name` (SWF for a .swf name, else CSV) into s.trace_data and sets
// s.trace = name. Keys applied: swf_size=header (SWF: the machine from the log's header, before
// parsing: a known machine's real mesh or torus, log_machines.hpp — the LLNL T3D's 8×4×4 torus
// of 2-processor nodes, torus unless topology= was given — else the MaxProcs rule, a 2D
// machine), swf_3d (a 3D machine's log on a 2D machine is refused unless swf_3d=mesh2d),
// swf_shape and time_scale (TraceOptions), and the machine's size (jobs too large for it are
// skipped; on a 3D machine counts are shaped in 3D). On error `s` is unchanged and the message
// names the trace (and line). Does not validate the rest of the scenario.
Status load_trace_text(Scenario& s, std::string_view name, std::string_view text);

}  // namespace alloclab
