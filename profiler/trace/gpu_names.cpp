// GPU names from what a trace says of them.
#include "trace/gpu_names.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <string_view>

namespace feedscope::trace {

namespace {

std::string lower(std::string_view s) {
  std::string out(s);
  std::transform(out.begin(), out.end(), out.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return out;
}

bool isAmd(const GpuProperties& g) {
  const std::string n = lower(g.name);
  return n.find("amd") != std::string::npos || n.find("radeon") != std::string::npos || g.warp_size == 64;
}

// A name that says which product it is ("AMD Instinct MI300X"), not only whose ("AMD Radeon Graphics").
bool namesTheProduct(std::string_view name) {
  const std::string n = lower(name);
  for (std::string_view model : {"mi300", "mi325", "mi350", "mi355", "mi250", "mi210", "mi100", "mi50", "mi60",
                                 "rx ", "radeon pro", "w7900", "w6800"}) {
    if (n.find(model) != std::string::npos) return true;
  }
  return false;
}

struct Instinct {
  std::int64_t major, minor;
  std::int64_t compute_units;  // 0: any
  std::int64_t min_gib, max_gib;
  std::string_view model;
  std::string_view gfx;
};

// AMD's published specifications (CUs and HBM per device as ROCm reports it; an MI250/MI250X is two
// devices of half its CUs and memory each).
constexpr std::array<Instinct, 9> kInstinct = {{
    {9, 5, 256, 250, 300, "AMD Instinct MI355X/MI350X", "gfx950"},
    {9, 4, 304, 240, 270, "AMD Instinct MI325X", "gfx942"},
    {9, 4, 304, 180, 200, "AMD Instinct MI300X", "gfx942"},
    {9, 4, 228, 100, 140, "AMD Instinct MI300A", "gfx942"},
    {9, 0, 110, 60, 70, "AMD Instinct MI250X", "gfx90a"},
    {9, 0, 104, 60, 70, "AMD Instinct MI210 or MI250", "gfx90a"},
    {9, 0, 120, 30, 34, "AMD Instinct MI100", "gfx908"},
    {9, 0, 60, 30, 34, "AMD Instinct MI50", "gfx906"},
    {9, 0, 64, 30, 34, "AMD Instinct MI60", "gfx906"},
}};

}  // namespace

std::string gpuDisplayName(const GpuProperties& g) {
  if (!isAmd(g) || namesTheProduct(g.name)) return g.name;
  const std::int64_t gib = g.memory_bytes >> 30;
  for (const Instinct& i : kInstinct) {
    if (g.compute_major != i.major || g.compute_minor != i.minor) continue;
    if (i.compute_units != 0 && g.multiprocessors != i.compute_units) continue;
    if (gib < i.min_gib || gib > i.max_gib) continue;
    return std::string(i.model) + " (" + std::string(i.gfx) + ": " + std::to_string(g.multiprocessors) + " CUs, " +
           std::to_string(gib) + " GiB)";
  }
  if (g.compute_major < 0) return g.name;
  std::string what = g.name.empty() ? std::string("AMD GPU") : g.name;
  return what + " (gfx" + std::to_string(g.compute_major) + std::to_string(g.compute_minor) + "x, " +
         std::to_string(g.multiprocessors) + " CUs)";
}

}  // namespace feedscope::trace
