// plot.cpp — the line chart (see plot.hpp).
#include "plot.hpp"
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

namespace alloclab::app {

namespace {

// A "nice" tick step (1, 2 or 5 × 10^k) giving about `n` intervals over `range`.
double nice_step(double range, int n) {
  if (range <= 0) return 1;
  const double raw = range / n, mag = std::pow(10.0, std::floor(std::log10(raw))), f = raw / mag;
  return (f < 1.5 ? 1 : f < 3.5 ? 2 : f < 7.5 ? 5 : 10) * mag;
}

void fmt(char* buf, std::size_t n, double v, double step) {
  if (std::fabs(v) < step * 1e-6) v = 0;
  if (std::fabs(v) >= 1e9) std::snprintf(buf, n, "%.3g", v);
  else if (std::fabs(v) >= 1e4) std::snprintf(buf, n, "%.0f", v);
  else if (step >= 1) std::snprintf(buf, n, "%.0f", v);
  else if (step >= 0.1) std::snprintf(buf, n, "%.1f", v);
  else if (step >= 0.01) std::snprintf(buf, n, "%.2f", v);
  else std::snprintf(buf, n, "%.3g", v);
}

// The ticks of a logarithmic axis over [lo, hi] (both > 0): 1, 2, 5 per decade, or every
// decade when there would be more than `most`.
std::vector<double> log_ticks(double lo, double hi, int most) {
  std::vector<double> t;
  for (int pass = 0; pass < 2; ++pass) {
    t.clear();
    for (double d = std::floor(std::log10(lo)); d <= std::ceil(std::log10(hi)); d += 1)
      for (double m : pass == 0 ? std::vector<double>{1, 2, 5} : std::vector<double>{1}) {
        const double v = m * std::pow(10.0, d);
        if (v >= lo * (1 - 1e-9) && v <= hi * (1 + 1e-9)) t.push_back(v);
      }
    if (int(t.size()) <= most) break;
  }
  return t;
}

}  // namespace

std::string readable(double v) {
  char b[40];
  if (std::fabs(v) >= 1e4 && std::fabs(v) < 1e9) std::snprintf(b, sizeof b, "%.0f", v);
  else std::snprintf(b, sizeof b, "%.4g", v);
  return b;
}

ImU32 series_colour(int i) {
  static constexpr ImU32 kPalette[] = {IM_COL32(86, 180, 233, 255), IM_COL32(230, 159, 0, 255), IM_COL32(0, 190, 140, 255),
                                       IM_COL32(240, 100, 150, 255), IM_COL32(240, 228, 66, 255), IM_COL32(170, 130, 255, 255),
                                       IM_COL32(213, 94, 0, 255), IM_COL32(160, 160, 160, 255)};
  return kPalette[std::size_t(i) % (sizeof kPalette / sizeof kPalette[0])];
}

void plot(const char* id, ImVec2 size, const PlotSpec& spec, std::span<const Series> series) {
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const ImVec2 p0 = ImGui::GetCursorScreenPos();
  size.x = std::max(size.x, 120.0f);
  size.y = std::max(size.y, 80.0f);
  ImGui::InvisibleButton(id, size);
  const bool hovered = ImGui::IsItemHovered();
  const float fh = ImGui::GetFontSize();
  const ImU32 text = ImGui::GetColorU32(ImGuiCol_Text), dim = ImGui::GetColorU32(ImGuiCol_TextDisabled);
  const ImU32 grid = IM_COL32(255, 255, 255, 22), axis = IM_COL32(200, 205, 215, 120);

  // data range
  // (confidence bars may leave the range: they are clipped, so that a wide interval from few
  // replications does not squash the means; non-negative data keeps a non-negative axis)
  double x0 = HUGE_VAL, x1 = -HUGE_VAL, y0 = HUGE_VAL, y1 = -HUGE_VAL, ymax = -HUGE_VAL, ymin = HUGE_VAL;
  bool markers = false;
  for (const Series& s : series) {
    markers = markers || s.markers;
    for (std::size_t i = 0; i < s.x.size(); ++i) {
      x0 = std::min(x0, s.x[i]); x1 = std::max(x1, s.x[i]);
      ymax = std::max(ymax, s.y[i]); ymin = std::min(ymin, s.y[i]);
    }
  }
  for (const Series& s : series)
    for (std::size_t i = 0; i < s.x.size(); ++i) {
      const double e = i < s.err.size() ? s.err[i] : 0;
      y0 = std::min(y0, s.y[i] - e); y1 = std::max(y1, std::min(s.y[i] + e, ymax + 0.5 * std::fabs(ymax)));
    }
  if (ymin >= 0) y0 = std::max(y0, 0.0);
  const bool empty = !(x0 <= x1);
  const bool x_nonneg = empty || x0 >= 0;
  const bool log_x = spec.log_x && !empty && x0 > 0, log_y = spec.log_y && !empty && ymin > 0;
  if (!empty && markers && !log_x) { const double pad = (x1 - x0) * 0.04; x0 -= pad; x1 += pad; }
  if (empty) { x0 = 0; x1 = 1; y0 = 0; y1 = 1; }
  if (spec.y_from_zero && !log_y) y0 = std::min(y0, 0.0);
  if (spec.y_max > 0 && !log_y) y1 = spec.y_max;
  if (x1 - x0 < 1e-12 * std::max(1.0, std::fabs(x1))) {  // one x: a range around it, on its side of 0
    const double pad = x0 != 0 ? std::fabs(x0) * 0.5 : 0.5;
    x0 -= pad; x1 += pad;
  }
  if (x_nonneg && !log_x) x0 = std::max(x0, 0.0);
  if (y1 - y0 < 1e-12) y1 = y0 + 1;
  if (log_y) { y0 = ymin / 1.3; y1 = ymax * 1.3; }  // the means' decades (bars clipped)
  if (log_x) { x0 /= 1.15; x1 *= 1.15; }
  const double ys = nice_step(y1 - y0, std::max(2, int(size.y / (fh * 2.6f))));
  if (!log_y) {
    if (spec.y_max <= 0) y1 = std::ceil(y1 / ys - 1e-9) * ys;
    y0 = std::floor(y0 / ys + 1e-9) * ys;
    if (spec.y_max > 0) y1 = std::max(y1, y0 + ys);
  }
  const double xs = nice_step(x1 - x0, std::max(2, int(size.x / (fh * 6.0f))));

  // plot area: room for the title, the y tick labels, the x ticks + label, and the legend on
  // the right (beside the data, never over it)
  float lw = 0;
  const bool legend = !series.empty() && !(series.size() == 1 && series[0].name.empty());
  if (legend)
    for (const Series& s : series) lw = std::max(lw, ImGui::CalcTextSize(s.name.c_str()).x);
  const float left = fh * 3.9f, right = legend ? lw + fh * 2.6f : fh * 0.8f, top = fh * 1.5f, bottom = spec.x_labels ? fh * 2.6f : fh * 0.6f;
  const ImVec2 a(p0.x + left, p0.y + top), b(p0.x + size.x - right, p0.y + size.y - bottom);
  auto tx = [&](double v) { return log_x ? std::log10(v) : v; };
  auto ty = [&](double v) { return log_y ? std::log10(std::max(v, 1e-300)) : v; };
  auto X = [&](double v) { return float(a.x + (tx(v) - tx(x0)) / (tx(x1) - tx(x0)) * (b.x - a.x)); };
  auto Y = [&](double v) { return float(b.y - (ty(v) - ty(y0)) / (ty(y1) - ty(y0)) * (b.y - a.y)); };
  std::vector<double> yt, xt;
  if (log_y) yt = log_ticks(y0, y1, std::max(2, int(size.y / (fh * 1.6f))));
  else for (double v = y0; v <= y1 + ys * 1e-6; v += ys) yt.push_back(v);
  if (log_x) xt = log_ticks(x0, x1, std::max(2, int(size.x / (fh * 4.0f))));
  else for (double v = std::ceil(x0 / xs - 1e-9) * xs; v <= x1 + xs * 1e-6; v += xs) xt.push_back(v);

  dl->AddRectFilled(p0, ImVec2(p0.x + size.x, p0.y + size.y), IM_COL32(22, 25, 31, 255), 3.0f);
  dl->AddText(ImVec2(a.x, p0.y + fh * 0.2f), text, spec.title);
  char buf[48];
  // y ticks
  for (double v : yt) {
    const float y = Y(v);
    dl->AddLine(ImVec2(a.x, y), ImVec2(b.x, y), grid);
    dl->AddLine(ImVec2(a.x - 4, y), ImVec2(a.x, y), axis);
    fmt(buf, sizeof buf, v, log_y ? v : ys);
    const ImVec2 ts = ImGui::CalcTextSize(buf);
    dl->AddText(ImVec2(a.x - 6 - ts.x, y - ts.y * 0.5f), dim, buf);
  }
  // x ticks
  for (double v : xt) {
    const float x = X(v);
    dl->AddLine(ImVec2(x, a.y), ImVec2(x, b.y), grid);
    dl->AddLine(ImVec2(x, b.y), ImVec2(x, b.y + 4), axis);
    if (!spec.x_labels) continue;
    fmt(buf, sizeof buf, v, log_x ? v : xs);
    const ImVec2 ts = ImGui::CalcTextSize(buf);
    dl->AddText(ImVec2(x - ts.x * 0.5f, b.y + 5), dim, buf);
  }
  dl->AddLine(ImVec2(a.x, b.y), ImVec2(b.x, b.y), axis);
  dl->AddLine(ImVec2(a.x, a.y), ImVec2(a.x, b.y), axis);
  {
    const ImVec2 ts = ImGui::CalcTextSize(spec.x_label);
    if (spec.x_labels) dl->AddText(ImVec2((a.x + b.x - ts.x) * 0.5f, b.y + fh * 1.35f), dim, spec.x_label);
    // the y label goes next to the title (ImGui draws no rotated text)
    const ImVec2 tt = ImGui::CalcTextSize(spec.title);
    if (spec.y_label && *spec.y_label) dl->AddText(ImVec2(a.x + tt.x + fh * 0.6f, p0.y + fh * 0.2f), dim, spec.y_label);
  }
  if (empty) {
    const char* msg = "no data yet";
    const ImVec2 ts = ImGui::CalcTextSize(msg);
    dl->AddText(ImVec2((a.x + b.x - ts.x) * 0.5f, (a.y + b.y - ts.y) * 0.5f), dim, msg);
  }

  // series
  dl->PushClipRect(ImVec2(a.x - 1, a.y - 1), ImVec2(b.x + 1, b.y + 1), true);
  std::vector<ImVec2> pts;
  const float dodge = series.size() > 1 ? 4.0f : 0.0f;  // series at the same x: bars side by side
  for (std::size_t si = 0; si < series.size(); ++si) {
    const Series& s = series[si];
    const float dx = dodge * (float(si) - float(series.size() - 1) * 0.5f);
    pts.clear();
    for (std::size_t i = 0; i < s.x.size(); ++i) pts.push_back(ImVec2(X(s.x[i]) + dx, Y(s.y[i])));
    if (pts.size() > 1) dl->AddPolyline(pts.data(), int(pts.size()), s.colour, 0, 2.0f);
    for (std::size_t i = 0; i < s.err.size() && i < pts.size(); ++i) {
      const float ya = Y(s.y[i] - s.err[i]), yb = Y(s.y[i] + s.err[i]);
      dl->AddLine(ImVec2(pts[i].x, ya), ImVec2(pts[i].x, yb), s.colour, 1.5f);
      dl->AddLine(ImVec2(pts[i].x - 3, ya), ImVec2(pts[i].x + 3, ya), s.colour, 1.5f);
      dl->AddLine(ImVec2(pts[i].x - 3, yb), ImVec2(pts[i].x + 3, yb), s.colour, 1.5f);
    }
    if (s.markers || pts.size() == 1)
      for (const ImVec2& p : pts) dl->AddCircleFilled(p, 3.0f, s.colour);
  }
  dl->PopClipRect();

  // legend (right of the plot area)
  float ly = a.y + 4;
  if (legend) {
    const float lx = b.x + fh * 0.6f;
    for (const Series& s : series) {
      dl->AddLine(ImVec2(lx, ly + fh * 0.5f), ImVec2(lx + fh * 1.2f, ly + fh * 0.5f), s.colour, 3.0f);
      dl->AddText(ImVec2(lx + fh * 1.6f, ly), text, s.name.c_str());
      ly += fh + 2;
    }
  }

  // hover: the nearest sample of every series at the mouse's x
  if (hovered && !empty) {
    const float mx = ImGui::GetIO().MousePos.x;
    if (mx >= a.x && mx <= b.x) {
      dl->AddLine(ImVec2(mx, a.y), ImVec2(mx, b.y), IM_COL32(255, 255, 255, 60));
      const double xt0 = tx(x0), xt1 = tx(x1), xf = xt0 + (mx - a.x) / (b.x - a.x) * (xt1 - xt0);
      const double xv = log_x ? std::pow(10.0, xf) : xf;
      ImGui::BeginTooltip();
      ImGui::Text("%s %s", spec.x_label, readable(xv).c_str());
      for (const Series& s : series) {
        if (s.x.empty()) continue;
        std::size_t best = 0;
        for (std::size_t i = 1; i < s.x.size(); ++i)
          if (std::fabs(s.x[i] - xv) < std::fabs(s.x[best] - xv)) best = i;
        ImGui::ColorButton(s.name.c_str(), ImColor(s.colour), ImGuiColorEditFlags_NoTooltip, ImVec2(10, 10));
        ImGui::SameLine();
        if (best < s.err.size())
          ImGui::Text("%s: %s ± %s  (at %s)", s.name.c_str(), readable(s.y[best]).c_str(), readable(s.err[best]).c_str(), readable(s.x[best]).c_str());
        else
          ImGui::Text("%s: %s  (at %s)", s.name.c_str(), readable(s.y[best]).c_str(), readable(s.x[best]).c_str());
      }
      ImGui::EndTooltip();
    }
  }
}

}  // namespace alloclab::app
