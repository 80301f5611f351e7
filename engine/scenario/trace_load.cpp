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
  int w = s.width, h = s.height, d = s.depth, per_node = 1;
  TopologyKind topology = s.topology;
  const bool swf = is_swf_path(name);
  const LogMachine* known = swf ? find_log_machine(text) : nullptr;
  const bool own_3d = known && known->dimensions == 3 && !s.swf_3d_mesh2d;  // a 3D machine's log, replayed in 3D
  if (own_3d && !s.swf_size_header && s.depth == 1) {
    std::string m = "trace ";
    m += name;
    m += ": the log comes from the ";
    m += known->title.substr(0, known->title.find(','));
    m += ", a ";
    m += known->machine;
    m += "; it is refused on the 2D ";
    m += s.topo_size_text();
    m += " machine: swf_size=header replays it on its own torus, size=WxHxD on another 3D machine, swf_3d=mesh2d on the 2D "
         "machine anyway";
    return Error{m};
  }
  if (s.swf_size_header && swf) {  // swf_size=header: the machine from the log
    if (known && (known->dimensions == 2 || own_3d)) {
      w = known->sides.w;
      h = known->sides.h;
      d = known->sides.d;
      per_node = known->procs_per_node;
      if (own_3d && !s.topology_set) topology = known->torus ? TopologyKind::Torus : TopologyKind::Mesh;  // unless topology= was given
    } else {
      auto m = swf_header_machine(text, name);
      if (!m) return m.error();
      w = m->w;
      h = m->h;
      d = 1;
    }
  }
  auto t = parse_trace(text, name, w, h,
                       TraceOptions{.shape = s.swf_shape, .time_scale = s.time_scale, .depth = d, .procs_per_node = per_node});
  if (!t) return t.error();
  s.width = w;
  s.height = h;
  s.depth = d;
  s.topology = topology;
  s.trace = std::string(name);
  s.trace_data = std::make_shared<const Trace>(std::move(*t));
  return {};
}

}  // namespace alloclab
