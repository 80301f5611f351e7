// patterns.cpp — message lists of the communication patterns (see patterns.hpp).
#include "patterns.hpp"
#include "../core/table.hpp"

namespace alloclab {

namespace {

// The six ways to lay a logical grid along a block: logical axis k (0 = x, 1 = y, 2 = z) runs
// along block axis kOrientations[o][k]. As requested first, then the 2D rotation (x ↔ y), then
// the others.
constexpr int kOrientations[6][3] = {{0, 1, 2}, {1, 0, 2}, {0, 2, 1}, {2, 1, 0}, {1, 2, 0}, {2, 0, 1}};

int extent(const Block& b, int axis) { return axis == 0 ? b.w : axis == 1 ? b.h : b.d; }

// Whether block b, laid in orientation o, holds the logical grid `req` (req[k] along axis k).
bool holds(const Block& b, const int* o, const int* req) {
  return extent(b, o[0]) >= req[0] && extent(b, o[1]) >= req[1] && extent(b, o[2]) >= req[2];
}

// Whether orientation o lays block b along the request: no pair of logical axes where the
// request is strictly longer along one and the block, so laid, strictly shorter along it.
bool along(const Block& b, const int* o, const int* req) {
  for (int p = 0; p < 3; ++p)
    for (int q = 0; q < 3; ++q)
      if (req[p] > req[q] && extent(b, o[p]) < extent(b, o[q])) return false;
  return true;
}

}  // namespace

std::vector<int> logical_nodes(const Topology& t, const Allocation& a, Shape request) {
  const int req[3] = {request.w, request.h, request.d};
  const std::size_t n = std::size_t(request.area());
  std::vector<int> v;
  v.reserve(n);
  // Appends block b's nodes laid in orientation o, `ext[k]` of them along logical axis k:
  // logical x fastest, then y, then z (wrapping round a torus), until n nodes are listed.
  auto lay = [&](const Block& b, const int* o, const int* ext) {
    int off[3];
    for (int k = 0; k < ext[2] && v.size() < n; ++k)
      for (int j = 0; j < ext[1] && v.size() < n; ++j)
        for (int i = 0; i < ext[0] && v.size() < n; ++i) {
          off[o[0]] = i;
          off[o[1]] = j;
          off[o[2]] = k;
          int x = b.x + off[0], y = b.y + off[1], z = b.z + off[2];
          if (x >= t.width()) x -= t.width();
          if (y >= t.height()) y -= t.height();
          if (z >= t.depth()) z -= t.depth();
          v.push_back(t.id(x, y, z));
        }
  };
  // One block holding the request in some orientation: the logical grid embedded in it.
  if (a.blocks.size() == 1)
    for (const auto& o : kOrientations)
      if (holds(a.blocks[0], o, req)) {
        lay(a.blocks[0], o, req);
        return v;
      }
  // Otherwise: the blocks in order, each laid along the request (its first such orientation),
  // all of its nodes, given to the processes in the logical grid's order.
  for (const Block& b : a.blocks) {
    const int* o = kOrientations[0];
    for (const auto& c : kOrientations)
      if (along(b, c, req)) {
        o = c;
        break;
      }
    const int ext[3] = {extent(b, o[0]), extent(b, o[1]), extent(b, o[2])};
    lay(b, o, ext);
  }
  return v;
}

namespace {

using Messages = std::vector<std::pair<int, int>>;

void one_to_all(const std::vector<int>& nodes, Shape, Rng& rng, Messages& out) {
  const int n = int(nodes.size());
  const int s = int(rng.below(std::uint64_t(n)));
  for (int j = 0; j < n; ++j)
    if (j != s) out.emplace_back(nodes[std::size_t(s)], nodes[std::size_t(j)]);
}

void all_to_all(const std::vector<int>& nodes, Shape, Rng&, Messages& out) {
  const int n = int(nodes.size());
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j)
      if (i != j) out.emplace_back(nodes[std::size_t(i)], nodes[std::size_t(j)]);
}

void near_neighbor(const std::vector<int>& nodes, Shape request, Rng&, Messages& out) {
  const int n = int(nodes.size());
  const int a = request.w, b = request.h, c = request.d;
  for (int i = 0; i < n; ++i) {
    const int x = i % a, y = i / a % b, z = i / (a * b);
    const int nb[6][3] = {{x - 1, y, z}, {x + 1, y, z}, {x, y - 1, z}, {x, y + 1, z}, {x, y, z - 1}, {x, y, z + 1}};
    for (const auto& q : nb) {
      if (q[0] < 0 || q[0] >= a || q[1] < 0 || q[1] >= b || q[2] < 0 || q[2] >= c) continue;
      const int j = (q[2] * b + q[1]) * a + q[0];
      if (j < n) out.emplace_back(nodes[std::size_t(i)], nodes[std::size_t(j)]);
    }
  }
}

void random_partner(const std::vector<int>& nodes, Shape, Rng& rng, Messages& out) {
  const int n = int(nodes.size());
  for (int i = 0; i < n; ++i) {
    int j = int(rng.below(std::uint64_t(n - 1)));
    if (j >= i) ++j;
    out.emplace_back(nodes[std::size_t(i)], nodes[std::size_t(j)]);
  }
}

long long none_queued(long long, int) { return 0; }
long long one_queued(long long, int) { return 1; }
long long all_queued(long long n, int) { return n - 1; }
long long neighbours_queued(long long, int dims) { return 2 * dims; }
long long two_queued(long long, int) { return 2; }

const PatternInfo kPatterns[] = {
    {.id = "none", .messages = nullptr, .help = "no network model (jobs run for their service time)",
     .queued_per_node = none_queued},
    {.id = "one-to-all", .messages = one_to_all, .help = "one processor (uniform) sends a packet to every other",
     .queued_per_node = one_queued},
    {.id = "all-to-all", .messages = all_to_all, .help = "every processor sends a packet to every other (sender-major)",
     .queued_per_node = all_queued},
    {.id = "near-neighbor", .messages = near_neighbor,
     .help = "every processor sends to its left, right, down and up logical neighbours (and front, back in 3D)",
     .queued_per_node = neighbours_queued},
    {.id = "random", .messages = random_partner, .help = "every processor sends a packet to one other (uniform)",
     .queued_per_node = one_queued},
    {.id = "allreduce-ring", .messages = nullptr,
     .help = "pods: a bidirectional ring all-reduce of allreduce_bytes along the slice's longer side, step by step",
     .queued_per_node = two_queued, .collective = CollectiveKind::Ring},
    {.id = "allreduce-2d", .messages = nullptr,
     .help = "pods: a dimension-wise (x then y) bidirectional ring all-reduce of allreduce_bytes, step by step",
     .queued_per_node = two_queued, .collective = CollectiveKind::Dimensionwise},
};

}  // namespace

std::span<const PatternInfo> patterns() { return kPatterns; }

const PatternInfo* find_pattern(std::string_view id) { return find_by_id(patterns(), id); }

void pattern_messages(const PatternInfo& p, const std::vector<int>& nodes, Shape request, Rng& rng,
                      std::vector<std::pair<int, int>>& out) {
  if (nodes.size() < 2 || !p.messages) return;
  p.messages(nodes, request, rng, out);
}

}  // namespace alloclab
