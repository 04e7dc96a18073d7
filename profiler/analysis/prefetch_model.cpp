// The prefetched-step model: four paths per window, the slowest bounds the step.
#include "analysis/prefetch_model.h"

#include <algorithm>
#include <cmath>

#include "analysis/correlation_index.h"
#include "analysis/named_host_stream.h"
#include "analysis/thresholds.h"
#include "trace/range_names.h"

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

HostInputPath collectHostInputPath(const trace::Run& run, const trace::StringTable& strings,
                                   const DeviceTimeline& timeline) {
  HostInputPath out;
  // The host time a copy call spends on its copy: from its copy's start (less the copy's own length:
  // a pageable copy stages its first chunk before the GPU record begins, and no chunk takes longer
  // than the whole copy) to the copy's end. What the call waited before that, the copy did not cause:
  // the stream or another device was still busy (a 60-byte copy blocked for 493 ms behind another
  // GPU's work is host blocking, not input: docs/metrics.md, "Input evidence").
  SpanList inputCalls;
  for (const CopyRecord& c : timeline.h2d_copies) {
    if (!c.has_api_call) continue;
    const TimeNs from = std::max(c.call_start_ns, c.start_ns - c.durationNs());
    const TimeNs to = std::min(c.call_end_ns, c.end_ns);
    if (to > from) inputCalls.push_back({from, to});
  }
  std::vector<std::int8_t> inputPathName(strings.size(), -1);  // by string id: -1 unknown, 0 no, 1 yes
  auto onInputPath = [&](trace::StringId name) {
    if (name >= inputPathName.size()) return false;
    std::int8_t& known = inputPathName[name];
    if (known < 0) known = trace::isInputPathRangeName(strings.get(name)) ? 1 : 0;
    return known == 1;
  };

  std::vector<SpanList> inputRanges;
  for (const trace::Track& track : run.tracks) {
    if (track.isGpu()) continue;
    const auto& iv = track.intervals;
    SpanList loader, ranges;
    for (std::size_t i = 0; i < iv.size(); ++i) {
      const IntervalKind kind = iv.kind[i];
      if ((kind == IntervalKind::Range || kind == IntervalKind::HostOp) && onInputPath(iv.name[i])) {
        ranges.push_back({iv.start_ns[i], iv.end_ns[i]});
      }
      if (kind == IntervalKind::LoaderWork) {
        appendToUnion(loader, iv.start_ns[i], iv.end_ns[i]);
      } else if (trace::isApiCall(kind)) {
        out.has_host_calls = true;
      }
    }
    inputRanges.push_back(unionOf(std::move(ranges)));  // nested ranges start inside their parents
    if (!loader.empty()) out.loader_threads.push_back(std::move(loader));
  }
  out.input_calls = unionOf(std::move(inputCalls));
  out.input_path = unite(timeline.data_loading, uniteAll(std::move(inputRanges)));
  out.host_wait_or_input = unite(unite(timeline.blocking_calls, out.input_path), out.input_calls);
  return out;
}

// Classifies every gap in one merge pass over the gaps and the input, loading and blocking spans
// (all sorted), so that predicting a step costs only the gaps inside it.
PrefetchModel::PrefetchModel(const DeviceTimeline& timeline, const HostInputPath& host, const trace::Run& run,
                             const std::vector<StepWindow>& steps, const std::vector<Span>& windows,
                             double pinnedBytesPerNs, double perCopyLatencyNs)
    : tl_(timeline),
      host_(host),
      sync_calls_(subtract(timeline.blocking_calls, host.input_calls)),
      pinned_bytes_per_ns_(pinnedBytesPerNs),
      per_copy_latency_ns_(perCopyLatencyNs),
      kernels_(timeline.kernels),
      other_work_(timeline.other_work),
      other_work_of_window_(timeline.other_work),
      other_work_of_gaps_(timeline.other_work),
      copies_(timeline.h2d),
      loading_(host.input_path),
      input_calls_(host.input_calls),
      named_(named_in_input_gaps_),
      wait_or_input_(host.host_wait_or_input),
      syncs_(sync_calls_) {
  for (const SpanList& thread : host_.loader_threads) loader_threads_.emplace_back(thread);
  fate_.reserve(tl_.gaps.size());
  std::size_t copy = 0, loading = 0, blocking = 0;
  SpanList inputGaps;
  for (const Gap& g : tl_.gaps) {
    while (copy < tl_.h2d.size() && tl_.h2d[copy].end <= g.span.start) ++copy;
    const SpanList& inputPath = host_.input_path;
    while (loading < inputPath.size() && inputPath[loading].end <= g.span.start) ++loading;
    while (blocking < tl_.blocking_calls.size() && tl_.blocking_calls[blocking].end <= g.span.start)
      ++blocking;
    const bool input = (copy < tl_.h2d.size() && tl_.h2d[copy].start < g.span.end) ||
                       (loading < inputPath.size() && inputPath[loading].start < g.span.end);
    if (input) {
      fate_.push_back(GapFate::Input);
      appendToUnion(inputGaps, g.span.start, g.span.end);
      continue;
    }
    // The GPU drained because the host waited on it (a synchronisation), or it waited on a
    // dependency: that recurs with any input pipeline. A gap where the host was busy launching goes
    // once the host runs ahead of the GPU; the host path bounds that.
    const bool hostWaiting = blocking < tl_.blocking_calls.size() && tl_.blocking_calls[blocking].start <= g.span.start;
    fate_.push_back(hostWaiting ? GapFate::Drained : !g.host_late ? GapFate::Stays : GapFate::Goes);
  }

  SpanList measured;
  for (const Span& w : windows) appendToUnion(measured, w.start, w.end);
  const SpanList rest = subtract(subtract(measured, inputGaps), tl_.blocking_calls);
  // One pass over the named host time: how much of the rest it covers, and what of it lies in input
  // gaps (all that the windows later need of it).
  SpanCursor restCursor(rest), inputGapCursor(inputGaps);
  TimeNs namedRestNs = 0;
  forEachNamedHostSpan(run, steps, [&](Span named) {
    namedRestNs += restCursor.lengthWithin(named);
    inputGapCursor.forEachWithin(named, [&](TimeNs s, TimeNs e) { appendToUnion(named_in_input_gaps_, s, e); });
  });
  const TimeNs restNs = totalLength(rest);
  coverage_ = restNs > 0 ? static_cast<double>(namedRestNs) / static_cast<double>(restNs) : 0.0;
  trust_unnamed_ = coverage_ >= thresholds::kTrustedNamedHostCoverage;
}

// An input gap: the GPU waited while a batch was copied or loaded. Prefetching takes the copy, the
// loading, the copy calls and (in a trace that names its host work) the unnamed host time around
// them off the GPU's path; the named host work left in the gap (launching the first kernel after the
// input arrived, say) stays.
TimeNs PrefetchModel::keptOfInputGap(Span part, TimeNs& unnamedInputHostNs) const {
  // One sweep over the edges of five lists inside the gap: named host work, copies, loading, input
  // calls and other GPU work. Lists are disjoint in themselves, so a bit per list says what covers a
  // stretch of time.
  enum : std::uint8_t { kNamed = 1, kCopy = 2, kLoading = 4, kCall = 8, kOther = 16 };
  // Most input gaps lie inside one copy or one loading range: all of it goes.
  if (copies_.covers(part) || loading_.covers(part)) return 0;
  edges_.clear();
  auto add = [this](SpanCursor& cursor, std::uint8_t list, Span within) {
    cursor.forEachWithin(within, [&](TimeNs s, TimeNs e) {
      edges_.push_back({s, list, +1});
      edges_.push_back({e, list, -1});
    });
  };
  add(named_, kNamed, part);
  add(copies_, kCopy, part);
  add(loading_, kLoading, part);
  add(input_calls_, kCall, part);
  add(other_work_, kOther, part);
  std::sort(edges_.begin(), edges_.end(), [](const Edge& x, const Edge& y) { return x.at < y.at; });
  TimeNs kept = 0, at = part.start;
  std::uint8_t covered = 0;
  std::size_t i = 0;
  while (at < part.end) {
    while (i < edges_.size() && edges_[i].at <= at) {
      covered = static_cast<std::uint8_t>(edges_[i].step > 0 ? covered | edges_[i].list : covered & ~edges_[i].list);
      ++i;
    }
    const TimeNs next = i < edges_.size() ? std::min(edges_[i].at, part.end) : part.end;
    const bool input = (covered & (kCopy | kLoading | kCall)) != 0;
    const bool named = (covered & kNamed) != 0;
    if (!input && !named && trust_unnamed_) {
      unnamedInputHostNs += next - at;  // unnamed input path: goes from the GPU's path and the host's
    } else if (!input && (covered & kOther) == 0) {
      kept += next - at;
    }
    at = next;
  }
  return kept;
}

// The GPU idle time inside `window` that a perfect input pipeline would not remove, and (through
// `unnamedInputHostNs`) the unnamed host time inside input gaps, which is input path too.
TimeNs PrefetchModel::keptIdle(Span window, TimeNs& unnamedInputHostNs, TimeNs& drainedNs) const {
  unnamedInputHostNs = 0;
  drainedNs = 0;
  TimeNs kept = 0;
  const auto& gaps = tl_.gaps;
  if (gap_cursor_ > gaps.size() || (gap_cursor_ > 0 && gaps[gap_cursor_ - 1].span.end > window.start)) {
    gap_cursor_ = static_cast<std::size_t>(
        std::partition_point(gaps.begin(), gaps.end(), [&](const Gap& g) { return g.span.end <= window.start; }) -
        gaps.begin());
  }
  while (gap_cursor_ < gaps.size() && gaps[gap_cursor_].span.end <= window.start) ++gap_cursor_;
  // Memsets and other non-input GPU work inside gaps that stay are GPU work, not idle: walked with
  // the gaps (a window has dozens of gaps and a few such spans).
  const SpanList& other = tl_.other_work;
  std::size_t o = other_work_of_gaps_.seek(window.start);
  for (std::size_t i = gap_cursor_; i < gaps.size() && gaps[i].span.start < window.end; ++i) {
    const Span part{std::max(gaps[i].span.start, window.start), std::min(gaps[i].span.end, window.end)};
    if (part.length() == 0) continue;
    switch (fate_[i]) {
      case GapFate::Input:
        kept += keptOfInputGap(part, unnamedInputHostNs);
        // Inside an input gap only the host's synchronisations themselves drained it (a copy call
        // that waited for the stream before its copy ran).
        drainedNs += syncs_.lengthWithin(part);
        break;
      case GapFate::Stays:
      case GapFate::Drained: {
        TimeNs busy = 0;
        while (o < other.size() && other[o].end <= part.start) ++o;
        for (std::size_t k = o; k < other.size() && other[k].start < part.end; ++k) {
          busy += std::min(other[k].end, part.end) - std::max(other[k].start, part.start);
        }
        kept += part.length() - busy;
        if (fate_[i] == GapFate::Drained) drainedNs += part.length() - busy;
        break;
      }
      case GapFate::Goes: break;
    }
  }
  return kept;
}
TimeNs PrefetchModel::copyPathNs(Span window) const {
  if (pinned_bytes_per_ns_ <= 0) return 0;
  const auto& copies = tl_.h2d_copies;
  auto first = std::partition_point(copies.begin(), copies.end(), [&](const CopyRecord& c) { return c.start_ns < window.start; });
  double ns = 0;
  for (auto it = first; it != copies.end() && it->start_ns < window.end; ++it) {
    ns += static_cast<double>(it->bytes) / pinned_bytes_per_ns_ + per_copy_latency_ns_;
  }
  return static_cast<TimeNs>(std::llround(ns));
}

PrefetchPaths PrefetchModel::predict(Span window) const {
  PrefetchPaths p;
  if (window.length() == 0) return p;
  TimeNs unnamedInput = 0, drained = 0;
  const TimeNs kept = keptIdle(window, unnamedInput, drained);
  p.gpu_ns = kernels_.lengthWithin(window) + other_work_of_window_.lengthWithin(window) + kept;
  if (host_.has_host_calls) {
    p.host_ns = std::max<TimeNs>(0, window.length() - wait_or_input_.lengthWithin(window) - unnamedInput);
  }
  p.copy_ns = copyPathNs(window);
  if (!host_.loader_threads.empty()) {
    TimeNs busy = 0;
    for (SpanCursor& thread : loader_threads_) busy += thread.lengthWithin(window);
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
  // Without the synchronisations: the drained idle goes from the GPU's path; the host still does all
  // it does outside its blocking calls (copy calls included: they block with or without a sync).
  p.drained_ns = drained;
  const TimeNs gpuWithoutSync = window.length() - drained;
  const TimeNs hostOutsideWaits = window.length() - syncs_.lengthWithin(window);
  p.without_sync_host_bound = hostOutsideWaits > gpuWithoutSync;
  p.without_sync_ns = std::min(window.length(), std::max(gpuWithoutSync, hostOutsideWaits));
  return p;
}

}  // namespace feedscope::analysis
