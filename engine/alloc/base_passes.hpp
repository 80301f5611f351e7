// base_passes.hpp — the word pass that the 2D free-base query (free_bases_of, occupancy.cpp) and
// the 3D free-box query's packed layers (boxes.cpp) share: a bit string ANDed with itself shifted.
#pragma once
#include <cstdint>

namespace alloclab {

// For every row r (n words each, `rows` rows), in place: d[r][i] &= d[r] shifted down by k bits
// (bit i of the result = bit i and bit i+k); bits from beyond the row are 0. Ascending i reads
// only words not yet rewritten (i+ws, i+ws+1 >= i). Returns the OR of all results.
inline std::uint64_t and_shifted_rows_inplace(std::uint64_t* d, int n, int rows, int k) {
  const int ws = k >> 6, bs = k & 63;
  std::uint64_t any = 0;
  for (int r = 0; r < rows; ++r, d += n) {
    if (bs == 0) {
      for (int i = 0; i < n; ++i) any |= d[i] &= i + ws < n ? d[i + ws] : 0;
    } else {
      for (int i = 0; i < n; ++i) {
        const int j = i + ws;
        std::uint64_t v = j < n ? d[j] >> bs : 0;
        if (j + 1 < n) v |= d[j + 1] << (64 - bs);
        any |= d[i] &= v;
      }
    }
  }
  return any;
}

}  // namespace alloclab
