// The prefetched-step model: four paths per window, the slowest bounds the step.
#include "analysis/prefetch_model.h"

#include <algorithm>
#include <cmath>

#include "analysis/thresholds.h"

namespace feedscope::analysis {

using trace::IntervalKind;

std::string_view prefetchBoundKey(PrefetchBound bound) {
  switch (bound) {
    case PrefetchBound::HostWork: return "host_work";
    case PrefetchBound::InputCopy: return "input_copy";
    case PrefetchBound::Loader: return "loader";
    case PrefetchBound::GpuWork: break;
  }
  return "gpu_work";
}

std::string_view prefetchBoundLabel(PrefetchBound bound) {
  switch (bound) {
    case PrefetchBound::HostWork: return "host work";
    case PrefetchBound::InputCopy: return "input copies at pinned bandwidth";
    case PrefetchBound::Loader: return "loader workers";
    case PrefetchBound::GpuWork: break;
  }
  return "GPU work";
}

namespace {

// Correlation ids of the device's host-to-device copies, one bit each, so that every API call of
// the run is classified in O(1).
class CorrelationBits {
 public:
  void set(std::uint32_t id) {
    if (id == 0) return;
    const std::size_t word = id >> 6;
    if (word >= bits_.size()) bits_.resize(word + 1, 0);
    bits_[word] |= std::uint64_t{1} << (id & 63);
  }
  bool has(std::uint32_t id) const {
    const std::size_t word = id >> 6;
    return id != 0 && word < bits_.size() && ((bits_[word] >> (id & 63)) & 1) != 0;
  }

 private:
  std::vector<std::uint64_t> bits_;
};

// True when [start, end) holds a whole step: a range around the training loop or around a step is
// a container of work, and counting it as host work would hide the unnamed time inside it.
bool containsAStep(const std::vector<StepWindow>& steps, TimeNs start, TimeNs end) {
  auto it = std::lower_bound(steps.begin(), steps.end(), start,
                             [](const StepWindow& s, TimeNs t) { return s.span.start < t; });
  return it != steps.end() && it->span.end <= end;
}

bool covers(const SpanList& spans, TimeNs t) {
  const std::size_t i = firstEndingAfter(spans, t);
  return i < spans.size() && spans[i].start <= t;
}

bool namesHostWork(IntervalKind kind) {
  return trace::isApiCall(kind) || kind == IntervalKind::HostOp || kind == IntervalKind::Range ||
         kind == IntervalKind::DataLoading;
}

}  // namespace

HostInputPath collectHostInputPath(const trace::Run& run, const DeviceTimeline& timeline,
                                   const std::vector<StepWindow>& steps) {
  HostInputPath out;
  CorrelationBits inputCopies;
  for (const CopyRecord& c : timeline.h2d_copies) inputCopies.set(c.correlation);

  std::vector<SpanList> activity, inputCalls;
  for (const trace::Track& track : run.tracks) {
    if (track.isGpu()) continue;
    const auto& iv = track.intervals;
    SpanList named, calls, loader;
    for (std::size_t i = 0; i < iv.size(); ++i) {
      const IntervalKind kind = iv.kind[i];
      const TimeNs s = iv.start_ns[i], e = iv.end_ns[i];
      if (kind == IntervalKind::LoaderWork) {
        appendToUnion(loader, s, e);
        continue;
      }
      if (!namesHostWork(kind)) continue;
      if (trace::isApiCall(kind)) {
        out.has_host_calls = true;
        if (inputCopies.has(iv.correlation[i])) appendToUnion(calls, s, e);
      } else if (containsAStep(steps, s, e)) {
        continue;
      }
      appendToUnion(named, s, e);
    }
    activity.push_back(std::move(named));
    inputCalls.push_back(std::move(calls));
    if (!loader.empty()) out.loader_threads.push_back(std::move(loader));
  }
  out.host_activity = uniteAll(std::move(activity));
  out.input_calls = uniteAll(std::move(inputCalls));
  out.host_wait_or_input = unite(unite(timeline.blocking_calls, timeline.data_loading), out.input_calls);
  return out;
}

PrefetchModel::PrefetchModel(const DeviceTimeline& timeline, const HostInputPath& host, const std::vector<Span>& windows,
                             double pinnedBytesPerNs, double perCopyLatencyNs)
    : tl_(timeline), host_(host), pinnedBytesPerNs_(pinnedBytesPerNs), perCopyLatencyNs_(perCopyLatencyNs) {
  SpanList measured;
  for (const Span& w : windows) appendToUnion(measured, w.start, w.end);
  SpanList inputGaps;
  for (const Gap& g : tl_.gaps) {
    if (isInputGap(g)) appendToUnion(inputGaps, g.span.start, g.span.end);
  }
  const SpanList rest = subtract(subtract(measured, inputGaps), tl_.blocking_calls);
  const TimeNs restNs = totalLength(rest);
  coverage_ = restNs > 0 ? static_cast<double>(totalLength(intersect(rest, host_.host_activity))) /
                               static_cast<double>(restNs)
                         : 0.0;
  trustUnnamed_ = coverage_ >= thresholds::kTrustedNamedHostCoverage;
}

bool PrefetchModel::isInputGap(const Gap& g) const {
  return lengthWithin(tl_.h2d, g.span) > 0 || lengthWithin(tl_.data_loading, g.span) > 0;
}

// The GPU idle time inside `window` that a perfect input pipeline would not remove, and (through
// `unnamedInputHostNs`) the host time no range names inside input gaps, which is input path too.
TimeNs PrefetchModel::keptIdle(Span window, TimeNs& unnamedInputHostNs) const {
  unnamedInputHostNs = 0;
  TimeNs kept = 0;
  const auto& gaps = tl_.gaps;
  auto first = std::partition_point(gaps.begin(), gaps.end(), [&](const Gap& g) { return g.span.end <= window.start; });
  for (auto it = first; it != gaps.end() && it->span.start < window.end; ++it) {
    const Gap& g = *it;
    const Span part{std::max(g.span.start, window.start), std::min(g.span.end, window.end)};
    if (part.length() == 0) continue;
    // An input gap: the GPU waited while a batch was copied or loaded. Prefetching takes the copy,
    // the loading, the copy calls and (in a trace that names its host work) the unnamed host time
    // around them off the GPU's path; the named host work left in the gap (launching the first
    // kernel after the input arrived, say) stays.
    if (isInputGap(g)) {
      SpanList removable = unite(unite(clip(tl_.h2d, part), clip(tl_.data_loading, part)), clip(host_.input_calls, part));
      if (trustUnnamed_) {
        const SpanList unnamed = gapsWithin(host_.host_activity, part);
        unnamedInputHostNs += totalLength(subtract(unnamed, removable));
        removable = unite(removable, unnamed);
      }
      kept += totalLength(subtract(subtract(SpanList{part}, removable), clip(tl_.other_work, part)));
      continue;
    }
    // Not an input gap. The GPU drained because the host waited on it (a synchronisation) or it
    // waited on a dependency: that recurs every step with any input pipeline. A gap where the host
    // was busy launching goes once the host runs ahead of the GPU; the host path bounds that.
    const bool drained = !g.host_late || covers(tl_.blocking_calls, g.span.start);
    if (drained) kept += part.length() - lengthWithin(tl_.other_work, part);
  }
  return kept;
}

TimeNs PrefetchModel::copyPathNs(Span window) const {
  if (pinnedBytesPerNs_ <= 0) return 0;
  const auto& copies = tl_.h2d_copies;
  auto first = std::partition_point(copies.begin(), copies.end(), [&](const CopyRecord& c) { return c.start_ns < window.start; });
  double ns = 0;
  for (auto it = first; it != copies.end() && it->start_ns < window.end; ++it) {
    ns += static_cast<double>(it->bytes) / pinnedBytesPerNs_ + perCopyLatencyNs_;
  }
  return static_cast<TimeNs>(std::llround(ns));
}

PrefetchPaths PrefetchModel::predict(Span window) const {
  PrefetchPaths p;
  if (window.length() == 0) return p;
  TimeNs unnamedInput = 0;
  const TimeNs kept = keptIdle(window, unnamedInput);
  p.gpu_ns = lengthWithin(tl_.kernels, window) + lengthWithin(tl_.other_work, window) + kept;
  if (host_.has_host_calls) {
    p.host_ns = std::max<TimeNs>(0, window.length() - lengthWithin(host_.host_wait_or_input, window) - unnamedInput);
  }
  p.copy_ns = copyPathNs(window);
  if (!host_.loader_threads.empty()) {
    TimeNs busy = 0;
    for (const SpanList& thread : host_.loader_threads) busy += lengthWithin(thread, window);
    p.loader_ns = busy / static_cast<TimeNs>(host_.loader_threads.size());
  }
  TimeNs slowest = p.gpu_ns;
  auto consider = [&](std::optional<TimeNs> ns, PrefetchBound bound) {
    if (ns && *ns > slowest) {
      slowest = *ns;
      p.bound = bound;
    }
  };
  consider(p.host_ns, PrefetchBound::HostWork);
  consider(p.copy_ns, PrefetchBound::InputCopy);
  consider(p.loader_ns, PrefetchBound::Loader);
  // Prefetching never makes a step slower: a path above the measured window is a path the run
  // already hides better than the model assumes.
  p.predicted_ns = std::min(slowest, window.length());
  return p;
}

}  // namespace feedscope::analysis
