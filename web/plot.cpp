// plot.cpp — the line chart (see plot.hpp).
#include "plot.hpp"
#include <algorithm>
#include <cmath>
#include <cstdio>

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
  if (std::fabs(v) >= 1e5) std::snprintf(buf, n, "%.3g", v);
  else if (step >= 1) std::snprintf(buf, n, "%.0f", v);
  else if (step >= 0.1) std::snprintf(buf, n, "%.1f", v);
  else if (step >= 0.01) std::snprintf(buf, n, "%.2f", v);
  else std::snprintf(buf, n, "%.3g", v);
}

}  // namespace

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
  if (!empty && markers) { const double pad = (x1 - x0) * 0.04; x0 -= pad; x1 += pad; }
  if (empty) { x0 = 0; x1 = 1; y0 = 0; y1 = 1; }
  if (spec.y_from_zero) y0 = std::min(y0, 0.0);
  if (spec.y_max > 0) y1 = spec.y_max;
  if (x1 - x0 < 1e-12) { x0 -= 0.5; x1 += 0.5; }
  if (y1 - y0 < 1e-12) y1 = y0 + 1;
  const double ys = nice_step(y1 - y0, std::max(2, int(size.y / (fh * 2.6f))));
  if (spec.y_max <= 0) y1 = std::ceil(y1 / ys - 1e-9) * ys;
  y0 = std::floor(y0 / ys + 1e-9) * ys;
  if (spec.y_max > 0) y1 = std::max(y1, y0 + ys);
  const double xs = nice_step(x1 - x0, std::max(2, int(size.x / (fh * 6.0f))));

  // plot area: room for the title, the y tick labels and the x ticks + label
  const float left = fh * 3.6f, right = fh * 0.8f, top = fh * 1.5f, bottom = spec.x_labels ? fh * 2.6f : fh * 0.6f;
  const ImVec2 a(p0.x + left, p0.y + top), b(p0.x + size.x - right, p0.y + size.y - bottom);
  auto X = [&](double v) { return float(a.x + (v - x0) / (x1 - x0) * (b.x - a.x)); };
  auto Y = [&](double v) { return float(b.y - (v - y0) / (y1 - y0) * (b.y - a.y)); };

  dl->AddRectFilled(p0, ImVec2(p0.x + size.x, p0.y + size.y), IM_COL32(22, 25, 31, 255), 3.0f);
  dl->AddText(ImVec2(a.x, p0.y + fh * 0.2f), text, spec.title);
  char buf[48];
  // y ticks
  for (double v = y0; v <= y1 + ys * 1e-6; v += ys) {
    const float y = Y(v);
    dl->AddLine(ImVec2(a.x, y), ImVec2(b.x, y), grid);
    dl->AddLine(ImVec2(a.x - 4, y), ImVec2(a.x, y), axis);
    fmt(buf, sizeof buf, v, ys);
    const ImVec2 ts = ImGui::CalcTextSize(buf);
    dl->AddText(ImVec2(a.x - 6 - ts.x, y - ts.y * 0.5f), dim, buf);
  }
  // x ticks
  for (double v = std::ceil(x0 / xs - 1e-9) * xs; v <= x1 + xs * 1e-6; v += xs) {
    const float x = X(v);
    dl->AddLine(ImVec2(x, a.y), ImVec2(x, b.y), grid);
    dl->AddLine(ImVec2(x, b.y), ImVec2(x, b.y + 4), axis);
    if (!spec.x_labels) continue;
    fmt(buf, sizeof buf, v, xs);
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
  for (const Series& s : series) {
    pts.clear();
    for (std::size_t i = 0; i < s.x.size(); ++i) pts.push_back(ImVec2(X(s.x[i]), Y(s.y[i])));
    if (pts.size() > 1) dl->AddPolyline(pts.data(), int(pts.size()), s.colour, 0, 2.0f);
    for (std::size_t i = 0; i < s.err.size() && i < pts.size(); ++i) {
      const float ya = Y(s.y[i] - s.err[i]), yb = Y(s.y[i] + s.err[i]);
      dl->AddLine(ImVec2(pts[i].x, ya), ImVec2(pts[i].x, yb), s.colour, 1.5f);
      dl->AddLine(ImVec2(pts[i].x - 4, ya), ImVec2(pts[i].x + 4, ya), s.colour, 1.5f);
      dl->AddLine(ImVec2(pts[i].x - 4, yb), ImVec2(pts[i].x + 4, yb), s.colour, 1.5f);
    }
    if (s.markers || pts.size() == 1)
      for (const ImVec2& p : pts) dl->AddCircleFilled(p, 3.0f, s.colour);
  }
  dl->PopClipRect();

  // legend (top right, inside the plot area)
  float ly = a.y + 4, lw = 0;
  for (const Series& s : series) lw = std::max(lw, ImGui::CalcTextSize(s.name.c_str()).x);
  if (!series.empty() && !(series.size() == 1 && series[0].name.empty())) {
    const float lx = b.x - lw - fh * 2.2f;
    dl->AddRectFilled(ImVec2(lx - 4, ly - 2), ImVec2(b.x - 2, ly + float(series.size()) * (fh + 2) + 2), IM_COL32(22, 25, 31, 210), 3);
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
      const double xv = x0 + (mx - a.x) / (b.x - a.x) * (x1 - x0);
      ImGui::BeginTooltip();
      ImGui::Text("%s %.4g", spec.x_label, xv);
      for (const Series& s : series) {
        if (s.x.empty()) continue;
        std::size_t best = 0;
        for (std::size_t i = 1; i < s.x.size(); ++i)
          if (std::fabs(s.x[i] - xv) < std::fabs(s.x[best] - xv)) best = i;
        ImGui::ColorButton(s.name.c_str(), ImColor(s.colour), ImGuiColorEditFlags_NoTooltip, ImVec2(10, 10));
        ImGui::SameLine();
        if (best < s.err.size()) ImGui::Text("%s: %.4g ± %.3g  (at %.4g)", s.name.c_str(), s.y[best], s.err[best], s.x[best]);
        else ImGui::Text("%s: %.4g  (at %.4g)", s.name.c_str(), s.y[best], s.x[best]);
      }
      ImGui::EndTooltip();
    }
  }
}

}  // namespace alloclab::app
