// The host time that some call, operator or range names, over every host thread, read as a stream
// of disjoint spans in time order. Nothing is stored: each thread's own union is produced as its
// intervals are walked, and the threads are merged with a heap. On a run of 10 M intervals the
// stored union was an 80 MB array, and its fresh pages cost more than the analysis that read it.
#pragma once

#include <algorithm>
#include <queue>
#include <vector>

#include "analysis/span_set.h"
#include "analysis/steps.h"
#include "trace/run.h"

namespace feedscope::analysis {

// Whether an interval of this kind names host work (loader workers and steps do not: workers run
// beside the training thread, and a step is the frame, not the work).
bool namesHostWork(trace::IntervalKind kind);

// One host thread's union, span by span (its intervals are sorted by start). Ranges and operators
// that contain a whole step (a range around the training loop) are containers, not work: left out.
class ThreadUnion {
 public:
  ThreadUnion(const trace::IntervalColumns& iv, const std::vector<StepWindow>& steps) : iv_(&iv), steps_(&steps) {}
  // The next span of the thread's union; false when there is none.
  bool next(Span& out);

 private:
  bool named(std::size_t i) const;
  bool peekNamed(Span& out);

  const trace::IntervalColumns* iv_;
  const std::vector<StepWindow>* steps_;
  std::size_t i_ = 0;
};

// Calls `visit(Span)` for each span of the union of named host work over all threads, in time order
// (a template, so the call per span inlines: there are millions).
template <typename Visit>
void forEachNamedHostSpan(const trace::Run& run, const std::vector<StepWindow>& steps, Visit visit) {
  std::vector<ThreadUnion> threads;
  for (const trace::Track& track : run.tracks) {
    if (!track.isGpu() && !track.intervals.empty()) threads.emplace_back(track.intervals, steps);
  }
  // The heap holds each thread's next span; the earliest start comes out first.
  using Entry = std::pair<Span, std::size_t>;
  auto later = [](const Entry& a, const Entry& b) { return a.first.start > b.first.start; };
  std::priority_queue<Entry, std::vector<Entry>, decltype(later)> heap(later);
  for (std::size_t t = 0; t < threads.size(); ++t) {
    Span s;
    if (threads[t].next(s)) heap.push({s, t});
  }
  bool open = false;
  Span current;
  while (!heap.empty()) {
    auto [s, t] = heap.top();
    heap.pop();
    Span following;
    if (threads[t].next(following)) heap.push({following, t});
    if (open && s.start <= current.end) {
      current.end = std::max(current.end, s.end);
      continue;
    }
    if (open) visit(current);
    current = s;
    open = true;
  }
  if (open) visit(current);
}

}  // namespace feedscope::analysis
