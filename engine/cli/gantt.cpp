// gantt.cpp — the Gantt chart SVG (layout in gantt.hpp).
#include "gantt.hpp"
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <sstream>
#include "../core/colour.hpp"
#include "plot.hpp"

namespace alloclab {

using svg::esc;
using svg::f2;

Result<std::string> gantt_svg(const std::vector<JobRecord>& in, const std::string& title, int machine_nodes) {
  if (in.empty()) return Error{"gantt: the run has no measured jobs to draw"};
  if (in.size() > kGanttMaxJobs)
    return Error{"gantt: " + std::to_string(in.size()) + " measured jobs; at most " + std::to_string(kGanttMaxJobs) +
                 " can be drawn (lower jobs)"};
  std::vector<JobRecord> jobs = in;
  std::sort(jobs.begin(), jobs.end(), [](const JobRecord& a, const JobRecord& b) { return a.id < b.id; });
  double t0 = HUGE_VAL, t1 = -HUGE_VAL, nodes = 0;
  for (const JobRecord& j : jobs) {
    t0 = std::min(t0, j.arrival);
    t1 = std::max(t1, std::max(j.end, j.start));
    nodes += j.shape.area();
  }
  if (!(t1 > t0)) t1 = t0 + 1;
  const double W = 900, L = 70, R = W - 20, T = 44;
  // rows: height ∝ nodes, a machine-sized job 24 px (the whole between 160 and 1400 px; at
  // least 0.6 px a row)
  const double plot_h = std::clamp(nodes / std::max(1, machine_nodes) * 24.0, 160.0, 1400.0);
  const double k = plot_h / nodes;
  auto row_h = [&](const JobRecord& j) { return std::max(0.6, j.shape.area() * k); };
  double rows = 0;
  for (const JobRecord& j : jobs) rows += row_h(j);
  const double B = T + rows, H = B + 56;
  auto X = [&](double t) { return L + (t - t0) / (t1 - t0) * (R - L); };
  std::ostringstream o;
  o << "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" << int(W) << "\" height=\"" << int(std::ceil(H)) << "\" viewBox=\"0 0 "
    << int(W) << " " << int(std::ceil(H)) << "\" font-family=\"Helvetica, Arial, sans-serif\" font-size=\"12\">\n";
  o << "<rect width=\"100%\" height=\"100%\" fill=\"#fff\"/>\n";
  o << "<text class=\"title\" x=\"" << f2((L + R) / 2) << "\" y=\"24\" text-anchor=\"middle\" font-size=\"15\" font-weight=\"bold\">"
    << esc(title) << "</text>\n";
  int dec = 0;
  const double step = svg::nice_step(t1 - t0, 8, dec);
  o << "<g class=\"xticks\" font-size=\"11\" text-anchor=\"middle\">\n";
  for (double t = std::ceil(t0 / step) * step; t <= t1 + step * 1e-9; t += step) {
    const double xx = X(t);
    o << "<line x1=\"" << f2(xx) << "\" y1=\"" << f2(T) << "\" x2=\"" << f2(xx) << "\" y2=\"" << f2(B) << "\" stroke=\"#e0e0e0\"/>";
    o << "<text x=\"" << f2(xx) << "\" y=\"" << f2(B + 19) << "\">" << esc(svg::tick_label(t, dec)) << "</text>\n";
  }
  o << "</g>\n<g class=\"axes\" stroke=\"#000\" stroke-width=\"1\">\n";
  o << "<line x1=\"" << f2(L) << "\" y1=\"" << f2(B) << "\" x2=\"" << f2(R) << "\" y2=\"" << f2(B) << "\"/>\n";
  o << "<line x1=\"" << f2(L) << "\" y1=\"" << f2(T) << "\" x2=\"" << f2(L) << "\" y2=\"" << f2(B) << "\"/>\n</g>\n";
  o << "<text class=\"xlabel\" x=\"" << f2((L + R) / 2) << "\" y=\"" << f2(H - 18) << "\" text-anchor=\"middle\">time</text>\n";
  o << "<text class=\"ylabel\" transform=\"translate(20," << f2((T + B) / 2)
    << ") rotate(-90)\" text-anchor=\"middle\">jobs in arrival order (height = nodes)</text>\n";
  o << "<g class=\"jobs\">\n";
  double y = T;
  for (const JobRecord& j : jobs) {
    const double h = row_h(j), mid = y + h / 2;
    char col[8];
    std::snprintf(col, sizeof col, "%06x", unsigned(job_rgb(j.id)));
    o << "<g data-job=\"" << j.id << "\"><title>job " << j.id << ": " << j.shape.w << "x" << j.shape.h << ", arrival "
      << esc(format_number(j.arrival)) << ", start " << esc(format_number(j.start)) << ", end " << esc(format_number(j.end))
      << "</title>";
    if (j.start > j.arrival)
      o << "<line x1=\"" << f2(X(j.arrival)) << "\" y1=\"" << f2(mid) << "\" x2=\"" << f2(X(j.start)) << "\" y2=\"" << f2(mid)
        << "\" stroke=\"#" << col << "\" stroke-width=\"0.8\"/>";
    o << "<rect x=\"" << f2(X(j.start)) << "\" y=\"" << f2(y) << "\" width=\"" << f2(std::max(0.5, X(j.end) - X(j.start)))
      << "\" height=\"" << f2(h) << "\" fill=\"#" << col << "\"/></g>\n";
    y += h;
  }
  o << "</g>\n</svg>\n";
  return o.str();
}

}  // namespace alloclab
