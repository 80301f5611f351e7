// count_shape.hpp — how a processor count n becomes a box request on a W×H×D machine (a trace
// records counts, not shapes; key swf_shape). Three rules, each returning the request in the
// machine's orientation (the longest side along the machine's longest dimension, then the next;
// equal machine sides take the longer box side in x, then y, then z), or {0, 0, 0} when none fits:
// - exact_shape: the most cube-like a×b×c = n (on a 2D machine, D = 1: the most-square a×b = n,
//   most_square_shape of trace.hpp): the smallest longest side, then the smallest surface.
// - near_cube_shape: the most cube-like box with a·b·c ≥ n: the smallest longest side L for
//   which a box of sides ≤ L holds n, then the smallest volume, then the smallest surface. It
//   wastes at most about n^(2/3) nodes (a (L−1)²·L box always holds n when (L−1)³ < n).
// - pow2_shape: a power-of-two partition, as the Cray T3D's allocator enforced: n rounded up to
//   the next power of two m, shaped exact_shape(m) (every side a power of two); the next power
//   up when m has no box fitting the machine.
#pragma once
#include "../core/geometry.hpp"

namespace alloclab {

Shape exact_shape(long long n, int W, int H, int D);
Shape near_cube_shape(long long n, int W, int H, int D);
Shape pow2_shape(long long n, int W, int H, int D);

}  // namespace alloclab
