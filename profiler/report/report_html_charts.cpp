// Chart data of the HTML report.
#include "report/report_html_charts.h"

#include <fmt/format.h>

#include <algorithm>
#include <array>

#include "present/causes.h"
#include "present/numbers.h"
#include "present/palette.h"
#include "report/svg_chart.h"
#include "trace/units.h"

namespace feedscope::report {

using analysis::DeviceAnalysis;
using trace::TimeNs;

namespace {

struct DeviceRef {
  std::string name;   // "prefetch on" or "prefetch on · GPU 1"
  std::size_t index;  // series number, for its colour
  const DeviceAnalysis* device;
  TimeNs time_origin;  // the run's time 0 (RunAnalysis::time_origin)
};

std::vector<DeviceRef> devicesOf(const Report& report) {
  std::vector<DeviceRef> out;
  for (std::size_t r = 0; r < report.analyses.size(); ++r) {
    const auto& devices = report.analyses[r].devices;
    for (const auto& d : devices) {
      std::string name = report.runs[r]->name;
      if (devices.size() > 1) name += " · GPU " + std::to_string(d.device);
      out.push_back({std::move(name), out.size(), &d, report.analyses[r].time_origin});
    }
  }
  return out;
}

std::string durationLabel(double ns) {
  return trace::formatDuration(static_cast<TimeNs>(ns));
}

}  // namespace

std::string stepTimeChart(const Report& report) {
  std::vector<ChartSeries> series;
  for (const DeviceRef& ref : devicesOf(report)) {
    if (ref.device->steps.empty()) continue;
    ChartSeries s{ref.name, present::hex(present::runColor(ref.index)), {}, true};
    for (std::size_t i = 0; i < ref.device->steps.size(); ++i) {
      const analysis::StepMetrics& step = ref.device->steps[i];
      s.points.push_back({static_cast<double>(i + 1), static_cast<double>(step.metrics.window_ns),
                          fmt::format("{} · step {} ({}): {}, starvation {}", ref.name, step.step.number,
                                      step.step.name, trace::formatDuration(step.metrics.window_ns),
                                      trace::formatPct(step.metrics.starvationPct()))});
    }
    series.push_back(std::move(s));
  }
  ChartAxis x{"step (in order)", false, [](double v) { return fmt::format("{:.0f}", v); }};
  ChartAxis y{"step time", false, durationLabel};
  return svgXYChart("Step time per step", series, x, y);
}

std::string stepBreakdownChart(const Report& report) {
  std::vector<DeviceRef> refs = devicesOf(report);
  bool allHaveSteps = !refs.empty() && std::all_of(refs.begin(), refs.end(), [](const DeviceRef& r) {
    return r.device->step_summary.has_value();
  });
  const std::string compute = "compute", copyWait = "copy wait", hostWait = "host wait", other = "other";
  const std::string computeColor = present::hex(present::palette::kKernel),
                    copyColor = present::hex(present::causeGroupColor(present::CauseGroup::CopyWait)),
                    hostColor = present::hex(present::causeGroupColor(present::CauseGroup::HostWait)),
                    otherColor = present::hex(present::causeGroupColor(present::CauseGroup::Other));
  std::vector<StackedBar> bars;
  for (const DeviceRef& ref : refs) {
    StackedBar bar{ref.name, {}};
    if (allHaveSteps) {
      const analysis::StepSummary& s = *ref.device->step_summary;
      bar.segments = {{compute, computeColor, static_cast<double>(s.median_compute_ns)},
                      {copyWait, copyColor, static_cast<double>(s.median_copy_wait_ns)},
                      {hostWait, hostColor, static_cast<double>(s.median_host_wait_ns)},
                      {other, otherColor, static_cast<double>(s.median_other_ns)}};
    } else {
      const analysis::WindowMetrics& m = ref.device->whole;
      TimeNs rest = m.starvation_ns - m.gaps.copyWait() - m.gaps.hostWait();
      bar.segments = {{compute, computeColor, m.computeBusyPct()},
                      {copyWait, copyColor, m.pct(m.gaps.copyWait())},
                      {hostWait, hostColor, m.pct(m.gaps.hostWait())},
                      {other, otherColor, m.pct(rest)}};
    }
    bars.push_back(std::move(bar));
  }
  ChartAxis x = allHaveSteps ? ChartAxis{"median step time", false, durationLabel}
                             : ChartAxis{"share of the GPU window", false,
                                         [](double v) { return fmt::format("{:.0f} %", v); }};
  return svgStackedBars("Step breakdown", bars, x);
}

std::string h2dBandwidthChart(const Report& report) {
  std::vector<ChartSeries> series;
  for (const DeviceRef& ref : devicesOf(report)) {
    // The run's colour, as in the GUI: squares pageable, circles pinned, a lighter shade unknown memory.
    const present::Rgb color = present::runColor(ref.index);
    ChartSeries pageable{ref.name + " · pageable", present::hex(color), {}, false, true};
    ChartSeries pinned{ref.name + " · pinned", present::hex(color), {}, false};
    ChartSeries unknown{
        ref.name + " · host memory unknown", present::hex(present::peakShade(color)), {}, false};
    for (const analysis::CopyRecord& c : ref.device->timeline.h2d_copies) {
      if (c.durationNs() <= 0 || c.bytes == 0) continue;
      double gbps = static_cast<double>(c.bytes) / static_cast<double>(c.durationNs());
      ChartSeries& target = c.host_memory == trace::MemoryKind::Pageable ? pageable
                            : c.host_memory == trace::MemoryKind::Pinned ? pinned
                                                                         : unknown;
      target.points.push_back({static_cast<double>(c.bytes), gbps,
                               fmt::format("{}: {} {} copy at {}, {}", ref.name, trace::formatBytes(c.bytes),
                                           trace::memoryKindName(c.host_memory), trace::formatGbps(gbps),
                                           present::relativeTime(c.start_ns, ref.time_origin))});
    }
    for (ChartSeries* s : {&pageable, &pinned, &unknown}) {
      if (s->points.empty()) continue;
      s->name += fmt::format(" ({})", s->points.size());
      series.push_back(std::move(*s));
    }
  }
  // Ticks fall on powers of ten, so they are labelled in decimal units (1 kB, 10 MB).
  ChartAxis x{"copy size", true, [](double v) {
                if (v >= 1e9) return fmt::format("{:g} GB", v / 1e9);
                if (v >= 1e6) return fmt::format("{:g} MB", v / 1e6);
                if (v >= 1e3) return fmt::format("{:g} kB", v / 1e3);
                return fmt::format("{:g} B", v);
              }};
  ChartAxis y{"GB/s", false, [](double v) { return fmt::format("{:g}", v); }};
  return svgXYChart("Host-to-device bandwidth against copy size", series, x, y);
}

const std::vector<TimeNs>& idleGapBinEdges() {
  static const std::vector<TimeNs> kEdges = {1'000,       3'000,       10'000,       30'000,     100'000,
                                             300'000,     1'000'000,   3'000'000,    10'000'000, 30'000'000,
                                             100'000'000, 300'000'000, 1'000'000'000};
  return kEdges;
}

std::vector<std::string> idleGapBinLabels() {
  const auto& edges = idleGapBinEdges();
  std::vector<std::string> labels;
  labels.push_back(trace::formatDurationBin(0, edges.front()));
  for (std::size_t i = 1; i < edges.size(); ++i) labels.push_back(trace::formatDurationBin(edges[i - 1], edges[i]));
  const trace::BinUnit last = trace::binUnitOf(edges.back());
  labels.push_back("≥ " + trace::inBinUnit(edges.back(), last) + " " + last.name);
  return labels;
}

std::vector<std::uint64_t> idleGapCounts(const DeviceAnalysis& device) {
  const auto& edges = idleGapBinEdges();
  std::vector<std::uint64_t> counts(edges.size() + 1, 0);
  const analysis::Span window = device.whole.window;
  for (const analysis::Gap& gap : device.timeline.gaps) {
    TimeNs length = std::min(gap.span.end, window.end) - std::max(gap.span.start, window.start);
    if (length <= 0) continue;
    auto bin = static_cast<std::size_t>(std::upper_bound(edges.begin(), edges.end(), length) - edges.begin());
    ++counts[bin];
  }
  return counts;
}

std::string idleGapHistogram(const Report& report) {
  std::vector<std::string> labels = idleGapBinLabels();
  std::vector<DeviceRef> refs = devicesOf(report);
  std::vector<std::vector<std::uint64_t>> counts;
  for (const DeviceRef& ref : refs) counts.push_back(idleGapCounts(*ref.device));
  // Only the bins from the shortest to the longest gap any run has: the bars stay wide and legible.
  std::size_t first = labels.size(), last = 0;
  for (const auto& c : counts) {
    for (std::size_t k = 0; k < c.size(); ++k) {
      if (c[k] == 0) continue;
      first = std::min(first, k);
      last = std::max(last, k);
    }
  }
  std::vector<std::string> shown;
  std::vector<ChartSeries> series;
  if (first <= last) {
    shown.assign(labels.begin() + static_cast<std::ptrdiff_t>(first),
                 labels.begin() + static_cast<std::ptrdiff_t>(last) + 1);
    for (std::size_t r = 0; r < refs.size(); ++r) {
      ChartSeries s{refs[r].name, present::hex(present::runColor(refs[r].index)), {}, false};
      for (std::size_t k = first; k <= last; ++k) {
        s.points.push_back({static_cast<double>(k), static_cast<double>(counts[r][k]),
                            fmt::format("{} · gaps of {}: {}", refs[r].name, labels[k], counts[r][k])});
      }
      series.push_back(std::move(s));
    }
  }
  ChartAxis y{"gaps", false, [](double v) { return fmt::format("{:g}", v); }};
  return svgGroupedBars("Idle gaps of compute by length", shown, "gap length (compute idle)", series, y);
}

}  // namespace feedscope::report
