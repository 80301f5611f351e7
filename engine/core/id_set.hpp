// id_set.hpp — a set of small non-negative integers (node ids) as a two-level bitset.
//
// For free lists keyed by node id (the buddy strategies): insert, erase and membership are
// O(1) with no allocation; the smallest member is found by scanning one summary word per 4096
// ids, then one word. Iteration is in increasing order, like std::set<int>.
#pragma once
#include <cstdint>
#include <vector>

namespace alloclab {

class IdSet {
 public:
  IdSet() = default;
  // An empty set for ids 0..n−1.
  explicit IdSet(int n) : words_(std::size_t(n + 63) / 64, 0), summary_((words_.size() + 63) / 64, 0) {}

  bool empty() const { return size_ == 0; }
  int size() const { return size_; }
  bool contains(int id) const { return (words_[std::size_t(id) >> 6] >> (id & 63)) & 1u; }
  // Inserts id (no effect if present).
  void insert(int id) {
    std::uint64_t& w = words_[std::size_t(id) >> 6];
    const std::uint64_t m = std::uint64_t(1) << (id & 63);
    if (w & m) return;
    w |= m;
    summary_[std::size_t(id) >> 12] |= std::uint64_t(1) << ((id >> 6) & 63);
    ++size_;
  }
  // Erases id (no effect if absent).
  void erase(int id) {
    std::uint64_t& w = words_[std::size_t(id) >> 6];
    const std::uint64_t m = std::uint64_t(1) << (id & 63);
    if (!(w & m)) return;
    w &= ~m;
    if (!w) summary_[std::size_t(id) >> 12] &= ~(std::uint64_t(1) << ((id >> 6) & 63));
    --size_;
  }
  // The smallest member, or −1 when empty.
  int first() const {
    if (size_ == 0) return -1;
    for (std::size_t s = 0; s < summary_.size(); ++s)
      if (summary_[s]) {
        const std::size_t k = s * 64 + std::size_t(__builtin_ctzll(summary_[s]));
        return int(k * 64 + std::size_t(__builtin_ctzll(words_[k])));
      }
    return -1;
  }
  // Calls f(id) for every member in increasing order.
  template <class F>
  void for_each(F&& f) const {
    for (std::size_t k = 0; k < words_.size(); ++k)
      for (std::uint64_t m = words_[k]; m; m &= m - 1) f(int(k * 64 + std::size_t(__builtin_ctzll(m))));
  }

 private:
  std::vector<std::uint64_t> words_;    // bit i of word k: id 64k + i is a member
  std::vector<std::uint64_t> summary_;  // bit j of summary s: words_[64s + j] is not zero
  int size_ = 0;
};

}  // namespace alloclab
