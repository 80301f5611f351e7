// explain.cpp — the strategy-agnostic parts of an explanation (explain.hpp): role names, mask
// runs, the request / free-bases / decision steps, and the default explanation every strategy
// without its own explain() gets.
#include "explain.hpp"
#include <cstdio>
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
  s.caption = fmt("Job %d asks for a %d x %d submesh (%d processors); %d of %d processors are free.", req.job, req.shape.w,
                  req.shape.h, req.shape.area(), occ.free_count(), occ.topology().nodes());
  return s;
}

ExplainStep explain_free_bases_step(Shape sh, const Occupancy& occ) {
  ExplainStep s;
  s.title = "Free bases";
  const BaseMask m = occ.free_bases(sh.w, sh.h);
  add_mask_runs(s.layer(ExplainRole::FreeBase).blocks, m);
  const int n = m.count();
  s.caption = fmt("%d base%s where a %d x %d block is entirely free%s.", n, n == 1 ? "" : "s", sh.w, sh.h,
                  occ.topology().wraps() ? " (blocks may wrap)" : "");
  return s;
}

ExplainStep explain_decision_step(const std::optional<Allocation>& a, const Request& req) {
  ExplainStep s;
  s.title = "Decision";
  if (!a) {
    s.caption = fmt("No place for %d x %d now: the job waits for a departure.", req.shape.w, req.shape.h);
    return s;
  }
  s.layer(ExplainRole::Chosen).blocks = a->blocks;
  if (a->blocks.size() > 1) s.labels_mean = "block number, in allocation order";
  if (a->blocks.size() > 1)
    for (std::size_t i = 0; i < a->blocks.size(); ++i)
      s.labels.push_back(ExplainLabel{a->blocks[i].x, a->blocks[i].y, int(i + 1)});
  const Block& f = a->blocks.front();
  if (a->blocks.size() == 1)
    s.caption = fmt("Chosen: the %d x %d block with base (%d, %d).", f.w, f.h, f.x, f.y);
  else
    s.caption = fmt("Chosen: %zu blocks, %d processors, the first %d x %d at (%d, %d).", a->blocks.size(), a->nodes(), f.w,
                    f.h, f.x, f.y);
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
  e.steps.push_back(explain_decision_step(e.decision, req));
  return e;
}

}  // namespace alloclab
