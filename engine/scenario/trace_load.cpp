// trace_load.cpp — load_trace_text (see trace_load.hpp).
#include "trace_load.hpp"
#include <memory>
#include <string>
#include "../workload/log_machines.hpp"
#include "../workload/trace.hpp"

namespace alloclab {

Status load_trace_text(Scenario& s, std::string_view name, std::string_view text) {
  if (text.size() > kMaxTraceBytes) {
    std::string m = "trace: '";  // appended piecewise (GCC 12's false -Wrestrict on operator+ chains)
    m += name;
    m += "' is larger than the limit of ";
    m += std::to_string(kMaxTraceBytes >> 20);
    m += " MiB";
    return Error{m};
  }
  int w = s.width, h = s.height;
  const LogMachine* known = is_swf_path(name) ? find_log_machine(text) : nullptr;
  if (known && known->dimensions == 3 && !s.swf_3d_mesh2d) {
    std::string m = "trace ";
    m += name;
    m += ": the log comes from the ";
    m += known->title.substr(0, known->title.find(','));
    m += ", a ";
    m += known->machine;
    m += "; alloclab simulates 2D machines only until 3D machines exist, so it is refused (swf_3d=mesh2d replays it on the 2D machine anyway)";
    return Error{m};
  }
  if (s.swf_size_header && is_swf_path(name)) {  // swf_size=header: the machine from the log
    if (known && known->dimensions == 2) {
      w = known->mesh.w;
      h = known->mesh.h;
    } else {
      auto m = swf_header_machine(text, name);
      if (!m) return m.error();
      w = m->w;
      h = m->h;
    }
  }
  auto t = parse_trace(text, name, w, h, TraceOptions{s.swf_shape, s.time_scale});
  if (!t) return t.error();
  s.width = w;
  s.height = h;
  s.trace = std::string(name);
  s.trace_data = std::make_shared<const Trace>(std::move(*t));
  return {};
}

}  // namespace alloclab
