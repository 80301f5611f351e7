// explain.cpp — the strategy-agnostic parts of an explanation (explain.hpp): role names, mask
// runs, the request / free-bases / decision steps, and the default explanation every strategy
// without its own explain() gets.
#include "explain.hpp"
#include <cstdio>
#include "boxes.hpp"
#include "strategy.hpp"

namespace alloclab {

const char* explain_role_name(ExplainRole r) {
  switch (r) {
    case ExplainRole::FreeBase: return "free base";
    case ExplainRole::Reject: return "reject (edge)";
    case ExplainRole::Coverage: return "coverage (overlap)";
    case ExplainRole::Busy: return "busy submesh";
    case ExplainRole::Focus: return "examined now";
    case ExplainRole::Candidate: return "candidate";
    case ExplainRole::PartitionFree: return "free partition";
    case ExplainRole::PartitionBusy: return "busy partition";
    case ExplainRole::TreeNode: return "tree node";
    case ExplainRole::Failed: return "tried, failed";
    case ExplainRole::Piece: return "block taken";
    case ExplainRole::Chosen: return "chosen";
  }
  return "?";
}

std::string explain_count(int n, const char* one, const char* many) {
  return std::to_string(n) + " " + (n == 1 ? one : many);
}

ExplainLayer& ExplainStep::layer(ExplainRole role) {
  for (ExplainLayer& l : layers)
    if (l.role == role) return l;
  layers.reserve(kExplainRoles);  // one layer per role at most: references stay valid
  layers.push_back(ExplainLayer{role, {}});
  return layers.back();
}

void add_mask_runs(std::vector<Block>& out, const BaseMask& m) {
  for (int y = 0; y < m.height(); ++y)
    for (int x = 0; x < m.width();) {
      if (!m.test(x, y)) { ++x; continue; }
      int e = x + 1;
      while (e < m.width() && m.test(e, y)) ++e;
      out.push_back(Block{x, y, e - x, 1});
      x = e;
    }
}

namespace {
std::string fmt(const char* f, auto... a) {
  char buf[512];
  std::snprintf(buf, sizeof buf, f, a...);
  return buf;
}
}  // namespace

ExplainStep explain_request_step(const Request& req, const Occupancy& occ) {
  ExplainStep s;
  s.title = "Request";
  if (occ.depth() > 1) {
    s.caption = fmt("Job %d asks for a %d x %d x %d box (%s); %d of %d processors are free.", req.job, req.shape.w,
                    req.shape.h, req.shape.d, explain_count(req.shape.area(), "processor", "processors").c_str(),
                    occ.free_count(), occ.topology().nodes());
    return s;
  }
  s.caption = fmt("Job %d asks for a %d x %d submesh (%s); %d of %d processors are free.", req.job, req.shape.w, req.shape.h,
                  explain_count(req.shape.area(), "processor", "processors").c_str(), occ.free_count(), occ.topology().nodes());
  return s;
}

ExplainStep explain_free_bases_step(Shape sh, const Occupancy& occ) {
  BaseMask m;
  if (occ.depth() > 1) {
    BoxQuery q;
    (void)q.free_boxes(occ, sh, m);
  } else {
    m = occ.free_bases(sh.w, sh.h);
  }
  return explain_free_bases_step(sh, occ, m);
}

ExplainStep explain_free_bases_step(Shape sh, const Occupancy& occ, const BaseMask& m) {
  ExplainStep s;
  s.title = "Free bases";
  std::vector<Block>& runs = s.layer(ExplainRole::FreeBase).blocks;
  add_mask_runs(runs, m);
  const int n = m.count();
  if (occ.depth() > 1) {  // boxes: the mask has H·D rows, row z·H + y
    for (Block& b : runs) b.z = b.y / occ.height(), b.y %= occ.height();
    s.caption = fmt("%d base%s where a %d x %d x %d box is entirely free%s.", n, n == 1 ? "" : "s", sh.w, sh.h, sh.d,
                    occ.topology().wraps() ? " (boxes may wrap)" : "");
    return s;
  }
  s.caption = fmt("%d base%s where a %d x %d block is entirely free%s.", n, n == 1 ? "" : "s", sh.w, sh.h,
                  occ.topology().wraps() ? " (blocks may wrap)" : "");
  return s;
}

ExplainStep explain_decision_step(const std::optional<Allocation>& a, const Request& req, int depth) {
  const bool d3 = depth > 1;  // boxes, and bases with their layer
  auto size = [&](int w, int h, int d) { return d3 ? fmt("%d x %d x %d", w, h, d) : fmt("%d x %d", w, h); };
  auto at = [&](const Block& b) { return d3 ? fmt("(%d, %d, %d)", b.x, b.y, b.z) : fmt("(%d, %d)", b.x, b.y); };
  ExplainStep s;
  s.title = "Decision";
  // (captions appended piecewise: a chain of operator+ trips GCC 12's false -Wrestrict warning)
  if (!a) {
    s.caption = "No place for ";
    s.caption += size(req.shape.w, req.shape.h, req.shape.d);
    s.caption += " now: the job waits for a departure.";
    return s;
  }
  s.layer(ExplainRole::Chosen).blocks = a->blocks;
  if (a->blocks.size() > 1) s.labels_mean = "block number, in allocation order";
  if (a->blocks.size() > 1)
    for (std::size_t i = 0; i < a->blocks.size(); ++i)
      s.labels.push_back(ExplainLabel{a->blocks[i].x, a->blocks[i].y, int(i + 1)});
  const Block& f = a->blocks.front();
  s.caption = a->blocks.size() == 1 ? std::string("Chosen: the ")
                                    : fmt("Chosen: %zu blocks, %d processors, the first ", a->blocks.size(), a->nodes());
  s.caption += size(f.w, f.h, f.d);
  s.caption += a->blocks.size() == 1 ? (d3 ? " box with base " : " block with base ") : " at ";
  s.caption += at(f);
  s.caption += ".";
  return s;
}

std::optional<Allocation> explain_decide(const Strategy& s, const Request& req, const Occupancy& occ, const Rng& rng) {
  std::unique_ptr<Strategy> copy = s.clone();
  Rng r = rng;
  return copy->allocate(req, occ, r);
}

Explanation explain_default(const Strategy& s, const Request& req, const Occupancy& occ, const Rng& rng) {
  Explanation e;
  e.steps.push_back(explain_request_step(req, occ));
  e.steps.push_back(explain_free_bases_step(req.shape, occ));
  e.decision = explain_decide(s, req, occ, rng);
  e.steps.push_back(explain_decision_step(e.decision, req, occ.depth()));
  return e;
}

}  // namespace alloclab
