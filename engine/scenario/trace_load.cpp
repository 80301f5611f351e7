// trace_load.cpp — load_trace_text (see trace_load.hpp).
#include "trace_load.hpp"
#include <memory>
#include <string>
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
  if (s.swf_size_header && is_swf_path(name)) {  // swf_size=header: the machine from the log
    auto m = swf_header_machine(text, name);
    if (!m) return m.error();
    w = m->w;
    h = m->h;
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
