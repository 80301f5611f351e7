// mfa.cpp — Minimal Fragmentation Algorithm (Srinivasan, Seshadri, Chandrasekhar & Jonathan),
// as Srinivasan et al. 2004 §IV describes it (main approach §IV.A, pseudo-code §IV.B, Examples 1–2 §IV.C).
//
// For a task T(p, q) every node starts with status 0 (free). The reject set Δ_T (bases whose
// block would cross the mesh edge) and the coverage set Ξ_T (bases whose block would overlap a
// busy submesh) get status 1 (unavailable): here both together are the complement of
// Occupancy::free_bases(p, q), computed word-parallel. Then, for every busy submesh
// β = <a,b>,<c,d> in the busy list, the candidate bases are visited in the paper's order
//   Right : <c+1, b-q+1> .. <c+1, d>        (y ascending, as in Table I)
//   Top   : <c, d+1> .. <a-p+1, d+1>        (x descending, as in Table I)
//   Left  : <a-p, d> .. <a-p, b-q+1>        (ends along the left side minus the task size)
//   Bottom: <a-p+1, b-q> .. <c, b-q>        (ends along the bottom side minus the task size)
// Candidates outside M(w, h) are skipped; a candidate already examined (status 2, "checked")
// is skipped; a candidate with status 1 is marked checked and scores -1. Otherwise its
// optimality index (Definition 6, the paper's weight()) is computed: the number of nodes just
// outside the block's four sides that are busy or beyond the mesh edge — exactly
// boundary_contact() in strategy.hpp (corners not counted; the weight() pseudo-code counts an
// edge once per perimeter node and side, which is the same number). An index of 2(p+q), the
// maximum, returns at once. Otherwise the candidate with the highest index wins; ties keep the
// first one found (Example 2: <0,3> and <2,5> both score 7, <0,3> is found first).
// The original orientation is tried first; only if it yields no valid candidate at all is the
// rotated request T(q, p) tried (§IV.A).
//
// Choices where the paper is unclear or wrong:
//  * Initial best index. The pseudo-code starts max_optimality_index at p+q and accepts only a
//    strictly larger index, then falls back to <0,0> "unless <0,0> is in Δ_T or Ξ_T". Taken
//    literally that rejects every valid placement whose index is <= p+q: on an 8x8 mesh whose
//    lower half is busy, every free 1x1 base scores at most 2 = p+q, so the literal algorithm
//    falls back to <0,0>, which is busy, and fails although 32 nodes are free — contradicting
//    the completeness claim (test "mfa: literal initial index p+q would fail"). We start at
//    -1, so any valid candidate is accepted, and there is no <0,0> fallback.
//  * Candidates on the mesh boundary. On an empty mesh there are no busy submeshes, so the
//    literal algorithm has no candidate at all. We treat the mesh boundary as four virtual busy
//    submeshes just outside the mesh, visited after all real ones, in the order left edge
//    (its Right candidates: column x = 0, y ascending), bottom edge (its Top candidates: row
//    y = 0, x descending), right edge (its Left candidates: x = w-p, y descending) and top edge
//    (its Bottom candidates: y = h-q, x ascending). Visiting them last leaves the paper's
//    examples unchanged. With them MFA is recognition complete: any free block slid left
//    touches a busy submesh or the left edge, i.e. it is a Right candidate of something.
//    Moreover every free base with a nonzero index is a candidate (it touches some side), so
//    the chosen base has the maximum index over all free bases of that orientation.
//  * Busy submeshes are the blocks reported through allocated() (the CLI `place` command
//    reports pre-existing busy blocks the same way), kept in the order they were reported;
//    released() removes them. That order decides ties, as in the paper's examples (β1, β2, ...).
//  * Torus: the same candidates are taken modulo the sides (blocks may wrap), the index has no
//    edge term, and there are no virtual edge submeshes. A free band of rows or columns may
//    then contain no candidate, so if no candidate is valid but some free base exists we fall
//    back to the first free base in row-major order (bottom row first) — keeping completeness.
//
// Implementation (mesh): the decision is exactly the scan above — the first candidate, in scan
// order, of the highest index among the candidates — found in two phases:
//  1. the index of every valid base (Occupancy::free_bases) in row-major order, by popcounts of
//     two-word windows of the free bits framed by busy lines (rows) and of their transpose
//     (columns): its maximum M and the set of bases that reach it. Every candidate is a valid
//     base, so no candidate scores above M.
//  2. the scan, but over that set only: each candidate line is read word-parallel (rows of the
//     set's bitmap for Top/Bottom lines, rows of its transpose for Right/Left lines; lines on
//     empty rows or columns cost one test). Its first hit is a candidate of index M, hence the
//     first candidate of the highest index — the scan's answer (also when M = 2(p+q), where the
//     scan stops at once). Only if no candidate reaches M (the busy list then misses some busy
//     node) is the scan run in full over all valid bases, with status 2 (checked) kept by
//     clearing the base's bit (an invalid candidate can never score, so marking it changes
//     nothing). An orientation with no valid base at all is skipped without a scan.
// The torus path visits candidates one by one.
// Explain mode (explain()): the paper's scan itself, not the two-phase shortcut — every mesh
// node is a candidate position, scan() enumerates them in paper order (begin(i) marks each busy
// submesh), a visited one is cleared (status 2) and scores -1 if in Δ_T ∪ Ξ_T (Tables I–V list
// such nodes as -1 too). One step per busy submesh for the first 10, the rest share a step, the
// virtual edge submeshes one more; the property test "mfa's word-parallel search equals the
// literal ... algorithm" is what makes this the same decision (and test_explain checks it).
//
// Counted work: what the search below does, in the unit of every strategy (one 64-bit word
// read or written, one node's state read, one list entry visited): the free-base query's words
// (occupancy.hpp), the framed free rows and their transpose built once per decision (one per
// word written), phase 1's pass (one per word of the valid-base bits, and one per two-word
// window popcount of a valid base's sides: 2 for its rows, 2 more for its columns when they are
// read), phase 2's bit sets (one per word cleared or set, one per word of their summaries) and
// its scan (one per candidate line tested, one per word of a line read, one per candidate
// visited — six more for the full scan's visit: two status bits cleared, four windows); on a
// torus one per status word cleared, one per candidate visited and the 2(p+q) perimeter nodes
// of each valid one scored. Srinivasan et al. 2004 §V.B's average-time model
// a + bB + c + (4t√K + u)B is not what is counted (bench opsrate checks the count against
// CPU time). Bookkeeping and release: as BusyListStrategy (strategy.hpp).
//
// Sections, in order:
//   word helpers        bits_at, free_in_range, transpose64/transpose, bits_up/bits_down
//   the strategy        allocate (orientation, then rotated), explain / explain_orientation
//                       (the Table I walk as Explain steps), search
//   busy list           allocated / released (row bit-maps and the busy rectangles)
//   mesh search         summaries (column/row summaries), search_mesh (candidates per busy submesh)
//   torus search        scan_torus, search_torus (wrap-aware candidates)
//   factory             make_mfa
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>
#include "strategy.hpp"

namespace alloclab {
namespace {

using Word = std::uint64_t;

// 64 bits of the bit row `r` (n words) starting at bit `from` (bits past the row read as 0).
inline Word bits_at(const Word* r, int n, int from) {
  const int k = from >> 6, off = from & 63;
  Word w = r[k] >> off;
  if (off && k + 1 < n) w |= r[k + 1] << (64 - off);
  return w;
}

// Number of set bits of the bit row `row` in positions [x, x+n). The row must have one word of
// zero padding after its last bit (a window may read the word after the one holding x).
inline int free_in_range(const Word* row, int x, int n) {
  int c = 0;
  for (;;) {
    const int k = x >> 6, off = x & 63;
    // row[k+1] << (64-off), written so that off = 0 adds nothing (two shifts, no branch)
    Word w = (row[k] >> off) | ((row[k + 1] << 1) << (63 - off));
    if (n <= 64) return c + __builtin_popcountll(n == 64 ? w : w & ((Word(1) << n) - 1));
    c += __builtin_popcountll(w);
    x += 64;
    n -= 64;
  }
}

// In-place transpose of a 64x64 bit matrix (bit j of a[i] <-> bit i of a[j]).
void transpose64(Word a[64]) {
  Word m = 0x00000000FFFFFFFFull;
  for (int j = 32; j; j >>= 1, m ^= m << j)
    for (int k = 0; k < 64; k = ((k | j) + 1) & ~j) {
      const Word t = ((a[k] >> j) ^ a[k | j]) & m;
      a[k | j] ^= t;
      a[k] ^= t << j;
    }
}

// Transpose of a W x H bit matrix given as H rows of ceil(W/64) words (row(y)) into `out`:
// bit y of column x goes to out[(x + first) * stride + y / 64] (stride >= ceil(H/64); the
// caller sizes and zeroes `out`, so padding words stay zero).
template <class RowFn>
void transpose(int W, int H, RowFn row, Word* out, int stride, int first) {
  const int wpr = (W + 63) / 64, hpr = (H + 63) / 64;
  Word tile[64];
  for (int by = 0; by < hpr; ++by)
    for (int bx = 0; bx < wpr; ++bx) {
      for (int i = 0; i < 64; ++i) {
        const int y = by * 64 + i;
        tile[i] = y < H ? row(y)[bx] : 0;
      }
      transpose64(tile);
      for (int j = 0; j < 64; ++j) {
        const int x = bx * 64 + j;
        if (x < W) out[std::size_t(x + first) * std::size_t(stride) + std::size_t(by)] = tile[j];
      }
    }
}

// Calls f(i) for each set bit i of the bit row r (n words) in [lo, hi], ascending (or
// descending), 64 positions at a time; stops and returns true as soon as f does.
template <class F>
inline bool bits_up(const Word* r, int n, int lo, int hi, F&& f) {
  for (int from = lo; from <= hi; from += 64) {
    Word m = bits_at(r, n, from);
    if (hi - from < 63) m &= (Word(1) << (hi - from + 1)) - 1;
    for (; m; m &= m - 1)
      if (f(from + __builtin_ctzll(m))) return true;
  }
  return false;
}
template <class F>
inline bool bits_down(const Word* r, int n, int lo, int hi, F&& f) {
  for (int to = hi; to >= lo; to -= 64) {
    const int from = std::max(lo, to - 63);
    Word m = bits_at(r, n, from);
    if (to - from < 63) m &= (Word(1) << (to - from + 1)) - 1;
    while (m) {
      const int b = 63 - __builtin_clzll(m);
      if (f(from + b)) return true;
      m ^= Word(1) << b;
    }
  }
  return false;
}

class MinimalFragmentation final : public BusyListStrategy<MinimalFragmentation> {
 public:
  std::optional<Allocation> allocate(const Request& req, const Occupancy& occ, Rng&) override {
    have_free_t_ = false;
    for (Shape s : {req.shape, req.shape.rotated()}) {
      if (auto b = search(occ, s)) return Allocation{{*b}};
      if (s == s.rotated()) break;
    }
    return std::nullopt;
  }

  // Explain mode: per orientation tried, the reject set Δ_T, the coverage set Ξ_T, then the
  // candidates around each busy submesh in scan order with their optimality indices (-1 for
  // status 1), through the same scan() / scan_torus() as allocate; then the winner.
  Explanation explain(const Request& req, const Occupancy& occ, const Rng&) const override {
    Explanation e;
    e.steps.push_back(explain_request_step(req, occ));
    for (Shape s : {req.shape, req.shape.rotated()}) {
      if (auto b = explain_orientation(e, occ, s, s != req.shape)) {
        e.decision = Allocation{{*b}};
        break;
      }
      if (s == s.rotated()) break;
    }
    e.steps.push_back(explain_decision_step(e.decision, req));
    if (e.decision) {
      const Block& b = e.decision->blocks.front();
      e.steps.back().labels.push_back(ExplainLabel{b.x, b.y, boundary_contact(occ, b)});
      e.steps.back().labels_mean = "optimality index of the chosen base";
      e.steps.back().caption += " Its optimality index is " + std::to_string(boundary_contact(occ, b)) + " (maximum " +
                                std::to_string(2 * (b.w + b.h)) + ").";
    }
    return e;
  }

 private:
  static constexpr int kExplainGroups = 10;  // busy submeshes explained one step each; the rest share one

  std::optional<Block> explain_orientation(Explanation& e, const Occupancy& occ, Shape s, bool rotated) const {
    const int W = occ.width(), H = occ.height(), p = s.w, q = s.h;
    const bool torus = occ.topology().wraps();
    char buf[400];
    const char* rot = rotated ? " (rotated: the original orientation had no valid candidate)" : "";
    std::vector<Block> busy;
    for (const Busy& b : busy_) busy.push_back(b.block);
    if (p > W || q > H) {
      ExplainStep st;
      st.title = "Too large";
      std::snprintf(buf, sizeof buf, "A %d x %d job does not fit the %d x %d machine in this orientation%s.", p, q, W, H, rot);
      st.caption = buf;
      e.steps.push_back(std::move(st));
      return std::nullopt;
    }
    const BaseMask valid = occ.free_bases(p, q);
    {  // Δ_T
      ExplainStep st;
      st.title = "Reject set";
      st.layer(ExplainRole::Busy).blocks = busy;
      auto& rej = st.layer(ExplainRole::Reject).blocks;
      if (!torus) {
        if (p > 1) rej.push_back(Block{W - p + 1, 0, p - 1, H});
        if (q > 1) rej.push_back(Block{0, H - q + 1, W - p + 1, q - 1});
        const int n = W * H - (W - p + 1) * (H - q + 1);
        std::snprintf(buf, sizeof buf,
                      "A %d x %d job%s: the %d base%s within %d column%s of the right edge or %d row%s of the top would cross the "
                      "mesh edge: the reject set, ruled out.",
                      p, q, rot, n, n == 1 ? "" : "s", p - 1, p == 2 ? "" : "s", q - 1, q == 2 ? "" : "s");
      } else {
        std::snprintf(buf, sizeof buf, "A %d x %d job%s: on a torus blocks wrap, so no base crosses an edge: the reject set is empty.",
                      p, q, rot);
      }
      st.caption = buf;
      e.steps.push_back(std::move(st));
    }
    {  // Ξ_T
      ExplainStep st;
      st.title = "Coverage set";
      st.layer(ExplainRole::Busy).blocks = busy;
      BaseMask cov(W, H);
      const int xe = torus ? W : W - p + 1, ye = torus ? H : H - q + 1;
      int n = 0;
      for (int y = 0; y < ye; ++y)
        for (int x = 0; x < xe; ++x)
          if (!valid.test(x, y)) cov.row(y)[x >> 6] |= Word(1) << (x & 63), ++n;
      add_mask_runs(st.layer(ExplainRole::Coverage).blocks, cov);
      const int v = valid.count();
      std::snprintf(buf, sizeof buf, "%d base%s whose %d x %d block would overlap a busy submesh: the coverage set, ruled out too. %d valid base%s remain%s%s.",
                    n, n == 1 ? "" : "s", p, q, v, v == 1 ? "" : "s", v == 1 ? "s" : "",
                    v == 0 ? ", so every candidate scores -1 and this orientation fails" : "");
      st.caption = buf;
      e.steps.push_back(std::move(st));
      if (v == 0) return std::nullopt;
    }
    // The candidates, grouped by the busy submesh they lie around (status 2 = checked).
    const int top = 2 * (p + q);
    int best = -1, group = -2;
    Block pick;
    std::size_t first_step = e.steps.size();
    int examined = 0, valid_seen = 0;
    auto finish_group = [&]() {
      if (group == -2) return;
      ExplainStep& st = e.steps.back();
      if (best >= 0) st.layer(ExplainRole::Chosen).blocks = {pick};
      const char* where = nullptr;
      char wbuf[160];
      if (group == -1) where = "along the mesh boundary (the edges count as busy neighbours)";
      else if (group >= kExplainGroups) {
        std::snprintf(wbuf, sizeof wbuf, "around busy submeshes %d..%zu", kExplainGroups + 1, busy_.size());
        where = wbuf;
      } else {
        const Block& b = busy_[std::size_t(group)].block;
        std::snprintf(wbuf, sizeof wbuf, "around busy submesh %d, (%d, %d) to (%d, %d)", group + 1, b.x, b.y, b.x + b.w - 1, b.y + b.h - 1);
        where = wbuf;
      }
      if (best >= 0)
        std::snprintf(buf, sizeof buf, "Candidates %s (right, top, left, bottom): %d examined, %d valid; best so far (%d, %d) with index %d of %d.",
                      where, examined, valid_seen, pick.x, pick.y, best, top);
      else
        std::snprintf(buf, sizeof buf, "Candidates %s (right, top, left, bottom): %d examined, none valid yet.", where, examined);
      st.caption = buf;
    };
    auto begin = [&](int i) {
      const int g = i >= kExplainGroups ? kExplainGroups : i;
      if (g == group) return;
      finish_group();
      group = g;
      examined = valid_seen = 0;
      ExplainStep st;
      st.title = g == -1 ? "Boundary candidates" : g >= kExplainGroups ? "More candidates" : "Candidates around busy " + std::to_string(g + 1);
      st.layer(ExplainRole::Busy).blocks = busy;
      auto& focus = st.layer(ExplainRole::Focus).blocks;
      if (g >= 0)
        for (std::size_t k = std::size_t(i); k < busy_.size() && (g < kExplainGroups ? k == std::size_t(i) : true); ++k)
          focus.push_back(busy_[k].block);
      st.layer(ExplainRole::Failed);
      st.layer(ExplainRole::Candidate);
      st.labels_mean = "optimality index (-1: in the reject or coverage set)";
      e.steps.push_back(std::move(st));
    };
    auto record = [&](int x, int y) -> bool {  // one candidate that is not yet checked
      ExplainStep& st = e.steps.back();
      ++examined;
      const bool ok = valid.test(x, y);
      const int idx = ok ? boundary_contact(occ, Block{x, y, p, q}) : -1;
      st.layer(ok ? ExplainRole::Candidate : ExplainRole::Failed).blocks.push_back(Block{x, y, 1, 1});
      st.labels.push_back(ExplainLabel{x, y, idx});
      if (ok) ++valid_seen;
      if (idx > best) best = idx, pick = Block{x, y, p, q};
      return idx == top;
    };
    bool stopped = false;
    Ops unused_ops = 0;  // Explain shows the paper's scan; the decision's count is allocate's
    if (!torus) {
      // Every node of the mesh is a candidate position; a visited one is cleared (checked).
      const int wpr = (W + 63) / 64, hpr = (H + 63) / 64;
      std::vector<Word> VR(std::size_t(H) * wpr, 0), VT(std::size_t(W) * hpr, 0);
      for (int y = 0; y < H; ++y)
        for (int x = 0; x < W; ++x) VR[std::size_t(y) * wpr + (x >> 6)] |= Word(1) << (x & 63);
      transpose(W, H, [&](int y) { return &VR[std::size_t(y) * wpr]; }, VT.data(), hpr, 0);
      std::vector<Word> CA, RA;
      summaries(VR.data(), W, H, CA, RA);
      stopped = scan(W, H, p, q, VR.data(), wpr, VT.data(), hpr, CA.data(), RA.data(), [&](int x, int y) {
        VR[std::size_t(y) * wpr + (x >> 6)] &= ~(Word(1) << (x & 63));
        VT[std::size_t(x) * hpr + (y >> 6)] &= ~(Word(1) << (y & 63));
        return record(x, y);
      }, begin, unused_ops);
    } else {
      std::vector<char> checked(std::size_t(W) * H, 0);
      stopped = scan_torus(p, q, [&](int x, int y) {
        x = ((x % W) + W) % W;
        y = ((y % H) + H) % H;
        char& c = checked[std::size_t(y) * W + x];
        if (c) return false;
        c = 1;
        return record(x, y);
      }, begin);
    }
    finish_group();
    if (stopped && e.steps.size() > first_step) e.steps.back().caption += " The maximum index: the search stops here.";
    if (best >= 0) return pick;
    int x, y;
    if (torus && valid.first(x, y)) {  // search_torus's completeness fallback
      ExplainStep st;
      st.title = "Fallback";
      st.layer(ExplainRole::Busy).blocks = busy;
      st.layer(ExplainRole::Chosen).blocks = {Block{x, y, p, q}};
      std::snprintf(buf, sizeof buf, "No candidate is valid, but free bases exist (a free band with no busy neighbour): the first free base, (%d, %d), in row-major order.", x, y);
      st.caption = buf;
      e.steps.push_back(std::move(st));
      return Block{x, y, p, q};
    }
    return std::nullopt;
  }

  // One orientation: the best base, or nullopt if no candidate is valid.
  std::optional<Block> search(const Occupancy& occ, Shape s) {
    const int W = occ.width(), H = occ.height();
    if (s.w > W || s.h > H) return std::nullopt;
    return occ.topology().wraps() ? search_torus(occ, s) : search_mesh(occ, s);
  }

  // The candidate lines in the paper's order: around every busy submesh (report order), then
  // the virtual edge submeshes. `VR` (rows, wpr words each) and `VT` (columns, hpr words each)
  // are the same bit set by rows and by columns; CA / RA flag the columns / rows that may hold
  // a set bit (a line on an empty one costs one test). visit(x, y) is called for the set bits
  // of each line in line order and returns true to stop; scan returns whether it stopped.
  // begin(i) is called before the lines of busy submesh i (report order) and begin(-1) before
  // the virtual edge submeshes (Explain mode groups candidates by it; allocate ignores it).
  // Adds to `ops` one per line tested, one per word of a line read and one per candidate visited.
  template <class Visit, class Begin>
  bool scan(int W, int H, int p, int q, const Word* VR, int wpr, const Word* VT, int hpr, const Word* CA,
            const Word* RA, Visit&& visit, Begin&& begin, Ops& ops) const {
    // Vertical line at column x, rows lo..hi clipped; horizontal line at row y, columns lo..hi.
    auto column = [&](int x, int lo, int hi, bool up) -> bool {
      ++ops;
      if (x < 0 || x >= W || !((CA[x >> 6] >> (x & 63)) & 1)) return false;
      lo = std::max(lo, 0);
      hi = std::min(hi, H - 1);
      if (lo > hi) return false;
      ops += Ops((hi - lo) / 64 + 1);
      const Word* r = VT + std::size_t(x) * hpr;
      auto f = [&](int y) { return ++ops, visit(x, y); };
      return up ? bits_up(r, hpr, lo, hi, f) : bits_down(r, hpr, lo, hi, f);
    };
    auto row = [&](int y, int lo, int hi, bool up) -> bool {
      ++ops;
      if (y < 0 || y >= H || !((RA[y >> 6] >> (y & 63)) & 1)) return false;
      lo = std::max(lo, 0);
      hi = std::min(hi, W - 1);
      if (lo > hi) return false;
      ops += Ops((hi - lo) / 64 + 1);
      const Word* r = VR + std::size_t(y) * wpr;
      auto f = [&](int x) { return ++ops, visit(x, y); };
      return up ? bits_up(r, wpr, lo, hi, f) : bits_down(r, wpr, lo, hi, f);
    };
    for (std::size_t i = 0; i < busy_.size(); ++i) {
      const Busy& e = busy_[i];
      begin(int(i));
      const int a = e.block.x, b = e.block.y, c = a + e.block.w - 1, d = b + e.block.h - 1;
      if (column(c + 1, b - q + 1, d, true)         // Right, y ascending
          || row(d + 1, a - p + 1, c, false)        // Top, x descending
          || column(a - p, b - q + 1, d, false)     // Left, y descending
          || row(b - q, a - p + 1, c, true))        // Bottom, x ascending
        return true;
    }
    // Virtual busy submeshes just outside the mesh; only their inward side yields candidates.
    begin(-1);
    return column(0, 0, H - 1, true)          // left edge
        || row(0, 0, W - 1, false)            // bottom edge
        || column(W - p, 0, H - 1, false)     // right edge
        || row(H - q, 0, W - 1, true);        // top edge
  }

  // Column / row summaries of a bit set given by rows (VR): bit x of CA set iff column x has a
  // set bit, bit y of RA iff row y does.
  static void summaries(const Word* VR, int W, int H, std::vector<Word>& CA, std::vector<Word>& RA) {
    const int wpr = (W + 63) / 64;
    CA.assign(std::size_t(wpr), 0);
    RA.assign(std::size_t((H + 63) / 64), 0);
    for (int y = 0; y < H; ++y) {
      Word o = 0;
      for (int k = 0; k < wpr; ++k) CA[std::size_t(k)] |= VR[std::size_t(y) * wpr + k], o |= VR[std::size_t(y) * wpr + k];
      if (o) RA[std::size_t(y >> 6)] |= Word(1) << (y & 63);
    }
  }

  std::optional<Block> search_mesh(const Occupancy& occ, Shape s) {
    const int W = occ.width(), H = occ.height(), p = s.w, q = s.h;
    const int wpr = (W + 63) / 64, hpr = (H + 63) / 64;
    count(occ.free_bases(p, q, valid_));  // bit clear = status 1 (Δ_T ∪ Ξ_T)
    // No valid base: every candidate scores -1, so the search could only end empty.
    count(Ops(H) * wpr);
    if (!valid_.any()) return std::nullopt;
    // Free bits framed by one busy (zero) line on each side, with a zero word after every line:
    // fr_ line y+1 = row y, ft_ line x+1 = column x. The mesh edge then counts as busy with no
    // test, and every window popcount may read one word past its start.
    const int rs = wpr + 1, cs = hpr + 1;
    if (!have_free_t_) {
      fr_.assign(std::size_t(H + 2) * rs, 0);
      for (int y = 0; y < H; ++y) std::copy(occ.free_row(y), occ.free_row(y) + wpr, &fr_[std::size_t(y + 1) * rs]);
      ft_.assign(std::size_t(W + 2) * cs, 0);
      transpose(W, H, [&](int y) { return occ.free_row(y); }, ft_.data(), cs, 1);
      count(Ops(H + 2) * rs + Ops(W + 2) * cs);
    }
    have_free_t_ = true;  // the free bits do not change between the two orientations
    const int top = 2 * (p + q);
    // Busy or edge nodes just outside the four sides = top minus the free ones there. Sides of
    // up to 64 nodes (the usual case) take one two-word window and one popcount each.
    const bool small = p <= 64 && q <= 64;
    const Word mp = p >= 64 ? ~Word(0) : (Word(1) << p) - 1, mq = q >= 64 ? ~Word(0) : (Word(1) << q) - 1;
    const Word* const FR = fr_.data();
    const Word* const FT = ft_.data();
    auto win = [](const Word* r, int x, Word mask) {
      const int k = x >> 6, off = x & 63;
      return __builtin_popcountll(((r[k] >> off) | ((r[k + 1] << 1) << (63 - off))) & mask);
    };
    // Free nodes just below and above the block at (x, y), and just left and right of it.
    auto free_rows = [=](int x, int y) {
      const Word* below = FR + std::size_t(y) * rs;            // row y-1 (framed)
      const Word* above = FR + std::size_t(y + q + 1) * rs;    // row y+q
      if (small) return win(below, x, mp) + win(above, x, mp);
      return free_in_range(below, x, p) + free_in_range(above, x, p);
    };
    auto free_cols = [=](int x, int y) {
      const Word* left = FT + std::size_t(x) * cs;             // column x-1
      const Word* right = FT + std::size_t(x + p + 1) * cs;    // column x+p
      if (small) return win(left, y, mq) + win(right, y, mq);
      return free_in_range(left, y, q) + free_in_range(right, y, q);
    };
    auto index = [=](int x, int y) { return top - free_rows(x, y) - free_cols(x, y); };
    Word* const VR = valid_.row(0);
    const std::size_t vsize = std::size_t(H) * wpr;
    // Phase 1: the highest index M over all valid bases and the bases that reach it, in one
    // pass in row-major order (a base whose rows alone keep it below the M so far is skipped).
    // Every candidate is a valid base, so no candidate scores above M.
    int M = -1;
    hits_.clear();
    const Word* const V0 = VR;
    Ops ops = Ops(H) * wpr;
    for (int y = 0; y < H; ++y)
      for (int k = 0; k < wpr; ++k)
        for (Word m = V0[std::size_t(y) * wpr + k]; m; m &= m - 1) {
          const int x = k * 64 + __builtin_ctzll(m), ub = top - free_rows(x, y);
          ops += 2;
          if (ub < M) continue;
          ops += 2;
          const int idx = ub - free_cols(x, y);
          if (idx < M) continue;
          if (idx > M) M = idx, hits_.clear();
          hits_.push_back({x, y});
        }
    // Phase 2: the paper's scan keeps the first candidate of the highest index (and stops at
    // once on 2(p+q)). If some candidate reaches M, that is the first candidate of the scan
    // that is one of the M bases: scan those bases alone. Otherwise (possible only when the
    // busy list does not cover every busy node) run the scan in full.
    hit_r_.assign(vsize, 0);
    hit_t_.assign(std::size_t(W) * hpr, 0);
    for (const auto& [x, y] : hits_) {
      hit_r_[std::size_t(y) * wpr + (x >> 6)] |= Word(1) << (x & 63);
      hit_t_[std::size_t(x) * hpr + (y >> 6)] |= Word(1) << (y & 63);
    }
    summaries(hit_r_.data(), W, H, hit_ca_, hit_ra_);
    ops += Ops(vsize) * 2 + Ops(W) * hpr + 2 * Ops(hits_.size());  // cleared, set, summarized
    int fx = -1, fy = -1;
    const bool found = scan(W, H, p, q, hit_r_.data(), wpr, hit_t_.data(), hpr, hit_ca_.data(), hit_ra_.data(), [&](int x, int y) {
          fx = x, fy = y;
          return true;
        }, [](int) {}, ops);
    if (found) {
      count(ops);
      return Block{fx, fy, p, q};
    }
    // The full scan. Status 2 ("checked") = the base's bit cleared in both copies of the
    // free-base bits (rows and columns), so that later lines skip it word-parallel.
    valid_t_.assign(std::size_t(W) * hpr, 0);
    transpose(W, H, [&](int y) { return valid_.row(y); }, valid_t_.data(), hpr, 0);
    Word* const VT = valid_t_.data();
    summaries(VR, W, H, colany_, rowany_);
    ops += 2 * Ops(W) * hpr + Ops(vsize);  // cleared and transposed, summarized
    int best = -1;
    Block pick;
    scan(W, H, p, q, VR, wpr, VT, hpr, colany_.data(), rowany_.data(), [&](int x, int y) {
      VR[std::size_t(y) * wpr + (x >> 6)] &= ~(Word(1) << (x & 63));
      VT[std::size_t(x) * hpr + (y >> 6)] &= ~(Word(1) << (y & 63));
      ops += 6;
      const int idx = index(x, y);
      if (idx > best) {
        best = idx;
        pick = Block{x, y, p, q};
      }
      return idx == top;
    }, [](int) {}, ops);
    count(ops);
    if (best >= 0) return pick;
    return std::nullopt;
  }

  // The torus candidates in the paper's order around every busy submesh (coordinates not yet
  // reduced modulo the sides); begin(i) before busy submesh i. Returns whether visit stopped.
  template <class Visit, class Begin>
  bool scan_torus(int p, int q, Visit&& visit, Begin&& begin) const {
    auto around = [&](int a, int b, int c, int d) -> bool {
      for (int y = b - q + 1; y <= d; ++y)
        if (visit(c + 1, y)) return true;          // Right
      for (int x = c; x >= a - p + 1; --x)
        if (visit(x, d + 1)) return true;          // Top
      for (int y = d; y >= b - q + 1; --y)
        if (visit(a - p, y)) return true;          // Left
      for (int x = a - p + 1; x <= c; ++x)
        if (visit(x, b - q)) return true;          // Bottom
      return false;
    };
    for (std::size_t i = 0; i < busy_.size(); ++i) {
      const Block& b = busy_[i].block;
      begin(int(i));
      if (around(b.x, b.y, b.x + b.w - 1, b.y + b.h - 1)) return true;
    }
    return false;
  }

  std::optional<Block> search_torus(const Occupancy& occ, Shape s) {
    const int W = occ.width(), H = occ.height(), p = s.w, q = s.h;
    count(occ.free_bases(p, q, valid_));
    const BaseMask& valid = valid_;
    const int wpr = (W + 63) / 64;
    count(Ops(H) * wpr);
    if (!valid.any()) return std::nullopt;  // as on the mesh: nothing valid, nothing found
    checked_.assign(std::size_t(wpr) * H, 0);
    count(Ops(H) * wpr);
    const int top = 2 * (p + q);
    int best = -1;
    Block pick;
    auto visit = [&](int x, int y) -> bool {
      x = ((x % W) + W) % W;
      y = ((y % H) + H) % H;
      Word& c = checked_[std::size_t(y) * wpr + (x >> 6)];
      const Word bit = Word(1) << (x & 63);
      count(1);
      if (c & bit) return false;
      c |= bit;
      if (!valid.test(x, y)) return false;
      count(2 * (p + q));
      const int idx = boundary_contact(occ, Block{x, y, p, q});
      if (idx > best) {
        best = idx;
        pick = Block{x, y, p, q};
      }
      return idx == top;
    };
    scan_torus(p, q, visit, [](int) {});
    if (best >= 0) return pick;
    int x, y;
    if (valid.first(x, y, ops_)) return Block{x, y, p, q};
    return std::nullopt;
  }

  std::vector<Word> checked_;  // scratch: status-2 bits (torus)
  std::vector<Word> colany_, rowany_;   // scratch: columns / rows that may hold a set bit (scan)
  std::vector<std::pair<int, int>> hits_;  // scratch: the valid bases of the highest index
  std::vector<Word> hit_r_, hit_t_;     // scratch: hits_ as bits, by rows and by columns
  std::vector<Word> hit_ca_, hit_ra_;   // scratch: their column / row summaries
  BaseMask valid_;                      // scratch: free bases of the orientation searched
  std::vector<Word> valid_t_;           // scratch: transposed free-base bits
  std::vector<Word> fr_, ft_;           // scratch: framed free-node rows and columns (see search_mesh)
  bool have_free_t_ = false;
};

}  // namespace

std::unique_ptr<Strategy> make_mfa(const Topology&, const StrategyParams&) {
  return std::make_unique<MinimalFragmentation>();
}

}  // namespace alloclab
