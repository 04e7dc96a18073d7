// How much of each pixel column (bucket) of a time window a set of spans covers: what a zoomed-out
// lane draws (Nsight's "row height" convention) in the GUI and in the HTML report's timeline strips.
#pragma once

#include <cstddef>
#include <functional>
#include <vector>

#include "analysis/span_set.h"
#include "trace/interval_columns.h"

namespace feedscope::analysis {

// Fraction (0..1) of each of `buckets` equal parts of `window` covered by `spans`. O(buckets + spans
// inside the window).
std::vector<double> coveragePerBucket(const SpanList& spans, Span window, std::size_t buckets);

// Union of the intervals of one track that `keep` accepts (by index).
SpanList unionOfTrack(const trace::IntervalColumns& intervals, const std::function<bool(std::size_t)>& keep);

}  // namespace feedscope::analysis
