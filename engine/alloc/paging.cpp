// paging.cpp — Paging(k) (Lo, Windisch, Liu & Nitzberg, IEEE TPDS 8(7), 1997; summarised in
// Bani-Ahmad 2013 §II.B).
//
// The machine is cut once, in the factory, into pages of side 2^k (key paging_k) and the pages
// are numbered by a fixed indexing scheme (key paging_order). A request for p·q processors
// takes the first free pages in index order until they hold at least p·q nodes; each page is
// one block of the allocation. Choices where the paper leaves room:
//  * Page grid anchored at (0, 0); pages indexed from the bottom row (y = 0) up, like FF.
//  * row-major: page rows bottom to top, left to right in each row.
//    snake: as row-major, but odd page rows run right to left (boustrophedon).
//    shuffled: Lo et al.'s *shuffled row-major* indexing — the bits of the page row and page
//    column are interleaved (row bit more significant), i.e. Morton / Z order, recursively
//    row-major inside quadrants. It is a fixed rule, so the order is the same in every run
//    and replication and needs no seed. On a page grid that is not a power of two the pages
//    are sorted by that key. (Lo et al.'s fourth scheme, shuffled snake, is not offered.)
//  * Edge pages: when a side is not a multiple of 2^k the last page row/column is cut by the
//    machine edge. Such partial pages are USABLE, as smaller pages: they keep their place in
//    the index order and count only the nodes they really have. (So Paging(k) never wastes
//    the machine's edge strips; internal fragmentation is what the last page adds beyond p·q.)
//  * A page is free only if all its nodes are free (other busy rectangles, e.g. from the CLI
//    `place` command, simply make the pages they touch unusable).
//  * With k = 0 every page is a node: the allocation succeeds whenever p·q nodes are free.
//    For k > 0 it succeeds whenever the free pages hold p·q nodes.
//  * max_blocks > 0 (MBPJ): if more pages than that would be needed the allocation fails.
//  * On a torus pages are the same tiles (they never need to wrap).
//  * On a 3D machine (depth > 1) pages are cubes of side 2^k (cut by the machine's edges as
//    above), indexed layer of pages by layer of pages from z = 0: row-major and snake order the
//    pages of each page layer as in 2D (snake runs every other page layer's 2D snake backwards,
//    so consecutive pages stay adjacent); shuffled interleaves the bits of the page column, row
//    and layer (Morton order in 3D). On depth 1 the pages and their order are the 2D ones.
//
// Explain: the pages (entirely free ones as candidates, the others as tried and failed), the
// free ones numbered in index order on a 2D machine, then the pages taken.
//
// Counted work: one operation = one word of free bits read while testing a page, pages in index
// order (one per row of the page and layer, up to the first busy row — one for k = 0, where
// a page is a node; one per node for pages over 64 nodes wide, tested node by node). Lo et al.
// look a page's state up in a page table (one operation per page): the count here is what
// the code reads. No release work.
#include <algorithm>
#include <cstdint>
#include <vector>
#include "explain.hpp"
#include "strategy.hpp"

namespace alloclab {

// The pages of a W×H×D machine in index order (exposed for tests).
std::vector<Block> paging_pages(int W, int H, int k, PagingOrder order, int D) {
  const int side = 1 << k;
  const int pw = (W + side - 1) / side, ph = (H + side - 1) / side, pd = (D + side - 1) / side;
  struct P { std::uint64_t key; Block b; };
  std::vector<P> v;
  v.reserve(std::size_t(pw) * std::size_t(ph) * std::size_t(pd));
  for (int pz = 0; pz < pd; ++pz)
    for (int py = 0; py < ph; ++py)
      for (int px = 0; px < pw; ++px) {
        const Block b{px * side, py * side, std::min(side, W - px * side), std::min(side, H - py * side), pz * side,
                      std::min(side, D - pz * side)};
        const std::uint64_t layer = std::uint64_t(pz) * std::uint64_t(ph) * std::uint64_t(pw);
        std::uint64_t key = 0;
        switch (order) {
          case PagingOrder::RowMajor: key = layer + std::uint64_t(py) * std::uint64_t(pw) + std::uint64_t(px); break;
          case PagingOrder::Snake: {  // odd page layers run the 2D snake backwards
            const std::uint64_t k2 = std::uint64_t(py) * std::uint64_t(pw) + std::uint64_t(py % 2 ? pw - 1 - px : px);
            key = layer + (pz % 2 ? std::uint64_t(ph) * std::uint64_t(pw) - 1 - k2 : k2);
            break;
          }
          case PagingOrder::Shuffled:
            for (int bit = 0; bit < 16; ++bit) {
              if (pd == 1) {
                key |= std::uint64_t((px >> bit) & 1) << (2 * bit);
                key |= std::uint64_t((py >> bit) & 1) << (2 * bit + 1);
              } else {
                key |= std::uint64_t((px >> bit) & 1) << (3 * bit);
                key |= std::uint64_t((py >> bit) & 1) << (3 * bit + 1);
                key |= std::uint64_t((pz >> bit) & 1) << (3 * bit + 2);
              }
            }
            break;
        }
        v.push_back({key, b});
      }
  std::stable_sort(v.begin(), v.end(), [](const P& a, const P& b) { return a.key < b.key; });
  std::vector<Block> out;
  out.reserve(v.size());
  for (const P& p : v) out.push_back(p.b);
  return out;
}

namespace {

class Paging final : public StrategyBase<Paging> {
 public:
  Paging(const Topology& t, const StrategyParams& p)
      : max_blocks_(p.max_blocks), k_(p.paging_k), order_(p.paging_order),
        pages_(paging_pages(t.width(), t.height(), p.paging_k, p.paging_order, t.depth())) {
    const std::size_t wpr = std::size_t((t.width() + 63) / 64);
    if (p.paging_k <= 6)  // a page row is one run inside one word of the free bits
      for (const Block& pg : pages_)
        tests_.push_back({(std::size_t(pg.z) * std::size_t(t.height()) + std::size_t(pg.y)) * wpr + std::size_t(pg.x >> 6),
                          (pg.w == 64 ? ~std::uint64_t(0) : (std::uint64_t(1) << pg.w) - 1) << (pg.x & 63)});
  }

  std::optional<Allocation> allocate(const Request& req, const Occupancy& occ, Rng&) override {
    const int need = req.shape.area();
    if (occ.free_count() < need) return std::nullopt;
    Allocation a;
    if (pages_.size() == std::size_t(occ.topology().nodes())) a.blocks.reserve(std::size_t(need));  // k = 0
    int got = 0;
    const std::uint64_t* bits = occ.free_row(0);  // the rows are contiguous, wpr words each
    const std::size_t wpr = std::size_t((occ.width() + 63) / 64), lpr = std::size_t(occ.height()) * wpr;
    auto page_free = [&](std::size_t i) {  // = occ.block_free(pages_[i])
      if (tests_.empty()) return count(pages_[i].area()), occ.block_free(pages_[i]);
      const Test& t = tests_[i];
      for (int l = 0; l < pages_[i].d; ++l)  // layers of the page (lpr words apart)
        for (int r = 0; r < pages_[i].h; ++r)
          if (count(1), (bits[t.word + std::size_t(l) * lpr + std::size_t(r) * wpr] & t.mask) != t.mask) return false;
      return true;
    };
    for (std::size_t i = 0; i < pages_.size(); ++i) {
      const Block& pg = pages_[i];
      if (!page_free(i)) continue;
      if (max_blocks_ > 0 && int(a.blocks.size()) >= max_blocks_) return std::nullopt;
      a.blocks.push_back(pg);
      got += pg.area();
      if (got >= need) return a;
    }
    return std::nullopt;
  }

  Explanation explain(const Request& req, const Occupancy& occ, const Rng& rng) const override {
    Explanation e;
    e.steps.push_back(explain_request_step(req, occ));
    ExplainStep st;
    st.title = "Pages";
    int free_pages = 0, free_nodes = 0, cut = 0;
    const bool numbered = occ.depth() == 1 && pages_.size() <= 1024;
    for (const Block& pg : pages_) {
      const bool f = occ.block_free(pg);
      cut += pg.w < (1 << k_) || pg.h < (1 << k_) || (occ.depth() > 1 && pg.d < (1 << k_));
      st.layer(f ? ExplainRole::Candidate : ExplainRole::Failed).blocks.push_back(pg);
      if (!f) continue;
      ++free_pages, free_nodes += pg.area();
      if (numbered) st.labels.push_back(ExplainLabel{pg.x, pg.y, free_pages});
    }
    if (numbered) st.labels_mean = "free page, in index order";
    static constexpr const char* kOrder[] = {"row-major", "snake", "shuffled row-major"};
    const int need = req.shape.area(), side = 1 << k_;
    // (captions appended piecewise: a chain of operator+ trips GCC 12's false -Wrestrict warning)
    st.caption = "The machine is cut into ";
    st.caption += explain_count(int(pages_.size()), "page", "pages");
    st.caption += " of side " + std::to_string(side);
    if (cut > 0) st.caption += " (" + std::to_string(cut) + " of them cut by the machine's edges)";
    st.caption += ", indexed in ";
    st.caption += kOrder[int(order_)];
    st.caption += " order; ";
    st.caption += explain_count(free_pages, "is", "are");
    st.caption += " entirely free, holding " + std::to_string(free_nodes) + " nodes. ";
    st.caption += free_nodes >= need ? "The first free pages in index order are taken until they hold the " + std::to_string(need) +
                                           " nodes asked for."
                                     : "They do not hold the " + std::to_string(need) + " nodes asked for: the job waits.";
    e.steps.push_back(std::move(st));
    e.decision = explain_decide(*this, req, occ, rng);
    e.steps.push_back(explain_decision_step(e.decision, req, occ.depth()));
    return e;
  }

 private:
  struct Test {
    std::size_t word;    // the free-bit word of the page's bottom row in its first layer
    std::uint64_t mask;  // the page's nodes in it (the same in every row)
  };
  int max_blocks_, k_;
  PagingOrder order_;
  std::vector<Block> pages_;  // in index order
  std::vector<Test> tests_;   // per page, when pages are at most 64 wide (k <= 6)
};

}  // namespace

std::unique_ptr<Strategy> make_paging(const Topology& t, const StrategyParams& p) { return std::make_unique<Paging>(t, p); }

}  // namespace alloclab
