// allreduce.cpp — the all-reduce plans, a run's step-by-step sends on the network, and the
// all-reduce alone on an idle network (see allreduce.hpp).
#include "allreduce.hpp"
#include <algorithm>
#include <cmath>
#include "../core/check.hpp"

namespace alloclab {

namespace {
int packets_for(double bytes, int flit_bytes, int packet_flits) {
  const double per_packet = double(flit_bytes) * double(packet_flits);
  const long long p = (long long)std::ceil(bytes / per_packet - 1e-9);
  return int(std::max(1LL, std::min(p, 1LL << 30)));
}
// 2(N−1)/N · bytes / (2·flit_bytes): a bidirectional ring of N chips moving `bytes`
double ring_ideal(int n, double bytes, int flit_bytes) {
  return n > 1 ? 2.0 * (n - 1) / n * bytes / (2.0 * flit_bytes) : 0.0;
}
}  // namespace

AllreducePlan allreduce_plan(CollectiveKind kind, Shape grid, long long bytes, int flit_bytes, int packet_flits) {
  AllreducePlan p;
  p.grid = grid;
  const double S = double(bytes);
  auto phase = [&](int dim, int steps, double message) {
    for (int k = 0; k < steps; ++k) {
      p.dim.push_back(std::uint8_t(dim));
      p.packets.push_back(packets_for(message, flit_bytes, packet_flits));
    }
  };
  if (kind == CollectiveKind::Ring) {
    // the longest side (the earlier dimension on a tie)
    const int dim = grid.h > grid.w ? (grid.d > grid.h ? 2 : 1) : (grid.d > grid.w ? 2 : 0);
    const int n = dim == 0 ? grid.w : dim == 1 ? grid.h : grid.d;
    phase(dim, 2 * (n - 1), S / (2.0 * n));
    p.ideal = ring_ideal(n, S, flit_bytes);
  } else if (kind == CollectiveKind::Dimensionwise) {
    const int a = grid.w, b = grid.h, c = grid.d;
    phase(0, a - 1, S / (2.0 * a));
    phase(1, b - 1, S / (2.0 * a * b));
    phase(2, c - 1, S / (2.0 * a * b * c));
    phase(2, c - 1, S / (2.0 * a * b * c));
    phase(1, b - 1, S / (2.0 * a * b));
    phase(0, a - 1, S / (2.0 * a));
    p.ideal = ring_ideal(a, S, flit_bytes) + ring_ideal(b, S / a, flit_bytes);
    if (c > 1) p.ideal += ring_ideal(c, S / (double(a) * b), flit_bytes);
  }
  return p;
}

AllreduceRun::AllreduceRun(AllreducePlan plan, std::vector<int> nodes, std::int32_t tag, Network& net)
    : plan_(std::move(plan)), nodes_(std::move(nodes)), tag_(tag) {
  const int n = int(nodes_.size());
  ALLOCLAB_CHECK(n == plan_.grid.area(), "all-reduce of job %d: %d chips for a %dx%d grid", tag, n, plan_.grid.w, plan_.grid.h);
  long long per_stream = 0;
  for (int p : plan_.packets) per_stream += p;
  total_ = left_ = per_stream * 2 * n;
  step_.assign(std::size_t(2 * n), 0);
  got_.assign(std::size_t(2 * n), 0);
  if (plan_.steps() == 0) return;
  for (int c = 0; c < n; ++c)
    for (int d = 0; d < 2; ++d) send(c, d, 0, net);
}

int AllreduceRun::neighbour(int chip, int dim, int dir) const {
  const int w = plan_.grid.w, h = plan_.grid.h, d = plan_.grid.d, s = dir == 0 ? 1 : -1;
  const int x = chip % w, y = chip / w % h, z = chip / (w * h);
  if (dim == 0) return (z * h + y) * w + (x + s + w) % w;
  if (dim == 1) return (z * h + (y + s + h) % h) * w + x;
  return (((z + s + d) % d) * h + y) * w + x;
}

void AllreduceRun::send(int chip, int dir, int step, Network& net) {
  const int to = neighbour(chip, plan_.dim[std::size_t(step)], dir);
  for (int k = 0; k < plan_.packets[std::size_t(step)]; ++k)
    in_flight_.emplace(net.inject(nodes_[std::size_t(chip)], nodes_[std::size_t(to)], tag_), to * 2 + dir);
}

bool AllreduceRun::delivered(const Delivered& d, Network& net) {
  const auto it = in_flight_.find(d.packet);
  ALLOCLAB_CHECK(it != in_flight_.end() && left_ > 0, "job %d: packet %llu is not one of its all-reduce's", tag_,
                 (unsigned long long)d.packet);
  const int stream = it->second;
  in_flight_.erase(it);
  --left_;
  const std::size_t s = std::size_t(stream);
  if (++got_[s] == plan_.packets[std::size_t(step_[s])]) {  // the step's message is in: the next one leaves
    got_[s] = 0;
    if (++step_[s] < plan_.steps()) send(stream / 2, stream % 2, step_[s], net);
  }
  return left_ == 0;
}

std::int64_t allreduce_alone(const AllreducePlan& plan, const std::vector<int>& nodes, const Topology& t, const NetConfig& cfg) {
  Network net(t, cfg);
  AllreduceRun run(plan, nodes, 0, net);
  while (!run.done()) {
    net.step();
    for (const Delivered& d : net.take_delivered()) run.delivered(d, net);
  }
  return net.cycle();
}

}  // namespace alloclab
