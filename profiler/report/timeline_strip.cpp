// Timeline strip data from a device's timeline and tracks.
#include "report/timeline_strip.h"

#include <algorithm>

#include "analysis/coverage.h"
#include "present/palette.h"

namespace feedscope::report {

using analysis::Span;
using analysis::SpanList;
using trace::IntervalKind;

namespace {

StripLane laneOf(std::string label, present::Rgb color, const SpanList& spans, Span window,
                 std::size_t columns) {
  StripLane lane;
  lane.label = std::move(label);
  lane.color = color;
  lane.average = analysis::coveragePerBucket(spans, window, columns);
  std::vector<double> fine = analysis::coveragePerBucket(spans, window, columns * kPeakSubdivisions);
  lane.peak.assign(columns, 0.0);
  for (std::size_t i = 0; i < fine.size(); ++i) {
    double& peak = lane.peak[i / kPeakSubdivisions];
    peak = std::max(peak, fine[i]);
  }
  if (window.length() > 0) {
    lane.busy_fraction =
        static_cast<double>(analysis::lengthWithin(spans, window)) / static_cast<double>(window.length());
  }
  return lane;
}

struct StreamKernels {
  std::int64_t stream;
  SpanList spans;
};

}  // namespace

TimelineStrip buildTimelineStrip(const trace::Run& run, const analysis::DeviceAnalysis& device, Span window,
                                 std::size_t columns) {
  TimelineStrip strip;
  strip.window = window;
  strip.columns = columns;
  const analysis::DeviceTimeline& tl = device.timeline;

  std::vector<StreamKernels> streams;
  std::vector<SpanList> memsets;
  for (const trace::Track& track : run.tracks) {
    if (track.kind != trace::TrackKind::GpuStream || track.device != device.device) continue;
    const auto& iv = track.intervals;
    SpanList kernels =
        analysis::unionOfTrack(iv, [&](std::size_t i) { return iv.kind[i] == IntervalKind::Kernel; });
    if (!kernels.empty()) streams.push_back({track.stream, std::move(kernels)});
    memsets.push_back(
        analysis::unionOfTrack(iv, [&](std::size_t i) { return iv.kind[i] == IntervalKind::Memset; }));
  }
  if (streams.size() > kMaxKernelLanes) {
    // Keep the busiest streams (in stream order) and fold the rest into one lane.
    std::vector<std::size_t> order(streams.size());
    for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
      return analysis::totalLength(streams[a].spans) > analysis::totalLength(streams[b].spans);
    });
    std::vector<bool> keep(streams.size(), false);
    for (std::size_t i = 0; i + 1 < kMaxKernelLanes; ++i) keep[order[i]] = true;
    std::vector<StreamKernels> kept;
    std::vector<SpanList> folded;
    for (std::size_t i = 0; i < streams.size(); ++i) {
      if (keep[i]) {
        kept.push_back(std::move(streams[i]));
      } else {
        folded.push_back(std::move(streams[i].spans));
      }
    }
    std::size_t foldedCount = folded.size();
    kept.push_back({-1, analysis::uniteAll(std::move(folded))});
    streams = std::move(kept);
    for (auto& s : streams) {
      std::string label = s.stream >= 0 ? "kernels · stream " + std::to_string(s.stream)
                                        : "kernels · " + std::to_string(foldedCount) + " other streams";
      strip.lanes.push_back(laneOf(std::move(label), present::palette::kKernel, s.spans, window, columns));
    }
  } else {
    for (const auto& s : streams) {
      strip.lanes.push_back(laneOf("kernels · stream " + std::to_string(s.stream), present::palette::kKernel,
                                   s.spans, window, columns));
    }
  }

  if (!tl.h2d.empty()) {
    StripLane lane = laneOf("H2D copies", present::palette::kH2dPinned, tl.h2d, window, columns);
    if (!tl.h2d_pageable.empty())
      lane.pageable = analysis::coveragePerBucket(tl.h2d_pageable, window, columns);
    strip.lanes.push_back(std::move(lane));
  }
  if (!tl.d2h_copies.empty()) {
    SpanList spans;
    spans.reserve(tl.d2h_copies.size());
    for (const auto& c : tl.d2h_copies) spans.push_back({c.start_ns, c.end_ns});
    strip.lanes.push_back(
        laneOf("D2H copies", present::palette::kD2h, analysis::unionOfSorted(spans), window, columns));
  }
  SpanList memsetUnion = analysis::uniteAll(std::move(memsets));
  if (!memsetUnion.empty())
    strip.lanes.push_back(laneOf("memsets", present::palette::kMemset, memsetUnion, window, columns));
  if (!tl.data_loading.empty()) {
    strip.lanes.push_back(
        laneOf("host: data loading", present::palette::kDataLoading, tl.data_loading, window, columns));
  }

  std::array<SpanList, analysis::kGapCauseCount> byCause;
  for (const analysis::CauseSegment& seg : tl.causes) {
    analysis::appendToUnion(byCause[static_cast<std::size_t>(seg.cause)], seg.start, seg.end);
  }
  for (std::size_t c = 0; c < byCause.size(); ++c) {
    strip.starvation[c] = analysis::coveragePerBucket(byCause[c], window, columns);
  }

  for (const analysis::StepMetrics& s : device.steps) {
    if (s.step.span.end > window.start && s.step.span.start < window.end) {
      strip.steps.push_back({s.step.span, s.step.number});
    }
  }
  return strip;
}

const analysis::StepMetrics* representativeStep(const analysis::DeviceAnalysis& device) {
  if (!device.step_summary || device.steps.empty()) return nullptr;
  const analysis::TimeNs median = device.step_summary->median_ns;
  const analysis::StepMetrics* best = nullptr;
  analysis::TimeNs bestDistance = 0;
  for (const auto& s : device.steps) {
    analysis::TimeNs distance =
        s.step.span.length() > median ? s.step.span.length() - median : median - s.step.span.length();
    if (best == nullptr || distance < bestDistance) {
      best = &s;
      bestDistance = distance;
    }
  }
  return best;
}

}  // namespace feedscope::report
