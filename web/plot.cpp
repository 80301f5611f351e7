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

float legend_width(std::span<const Series> series) {
  float w = 0;
  for (const Series& s : series)
    if (!s.name.empty()) w = std::max(w, ImGui::GetFontSize() * 1.6f + ImGui::CalcTextSize(s.name.c_str()).x);
  return w;
}

ImU32 series_colour(int i) {
  static constexpr ImU32 kPalette[] = {IM_COL32(86, 180, 233, 255), IM_COL32(230, 159, 0, 255), IM_COL32(0, 190, 140, 255),
                                       IM_COL32(240, 100, 150, 255), IM_COL32(240, 228, 66, 255), IM_COL32(170, 130, 255, 255),
                                       IM_COL32(213, 94, 0, 255), IM_COL32(160, 160, 160, 255)};
  return kPalette[std::size_t(i) % (sizeof kPalette / sizeof kPalette[0])];
}

FrameReport::Plot plot(const char* id, ImVec2 size, const PlotSpec& spec, std::span<const Series> series) {
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const ImVec2 p0 = ImGui::GetCursorScreenPos();
  size.x = std::max(size.x, 120.0f);
  size.y = std::max(size.y, 80.0f);
  ImGui::InvisibleButton(id, size);
  const bool hovered = ImGui::IsItemHovered();
  const float fh = ImGui::GetFontSize();
  const ImU32 text = ImGui::GetColorU32(ImGuiCol_Text), dim = ImGui::GetColorU32(ImGuiCol_TextDisabled);
  const ImU32 grid = IM_COL32(255, 255, 255, 22), axis = IM_COL32(200, 205, 215, 120);
  FrameReport::Plot out;
  out.id = id;
  out.rect = {p0.x, p0.y, p0.x + size.x, p0.y + size.y};

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

  // ---- the frame: title and subtitle on one line when they fit (else the subtitle under the
  // title), the legend beside the plot area when that leaves the data most of the width (else
  // in rows under the title), tick labels left of and under the data
  const float pad = fh * 0.4f;
  const float title_w = ImGui::CalcTextSize(spec.title).x, sub_w = ImGui::CalcTextSize(spec.y_label).x;
  const bool has_sub = spec.y_label && *spec.y_label;
  const bool sub_beside = !has_sub || title_w + fh * 0.6f + sub_w <= size.x - 2 * pad;
  const bool legend = !series.empty() && !(series.size() == 1 && series[0].name.empty());
  const float lw = spec.legend_column > 0 ? spec.legend_column : legend ? legend_width(series) : 0;  // swatch + widest name
  const bool legend_right = spec.legend_column > 0 || (legend && lw + fh * 1.2f <= size.x * 0.28f);
  float header = fh * (sub_beside ? 1.5f : 2.6f);
  int legend_rows = 0;
  if (legend && !legend_right) {  // entries packed into rows across the chart
    float x = 0;
    legend_rows = 1;
    for (const Series& s : series) {
      const float w = fh * 1.6f + ImGui::CalcTextSize(s.name.c_str()).x + fh;
      if (x > 0 && x + w > size.x - 2 * pad) { ++legend_rows; x = 0; }
      x += w;
    }
    header += float(legend_rows) * (fh + 2);
  }
  const float bottom = spec.x_labels ? fh * 2.6f : fh * 0.6f;
  // y ticks for the plot area's height (the left margin then fits the widest label)
  const float area_h = std::max(10.0f, size.y - header - bottom);
  const double ys = nice_step(y1 - y0, std::max(2, int(area_h / (fh * 2.0f))));
  if (!log_y) {
    if (spec.y_max <= 0) y1 = std::ceil(y1 / ys - 1e-9) * ys;
    y0 = std::floor(y0 / ys + 1e-9) * ys;
    if (spec.y_max > 0) y1 = std::max(y1, y0 + ys);
  }
  std::vector<double> yt, xt;
  if (log_y) yt = log_ticks(y0, y1, std::max(2, int(area_h / (fh * 1.6f))));
  else for (double v = y0; v <= y1 + ys * 1e-6; v += ys) yt.push_back(v);
  char buf[48];
  std::vector<std::string> ylabels;
  float yw = 0;
  for (double v : yt) {
    fmt(buf, sizeof buf, v, log_y ? v : ys);
    ylabels.emplace_back(buf);
    yw = std::max(yw, ImGui::CalcTextSize(buf).x);
  }
  const float left = std::max({fh * 1.5f, yw + 10, spec.left_min}), right = legend_right ? lw + fh * 1.2f : fh * 0.8f;
  const ImVec2 a(p0.x + left, p0.y + header), b(p0.x + size.x - right, p0.y + size.y - bottom);
  const double xs = nice_step(x1 - x0, std::max(2, int((b.x - a.x) / (fh * 5.0f))));
  if (log_x) xt = log_ticks(x0, x1, std::max(2, int((b.x - a.x) / (fh * 4.0f))));
  else for (double v = std::ceil(x0 / xs - 1e-9) * xs; v <= x1 + xs * 1e-6; v += xs) xt.push_back(v);
  auto tx = [&](double v) { return log_x ? std::log10(v) : v; };
  auto ty = [&](double v) { return log_y ? std::log10(std::max(v, 1e-300)) : v; };
  auto X = [&](double v) { return float(a.x + (tx(v) - tx(x0)) / (tx(x1) - tx(x0)) * (b.x - a.x)); };
  auto Y = [&](double v) { return float(b.y - (ty(v) - ty(y0)) / (ty(y1) - ty(y0)) * (b.y - a.y)); };
  out.area = {a.x, a.y, b.x, b.y};
  out.x0 = x0, out.x1 = x1, out.y0 = y0, out.y1 = y1;
  out.log_x = log_x, out.log_y = log_y;
  // a text in at most `room` pixels ("..." replaces what does not fit; counted)
  auto fit = [&](const char* t, float room) {
    std::string s(t ? t : "");
    if (ImGui::CalcTextSize(s.c_str()).x <= room) return s;
    ++out.elided;
    while (!s.empty() && ImGui::CalcTextSize((s + "...").c_str()).x > room) s.pop_back();
    return s + "...";
  };

  dl->PushClipRect(p0, ImVec2(p0.x + size.x, p0.y + size.y), true);
  dl->AddRectFilled(p0, ImVec2(p0.x + size.x, p0.y + size.y), IM_COL32(22, 25, 31, 255), 3.0f);
  {
    const std::string t = fit(spec.title, size.x - 2 * pad);
    dl->AddText(ImVec2(p0.x + pad, p0.y + fh * 0.2f), text, t.c_str());
    if (has_sub) {
      const ImVec2 at = sub_beside ? ImVec2(p0.x + pad + title_w + fh * 0.6f, p0.y + fh * 0.2f) : ImVec2(p0.x + pad, p0.y + fh * 1.3f);
      const std::string st = fit(spec.y_label, p0.x + size.x - pad - at.x);
      dl->AddText(at, dim, st.c_str());
    }
  }
  // y ticks
  for (std::size_t i = 0; i < yt.size(); ++i) {
    const float y = Y(yt[i]);
    dl->AddLine(ImVec2(a.x, y), ImVec2(b.x, y), grid);
    dl->AddLine(ImVec2(a.x - 4, y), ImVec2(a.x, y), axis);
    const ImVec2 ts = ImGui::CalcTextSize(ylabels[i].c_str());
    dl->AddText(ImVec2(a.x - 6 - ts.x, y - ts.y * 0.5f), dim, ylabels[i].c_str());
    out.ticks.push_back(ylabels[i]);
  }
  // x ticks (a label that would run past the chart's edge is left out)
  for (double v : xt) {
    const float x = X(v);
    dl->AddLine(ImVec2(x, a.y), ImVec2(x, b.y), grid);
    dl->AddLine(ImVec2(x, b.y), ImVec2(x, b.y + 4), axis);
    if (!spec.x_labels) continue;
    fmt(buf, sizeof buf, v, log_x ? v : xs);
    const ImVec2 ts = ImGui::CalcTextSize(buf);
    const float lx = std::min(x - ts.x * 0.5f, p0.x + size.x - pad - ts.x);
    if (lx < p0.x + pad) continue;
    dl->AddText(ImVec2(lx, b.y + 5), dim, buf);
    out.ticks.emplace_back(buf);
  }
  dl->AddLine(ImVec2(a.x, b.y), ImVec2(b.x, b.y), axis);
  dl->AddLine(ImVec2(a.x, a.y), ImVec2(a.x, b.y), axis);
  if (spec.x_labels) {
    const std::string xl = fit(spec.x_label, size.x - 2 * pad);
    const ImVec2 ts = ImGui::CalcTextSize(xl.c_str());
    const float lx = std::clamp((a.x + b.x - ts.x) * 0.5f, p0.x + pad, p0.x + size.x - pad - ts.x);
    dl->AddText(ImVec2(lx, b.y + fh * 1.35f), dim, xl.c_str());
  }
  if (empty) {
    const char* msg = "no data yet";
    const ImVec2 ts = ImGui::CalcTextSize(msg);
    dl->AddText(ImVec2((a.x + b.x - ts.x) * 0.5f, (a.y + b.y - ts.y) * 0.5f), dim, msg);
  }

  // series
  dl->PushClipRect(ImVec2(a.x - 1, a.y - 1), ImVec2(b.x + 1, b.y + 1), true);
  std::vector<ImVec2> pts;
  struct Bar { double x; float px; std::size_t series; };
  std::vector<Bar> bars;
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
      bars.push_back({s.x[i], pts[i].x, si});
    }
    if (s.markers || pts.size() == 1)
      for (const ImVec2& p : pts) dl->AddCircleFilled(p, 3.0f, s.colour);
  }
  dl->PopClipRect();
  for (std::size_t i = 0; i < bars.size(); ++i)
    for (std::size_t j = i + 1; j < bars.size(); ++j)
      if (bars[i].series != bars[j].series && bars[i].x == bars[j].x) {
        const float gap = std::fabs(bars[i].px - bars[j].px);
        out.bar_gap = out.bar_gap < 0 ? gap : std::min(out.bar_gap, gap);
      }

  // legend: beside the plot area, or in rows under the title
  if (legend) {
    const float lx0 = legend_right ? b.x + fh * 0.6f : p0.x + pad;
    float lx = lx0, ly = legend_right ? a.y + 4 : p0.y + fh * (sub_beside ? 1.5f : 2.6f) - 2;
    float ex = lx0, ey = ly;  // the legend's extent
    for (const Series& s : series) {
      const float w = fh * 1.6f + ImGui::CalcTextSize(s.name.c_str()).x + (legend_right ? 0 : fh);
      if (!legend_right && lx > lx0 && lx + w > p0.x + size.x - pad) { lx = lx0; ly += fh + 2; }
      const std::string name = fit(s.name.c_str(), p0.x + size.x - pad - (lx + fh * 1.6f));
      dl->AddLine(ImVec2(lx, ly + fh * 0.5f), ImVec2(lx + fh * 1.2f, ly + fh * 0.5f), s.colour, 3.0f);
      dl->AddText(ImVec2(lx + fh * 1.6f, ly), text, name.c_str());
      ex = std::max(ex, lx + fh * 1.6f + ImGui::CalcTextSize(name.c_str()).x);
      ey = std::max(ey, ly + fh);
      if (legend_right) ly += fh + 2;
      else lx += w;
    }
    out.legend = {lx0, legend_right ? a.y + 4 : p0.y + fh * (sub_beside ? 1.5f : 2.6f) - 2, ex, ey};
  }
  dl->PopClipRect();

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
        const std::string who = s.name.empty() ? std::string(spec.title) : s.name;
        if (best < s.err.size())
          ImGui::Text("%s: %s ± %s  (at %s)", who.c_str(), readable(s.y[best]).c_str(), readable(s.err[best]).c_str(), readable(s.x[best]).c_str());
        else
          ImGui::Text("%s: %s  (at %s)", who.c_str(), readable(s.y[best]).c_str(), readable(s.x[best]).c_str());
      }
      ImGui::EndTooltip();
    }
  }
  return out;
}

}  // namespace alloclab::app
