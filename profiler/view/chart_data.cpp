// Chart series.
#include "view/chart_data.h"

#include <algorithm>
#include <cmath>
#include <set>
#include <tuple>
#include <utility>

#include "trace/units.h"

namespace feedscope::view {

std::vector<XY> downsampleKeepMax(const std::vector<XY>& points, std::size_t maxPoints) {
  if (maxPoints == 0) return {};
  if (points.size() <= maxPoints) return points;
  std::size_t bucket = (points.size() + maxPoints - 1) / maxPoints;
  std::vector<XY> out;
  for (std::size_t b = 0; b < points.size(); b += bucket) {
    auto first = points.begin() + static_cast<std::ptrdiff_t>(b);
    auto last = points.begin() + static_cast<std::ptrdiff_t>(std::min(points.size(), b + bucket));
    out.push_back(*std::max_element(first, last, [](const XY& a, const XY& c) { return a.y < c.y; }));
  }
  return out;
}

std::vector<XY> stepTimesMs(const analysis::DeviceAnalysis& device, std::size_t maxPoints) {
  std::vector<XY> points;
  points.reserve(device.steps.size());
  for (std::size_t k = 0; k < device.steps.size(); ++k) {
    points.push_back({static_cast<double>(device.steps[k].step.number),
                      static_cast<double>(device.steps[k].metrics.window_ns) / 1e6});
  }
  return downsampleKeepMax(points, maxPoints);
}

const analysis::StepMetrics* stepByNumber(const analysis::DeviceAnalysis& device, std::int64_t number) {
  for (const auto& s : device.steps) {
    if (s.step.number == number) return &s;
  }
  return nullptr;
}

TimeBreakdown timeBreakdown(const analysis::RunAnalysis& run) {
  TimeBreakdown b;
  b.run = run.run_name;
  const analysis::DeviceAnalysis* d = run.primary();
  if (d == nullptr) {
    b.basis = "no GPU work";
    return b;
  }
  if (d->step_summary) {
    // The CLI's and the reports' statistic: the median of each part over the steps.
    const auto& m = *d->step_summary;
    b.basis = "median step";
    b.compute_ms = static_cast<double>(m.median_compute_ns) / 1e6;
    b.exposed_copy_ms = static_cast<double>(m.median_copy_wait_ns) / 1e6;
    b.host_wait_ms = static_cast<double>(m.median_host_wait_ns) / 1e6;
    b.other_ms = static_cast<double>(m.median_other_ns) / 1e6;
    return b;
  }
  const analysis::WindowMetrics& w = d->whole;
  b.basis = "GPU window";
  b.compute_ms = static_cast<double>(w.compute_busy_ns) / 1e6;
  b.exposed_copy_ms = static_cast<double>(w.gaps.copyWait()) / 1e6;
  b.host_wait_ms = static_cast<double>(w.gaps.hostWait()) / 1e6;
  b.other_ms = static_cast<double>(w.gaps[analysis::GapCause::DependencyOther]) / 1e6;
  return b;
}

BandwidthSeries h2dBandwidth(const analysis::DeviceAnalysis& device, std::size_t maxPoints) {
  BandwidthSeries out;
  const auto& copies = device.timeline.h2d_copies;
  auto seriesOf = [&](trace::MemoryKind kind) -> std::vector<XY>& {
    if (kind == trace::MemoryKind::Pageable) return out.pageable;
    if (kind == trace::MemoryKind::Pinned) return out.pinned;
    return out.other;
  };
  std::vector<std::pair<XY, trace::MemoryKind>> all;
  for (const auto& c : copies) {
    if (c.durationNs() <= 0 || c.bytes == 0) continue;  // no bandwidth to plot, and log axes need > 0
    all.push_back(
        {{static_cast<double>(c.bytes), static_cast<double>(c.bytes) / static_cast<double>(c.durationNs())},
         c.host_memory});
  }
  if (all.size() <= maxPoints) {
    for (const auto& [p, kind] : all) seriesOf(kind).push_back(p);
    return out;
  }
  // Log-log cells: one point per cell and series keeps the cloud's shape at a bounded size.
  double minX = all.front().first.x, maxX = minX, minY = all.front().first.y, maxY = minY;
  for (const auto& [p, kind] : all) {
    minX = std::min(minX, p.x);
    maxX = std::max(maxX, p.x);
    minY = std::min(minY, p.y);
    maxY = std::max(maxY, p.y);
  }
  const double cellsX = std::max(1.0, std::floor(std::sqrt(static_cast<double>(maxPoints) / 3 * 2)));
  const double cellsY = std::max(1.0, std::floor(static_cast<double>(maxPoints) / 3 / cellsX));
  auto cell = [](double v, double lo, double hi, double cells) {
    double span = std::log10(hi) - std::log10(lo);
    if (span <= 0) return 0.0;
    return std::min(cells - 1, std::floor((std::log10(v) - std::log10(lo)) / span * cells));
  };
  std::set<std::tuple<int, double, double>> taken;
  for (const auto& [p, kind] : all) {
    auto key =
        std::make_tuple(static_cast<int>(kind), cell(p.x, minX, maxX, cellsX), cell(p.y, minY, maxY, cellsY));
    if (taken.insert(key).second) seriesOf(kind).push_back(p);
  }
  return out;
}

std::string powerOfTwoBytesLabel(int exponent) {
  static constexpr const char* kUnits[] = {"B", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB"};
  if (exponent < 0) exponent = 0;  // a copy is at least one byte
  int unit = std::min(exponent / 10, 6);
  return std::to_string(std::uint64_t{1} << (exponent - 10 * unit)) + " " + kUnits[unit];
}

double wholeTickInterval(double span, int maxTicks) {
  if (!(span > 0) || maxTicks < 1) return 1;
  for (double decade = 1;; decade *= 10) {
    for (double mantissa : {1.0, 2.0, 5.0}) {
      if (span / (mantissa * decade) <= maxTicks) return mantissa * decade;
    }
  }
}

std::vector<AxisTick> byteAxisTicks(double log2Min, double log2Max, std::size_t maxTicks) {
  std::vector<AxisTick> ticks;
  if (!(log2Max >= log2Min)) return ticks;
  for (int step : {1, 2, 4, 10, 20}) {
    ticks.clear();
    // A little tolerance, so an end that is a power of two up to rounding still gets its tick.
    int first = static_cast<int>(std::ceil(log2Min / step - 1e-9)) * step;
    for (int e = std::max(first, 0); e <= log2Max + 1e-9; e += step) {
      ticks.push_back({static_cast<double>(e), powerOfTwoBytesLabel(e)});
    }
    if (ticks.size() <= maxTicks) break;
  }
  return ticks;
}

namespace {

bool isDecade(double ns) {
  if (!(ns > 0)) return false;
  double exponent = std::log10(ns);
  return std::fabs(exponent - std::round(exponent)) < 1e-9;
}

}  // namespace

GapHistogram gapHistogram(const std::vector<const analysis::DeviceAnalysis*>& devices) {
  GapHistogram h;
  static_cast<analysis::GapHistogram&>(h) = analysis::gapHistogram(devices);
  if (h.edges_ns.empty()) return h;
  const std::size_t shown = h.edges_ns.size() - 1;
  for (std::size_t k = 0; k <= shown; ++k) {
    double edge = h.edges_ns[k];
    if (!isDecade(edge)) continue;
    const auto ns = static_cast<trace::TimeNs>(edge);
    const trace::BinUnit unit = trace::binUnitOf(ns);
    h.edge_ticks.push_back({static_cast<double>(k) - 0.5, trace::inBinUnit(ns, unit) + unit.name});
  }
  return h;
}

}  // namespace feedscope::view
