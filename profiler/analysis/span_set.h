// Sets of time as sorted, disjoint half-open spans [start, end): unions, intersections, differences.
// The metric definitions are stated on such sets ("unions, never sums").
#pragma once

#include <vector>

#include "trace/large_page_allocator.h"
#include "trace/types.h"

namespace feedscope::analysis {

using trace::TimeNs;

struct Span {
  TimeNs start = 0;
  TimeNs end = 0;
  TimeNs length() const { return end > start ? end - start : 0; }
  bool contains(TimeNs t) const { return t >= start && t < end; }
  friend bool operator==(const Span&, const Span&) = default;
};

// Sorted by start, pairwise disjoint and non-touching, every span non-empty.
using SpanList = trace::LargeVector<Span>;

// Appends [start, end) to a list being built in start order, merging with the last span when they
// overlap or touch. Empty spans are ignored.
inline void appendToUnion(SpanList& out, TimeNs start, TimeNs end) {
  if (end <= start) return;
  if (!out.empty() && start <= out.back().end) {
    if (end > out.back().end) out.back().end = end;
  } else {
    out.push_back({start, end});
  }
}

// Union of spans given in start order (any overlap allowed).
SpanList unionOfSorted(const SpanList& spansByStart);
// Union of spans in any order.
SpanList unionOf(SpanList spans);
SpanList unite(const SpanList& a, const SpanList& b);
// Union of many span lists by balanced pairwise merging: O(n log k).
SpanList uniteAll(std::vector<SpanList> lists);
SpanList intersect(const SpanList& a, const SpanList& b);
SpanList subtract(const SpanList& a, const SpanList& b);
// The complement of `a` inside `window`.
SpanList gapsWithin(const SpanList& a, Span window);
SpanList clip(const SpanList& a, Span window);

TimeNs totalLength(const SpanList& a);
// |a ∩ b| in one merge pass, without building the intersection.
TimeNs intersectionLength(const SpanList& a, const SpanList& b);
// |a ∩ window| by binary search: O(log n + spans inside the window).
TimeNs lengthWithin(const SpanList& a, Span window);
// Index of the first span whose end is after t.
std::size_t firstEndingAfter(const SpanList& a, TimeNs t);

// Reads one span list over many windows asked mostly in time order (the steps of a run): a cursor
// that moves forward, reset by a binary search only when a window starts before it. Linear in the
// list plus the windows, where a search per window would touch cold memory twenty times a window.
class SpanCursor {
 public:
  explicit SpanCursor(const SpanList& list) : list_(&list) {}
  // The index of the first span ending after t.
  std::size_t seek(TimeNs t);
  TimeNs lengthWithin(Span window);
  SpanList clip(Span window);
  // Whether one span holds the whole window.
  bool covers(Span window) {
    const SpanList& a = *list_;
    const std::size_t i = seek(window.start);
    return i < a.size() && a[i].start <= window.start && a[i].end >= window.end;
  }
  // Calls f(start, end) for each span's part inside the window, without building a list.
  template <typename F>
  void forEachWithin(Span window, F f) {
    const SpanList& a = *list_;
    for (std::size_t i = seek(window.start); i < a.size() && a[i].start < window.end; ++i) {
      f(std::max(a[i].start, window.start), std::min(a[i].end, window.end));
    }
  }

 private:
  const SpanList* list_;
  std::size_t at_ = 0;
};

}  // namespace feedscope::analysis
