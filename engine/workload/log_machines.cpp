// log_machines.cpp — the rows of log_machines() (see log_machines.hpp).
//
// SDSC Paragon. The Parallel Workloads Archive's page for the log (and the log's header:
// "MaxNodes: 400 (48 interactive, 352 batch, 6 service, 10 I/O)") describes a 416-node Intel
// Paragon: 400 compute nodes plus 6 service and 10 I/O nodes, all on one 2D mesh. The Paragon's
// backplanes are 16 nodes high, so 416 nodes are a mesh of 16 rows by 26 columns; this is our
// reading (no source we found prints the two sides), the same 26×16 the stand-in traces used.
// Jobs run on the compute nodes only; we replay them on the whole 26×16 mesh, as the
// allocator there saw one mesh with the service and I/O nodes in it (the log's largest jobs have
// 320 nodes).
// LLNL T3D. The Parallel Workloads Archive's page for the log describes a 256-processor Cray
// T3D (so do Koniges & Jette's CUG 1997 talk on LLNL's machine, and the log's header,
// "MaxProcs: 256"). A T3D groups its processors (PEs) in pairs: a node is two PEs and one
// six-way switch, and the switches form the 3D torus (Cray's descriptions of the machine); its
// partitions hold a power-of-two number of PEs. So the machine is 128 nodes on a 3D torus, and
// a job of n PEs holds n/2 nodes (the log's smallest jobs have 2 PEs: one node). The three
// sides, 8 × 4 × 4, are our reading: no source we found prints them; 8 × 4 × 4 is the most
// cube-like factorisation of 128 into powers of two, so every power-of-two partition of the
// log has a box on it. On a 2D
// machine the log is refused unless swf_3d=mesh2d asks for a 2D replay.
#include "log_machines.hpp"
#include <array>
#include "../core/text.hpp"

namespace alloclab {

namespace {

constexpr std::array<LogMachine, 2> kMachines{{
    {.id = "sdsc-paragon-1996",
     .file = "SDSC-Par-1996-3.1-cln.swf.gz",
     .title = "SDSC Intel Paragon, 1996 (cleaned log, 32,135 jobs)",
     .machine = "2D mesh, 26 x 16 = 416 nodes (400 compute)",
     .header_a = "Intel Paragon",
     .header_b = "SDSC",
     .dimensions = 2,
     .sides = {26, 16},
     .jobs = 32135,
     .source = "Parallel Workloads Archive, SDSC Paragon log (Feitelson, Tsafrir & Krakov 2014); 416 nodes, 16 rows of 26"},
    {.id = "llnl-t3d-1996",
     .file = "LLNL-T3D-1996-converted.swf.gz",
     .title = "LLNL Cray T3D, 1996 (21,323 jobs)",
     .machine = "3D torus, 8 x 4 x 4 = 128 nodes of 2 processors (256)",
     .header_a = "Cray T3D",
     .header_b = "LLNL",
     .dimensions = 3,
     .sides = {8, 4, 4},
     .torus = true,
     .procs_per_node = 2,
     .jobs = 21323,
     .source = "Parallel Workloads Archive, LLNL T3D log (Feitelson, Tsafrir & Krakov 2014), via the PReMAS conversion; "
               "256 processors in 2-processor nodes on a 3D torus, the 8 x 4 x 4 sides our reading"},
}};

}  // namespace

std::span<const LogMachine> log_machines() { return kMachines; }

const LogMachine* find_log_machine(std::string_view swf_text) {
  std::string_view header = swf_text;  // the lines before the first record
  std::size_t end = 0;
  for_each_line(swf_text, [&](std::string_view line, long long) {
    const std::string_view t = trim_space(line);
    if (!t.empty() && t.front() != ';') return false;
    end = std::size_t(line.data() + line.size() - swf_text.data());
    return true;
  });
  header = swf_text.substr(0, end);
  for (const LogMachine& m : kMachines)
    if (header.find(m.header_a) != std::string_view::npos && header.find(m.header_b) != std::string_view::npos) return &m;
  return nullptr;
}

}  // namespace alloclab
