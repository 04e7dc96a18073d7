// Linear-time set operations on sorted disjoint span lists.
#include "analysis/span_set.h"

#include <algorithm>

namespace feedscope::analysis {

SpanList unionOfSorted(const SpanList& spansByStart) {
  SpanList out;
  out.reserve(spansByStart.size());
  for (const auto& s : spansByStart) appendToUnion(out, s.start, s.end);
  return out;
}

SpanList unionOf(SpanList spans) {
  std::sort(spans.begin(), spans.end(), [](const Span& a, const Span& b) { return a.start < b.start; });
  return unionOfSorted(spans);
}

SpanList unite(const SpanList& a, const SpanList& b) {
  SpanList out;
  out.reserve(a.size() + b.size());
  std::size_t i = 0, j = 0;
  while (i < a.size() || j < b.size()) {
    const Span& next = (j >= b.size() || (i < a.size() && a[i].start <= b[j].start)) ? a[i++] : b[j++];
    appendToUnion(out, next.start, next.end);
  }
  return out;
}

SpanList uniteAll(std::vector<SpanList> lists) {
  // Empty lists add nothing, and a single list is already its own union: no copy for either.
  std::erase_if(lists, [](const SpanList& l) { return l.empty(); });
  if (lists.empty()) return {};
  while (lists.size() > 1) {
    std::vector<SpanList> next;
    next.reserve((lists.size() + 1) / 2);
    for (std::size_t i = 0; i + 1 < lists.size(); i += 2) next.push_back(unite(lists[i], lists[i + 1]));
    if (lists.size() % 2 == 1) next.push_back(std::move(lists.back()));
    lists.swap(next);
  }
  return std::move(lists.front());
}

SpanList intersect(const SpanList& a, const SpanList& b) {
  SpanList out;
  std::size_t i = 0, j = 0;
  while (i < a.size() && j < b.size()) {
    TimeNs s = std::max(a[i].start, b[j].start);
    TimeNs e = std::min(a[i].end, b[j].end);
    if (s < e) out.push_back({s, e});
    if (a[i].end < b[j].end) {
      ++i;
    } else {
      ++j;
    }
  }
  return out;
}

SpanList subtract(const SpanList& a, const SpanList& b) {
  SpanList out;
  std::size_t j = 0;
  for (const auto& span : a) {
    TimeNs cursor = span.start;
    while (j < b.size() && b[j].end <= cursor) ++j;
    std::size_t k = j;
    while (k < b.size() && b[k].start < span.end) {
      if (b[k].start > cursor) out.push_back({cursor, b[k].start});
      cursor = std::max(cursor, b[k].end);
      if (cursor >= span.end) break;
      ++k;
    }
    if (cursor < span.end) out.push_back({cursor, span.end});
  }
  return out;
}

SpanList clip(const SpanList& a, Span window) {
  SpanList out;
  for (std::size_t i = firstEndingAfter(a, window.start); i < a.size() && a[i].start < window.end; ++i) {
    out.push_back({std::max(a[i].start, window.start), std::min(a[i].end, window.end)});
  }
  return out;
}

SpanList gapsWithin(const SpanList& a, Span window) {
  SpanList out;
  TimeNs cursor = window.start;
  for (std::size_t i = firstEndingAfter(a, window.start); i < a.size() && a[i].start < window.end; ++i) {
    if (a[i].start > cursor) out.push_back({cursor, a[i].start});
    cursor = std::max(cursor, a[i].end);
  }
  if (cursor < window.end) out.push_back({cursor, window.end});
  return out;
}

TimeNs totalLength(const SpanList& a) {
  TimeNs total = 0;
  for (const auto& s : a) total += s.length();
  return total;
}

std::size_t SpanCursor::seek(TimeNs t) {
  const SpanList& a = *list_;
  if (at_ > a.size() || (at_ > 0 && a[at_ - 1].end > t)) at_ = firstEndingAfter(a, t);
  while (at_ < a.size() && a[at_].end <= t) ++at_;
  return at_;
}

TimeNs SpanCursor::lengthWithin(Span window) {
  if (window.end <= window.start) return 0;
  const SpanList& a = *list_;
  TimeNs total = 0;
  for (std::size_t i = seek(window.start); i < a.size() && a[i].start < window.end; ++i) {
    total += std::min(a[i].end, window.end) - std::max(a[i].start, window.start);
  }
  return total;
}

SpanList SpanCursor::clip(Span window) {
  const SpanList& a = *list_;
  SpanList out;
  for (std::size_t i = seek(window.start); i < a.size() && a[i].start < window.end; ++i) {
    out.push_back({std::max(a[i].start, window.start), std::min(a[i].end, window.end)});
  }
  return out;
}

TimeNs intersectionLength(const SpanList& a, const SpanList& b) {
  TimeNs total = 0;
  std::size_t i = 0, j = 0;
  while (i < a.size() && j < b.size()) {
    const TimeNs s = std::max(a[i].start, b[j].start);
    const TimeNs e = std::min(a[i].end, b[j].end);
    if (s < e) total += e - s;
    if (a[i].end < b[j].end) {
      ++i;
    } else {
      ++j;
    }
  }
  return total;
}

std::size_t firstEndingAfter(const SpanList& a, TimeNs t) {
  // Disjoint and sorted by start, so ends are sorted too.
  return static_cast<std::size_t>(
      std::upper_bound(a.begin(), a.end(), t, [](TimeNs value, const Span& s) { return value < s.end; }) -
      a.begin());
}

TimeNs lengthWithin(const SpanList& a, Span window) {
  if (window.end <= window.start) return 0;
  TimeNs total = 0;
  for (std::size_t i = firstEndingAfter(a, window.start); i < a.size() && a[i].start < window.end; ++i) {
    total += std::min(a[i].end, window.end) - std::max(a[i].start, window.start);
  }
  return total;
}

}  // namespace feedscope::analysis
