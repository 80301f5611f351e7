// boxes.hpp — what the 3D strategies share: the free-box query (every base whose p×q×r box is
// free), first fit and best fit over it, and the orientations of a box.
//
// The query works layer by layer on the occupancy's free bits (row z·H + y of each layer, see
// occupancy.hpp): the 2D free-base query (free_bases_of) gives, for layer z, the bases whose
// p×q rectangle is free in that layer; a p×q×r box is free at (x, y, z) when its rectangle is
// free in the r layers z .. z+r-1 (modulo D on a torus; inside the machine on a mesh), so the
// layer masks are ANDed along z. The result is a BaseMask of W columns and H·D rows, row z·H + y
// (bit x set = the box with base (x, y, z) is free). First fit reads the layers lazily and stops
// at the first layer with a base, in node-id order (z, then y, then x ascending).
//
// On a mesh of rows of at most 64 nodes a layer's mask is packed: L bits a row (L = 16, 32 or 64,
// the smallest that holds W), 64 / L rows to a word, row y at bits y·L .. y·L + L-1 of the
// layer's words read as one bit string; so each pass and each AND along z processes 64 / L rows
// a word. Elsewhere a layer's mask is free_bases_of's: H rows of (W+63)/64 words.
//
// Counted work: one operation = one 64-bit word processed — every word of each layer's 2D query
// (as free_bases counts them), each word ANDed along z, and the words read to the first base —
// counted as the unpacked query (one word a row) processes them, whichever layout is used.
#pragma once
#include <array>
#include <optional>
#include <vector>
#include "strategy.hpp"

namespace alloclab {

class BoxQuery {
 public:
  // Bases whose s-box is free into `out` (W columns, H·D rows); returns the words processed.
  // Empty when a side of s exceeds the machine's.
  Ops free_boxes(const Occupancy& occ, Shape s, BaseMask& out);
  // The first free base of s in node-id order, adding the words processed to `ops`.
  std::optional<Block> first_free_box(const Occupancy& occ, Shape s, Ops& ops);

 private:
  // Layer z's 2D mask of p×q bases into layers_ (computed once per query).
  const std::uint64_t* layer(const Occupancy& occ, int z, Shape s, Ops& ops);
  // The masks of layers z .. z+r-1 ANDed into row_, stopping once an AND leaves nothing (and,
  // if `empty_ends`, before the first AND when layer z has no base): whether a box with its base
  // in layer z is free.
  bool chain(const Occupancy& occ, int z, Shape s, bool empty_ends, Ops& ops);
  void start(const Occupancy& occ);
  BaseMask plane_;                       // one layer's 2D query result
  std::vector<std::uint64_t> row_;       // one layer of box bases (stride_ words)
  std::vector<std::uint64_t> layers_;    // every layer's mask, stride_ words each
  int lane_ = 0;                         // packed layers: bits a row (0: H rows of wpr words)
  int stride_ = 0;                       // words of a layer's mask
  std::vector<char> done_;               // layer z computed in this query
  std::vector<std::uint64_t> scratch_;   // the 2D query's scratch
  int shifts_[16] = {}, nshifts_ = 0;    // a mesh of one-word rows: the horizontal passes' shifts
  int shifts_for_ = 0;                   // for this p (0: none yet)
};

// The box with base (x, y, z) and shape s.
inline Block box_at(int x, int y, int z, Shape s) { return Block{x, y, s.w, s.h, z, s.d}; }

// The distinct orientations of s (axis permutations) in a fixed order: (w,h,d), (h,w,d),
// (w,d,h), (d,w,h), (h,d,w), (d,h,w), repeats left out; only those that fit the machine.
std::vector<Shape> box_orientations(Shape s, const Topology& t);

// Nodes just outside the box's six faces that are busy or off the mesh edge (each face
// contributes its area; edges and corners are not counted; on a torus there is no edge): the
// 3D form of boundary_contact, Best Fit's score. From 3D prefix sums of the busy nodes, built
// once per occupancy state (O(W·H·D)); each face is then at most four box sums.
class BoxContact {
 public:
  explicit BoxContact(const Occupancy& occ);
  int contact(const Block& b) const;

 private:
  // Busy nodes in the plain box [x0,x1)×[y0,y1)×[z0,z1) (inside the machine).
  long long sum(int x0, int x1, int y0, int y1, int z0, int z1) const;
  // Busy (or off-mesh) nodes of one face slab: the plane at coordinate c (may be -1 or n)
  // along axis `axis`, spanning the block's ranges on the other two axes (wrapping on a torus).
  long long face(const Block& b, int axis, int c) const;
  const Topology& t_;
  int W_, H_, D_;
  std::vector<int> p_;  // (W+1)(H+1)(D+1) prefix sums of busy nodes
};

// Best fit over the free bases in `m` (from free_boxes of shape s): the base whose box has the
// largest BoxContact, the first in node-id order on ties. Adds one operation per base scored.
std::optional<Block> best_contact_box(const BoxContact& c, const BaseMask& m, const Topology& t, Shape s, Ops& ops);

}  // namespace alloclab
