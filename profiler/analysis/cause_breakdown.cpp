// Starvation by cause inside spans.
#include "analysis/cause_breakdown.h"

#include <algorithm>

namespace feedscope::analysis {

GapBreakdown breakdownWithin(const trace::LargeVector<CauseSegment>& causes, const SpanList& spans,
                             Span window) {
  GapBreakdown out;
  // Both lists are sorted and disjoint: one merge pass.
  std::size_t k = 0;
  for (const CauseSegment& seg : causes) {
    const TimeNs start = std::max(seg.start, window.start), end = std::min(seg.end, window.end);
    if (seg.start >= window.end) break;
    if (end <= start) continue;
    while (k < spans.size() && spans[k].end <= start) ++k;
    for (std::size_t j = k; j < spans.size() && spans[j].start < end; ++j) {
      out[seg.cause] += std::min(end, spans[j].end) - std::max(start, spans[j].start);
    }
  }
  return out;
}

}  // namespace feedscope::analysis
