// Starvation by cause inside a set of spans (the copies a finding is about, the ranges of a host
// thread): the labelled gap segments clipped to a window and to the spans. What lets a finding say
// how much of the GPU's idle time it explains, in the one unit findings share (docs/metrics.md,
// "Findings partition the starvation").
#pragma once

#include "analysis/gap_cause.h"
#include "analysis/gap_labeler.h"
#include "analysis/span_set.h"
#include "trace/large_page_allocator.h"

namespace feedscope::analysis {

// Time per cause of the segments inside `spans` (sorted, disjoint) and `window`.
GapBreakdown breakdownWithin(const trace::LargeVector<CauseSegment>& causes, const SpanList& spans,
                             Span window);

// The union of the segments whose cause `keep` accepts, clipped to `window`.
template <typename Keep>
SpanList segmentsOf(const trace::LargeVector<CauseSegment>& causes, Span window, Keep keep) {
  SpanList out;
  for (const CauseSegment& s : causes) {
    if (s.end <= window.start || !keep(s.cause)) continue;
    if (s.start >= window.end) break;
    appendToUnion(out, std::max(s.start, window.start), std::min(s.end, window.end));
  }
  return out;
}

}  // namespace feedscope::analysis
