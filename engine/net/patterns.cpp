// patterns.cpp — message lists of the communication patterns (see patterns.hpp).
#include "patterns.hpp"
#include "../core/table.hpp"

namespace alloclab {

std::vector<int> logical_nodes(const Topology& t, const Allocation& a, Shape request) {
  const int rw = request.w, rh = request.h;
  const std::size_t n = std::size_t(request.area());
  std::vector<int> v;
  v.reserve(n);
  auto at = [&](const Block& b, int dx, int dy) {  // node (dx, dy) of block b (a torus block may wrap)
    int x = b.x + dx, y = b.y + dy;
    if (x >= t.width()) x -= t.width();
    if (y >= t.height()) y -= t.height();
    return t.id(x, y);
  };
  // One block holding the request in either orientation: the logical grid embedded in it.
  if (a.blocks.size() == 1) {
    const Block& b = a.blocks[0];
    const bool upright = b.w >= rw && b.h >= rh, rotated = b.w >= rh && b.h >= rw;
    if (upright || rotated) {
      for (int y = 0; y < rh; ++y)
        for (int x = 0; x < rw; ++x) v.push_back(upright ? at(b, x, y) : at(b, y, x));
      return v;
    }
  }
  // Otherwise: the blocks in order, each in its own row order, or column order when the block
  // is oriented against the request (taller than wide for a wider-than-tall request, or the
  // reverse), given to the processes in the logical grid's row-major order.
  for (const Block& b : a.blocks) {
    const bool across = (b.w < b.h && rw > rh) || (b.w > b.h && rw < rh);
    const int outer = across ? b.w : b.h, inner = across ? b.h : b.w;
    for (int o = 0; o < outer && v.size() < n; ++o)
      for (int i = 0; i < inner && v.size() < n; ++i) v.push_back(across ? at(b, o, i) : at(b, i, o));
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
  const int a = request.w, b = request.h;
  for (int i = 0; i < n; ++i) {
    const int x = i % a, y = i / a;
    const int nb[4][2] = {{x - 1, y}, {x + 1, y}, {x, y - 1}, {x, y + 1}};
    for (const auto& q : nb) {
      if (q[0] < 0 || q[0] >= a || q[1] < 0 || q[1] >= b) continue;
      const int j = q[1] * a + q[0];
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

long long none_queued(long long) { return 0; }
long long one_queued(long long) { return 1; }
long long all_queued(long long n) { return n - 1; }
long long four_queued(long long) { return 4; }

const PatternInfo kPatterns[] = {
    {.id = "none", .messages = nullptr, .help = "no network model (jobs run for their service time)",
     .queued_per_node = none_queued},
    {.id = "one-to-all", .messages = one_to_all, .help = "one processor (uniform) sends a packet to every other",
     .queued_per_node = one_queued},
    {.id = "all-to-all", .messages = all_to_all, .help = "every processor sends a packet to every other (sender-major)",
     .queued_per_node = all_queued},
    {.id = "near-neighbor", .messages = near_neighbor,
     .help = "every processor sends to its left, right, down and up logical neighbours", .queued_per_node = four_queued},
    {.id = "random", .messages = random_partner, .help = "every processor sends a packet to one other (uniform)",
     .queued_per_node = one_queued},
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
