// buddy_blocks.cpp — buddy blocks of a 2D or 3D machine as free lists per size (buddy_blocks.hpp).
#include "buddy_blocks.hpp"
#include <algorithm>

namespace alloclab {

BuddyBlocks::BuddyBlocks(const Topology& t) : topo_(t), dims_(t.dims()), root_of_(std::size_t(t.nodes()), -1) {
  divide(0, 0, 0, t.width(), t.height(), t.depth());
  for (int r = 0; r < int(roots_.size()); ++r) {
    const Root& R = roots_[std::size_t(r)];
    top_ = std::max(top_, R.level);
    const int s = 1 << R.level, sz = dims_ == 3 ? s : 1;
    for (int z = R.z; z < R.z + sz; ++z)
      for (int y = R.y; y < R.y + s; ++y)
        for (int x = R.x; x < R.x + s; ++x) root_of_[std::size_t(t.id(x, y, z))] = r;
  }
  free_.assign(std::size_t(top_) + 1, IdSet(t.nodes()));
  for (const Root& R : roots_) insert(R.level, topo_.id(R.x, R.y, R.z));
}

void BuddyBlocks::divide(int x, int y, int z, int w, int h, int d) {
  if (w <= 0 || h <= 0 || d <= 0) return;
  const int m = dims_ == 3 ? std::min({w, h, d}) : std::min(w, h);
  int l = 0;
  while ((2 << l) <= m) ++l;
  const int s = 1 << l, sz = dims_ == 3 ? s : 1;
  const int nx = w / s, ny = h / s, nz = d / sz;
  for (int k = 0; k < nz; ++k)
    for (int j = 0; j < ny; ++j)
      for (int i = 0; i < nx; ++i) roots_.push_back(Root{x + i * s, y + j * s, z + k * sz, l});
  divide(x + nx * s, y, z, w - nx * s, ny * s, nz * sz);
  divide(x, y + ny * s, z, w, h - ny * s, nz * sz);
  divide(x, y, z + nz * sz, w, h, d - nz * sz);
}

Block BuddyBlocks::block(int l, int id) const {
  const Coord c = topo_.coord(id);
  const int s = 1 << l;
  return Block{c.x, c.y, s, s, c.z, dims_ == 3 ? s : 1};
}

void BuddyBlocks::insert(int l, int id) {
  ++ops_;
  free_[std::size_t(l)].insert(id);
  free_nodes_ += nodes_at(l);
  if (logging_) log_.push_back({l, id, true});
}

void BuddyBlocks::erase(int l, int id) {
  ++ops_;
  free_[std::size_t(l)].erase(id);
  free_nodes_ -= nodes_at(l);
  if (logging_) log_.push_back({l, id, false});
}

void BuddyBlocks::undo() {
  logging_ = false;
  for (auto it = log_.rbegin(); it != log_.rend(); ++it) {
    if (it->inserted) erase(it->level, it->id);
    else insert(it->level, it->id);
  }
  log_.clear();
}

template <class F>
void BuddyBlocks::for_each_child(int l, int id, F&& f) const {
  const Coord c = topo_.coord(id);
  const int s = 1 << (l - 1);
  for (int k = 0; k < (dims_ == 3 ? 2 : 1); ++k)
    for (int j = 0; j < 2; ++j)
      for (int i = 0; i < 2; ++i) f(topo_.id(c.x + i * s, c.y + j * s, c.z + k * s));
}

void BuddyBlocks::split(int l, int id) {
  erase(l, id);
  for_each_child(l, id, [&](int child) { insert(l - 1, child); });
}

int BuddyBlocks::base_at(int x, int y, int z, int l) const {
  const Root& R = roots_[std::size_t(root_of_[std::size_t(topo_.id(x, y, z))])];
  if (l > R.level) return -1;
  const int bz = dims_ == 3 ? R.z + (((z - R.z) >> l) << l) : z;
  return topo_.id(R.x + (((x - R.x) >> l) << l), R.y + (((y - R.y) >> l) << l), bz);
}

bool BuddyBlocks::buddy_level(const Block& b, int& l) const {
  if (b.w != b.h || (b.w & (b.w - 1)) != 0 || b.d != (dims_ == 3 ? b.w : 1) || !topo_.contains(b.x, b.y, b.z)) return false;
  l = __builtin_ctz(unsigned(b.w));
  return base_at(b.x, b.y, b.z, l) == topo_.id(b.x, b.y, b.z);
}

void BuddyBlocks::carve(int x, int y, int z, int l) {
  const int top = roots_[std::size_t(root_of_[std::size_t(topo_.id(x, y, z))])].level;
  for (int k = l; k <= top; ++k) {
    ++ops_;
    const int base = base_at(x, y, z, k);
    if (!free_[std::size_t(k)].contains(base)) continue;
    for (int m = k; m > l; --m) split(m, base_at(x, y, z, m));
    erase(l, topo_.id(x, y, z));
    return;
  }
  if (l == 0) return;  // not free here: nothing to remove
  for_each_child(l, topo_.id(x, y, z), [&](int child) {
    const Coord c = topo_.coord(child);
    carve(c.x, c.y, c.z, l - 1);
  });
}

void BuddyBlocks::give_back(int x, int y, int z, int l) {
  const int top = roots_[std::size_t(root_of_[std::size_t(topo_.id(x, y, z))])].level;
  insert(l, topo_.id(x, y, z));
  while (l < top) {
    const int parent = base_at(x, y, z, l + 1);
    const IdSet& fl = free_[std::size_t(l)];
    ops_ += arity();
    bool all = true;
    for_each_child(l + 1, parent, [&](int child) { all = all && fl.contains(child); });
    if (!all) return;
    for_each_child(l + 1, parent, [&](int child) { erase(l, child); });
    insert(l + 1, parent);
    ++l;
  }
}

void BuddyBlocks::allocated(const Allocation& a) {
  for (const Block& b : a.blocks) {
    int l;
    if (buddy_level(b, l)) carve(b.x, b.y, b.z, l);
    else topo_.for_each_node(b, [&](int x, int y, int z) { carve(x, y, z, 0); });
  }
}

void BuddyBlocks::released(const Allocation& a) {
  for (const Block& b : a.blocks) {
    int l;
    if (buddy_level(b, l)) give_back(b.x, b.y, b.z, l);
    else topo_.for_each_node(b, [&](int x, int y, int z) { give_back(x, y, z, 0); });
  }
}

std::vector<Block> BuddyBlocks::free_blocks() const {
  std::vector<Block> v;
  for (int l = top_; l >= 0; --l) free_[std::size_t(l)].for_each([&](int id) { v.push_back(block(l, id)); });
  return v;
}

}  // namespace alloclab
