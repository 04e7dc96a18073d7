// Preparation of one device's timeline: unions, copies, and gap attribution by cause.
#include "analysis/device_timeline.h"

#include <algorithm>
#include <array>
#include <limits>
#include <unordered_map>
#include <unordered_set>

namespace feedscope::analysis {

using trace::IntervalKind;
using trace::MemoryKind;
using trace::Track;
using trace::TrackKind;

bool isBlockingApiName(std::string_view name) {
  // Synchronous copies and memsets, and explicit synchronization, in the runtime, driver and HIP APIs.
  static constexpr std::array<std::string_view, 6> kExact = {
      "cudaMemcpy", "cudaMemset", "cuMemcpy", "hipMemcpy", "cudaMemcpyPeer", "hipMemset"};
  for (auto n : kExact) {
    if (name == n) return true;
  }
  static constexpr std::array<std::string_view, 12> kPrefixes = {
      "cudaStreamSynchronize", "cudaDeviceSynchronize", "cudaEventSynchronize", "cudaThreadSynchronize",
      "cuStreamSynchronize",   "cuCtxSynchronize",      "cuEventSynchronize",   "hipStreamSynchronize",
      "hipDeviceSynchronize",  "hipEventSynchronize",   "cuMemcpyHtoD",         "cuMemcpyDtoH"};
  for (auto p : kPrefixes) {
    if (name.substr(0, p.size()) == p) {
      // cuMemcpyHtoDAsync is not blocking; the plain driver copies are.
      return name.find("Async") == std::string_view::npos;
    }
  }
  // cudaMemcpy2D, cudaMemcpy3D, cudaMemcpyToSymbol... without "Async" are synchronous.
  if ((name.substr(0, 10) == "cudaMemcpy" || name.substr(0, 9) == "hipMemcpy") &&
      name.find("Async") == std::string_view::npos) {
    return true;
  }
  return false;
}

namespace {

struct ApiCall {
  TimeNs start = 0;
  TimeNs end = 0;
  trace::StringId name = 0;
};

template <typename T, typename Less>
void mergeSortedRuns(std::vector<T>& values, const std::vector<std::size_t>& runStarts, Less less) {
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

// Labels the points of one gap with the first layer covering them, else a fallback cause.
class GapLabeler {
 public:
  struct Layer {
    const SpanList* spans;
    GapCause cause;
  };

  void label(Span gap, const Layer* layers, std::size_t layerCount, GapCause fallback,
             std::vector<CauseSegment>& out) {
    std::size_t firstOut = out.size();
    remaining_.assign(1, gap);
    for (std::size_t l = 0; l < layerCount && !remaining_.empty(); ++l) {
      const SpanList& spans = *layers[l].spans;
      std::size_t i = firstEndingAfter(spans, gap.start);
      if (i >= spans.size() || spans[i].start >= gap.end) continue;  // nothing of this layer here
      next_.clear();
      for (const Span& piece : remaining_) {
        TimeNs cursor = piece.start;
        for (std::size_t k = firstEndingAfter(spans, piece.start); k < spans.size() && spans[k].start < piece.end;
             ++k) {
          TimeNs s = std::max(spans[k].start, piece.start);
          TimeNs e = std::min(spans[k].end, piece.end);
          if (s > cursor) next_.push_back({cursor, s});
          out.push_back({s, e, layers[l].cause});
          cursor = e;
        }
        if (cursor < piece.end) next_.push_back({cursor, piece.end});
      }
      remaining_.swap(next_);
    }
    for (const Span& piece : remaining_) out.push_back({piece.start, piece.end, fallback});
    std::sort(out.begin() + static_cast<std::ptrdiff_t>(firstOut), out.end(),
              [](const CauseSegment& a, const CauseSegment& b) { return a.start < b.start; });
  }

 private:
  SpanList remaining_;
  SpanList next_;
};

// The kernel that starts exactly at t on this device (the operation that ends a gap), if any.
std::uint32_t correlationOfKernelStartingAt(const trace::Run& run, std::int32_t device, TimeNs t) {
  for (const Track& track : run.tracks) {
    if (track.kind != TrackKind::GpuStream || track.device != device) continue;
    const auto& iv = track.intervals;
    for (std::size_t i = iv.lowerBoundStart(t); i < iv.size() && iv.start_ns[i] == t; ++i) {
      if (iv.kind[i] == IntervalKind::Kernel) return iv.correlation[i];
    }
  }
  return 0;
}

}  // namespace

DeviceTimeline buildDeviceTimeline(const trace::Run& run, const trace::StringTable& strings,
                                   std::int32_t device, const AnalysisOptions& options) {
  DeviceTimeline tl;
  tl.device = device;

  std::vector<SpanList> kernelLists, h2dLists, pageableLists, workLists;
  std::vector<std::size_t> kernelRuns, memsetRuns, h2dRuns, d2hRuns, d2dRuns;
  TimeNs extentStart = std::numeric_limits<TimeNs>::max();
  TimeNs extentEnd = std::numeric_limits<TimeNs>::min();

  for (const Track& track : run.tracks) {
    const auto& iv = track.intervals;
    if (iv.empty()) continue;
    extentStart = std::min(extentStart, iv.start_ns.front());
    for (TimeNs e : iv.end_ns) extentEnd = std::max(extentEnd, e);
    if (track.kind != TrackKind::GpuStream || track.device != device) {
      if (!track.isGpu()) {
        for (std::size_t i = 0; i < iv.size() && !tl.has_api_records; ++i) {
          tl.has_api_records = trace::isApiCall(iv.kind[i]);
        }
      }
      continue;
    }
    SpanList kernels, h2d, pageable, work;
    kernelRuns.push_back(tl.kernel_starts.size());
    memsetRuns.push_back(tl.memset_starts.size());
    h2dRuns.push_back(tl.h2d_copies.size());
    d2hRuns.push_back(tl.d2h_copies.size());
    d2dRuns.push_back(tl.d2d_copies.size());
    for (std::size_t i = 0; i < iv.size(); ++i) {
      IntervalKind kind = iv.kind[i];
      if (!trace::isGpuWork(kind)) continue;
      TimeNs s = iv.start_ns[i], e = iv.end_ns[i];
      appendToUnion(work, s, e);
      if (kind == IntervalKind::Kernel) {
        appendToUnion(kernels, s, e);
        tl.kernel_starts.push_back(s);
        continue;
      }
      if (kind == IntervalKind::Memset) {
        tl.memset_starts.push_back(s);
        continue;
      }
      CopyRecord copy{s, e, iv.bytes[i], MemoryKind::Unknown, iv.correlation[i], track.stream, false, false};
      if (kind == IntervalKind::MemcpyHtoD) {
        copy.host_memory = iv.src[i];
        appendToUnion(h2d, s, e);
        if (iv.src[i] == MemoryKind::Pageable) appendToUnion(pageable, s, e);
        tl.h2d_copies.push_back(copy);
      } else if (kind == IntervalKind::MemcpyDtoH) {
        copy.host_memory = iv.dst[i];
        tl.d2h_copies.push_back(copy);
      } else if (kind == IntervalKind::MemcpyDtoD || kind == IntervalKind::MemcpyPtoP) {
        tl.d2d_copies.push_back(copy);
      }
    }
    kernelLists.push_back(std::move(kernels));
    h2dLists.push_back(std::move(h2d));
    pageableLists.push_back(std::move(pageable));
    workLists.push_back(std::move(work));
  }

  tl.kernels = uniteAll(std::move(kernelLists));
  tl.h2d = uniteAll(std::move(h2dLists));
  tl.h2d_pageable = uniteAll(std::move(pageableLists));
  tl.gpu_work = uniteAll(std::move(workLists));
  tl.h2d_under_kernels = intersect(tl.h2d, tl.kernels);
  auto byStart = [](const CopyRecord& a, const CopyRecord& b) { return a.start_ns < b.start_ns; };
  mergeSortedRuns(tl.kernel_starts, kernelRuns, std::less<>());
  mergeSortedRuns(tl.memset_starts, memsetRuns, std::less<>());
  mergeSortedRuns(tl.h2d_copies, h2dRuns, byStart);
  mergeSortedRuns(tl.d2h_copies, d2hRuns, byStart);
  mergeSortedRuns(tl.d2d_copies, d2dRuns, byStart);

  if (extentStart > extentEnd) return tl;  // an empty run
  tl.extent = {extentStart, extentEnd};
  if (!tl.gpu_work.empty()) tl.gpu_window = {tl.gpu_work.front().start, tl.gpu_work.back().end};

  // The gaps of K, and the operation ending each (the kernel that starts where the gap ends).
  SpanList gapSpans = gapsWithin(tl.kernels, tl.extent);
  std::vector<std::uint32_t> enderCorrelation(gapSpans.size(), 0);
  for (std::size_t g = 0; g < gapSpans.size(); ++g) {
    if (gapSpans[g].end < tl.extent.end) {
      enderCorrelation[g] = correlationOfKernelStartingAt(run, device, gapSpans[g].end);
    }
  }

  // Host side: API calls of the operations we need (gap enders, copies), data-loading ranges and
  // blocking calls, from every host thread of the run.
  std::unordered_set<std::uint32_t> wanted;
  if (tl.has_api_records) {
    for (auto c : enderCorrelation) {
      if (c != 0) wanted.insert(c);
    }
    for (const auto* list : {&tl.h2d_copies, &tl.d2h_copies, &tl.d2d_copies}) {
      for (const auto& c : *list) {
        if (c.correlation != 0) wanted.insert(c.correlation);
      }
    }
  }
  std::unordered_set<std::uint32_t> pageableCopyCorrelations;
  for (const auto* list : {&tl.h2d_copies, &tl.d2h_copies}) {
    for (const auto& c : *list) {
      if (c.host_memory == MemoryKind::Pageable && c.correlation != 0) pageableCopyCorrelations.insert(c.correlation);
    }
  }
  std::unordered_map<std::uint32_t, ApiCall> apiByCorrelation;
  std::unordered_map<trace::StringId, bool> blockingByName;
  std::vector<SpanList> loadingLists, blockingLists;
  for (const Track& track : run.tracks) {
    if (track.isGpu()) continue;
    const auto& iv = track.intervals;
    SpanList loading, blocking;
    for (std::size_t i = 0; i < iv.size(); ++i) {
      IntervalKind kind = iv.kind[i];
      if (kind == IntervalKind::DataLoading) {
        appendToUnion(loading, iv.start_ns[i], iv.end_ns[i]);
      } else if (trace::isApiCall(kind)) {
        std::uint32_t corr = iv.correlation[i];
        if (corr != 0 && wanted.count(corr) != 0) apiByCorrelation.emplace(corr, ApiCall{iv.start_ns[i], iv.end_ns[i], iv.name[i]});
        auto [it, fresh] = blockingByName.try_emplace(iv.name[i], false);
        if (fresh) it->second = isBlockingApiName(strings.get(iv.name[i]));
        bool blocks = it->second || (iv.flags[i] & trace::flags::kBlockingApi) != 0 ||
                      (corr != 0 && pageableCopyCorrelations.count(corr) != 0);
        if (blocks) appendToUnion(blocking, iv.start_ns[i], iv.end_ns[i]);
      }
    }
    loadingLists.push_back(std::move(loading));
    blockingLists.push_back(std::move(blocking));
  }
  tl.data_loading = uniteAll(std::move(loadingLists));
  tl.blocking_calls = uniteAll(std::move(blockingLists));

  // A copy is synchronous when the host had to wait for it: pageable memory (CUDA stages it
  // synchronously), a synchronous copy call, or an asynchronous call followed at once by a wait that
  // lasts until the copy ends (PyTorch's non_blocking=False: cudaMemcpyAsync + cudaStreamSynchronize).
  constexpr TimeNs kFollowedAtOnceNs = 50'000;
  for (auto* list : {&tl.h2d_copies, &tl.d2h_copies, &tl.d2d_copies}) {
    for (auto& c : *list) {
      auto it = apiByCorrelation.find(c.correlation);
      c.has_api_call = it != apiByCorrelation.end();
      bool waitedAfterCall = false;
      bool syncCall = false;
      if (c.has_api_call) {
        syncCall = isBlockingApiName(strings.get(it->second.name));
        std::size_t k = firstEndingAfter(tl.blocking_calls, c.end_ns - 1);
        waitedAfterCall = k < tl.blocking_calls.size() && tl.blocking_calls[k].start < c.end_ns &&
                          tl.blocking_calls[k].start <= it->second.end + kFollowedAtOnceNs;
      }
      c.host_blocked = c.host_memory == MemoryKind::Pageable || syncCall || waitedAfterCall;
    }
  }

  // Label every gap. Copy wait first (pageable before pinned), then host or dependency.
  GapLabeler labeler;
  const GapLabeler::Layer copyLayers[] = {{&tl.h2d_pageable, GapCause::CopyWaitPageable},
                                          {&tl.h2d, GapCause::CopyWaitPinned}};
  const GapLabeler::Layer hostLayers[] = {{&tl.h2d_pageable, GapCause::CopyWaitPageable},
                                          {&tl.h2d, GapCause::CopyWaitPinned},
                                          {&tl.data_loading, GapCause::HostDataLoading},
                                          {&tl.blocking_calls, GapCause::HostBlockedInCuda}};
  tl.gaps.reserve(gapSpans.size());
  tl.causes.reserve(gapSpans.size());
  for (std::size_t g = 0; g < gapSpans.size(); ++g) {
    const Span span = gapSpans[g];
    Gap gap;
    gap.span = span;
    gap.first_segment = static_cast<std::uint32_t>(tl.causes.size());
    if (!tl.has_api_records) {
      gap.host_late = true;  // without API records, all non-copy gap time is host wait
    } else if (auto it = apiByCorrelation.find(enderCorrelation[g]);
               enderCorrelation[g] != 0 && it != apiByCorrelation.end()) {
      gap.launch_delay_ns = it->second.start - span.start;
      gap.host_late = it->second.start > span.start;
    }
    if (!gap.host_late) {
      labeler.label(span, copyLayers, 2, GapCause::DependencyOther, tl.causes);
    } else if (span.length() < options.launch_overhead_gap_ns) {
      labeler.label(span, copyLayers, 2, GapCause::HostLaunchOverhead, tl.causes);
    } else {
      labeler.label(span, hostLayers, 4, GapCause::HostOther, tl.causes);
    }
    gap.segment_count = static_cast<std::uint32_t>(tl.causes.size() - gap.first_segment);
    tl.gaps.push_back(gap);
  }
  return tl;
}

}  // namespace feedscope::analysis
