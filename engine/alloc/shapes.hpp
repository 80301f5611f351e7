// shapes.hpp — the request-shape lists of the shape-changing contiguous strategies of Al Shdefat 2019
// §2 (Al Shdefat's thesis, "Related Works"): ASFF's all-shapes list, Flex-fold's four shapes and
// LSSA's L-shaped sub-meshes. Pure functions, shared by asff.cpp, flexfold.cpp, lssa.cpp, the
// tests, and NAS (which reuses the ASFF list).
//
// Shape (a, b) in the thesis is S(a, b) = a columns × b rows; here Shape{w = a, h = b}.
#pragma once
#include <algorithm>
#include <vector>
#include "../core/geometry.hpp"

namespace alloclab {

// ASFF (Al Shdefat 2019 §2): every w×h with w·h = n that fits a W×H machine (w <= W, h <= H), in the
// thesis's order. The only worked example (n = 12 on 6×6 gives (4,3), (3,4), (6,2), (2,6); 25
// gives only (5,5)) fixes this rule: factor pairs from the most square to the least square
// (ascending long side, i.e. ascending |w−h|), and within a pair the wide orientation (w >= h)
// before the tall one. Pairs whose sides exceed the machine in an orientation drop that
// orientation only (on 6×6, (12,1) and (1,12) both drop). The requested shape's own orientation
// plays no role: ASFF asks for n processors, as the thesis states ("a job request for n").
inline std::vector<Shape> asff_shapes(int n, int W, int H) {
  std::vector<Shape> out;
  std::vector<int> longs;
  for (int s = 1; s * s <= n; ++s)
    if (n % s == 0) longs.push_back(n / s);  // long side n/s >= short side s
  std::sort(longs.begin(), longs.end());     // most square first
  for (int l : longs) {
    const int s = n / l;
    if (l <= W && s <= H) out.push_back({l, s});
    if (l != s && s <= W && l <= H) out.push_back({s, l});
  }
  return out;
}

// Flex-fold (Al Shdefat 2019 §2): S(a,b), S(b,a), S(a/2,2b) when a is even, S(2a,b/2) when b is even,
// in that order; duplicates (squares, or a fold equal to an earlier shape) are dropped, shapes
// larger than the machine are dropped.
inline std::vector<Shape> flexfold_shapes(Shape r, int W, int H) {
  std::vector<Shape> c{r, r.rotated()};
  if (r.w % 2 == 0) c.push_back({r.w / 2, 2 * r.h});
  if (r.h % 2 == 0) c.push_back({2 * r.w, r.h / 2});
  std::vector<Shape> out;
  for (Shape s : c)
    if (s.w <= W && s.h <= H && std::find(out.begin(), out.end(), s) == out.end()) out.push_back(s);
  return out;
}

// LSSA's L-shaped sub-mesh LS(c, d, e, f) (Al Shdefat 2019 §2, Notations 1–3, after Seo & Kim 2003):
// two adjacent sub-meshes SL(c, d) (c columns × d rows) and SR(e, f) (e columns × f rows) with
// c + e = a, c·d + e·f = a·b and d > f: the tall leg SL beside the short leg SR. Both worked
// examples pin the meaning of the 4-tuple: (8,6) → (4,7,4,5): 4×7 + 4×5 = 48 = 8·6, widths 4+4 = 8.
struct LShape {
  int c, d, e, f;
  bool operator==(const LShape&) const = default;
};

// Notation 3, for S(a, b) with a >= b >= 2 (callers normalise). The thesis's formulas are
// garbled; we fix them so that both worked examples come out exactly and every tuple has area
// a·b:
//  * a even: LS(a/2, b+k, a/2, b−k). The text says 1 <= k <= b, but the (8,6) example stops at
//    k = 4 = b − 2 (k = b would give an empty leg); we use 1 <= k <= b − 2 (short leg >= 2 rows).
//  * a odd:  LS(⌊a/2⌋+k, b+⌈a/2⌉−k, ⌈a/2⌉−k, b−⌊a/2⌋−k), 1 <= k <= b − 1 − ⌊a/2⌋. The text
//    writes ⌈a/2⌉ in the first, fourth and bound terms, which gives areas ≠ a·b and only one
//    tuple for (5,5); with ⌊a/2⌋ there, (5,5) gives exactly (3,7,2,2), (4,6,1,1). When the bound
//    is −1 the text says k = −1 (a single tuple); we follow it (e.g. (7,3) → (2,8,5,1)).
//  * k steps by 1 while k < 4, then by ⌊b/4⌋ (text). Tuples with a non-positive side are dropped.
inline std::vector<LShape> lssa_lshapes(int a, int b) {
  std::vector<LShape> out;
  if (a < b) std::swap(a, b);
  if (b < 2) return out;
  auto push = [&](LShape l) {
    if (l.c > 0 && l.d > 0 && l.e > 0 && l.f > 0) out.push_back(l);
  };
  auto step = [&](int k) { return k < 4 ? k + 1 : k + std::max(1, b / 4); };
  if (a % 2 == 0) {
    for (int k = 1; k <= b - 2; k = step(k)) push({a / 2, b + k, a / 2, b - k});
  } else {
    const int fl = a / 2, ce = a - fl, bound = b - 1 - fl;
    if (bound == -1) push({fl - 1, b + ce + 1, ce + 1, b - fl + 1});
    for (int k = 1; k <= bound; k = step(k)) push({fl + k, b + ce - k, ce - k, b - fl - k});
  }
  return out;
}

}  // namespace alloclab
