// Per-bucket coverage of span lists.
#include "analysis/coverage.h"

#include <algorithm>

namespace feedscope::analysis {

std::vector<double> coveragePerBucket(const SpanList& spans, Span window, std::size_t buckets) {
  std::vector<double> out(buckets, 0.0);
  if (buckets == 0 || window.length() <= 0) return out;
  // Bucket edges in double, relative to the window start: buckets may be narrower than 1 ns.
  const double width = static_cast<double>(window.length()) / static_cast<double>(buckets);
  for (std::size_t i = firstEndingAfter(spans, window.start); i < spans.size() && spans[i].start < window.end; ++i) {
    double s = static_cast<double>(std::max(spans[i].start, window.start) - window.start);
    double e = static_cast<double>(std::min(spans[i].end, window.end) - window.start);
    auto first = std::min(static_cast<std::size_t>(s / width), buckets - 1);
    for (std::size_t b = first; b < buckets; ++b) {
      double bs = static_cast<double>(b) * width;
      if (bs >= e) break;
      double covered = std::min(e, bs + width) - std::max(s, bs);
      if (covered > 0) out[b] += covered / width;
    }
  }
  for (double& v : out) v = std::min(v, 1.0);
  return out;
}

SpanList unionOfTrack(const trace::IntervalColumns& iv, const std::function<bool(std::size_t)>& keep) {
  SpanList out;
  for (std::size_t i = 0; i < iv.size(); ++i) {
    if (keep(i)) appendToUnion(out, iv.start_ns[i], iv.end_ns[i]);
  }
  return out;
}

}  // namespace feedscope::analysis
