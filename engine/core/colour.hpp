// colour.hpp — the colour of a job, shared by the page (mesh view, Gantt) and the CLI's SVG
// charts so a job looks the same everywhere: an integer hash of the id gives the hue, with
// saturation and value varying a little so that neighbours differ. HSV → RGB as Dear ImGui
// converts it (the page drew these colours first).
#pragma once
#include <cstdint>

namespace alloclab {

// 0xRRGGBB of job `job`.
inline std::uint32_t job_rgb(int job) {
  std::uint32_t h = std::uint32_t(job) * 0x9E3779B9u;
  h ^= h >> 16; h *= 0x85EBCA6Bu; h ^= h >> 13; h *= 0xC2B2AE35u; h ^= h >> 16;
  const float hue = float(h & 0xFFFF) / 65536.0f;
  const float s = 0.55f + 0.25f * float((h >> 16) & 0xFF) / 255.0f;
  const float v = 0.80f + 0.15f * float((h >> 24) & 0xFF) / 255.0f;
  const float hh = hue / (60.0f / 360.0f);
  const int i = int(hh);
  const float f = hh - float(i);
  const float p = v * (1 - s), q = v * (1 - s * f), t = v * (1 - s * (1 - f));
  float r, g, b;
  switch (i % 6) {
    case 0: r = v; g = t; b = p; break;
    case 1: r = q; g = v; b = p; break;
    case 2: r = p; g = v; b = t; break;
    case 3: r = p; g = q; b = v; break;
    case 4: r = t; g = p; b = v; break;
    default: r = v; g = p; b = q; break;
  }
  auto u8 = [](float x) { return std::uint32_t(x * 255.0f + 0.5f) & 0xFF; };
  return (u8(r) << 16) | (u8(g) << 8) | u8(b);
}

}  // namespace alloclab
