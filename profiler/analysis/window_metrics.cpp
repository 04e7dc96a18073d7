// Window metrics read from a prepared device timeline.
#include "analysis/window_metrics.h"

#include "analysis/window_meter.h"

#include <algorithm>

namespace feedscope::analysis {
namespace {

std::optional<double> ratio(std::uint64_t bytes, TimeNs ns) {
  if (ns <= 0) return std::nullopt;
  return static_cast<double>(bytes) / static_cast<double>(ns);
}

// The first index at or after `hint` whose element does not satisfy `before` (elements satisfying it
// form a prefix): gallops forward from `hint`, or searches from 0 when the answer lies behind it.
template <typename Vector, typename Before>
std::size_t seek(const Vector& v, std::size_t hint, Before before) {
  const std::size_t n = v.size();
  if (hint > n || (hint > 0 && !before(v[hint - 1]))) hint = 0;
  std::size_t lo = hint, step = 1;
  while (lo + step < n && before(v[lo + step])) {
    lo += step;
    step *= 2;
  }
  std::size_t hi = std::min(n, lo + step + 1);
  auto it = std::partition_point(v.begin() + static_cast<std::ptrdiff_t>(lo), v.begin() + static_cast<std::ptrdiff_t>(hi),
                                 before);
  return static_cast<std::size_t>(it - v.begin());
}

// |spans ∩ w|, starting from the cursor (the first span ending after w.start).
TimeNs lengthFrom(const SpanList& spans, std::size_t& cursor, Span w) {
  cursor = seek(spans, cursor, [&](const Span& s) { return s.end <= w.start; });
  TimeNs total = 0;
  for (std::size_t i = cursor; i < spans.size() && spans[i].start < w.end; ++i) {
    total += std::min(spans[i].end, w.end) - std::max(spans[i].start, w.start);
  }
  return total;
}

CopyStats copyStatsFrom(const trace::LargeVector<CopyRecord>& copies, std::size_t& cursor, Span w,
                        const AnalysisOptions& options) {
  CopyStats s;
  cursor = seek(copies, cursor, [&](const CopyRecord& c) { return c.start_ns < w.start; });
  for (std::size_t i = cursor; i < copies.size() && copies[i].start_ns < w.end; ++i) {
    const CopyRecord& c = copies[i];
    TimeNs d = c.durationNs();
    const std::uint64_t timedBytes = d > 0 ? c.bytes : 0;
    ++s.count;
    s.bytes += c.bytes;
    s.timed_bytes += timedBytes;
    // Sums of durations: copies may overlap, and a hostile file could make them overflow.
    s.duration_ns = trace::saturatingAdd(s.duration_ns, d);
    if (c.host_memory == trace::MemoryKind::Pageable) {
      ++s.pageable_count;
      s.pageable_bytes += c.bytes;
      s.timed_pageable_bytes += timedBytes;
      s.pageable_duration_ns = trace::saturatingAdd(s.pageable_duration_ns, d);
    } else if (c.host_memory == trace::MemoryKind::Pinned) {
      ++s.pinned_count;
      s.pinned_bytes += c.bytes;
      s.timed_pinned_bytes += timedBytes;
      s.pinned_duration_ns = trace::saturatingAdd(s.pinned_duration_ns, d);
    } else {
      ++s.other_count;
    }
    if (c.bytes < options.small_copy_bytes) {
      ++s.small_count;
      s.small_duration_ns = trace::saturatingAdd(s.small_duration_ns, d);
    }
    if (c.host_blocked) ++s.sync_count;
  }
  return s;
}

}  // namespace

std::optional<double> CopyStats::gbps() const { return ratio(timed_bytes, duration_ns); }
std::optional<double> CopyStats::pageableGbps() const { return ratio(timed_pageable_bytes, pageable_duration_ns); }
std::optional<double> CopyStats::pinnedGbps() const { return ratio(timed_pinned_bytes, pinned_duration_ns); }

double WindowMetrics::pct(TimeNs part) const {
  return window_ns > 0 ? 100.0 * static_cast<double>(part) / static_cast<double>(window_ns) : 0.0;
}

std::optional<double> WindowMetrics::h2dOverlapPct() const {
  if (h2d_ns <= 0) return std::nullopt;
  return 100.0 * static_cast<double>(hidden_h2d_ns) / static_cast<double>(h2d_ns);
}

double WindowMetrics::inputWaitPct() const {
  return pct(gaps.copyWait() + gaps[GapCause::HostDataLoading]);
}

WindowMetrics measureWindow(const DeviceTimeline& timeline, Span window, const AnalysisOptions& options) {
  return WindowMeter(timeline, options).measure(window);
}

WindowMetrics WindowMeter::measure(Span window) {
  WindowMetrics m;
  m.window = window;
  m.window_ns = window.length();
  if (m.window_ns == 0) return m;
  auto& c = cursors_;
  m.compute_busy_ns = lengthFrom(tl_.kernels, c[kKernels], window);
  m.starvation_ns = m.window_ns - m.compute_busy_ns;
  m.gpu_busy_ns = m.compute_busy_ns + lengthFrom(tl_.non_kernel_work, c[kNonKernel], window);
  m.copy_only_ns = m.gpu_busy_ns - m.compute_busy_ns;
  m.fully_idle_ns = m.window_ns - m.gpu_busy_ns;
  m.h2d_ns = lengthFrom(tl_.h2d, c[kH2d], window);
  m.hidden_h2d_ns = lengthFrom(tl_.h2d_under_kernels, c[kH2dHidden], window);
  m.exposed_h2d_ns = m.h2d_ns - m.hidden_h2d_ns;

  // Causes: clip the labelled segments to the window. Time of the window outside the run's extent
  // has no data to explain it and counts as dependency / other, so the parts still sum to starvation.
  c[kCauses] = seek(tl_.causes, c[kCauses], [&](const CauseSegment& s) { return s.end <= window.start; });
  for (std::size_t i = c[kCauses]; i < tl_.causes.size() && tl_.causes[i].start < window.end; ++i) {
    const CauseSegment& seg = tl_.causes[i];
    m.gaps[seg.cause] += std::min(seg.end, window.end) - std::max(seg.start, window.start);
  }
  m.gaps[GapCause::DependencyOther] += m.starvation_ns - m.gaps.total();

  c[kGaps] = seek(tl_.gaps, c[kGaps], [&](const Gap& g) { return g.span.end <= window.start; });
  for (std::size_t i = c[kGaps]; i < tl_.gaps.size() && tl_.gaps[i].span.start < window.end; ++i) ++m.gap_count;
  if (tl_.gaps.empty() && m.starvation_ns > 0) m.gap_count = 1;

  c[kKernelStarts] = seek(tl_.kernel_starts, c[kKernelStarts], [&](const KernelStart& k) { return k.start_ns < window.start; });
  std::size_t kernelsEnd = seek(tl_.kernel_starts, c[kKernelStarts], [&](const KernelStart& k) { return k.start_ns < window.end; });
  m.kernel_count = kernelsEnd - c[kKernelStarts];
  c[kMemsetStarts] = seek(tl_.memset_starts, c[kMemsetStarts], [&](TimeNs t) { return t < window.start; });
  std::size_t memsetsEnd = seek(tl_.memset_starts, c[kMemsetStarts], [&](TimeNs t) { return t < window.end; });
  m.memset_count = memsetsEnd - c[kMemsetStarts];

  m.h2d = copyStatsFrom(tl_.h2d_copies, c[kH2dCopies], window, options_);
  m.d2h = copyStatsFrom(tl_.d2h_copies, c[kD2hCopies], window, options_);
  m.d2d = copyStatsFrom(tl_.d2d_copies, c[kD2dCopies], window, options_);
  return m;
}

}  // namespace feedscope::analysis
