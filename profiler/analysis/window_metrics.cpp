// Window metrics read from a prepared device timeline.
#include "analysis/window_metrics.h"

#include <algorithm>

namespace feedscope::analysis {
namespace {

std::optional<double> ratio(std::uint64_t bytes, TimeNs ns) {
  if (ns <= 0) return std::nullopt;
  return static_cast<double>(bytes) / static_cast<double>(ns);
}

std::size_t countStartsWithin(const trace::LargeVector<TimeNs>& starts, Span w) {
  auto lo = std::lower_bound(starts.begin(), starts.end(), w.start);
  auto hi = std::lower_bound(lo, starts.end(), w.end);
  return static_cast<std::size_t>(hi - lo);
}

CopyStats copyStatsWithin(const trace::LargeVector<CopyRecord>& copies, Span w, const AnalysisOptions& options) {
  CopyStats s;
  auto first = std::lower_bound(copies.begin(), copies.end(), w.start,
                                [](const CopyRecord& c, TimeNs t) { return c.start_ns < t; });
  for (auto it = first; it != copies.end() && it->start_ns < w.end; ++it) {
    const CopyRecord& c = *it;
    TimeNs d = c.durationNs();
    ++s.count;
    s.bytes += c.bytes;
    s.duration_ns += d;
    if (c.host_memory == trace::MemoryKind::Pageable) {
      ++s.pageable_count;
      s.pageable_bytes += c.bytes;
      s.pageable_duration_ns += d;
    } else if (c.host_memory == trace::MemoryKind::Pinned) {
      ++s.pinned_count;
      s.pinned_bytes += c.bytes;
      s.pinned_duration_ns += d;
    } else {
      ++s.other_count;
    }
    if (c.bytes < options.small_copy_bytes) {
      ++s.small_count;
      s.small_duration_ns += d;
    }
    if (c.host_blocked) ++s.sync_count;
  }
  return s;
}

}  // namespace

std::optional<double> CopyStats::gbps() const { return ratio(bytes, duration_ns); }
std::optional<double> CopyStats::pageableGbps() const { return ratio(pageable_bytes, pageable_duration_ns); }
std::optional<double> CopyStats::pinnedGbps() const { return ratio(pinned_bytes, pinned_duration_ns); }

double WindowMetrics::pct(TimeNs part) const {
  return window_ns > 0 ? 100.0 * static_cast<double>(part) / static_cast<double>(window_ns) : 0.0;
}

std::optional<double> WindowMetrics::h2dOverlapPct() const {
  if (h2d_ns <= 0) return std::nullopt;
  return 100.0 * static_cast<double>(hidden_h2d_ns) / static_cast<double>(h2d_ns);
}

double WindowMetrics::inputBoundPct() const {
  return pct(gaps.copyWait() + gaps[GapCause::HostDataLoading]);
}

WindowMetrics measureWindow(const DeviceTimeline& tl, Span window, const AnalysisOptions& options) {
  WindowMetrics m;
  m.window = window;
  m.window_ns = window.length();
  if (m.window_ns == 0) return m;
  m.compute_busy_ns = lengthWithin(tl.kernels, window);
  m.starvation_ns = m.window_ns - m.compute_busy_ns;
  m.gpu_busy_ns = lengthWithin(tl.gpu_work, window);
  m.copy_only_ns = m.gpu_busy_ns - m.compute_busy_ns;
  m.fully_idle_ns = m.window_ns - m.gpu_busy_ns;
  m.h2d_ns = lengthWithin(tl.h2d, window);
  m.hidden_h2d_ns = lengthWithin(tl.h2d_under_kernels, window);
  m.exposed_h2d_ns = m.h2d_ns - m.hidden_h2d_ns;

  // Causes: clip the labelled segments to the window. Time of the window outside the run's extent
  // has no data to explain it and counts as dependency / other, so the parts still sum to starvation.
  auto first = std::upper_bound(tl.causes.begin(), tl.causes.end(), window.start,
                                [](TimeNs t, const CauseSegment& s) { return t < s.end; });
  for (auto it = first; it != tl.causes.end() && it->start < window.end; ++it) {
    m.gaps[it->cause] += std::min(it->end, window.end) - std::max(it->start, window.start);
  }
  m.gaps[GapCause::DependencyOther] += m.starvation_ns - m.gaps.total();

  auto firstGap = std::upper_bound(tl.gaps.begin(), tl.gaps.end(), window.start,
                                   [](TimeNs t, const Gap& g) { return t < g.span.end; });
  for (auto it = firstGap; it != tl.gaps.end() && it->span.start < window.end; ++it) ++m.gap_count;
  if (tl.gaps.empty() && m.starvation_ns > 0) m.gap_count = 1;

  auto kernelsFrom = std::lower_bound(tl.kernel_starts.begin(), tl.kernel_starts.end(), window.start,
                                      [](const KernelStart& k, TimeNs t) { return k.start_ns < t; });
  auto kernelsTo = std::lower_bound(kernelsFrom, tl.kernel_starts.end(), window.end,
                                    [](const KernelStart& k, TimeNs t) { return k.start_ns < t; });
  m.kernel_count = static_cast<std::uint64_t>(kernelsTo - kernelsFrom);
  m.memset_count = countStartsWithin(tl.memset_starts, window);
  m.h2d = copyStatsWithin(tl.h2d_copies, window, options);
  m.d2h = copyStatsWithin(tl.d2h_copies, window, options);
  m.d2d = copyStatsWithin(tl.d2d_copies, window, options);
  return m;
}

}  // namespace feedscope::analysis
