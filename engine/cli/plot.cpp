// plot.cpp — `alloclab plot`: sweep CSV → SVG line chart with 95% confidence bars.
//
// Choices:
// - x: numeric when every selected x cell is a number (after the last ':' — poisson:0.01 is
//   0.01), else categorical in order of first appearance. Points of a line are sorted by x.
// - lines: one per combination of the --series keys (default: every swept key except x and the
//   --where keys), in order of first appearance; the legend shows the values.
// - y: <metric>_mean with a bar of ± <metric>_ci95 (no bar when the half-width is 0); the
//   axis starts at 0 when every value is ≥ 0 (linear), ticks are 1/2/5·10^k.
// - Series are dodged: series i of n is drawn (i − (n−1)/2)·min(3, 24/n) pixels right of its
//   x, so confidence bars at the same x do not hide each other.
// - Non-finite cells are left out. Every number is printed with fixed precision (snprintf
//   "%.2f"), so the SVG is a pure function of the CSV text and the options.
//
// Sections, in order:
//   svg helpers         esc, f2, nice_step, tick_label (shared with `alloclab gantt`)
//   reading the CSV     Pt, Series, plot_x_number
//   drawing             plot_svg (axes, ticks, series, confidence bars, legend)
//   the command         cmd_plot (options, files)
#include "plot.hpp"
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <ostream>
#include <sstream>
#include "../core/detmath.hpp"
#include "../workload/specs.hpp"

namespace alloclab {

namespace svg {

std::string esc(std::string_view s) {
  std::string o;
  for (char c : s) {
    switch (c) {
      case '&': o += "&amp;"; break;
      case '<': o += "&lt;"; break;
      case '>': o += "&gt;"; break;
      case '"': o += "&quot;"; break;
      case '\'': o += "&#39;"; break;
      default:
        if ((unsigned char)c < 0x20 && c != '\t') o += ' ';
        else o += c;
    }
  }
  return o;
}

std::string f2(double v) {
  char b[64];
  std::snprintf(b, sizeof b, "%.2f", v);
  return b;
}

// log10 and 10^e from alloclab's own log and exact multiplications (libm's log10/pow may
// differ in the last bit between glibc and emscripten's musl).
double dlog10(double x) { return det_log(x) / det_log(10.0); }
double pow10i(int e) {
  double p = 1;
  for (int i = 0; i < (e < 0 ? -e : e); ++i) p *= 10;
  return e < 0 ? 1 / p : p;
}

// Tick step 1/2/5·10^e covering `range` with about `target` intervals; `decimals` for labels.
double nice_step(double range, int target, int& decimals) {
  if (!(range > 0)) range = 1;
  const double raw = range / target;
  int e = int(std::floor(dlog10(raw)));
  double p = pow10i(e);
  if (p > raw) { --e; p = pow10i(e); }        // guard the rounding of log10 at powers of ten
  else if (p * 10 <= raw) { ++e; p = pow10i(e); }
  double m = raw / p;
  double k = m <= 1 ? 1 : m <= 2 ? 2 : m <= 5 ? 5 : 10;
  if (k == 10) { k = 1; ++e; p *= 10; }
  decimals = e < 0 ? -e : 0;
  return k * p;
}

std::string tick_label(double v, int decimals) {
  char b[64];
  if (std::fabs(v) >= 1e7 || (v != 0 && std::fabs(v) < 1e-6)) std::snprintf(b, sizeof b, "%.3g", v);
  else std::snprintf(b, sizeof b, "%.*f", decimals, v);
  std::string s = b;
  if (s[0] == '-' && s.find_first_not_of("-0.") == std::string::npos) s = s.substr(1);  // "-0.00" → "0.00"
  return s;
}

}  // namespace svg

namespace {

using svg::pow10i;
using svg::dlog10;

using svg::esc;
using svg::f2;
using svg::nice_step;
using svg::tick_label;

std::string s_label_or(const std::string& label) { return label.empty() ? std::string("(all)") : label; }

struct Pt {
  double x;    // numeric x or category index
  double y, ci;
};

struct Series {
  std::string label;
  std::vector<Pt> pts;
};

const char* const kColors[] = {"#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd",
                               "#8c564b", "#e377c2", "#17becf", "#7f7f7f", "#bcbd22"};
const char* const kDashes[] = {"", "6 3", "2 3", "8 3 2 3"};

}  // namespace

bool plot_x_number(std::string_view cell, double& out) {
  const auto c = cell.rfind(':');
  if (c != std::string_view::npos) cell = cell.substr(c + 1);
  return !cell.empty() && parse_double(cell, out) && std::isfinite(out);
}

Result<std::string> plot_svg(std::string_view csv, const PlotOptions& opt) {
  const auto rows = parse_csv(csv);
  if (rows.empty()) return Error{"plot: the CSV is empty"};
  const auto& hdr = rows[0];
  auto col = [&](const std::string& name) -> int {
    for (std::size_t i = 0; i < hdr.size(); ++i)
      if (hdr[i] == name) return int(i);
    return -1;
  };
  auto columns = [&] {
    std::string s;
    for (const auto& h : hdr) s += (s.empty() ? "" : ", ") + h;
    return s.substr(0, 400);
  };
  const int cx = col(opt.x);
  if (opt.x.empty() || cx < 0) return Error{"plot: --x '" + opt.x + "' is not a column; columns: " + columns()};
  int cy = col(opt.y + "_mean"), cci = col(opt.y + "_ci95");
  if (cy < 0) { cy = col(opt.y); cci = -1; }
  if (opt.y.empty() || cy < 0) return Error{"plot: --y '" + opt.y + "' is not a metric (no column '" + opt.y + "_mean'); columns: " + columns()};
  std::vector<int> wcols;
  for (const auto& [k, v] : opt.where) {
    const int c = col(k);
    if (c < 0) return Error{"plot: --where key '" + k + "' is not a column; columns: " + columns()};
    wcols.push_back(c);
  }
  std::vector<int> scols;
  std::vector<std::string> skeys;
  if (!opt.series.empty()) {
    for (const auto& k : opt.series) {
      const int c = col(k);
      if (c < 0) return Error{"plot: --series key '" + k + "' is not a column; columns: " + columns()};
      scols.push_back(c);
      skeys.push_back(k);
    }
  } else {
    // every swept key: the columns between "point" and "replications", minus x and --where keys
    const int cr = col("replications");
    for (int c = 1; c < (cr < 0 ? 0 : cr); ++c)
      if (c != cx && std::find(wcols.begin(), wcols.end(), c) == wcols.end()) {
        scols.push_back(c);
        skeys.push_back(hdr[std::size_t(c)]);
      }
  }
  // select rows
  std::vector<const std::vector<std::string>*> sel;
  for (std::size_t r = 1; r < rows.size(); ++r) {
    const auto& row = rows[r];
    if (row.size() < hdr.size()) return Error{"plot: CSV line " + std::to_string(r + 1) + " has " + std::to_string(row.size()) + " fields, the header " + std::to_string(hdr.size())};
    bool keep = true;
    for (std::size_t i = 0; i < wcols.size(); ++i) keep = keep && row[std::size_t(wcols[i])] == opt.where[i].second;
    if (keep) sel.push_back(&row);
  }
  if (sel.empty()) return Error{"plot: no rows match the --where selection"};
  bool numeric = true;
  for (const auto* row : sel) {
    double v;
    numeric = numeric && plot_x_number((*row)[std::size_t(cx)], v);
  }
  std::vector<std::string> cats;
  std::vector<Series> series;
  for (const auto* row : sel) {
    const std::string& xs = (*row)[std::size_t(cx)];
    double x = 0;
    if (numeric) {
      plot_x_number(xs, x);
    } else {
      auto it = std::find(cats.begin(), cats.end(), xs);
      if (it == cats.end()) { cats.push_back(xs); it = cats.end() - 1; }
      x = double(it - cats.begin());
    }
    std::string label;
    for (std::size_t i = 0; i < scols.size(); ++i) label += (i ? " / " : "") + (*row)[std::size_t(scols[i])];
    double y = 0, ci = 0;
    if (!parse_double((*row)[std::size_t(cy)], y) || !std::isfinite(y)) continue;
    if (cci >= 0 && (!parse_double((*row)[std::size_t(cci)], ci) || !std::isfinite(ci) || ci < 0)) ci = 0;
    if (opt.logy && y <= 0) continue;
    auto it = std::find_if(series.begin(), series.end(), [&](const Series& s) { return s.label == label; });
    if (it == series.end()) { series.push_back(Series{label, {}}); it = series.end() - 1; }
    it->pts.push_back(Pt{x, y, ci});
  }
  if (series.empty()) return Error{"plot: no finite values of '" + opt.y + "' in the selection"};
  for (Series& s : series)
    std::stable_sort(s.pts.begin(), s.pts.end(), [](const Pt& a, const Pt& b) { return a.x < b.x; });

  // ranges
  auto ty = [&](double v) { return opt.logy ? dlog10(v) : v; };
  double xmin = 1e300, xmax = -1e300, ymin = 1e300, ymax = -1e300;
  for (const Series& s : series)
    for (const Pt& p : s.pts) {
      xmin = std::min(xmin, p.x);
      xmax = std::max(xmax, p.x);
      const double lo = opt.logy ? (p.y - p.ci > 0 ? p.y - p.ci : p.y) : p.y - p.ci;
      ymin = std::min(ymin, ty(lo));
      ymax = std::max(ymax, ty(p.y + p.ci));
    }
  if (!opt.logy && ymin >= 0) ymin = 0;
  if (ymax <= ymin) { ymax = ymin + (ymin == 0 ? 1 : std::fabs(ymin) * 0.1); }
  int ydec = 0;
  double ystep;
  if (opt.logy) {
    ymin = std::floor(ymin);
    ymax = std::ceil(ymax);
    if (ymax <= ymin) ymax = ymin + 1;
    ystep = 1;
  } else {
    ystep = nice_step(ymax - ymin, 5, ydec);
    ymin = std::floor(ymin / ystep + 1e-9) * ystep;
    ymax = std::ceil(ymax / ystep - 1e-9) * ystep;
  }
  int xdec = 0;
  double xstep = 1;
  if (numeric) {
    if (xmax <= xmin) { xmin -= 1; xmax += 1; }
    xstep = nice_step(xmax - xmin, 6, xdec);
    xmin = std::floor(xmin / xstep + 1e-9) * xstep;
    xmax = std::ceil(xmax / xstep - 1e-9) * xstep;
  }

  const double W = opt.width, H = opt.height;
  const double L = 78, R = W - 200, T = 44, B = H - 62;
  auto px = [&](double x) {
    if (!numeric) return L + (x + 0.5) / double(cats.size()) * (R - L);
    return L + (x - xmin) / (xmax - xmin) * (R - L);
  };
  auto py = [&](double y) { return B - (ty(y) - ymin) / (ymax - ymin) * (B - T); };
  auto pyt = [&](double t) { return B - (t - ymin) / (ymax - ymin) * (B - T); };

  std::ostringstream o;
  o << "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" << opt.width << "\" height=\"" << opt.height
    << "\" viewBox=\"0 0 " << opt.width << " " << opt.height << "\" font-family=\"Helvetica, Arial, sans-serif\" font-size=\"12\">\n";
  o << "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n";
  const std::string title = opt.title.empty() ? opt.y + " vs " + opt.x : opt.title;
  o << "<text class=\"title\" x=\"" << f2((L + R) / 2) << "\" y=\"24\" text-anchor=\"middle\" font-size=\"15\" font-weight=\"bold\">"
    << esc(title) << "</text>\n";
  // grid and ticks
  o << "<g class=\"axes\" stroke=\"#000\" stroke-width=\"1\">\n";
  o << "<line x1=\"" << f2(L) << "\" y1=\"" << f2(B) << "\" x2=\"" << f2(R) << "\" y2=\"" << f2(B) << "\"/>\n";
  o << "<line x1=\"" << f2(L) << "\" y1=\"" << f2(T) << "\" x2=\"" << f2(L) << "\" y2=\"" << f2(B) << "\"/>\n";
  o << "</g>\n<g class=\"yticks\" font-size=\"11\" text-anchor=\"end\">\n";
  const int ny = int(std::lround((ymax - ymin) / ystep));
  for (int i = 0; i <= ny; ++i) {
    const double t = ymin + i * ystep;
    const double yy = pyt(t);
    o << "<line x1=\"" << f2(L - 5) << "\" y1=\"" << f2(yy) << "\" x2=\"" << f2(L) << "\" y2=\"" << f2(yy) << "\" stroke=\"#000\"/>";
    if (i > 0) o << "<line x1=\"" << f2(L) << "\" y1=\"" << f2(yy) << "\" x2=\"" << f2(R) << "\" y2=\"" << f2(yy) << "\" stroke=\"#e0e0e0\"/>";
    const std::string lab = opt.logy ? tick_label(pow10i(int(std::lround(t))), t < 0 ? int(-t) : 0) : tick_label(t, ydec);
    o << "<text x=\"" << f2(L - 8) << "\" y=\"" << f2(yy + 4) << "\">" << esc(lab) << "</text>\n";
  }
  o << "</g>\n<g class=\"xticks\" font-size=\"11\" text-anchor=\"middle\">\n";
  if (numeric) {
    const int nx = int(std::lround((xmax - xmin) / xstep));
    for (int i = 0; i <= nx; ++i) {
      const double t = xmin + i * xstep, xx = px(t);
      o << "<line x1=\"" << f2(xx) << "\" y1=\"" << f2(B) << "\" x2=\"" << f2(xx) << "\" y2=\"" << f2(B + 5) << "\" stroke=\"#000\"/>";
      o << "<text x=\"" << f2(xx) << "\" y=\"" << f2(B + 19) << "\">" << esc(tick_label(t, xdec)) << "</text>\n";
    }
  } else {
    for (std::size_t i = 0; i < cats.size(); ++i) {
      const double xx = px(double(i));
      o << "<line x1=\"" << f2(xx) << "\" y1=\"" << f2(B) << "\" x2=\"" << f2(xx) << "\" y2=\"" << f2(B + 5) << "\" stroke=\"#000\"/>";
      o << "<text x=\"" << f2(xx) << "\" y=\"" << f2(B + 19) << "\">" << esc(cats[i]) << "</text>\n";
    }
  }
  o << "</g>\n";
  o << "<text class=\"xlabel\" x=\"" << f2((L + R) / 2) << "\" y=\"" << f2(H - 18) << "\" text-anchor=\"middle\">" << esc(opt.x) << "</text>\n";
  o << "<text class=\"ylabel\" transform=\"translate(20," << f2((T + B) / 2) << ") rotate(-90)\" text-anchor=\"middle\">"
    << esc(opt.y + (opt.logy ? " (log scale)" : "") + (cci >= 0 ? " (mean, 95% CI)" : "")) << "</text>\n";
  // series
  // lines side by side: each series' points shift by a few pixels so bars at one x stay apart
  const double ns = double(series.size()), dodge_step = ns > 1 ? std::min(3.0, 24.0 / ns) : 0;
  for (std::size_t si = 0; si < series.size(); ++si) {
    const Series& s = series[si];
    const double dodge = (double(si) - (ns - 1) / 2) * dodge_step;
    const char* color = kColors[si % 10];
    const char* dash = kDashes[(si / 10) % 4];
    o << "<g class=\"series\" data-label=\"" << esc(s.label) << "\" stroke=\"" << color << "\" fill=\"" << color << "\">\n";
    o << "<polyline fill=\"none\" stroke-width=\"1.8\"" << (*dash ? std::string(" stroke-dasharray=\"") + dash + "\"" : std::string()) << " points=\"";
    for (std::size_t i = 0; i < s.pts.size(); ++i) o << (i ? " " : "") << f2(px(s.pts[i].x) + dodge) << "," << f2(py(s.pts[i].y));
    o << "\"/>\n";
    for (const Pt& p : s.pts) {
      const double xx = px(p.x) + dodge;
      if (p.ci > 0) {
        const double lo = opt.logy && p.y - p.ci <= 0 ? p.y : p.y - p.ci;
        const double y1 = py(lo), y2 = py(p.y + p.ci);
        o << "<path class=\"ci\" stroke-width=\"1\" d=\"M" << f2(xx) << " " << f2(y1) << "V" << f2(y2) << "M" << f2(xx - 3)
          << " " << f2(y1) << "h6M" << f2(xx - 3) << " " << f2(y2) << "h6\"/>";
      }
      o << "<circle class=\"pt\" cx=\"" << f2(xx) << "\" cy=\"" << f2(py(p.y)) << "\" r=\"3\"/>\n";
    }
    o << "</g>\n";
  }
  // legend
  std::string ltitle;
  for (std::size_t i = 0; i < skeys.size(); ++i) ltitle += (i ? " / " : "") + skeys[i];
  o << "<g class=\"legend\" font-size=\"11\">\n";
  double ly = T + 4;
  if (!ltitle.empty()) {
    o << "<text x=\"" << f2(R + 16) << "\" y=\"" << f2(ly + 4) << "\" font-weight=\"bold\">" << esc(ltitle) << "</text>\n";
    ly += 18;
  }
  for (std::size_t si = 0; si < series.size(); ++si) {
    const char* color = kColors[si % 10];
    const char* dash = kDashes[(si / 10) % 4];
    o << "<line x1=\"" << f2(R + 16) << "\" y1=\"" << f2(ly) << "\" x2=\"" << f2(R + 40) << "\" y2=\"" << f2(ly) << "\" stroke=\""
      << color << "\" stroke-width=\"1.8\"" << (*dash ? std::string(" stroke-dasharray=\"") + dash + "\"" : std::string()) << "/>";
    o << "<circle cx=\"" << f2(R + 28) << "\" cy=\"" << f2(ly) << "\" r=\"3\" fill=\"" << color << "\"/>";
    o << "<text x=\"" << f2(R + 46) << "\" y=\"" << f2(ly + 4) << "\">" << esc(s_label_or(series[si].label)) << "</text>\n";
    ly += 17;
  }
  o << "</g>\n</svg>\n";
  return o.str();
}

int cmd_plot(const std::vector<std::string>& words, std::ostream& out, std::ostream& err) {
  auto fail = [&](const std::string& m) { err << "alloclab: plot: " << m << "\n"; return 2; };
  PlotOptions opt;
  std::string csv_path, out_path;
  for (std::size_t i = 0; i < words.size(); ++i) {
    const std::string& w = words[i];
    auto next = [&](std::string& v) {
      if (i + 1 >= words.size()) return false;
      v = words[++i];
      return true;
    };
    std::string v;
    if (w == "--x") { if (!next(opt.x)) return fail("--x needs a key"); }
    else if (w == "--y") { if (!next(opt.y)) return fail("--y needs a metric"); }
    else if (w == "--title") { if (!next(opt.title)) return fail("--title needs a text"); }
    else if (w == "--out") { if (!next(out_path)) return fail("--out needs a file name"); }
    else if (w == "--logy") { opt.logy = true; }
    else if (w == "--series") {
      if (!next(v)) return fail("--series needs a key");
      std::size_t s = 0;
      for (;;) {
        const auto c = v.find(',', s);
        opt.series.push_back(v.substr(s, c == std::string::npos ? std::string::npos : c - s));
        if (c == std::string::npos) break;
        s = c + 1;
      }
    } else if (w == "--where") {
      if (!next(v)) return fail("--where needs KEY=VALUE");
      const auto eq = v.find('=');
      if (eq == std::string::npos || eq == 0) return fail("--where '" + v + "' is not KEY=VALUE");
      opt.where.emplace_back(v.substr(0, eq), v.substr(eq + 1));
    } else if (w.rfind("--", 0) == 0) {
      return fail("unknown option '" + w + "'; allowed: --x --y --series --where --title --logy --out");
    } else if (csv_path.empty()) {
      csv_path = w;
    } else {
      return fail("more than one CSV file given ('" + w + "')");
    }
  }
  if (csv_path.empty()) return fail("usage: alloclab plot CSV --x KEY --y METRIC [--series KEY] [--where KEY=VALUE] [--title T] [--logy] [--out FILE.svg]");
  std::ifstream f(csv_path, std::ios::binary);
  if (!f) return fail("cannot read file '" + csv_path + "'");
  std::stringstream ss;
  ss << f.rdbuf();
  auto svg = plot_svg(ss.str(), opt);
  if (!svg) { err << "alloclab: " << svg.error().message << "\n"; return 2; }
  if (out_path.empty()) { out << *svg; return 0; }
  const std::string tmp = out_path + ".tmp";
  {
    std::ofstream o(tmp, std::ios::binary);
    o << *svg;
    if (!o) return fail("cannot write '" + out_path + "'");
  }
  if (std::rename(tmp.c_str(), out_path.c_str()) != 0) {
    std::remove(tmp.c_str());
    return fail("cannot write '" + out_path + "'");
  }
  return 0;
}

}  // namespace alloclab
