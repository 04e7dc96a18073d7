// Preparation of one device's timeline: unions, copies, and gap attribution by cause.
#include "analysis/device_timeline.h"

#include <algorithm>
#include <array>

#include "analysis/correlation_index.h"

namespace feedscope::analysis {

using trace::IntervalKind;
using trace::MemoryKind;
using trace::Track;
using trace::TrackKind;

namespace {

template <typename Vector, typename Less>
void mergeSortedRuns(Vector& values, const std::vector<std::size_t>& runStarts, Less less) {
  // runStarts: offsets of consecutive sorted runs; merge pairwise until one run is left: O(n log k).
  std::vector<std::size_t> bounds = runStarts;
  bounds.push_back(values.size());
  while (bounds.size() > 2) {
    std::vector<std::size_t> next{bounds.front()};
    for (std::size_t i = 0; i + 2 < bounds.size(); i += 2) {
      std::inplace_merge(values.begin() + static_cast<std::ptrdiff_t>(bounds[i]),
                         values.begin() + static_cast<std::ptrdiff_t>(bounds[i + 1]),
                         values.begin() + static_cast<std::ptrdiff_t>(bounds[i + 2]), less);
      next.push_back(bounds[i + 2]);
    }
    if ((bounds.size() - 1) % 2 == 1) next.push_back(bounds.back());
    bounds.swap(next);
  }
}

// Which host-thread intervals block the GPU's progress: data-loading ranges, and calls that block
// the calling thread (synchronisations, synchronous copies, copies from pageable memory).
struct HostSpans {
  SpanList data_loading;
  SpanList blocking_calls;
  SpanList waiting_calls;  // the blocking calls that block by what they are (synchronisations, sync copies)
  bool has_api_records = false;
};

HostSpans collectHostSpans(const trace::Run& run,
                           const trace::LargeVector<CopyRecord>& h2d,
                           const trace::LargeVector<CopyRecord>& d2h) {
  HostSpans out;
  // A pageable copy's launching call blocks: mark those calls by correlation, one bit per id (ids are
  // 32-bit, so at most 512 MiB of bits; a run's ids are dense and small in practice). Every API call
  // is looked up, so a lookup must cost O(1), not a binary search.
  CorrelationBits pageableCalls;
  for (const auto* list : {&h2d, &d2h}) {
    for (const auto& c : *list) {
      if (c.host_memory == MemoryKind::Pageable) pageableCalls.set(c.correlation);
    }
  }
  std::vector<SpanList> loadingLists, blockingLists, waitingLists;
  for (const Track& track : run.tracks) {
    if (track.isGpu()) continue;
    const auto& iv = track.intervals;
    SpanList loading, blocking, waiting;
    for (std::size_t i = 0; i < iv.size(); ++i) {
      IntervalKind kind = iv.kind[i];
      if (kind == IntervalKind::DataLoading) {
        appendToUnion(loading, iv.start_ns[i], iv.end_ns[i]);
        continue;
      }
      if (!trace::isApiCall(kind)) continue;
      out.has_api_records = true;
      // Whether a call blocks was decided when it entered the run (trace/api_calls.h).
      bool blocks = (iv.flags[i] & trace::flags::kBlockingApi) != 0;
      if (blocks) appendToUnion(waiting, iv.start_ns[i], iv.end_ns[i]);
      if (!blocks && iv.correlation[i] != 0) blocks = pageableCalls.has(iv.correlation[i]);
      if (blocks) appendToUnion(blocking, iv.start_ns[i], iv.end_ns[i]);
    }
    loadingLists.push_back(std::move(loading));
    blockingLists.push_back(std::move(blocking));
    waitingLists.push_back(std::move(waiting));
  }
  out.data_loading = uniteAll(std::move(loadingLists));
  out.blocking_calls = uniteAll(std::move(blockingLists));
  out.waiting_calls = uniteAll(std::move(waitingLists));
  return out;
}

// A copy is synchronous when the host had to wait for it: pageable memory (CUDA stages it
// synchronously), a synchronous copy call, or an asynchronous call followed at once by a wait that
// lasts until the copy ends (PyTorch's non_blocking=False: cudaMemcpyAsync + cudaStreamSynchronize).
void markSynchronousCopies(trace::LargeVector<CopyRecord>& copies, const SpanList& blockingCalls,
                           const SpanList& waitingCalls, const CorrelationIndex& apis) {
  constexpr TimeNs kFollowedAtOnceNs = 50'000;
  for (auto& c : copies) {
    const std::optional<ApiCall> call = apis.find(c.correlation);
    c.has_api_call = call.has_value();
    bool syncCall = false, waitedAfterCall = false;
    if (call) {
      syncCall = (call->flags & trace::flags::kBlockingApi) != 0;
      c.async_call = (call->flags & trace::flags::kAsyncApi) != 0;
      c.call_start_ns = call->start;
      c.call_end_ns = call->end;
      std::size_t k = firstEndingAfter(blockingCalls, c.end_ns - 1);
      waitedAfterCall = k < blockingCalls.size() && blockingCalls[k].start < c.end_ns &&
                        blockingCalls[k].start <= call->end + kFollowedAtOnceNs;
    }
    if (call) {
      // A synchronisation right after an asynchronous copy call is PyTorch's non_blocking=False.
      std::size_t w = firstEndingAfter(waitingCalls, call->end);
      c.followed_by_wait = w < waitingCalls.size() && waitingCalls[w].start > call->start &&
                           waitingCalls[w].start <= call->end + kFollowedAtOnceNs;
    }
    c.host_blocked = c.host_memory == MemoryKind::Pageable || syncCall || waitedAfterCall;
  }
}

// The GPU work of one device, gathered stream by stream: each stream's unions (already sorted) and
// each stream's records as a sorted run, united and merged once all streams are in.
class GpuWorkGatherer {
 public:
  explicit GpuWorkGatherer(DeviceTimeline& tl) : tl_(tl) {}

  void addStream(const Track& track) {
    const auto& iv = track.intervals;
    // A is kept as K plus A \ K: on real traces copies and memsets are few, kernels many, so this
    // saves a second array the size of K.
    SpanList kernels, h2d, pageable, work, otherWork;
    kernels.reserve(iv.size());
    kernel_runs_.push_back(tl_.kernel_starts.size());
    memset_runs_.push_back(tl_.memset_starts.size());
    h2d_runs_.push_back(tl_.h2d_copies.size());
    d2h_runs_.push_back(tl_.d2h_copies.size());
    d2d_runs_.push_back(tl_.d2d_copies.size());
    for (std::size_t i = 0; i < iv.size(); ++i) {
      const IntervalKind kind = iv.kind[i];
      if (!trace::isGpuWork(kind)) continue;
      const TimeNs s = iv.start_ns[i], e = iv.end_ns[i];
      if (kind != IntervalKind::Kernel) appendToUnion(work, s, e);
      if (kind != IntervalKind::Kernel && kind != IntervalKind::MemcpyHtoD) appendToUnion(otherWork, s, e);
      if (kind == IntervalKind::Kernel) {
        appendToUnion(kernels, s, e);
        tl_.kernel_starts.push_back({s, iv.correlation[i]});
      } else if (kind == IntervalKind::Memset) {
        tl_.memset_starts.push_back(s);
      } else {
        addCopy(track, i, h2d, pageable);
      }
    }
    kernel_lists_.push_back(std::move(kernels));
    h2d_lists_.push_back(std::move(h2d));
    pageable_lists_.push_back(std::move(pageable));
    work_lists_.push_back(std::move(work));
    other_work_lists_.push_back(std::move(otherWork));
  }

  void finish() {
    tl_.kernels = uniteAll(std::move(kernel_lists_));
    tl_.h2d = uniteAll(std::move(h2d_lists_));
    tl_.h2d_pageable = uniteAll(std::move(pageable_lists_));
    tl_.non_kernel_work = subtract(uniteAll(std::move(work_lists_)), tl_.kernels);
    tl_.other_work = subtract(uniteAll(std::move(other_work_lists_)), tl_.kernels);
    tl_.h2d_under_kernels = intersect(tl_.h2d, tl_.kernels);
    auto byStart = [](const CopyRecord& a, const CopyRecord& b) { return a.start_ns < b.start_ns; };
    mergeSortedRuns(tl_.kernel_starts, kernel_runs_,
                    [](const KernelStart& a, const KernelStart& b) { return a.start_ns < b.start_ns; });
    mergeSortedRuns(tl_.memset_starts, memset_runs_, std::less<>());
    mergeSortedRuns(tl_.h2d_copies, h2d_runs_, byStart);
    mergeSortedRuns(tl_.d2h_copies, d2h_runs_, byStart);
    mergeSortedRuns(tl_.d2d_copies, d2d_runs_, byStart);
  }

 private:
  void addCopy(const Track& track, std::size_t i, SpanList& h2d, SpanList& pageable) {
    const auto& iv = track.intervals;
    const IntervalKind kind = iv.kind[i];
    const TimeNs s = iv.start_ns[i], e = iv.end_ns[i];
    CopyRecord copy{s, e, iv.bytes[i], MemoryKind::Unknown, iv.correlation[i], track.stream, false, false};
    if (kind == IntervalKind::MemcpyHtoD) {
      copy.host_memory = iv.src[i];
      appendToUnion(h2d, s, e);
      if (iv.src[i] == MemoryKind::Pageable) appendToUnion(pageable, s, e);
      tl_.h2d_copies.push_back(copy);
    } else if (kind == IntervalKind::MemcpyDtoH) {
      copy.host_memory = iv.dst[i];
      tl_.d2h_copies.push_back(copy);
    } else if (kind == IntervalKind::MemcpyDtoD || kind == IntervalKind::MemcpyPtoP) {
      tl_.d2d_copies.push_back(copy);
    }
  }

  DeviceTimeline& tl_;
  std::vector<SpanList> kernel_lists_, h2d_lists_, pageable_lists_, work_lists_, other_work_lists_;
  std::vector<std::size_t> kernel_runs_, memset_runs_, h2d_runs_, d2h_runs_, d2d_runs_;
};

void gatherGpuWork(const trace::Run& run, std::int32_t device, DeviceTimeline& tl) {
  // Reserve once: these vectors hold millions of entries, and regrowing them costs copies and
  // page faults that dominate the run time on large traces.
  std::size_t gpuIntervals = 0;
  for (const Track& track : run.tracks) {
    if (track.kind == TrackKind::GpuStream && track.device == device) gpuIntervals += track.intervals.size();
  }
  tl.kernel_starts.reserve(gpuIntervals);
  GpuWorkGatherer gatherer(tl);
  for (const Track& track : run.tracks) {
    if (track.intervals.empty() || track.kind != TrackKind::GpuStream || track.device != device) continue;
    gatherer.addStream(track);
  }
  gatherer.finish();
}

// The GPU window: the first GPU operation's start to the last one's end.
void placeGpuWindow(DeviceTimeline& tl) {
  if (!tl.hasGpuWork()) return;
  const SpanList& k = tl.kernels;
  const SpanList& o = tl.non_kernel_work;
  tl.gpu_window = {std::min(k.empty() ? o.front().start : k.front().start, o.empty() ? k.front().start : o.front().start),
                   std::max(k.empty() ? o.back().end : k.back().end, o.empty() ? k.back().end : o.back().end)};
}

// Label every gap of K inside the extent. Copy wait first (pageable before pinned), then host wait
// when the operation ending the gap was launched after the gap began (HTA's test), else dependency /
// other. The ender is the kernel starting where the gap ends.
void labelGaps(DeviceTimeline& tl, const CorrelationIndex& apis, const AnalysisOptions& options) {
  GapLabeler labeler(GapLayers{.pageable_copies = &tl.h2d_pageable,
                               .copies = &tl.h2d,
                               .data_loading = &tl.data_loading,
                               .blocking_calls = &tl.blocking_calls});
  tl.gaps.reserve(tl.kernels.size() + 1);
  tl.causes.reserve(tl.kernels.size() + tl.kernels.size() / 4 + 1);
  std::size_t ender = 0;
  // The gaps of K inside the extent, walked without materialising them.
  TimeNs gapStart = tl.extent.start;
  for (std::size_t k = 0; k <= tl.kernels.size(); ++k) {
    const TimeNs gapEnd = k < tl.kernels.size() ? std::min(tl.kernels[k].start, tl.extent.end) : tl.extent.end;
    const Span span{gapStart, gapEnd};
    if (k < tl.kernels.size()) gapStart = std::max(gapStart, tl.kernels[k].end);
    if (span.end <= span.start) continue;
    Gap gap;
    gap.span = span;
    while (ender < tl.kernel_starts.size() && tl.kernel_starts[ender].start_ns < span.end) ++ender;
    std::optional<ApiCall> launch;
    if (span.end < tl.extent.end && ender < tl.kernel_starts.size() && tl.kernel_starts[ender].start_ns == span.end) {
      launch = apis.find(tl.kernel_starts[ender].correlation);
    }
    if (!tl.has_api_records) {
      gap.host_late = true;  // without API records, all non-copy gap time is host wait
    } else if (launch) {
      gap.launch_delay_ns = launch->start - span.start;
      gap.host_late = launch->start > span.start;
    }
    if (launch) gap.launch_track = launch->track;
    if (!gap.host_late) {
      labeler.label(span, LayerSet::Copies, GapCause::DependencyOther, tl.causes);
    } else if (span.length() < options.launch_overhead_gap_ns) {
      labeler.label(span, LayerSet::Copies, GapCause::HostLaunchOverhead, tl.causes);
    } else {
      labeler.label(span, LayerSet::CopiesThenHost, GapCause::HostOther, tl.causes);
    }
    tl.gaps.push_back(gap);
  }
}

}  // namespace

DeviceTimeline buildDeviceTimeline(const trace::Run& run,
                                   std::int32_t device, const AnalysisOptions& options) {
  DeviceTimeline tl;
  tl.device = device;
  gatherGpuWork(run, device, tl);
  // The run's extent has one definition, trace::Run::extent (its cost, a pass over every track's ends,
  // is what the loop above spent on it when it computed it alongside).
  const std::optional<trace::TimeExtent> extent = run.extent();
  if (!extent) return tl;  // an empty run
  tl.extent = {extent->start, extent->end};
  placeGpuWindow(tl);

  const CorrelationIndex apis(run);
  HostSpans host = collectHostSpans(run, tl.h2d_copies, tl.d2h_copies);
  tl.has_api_records = host.has_api_records;
  tl.data_loading = std::move(host.data_loading);
  tl.blocking_calls = std::move(host.blocking_calls);
  for (auto* list : {&tl.h2d_copies, &tl.d2h_copies, &tl.d2d_copies}) {
    markSynchronousCopies(*list, tl.blocking_calls, host.waiting_calls, apis);
  }
  labelGaps(tl, apis, options);
  return tl;
}

}  // namespace feedscope::analysis
