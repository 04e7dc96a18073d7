// Chart data of the HTML report.
#include "report/report_html_charts.h"

#include <fmt/format.h>

#include <algorithm>
#include <array>

#include "analysis/gap_histogram.h"
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

std::string idleGapHistogram(const Report& report) {
  // The GUI's chart (analysis/gap_histogram.h): idle time per gap length, the count in the tooltip.
  std::vector<DeviceRef> refs = devicesOf(report);
  std::vector<const DeviceAnalysis*> devices;
  for (const DeviceRef& ref : refs) devices.push_back(ref.device);
  const analysis::GapHistogram h = analysis::gapHistogram(devices);
  std::vector<ChartSeries> series;
  for (std::size_t r = 0; r < refs.size() && !h.labels.empty(); ++r) {
    ChartSeries s{refs[r].name, present::hex(present::runColor(refs[r].index)), {}, false};
    for (std::size_t k = 0; k < h.labels.size(); ++k) {
      s.points.push_back({static_cast<double>(k), h.idle_ms[r][k],
                          fmt::format("{} · gaps of {}: {} gap{}, {} idle", refs[r].name, h.labels[k],
                                      h.counts[r][k], h.counts[r][k] == 1 ? "" : "s", trace::formatDuration(static_cast<TimeNs>(h.idle_ms[r][k] * 1e6)))});
    }
    series.push_back(std::move(s));
  }
  ChartAxis y{"idle time", false, [](double v) { return trace::formatDuration(static_cast<TimeNs>(v * 1e6)); }};
  return svgGroupedBars("Idle time of compute by gap length", h.labels, "gap length (compute idle)", series, y);
}

}  // namespace feedscope::report
