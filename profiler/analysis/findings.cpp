// Finding rules.
#include "analysis/findings.h"

#include <fmt/format.h>

#include <algorithm>

#include "analysis/cause_breakdown.h"
#include "analysis/finding_partition.h"
#include "analysis/input_pipeline_findings.h"
#include "analysis/thresholds.h"
#include "trace/range_names.h"
#include "trace/units.h"

namespace feedscope::analysis {

using trace::formatBytes;
using trace::formatDuration;
using trace::formatGbps;
using trace::formatPct;

std::string_view severityName(Severity s) {
  switch (s) {
    case Severity::High: return "high";
    case Severity::Medium: return "medium";
    case Severity::Low: return "low";
    case Severity::Info: break;
  }
  return "info";
}

namespace {

namespace th = thresholds;

constexpr std::size_t kMaxRanges = 10;

std::string copyLabel(const CopyRecord& c, std::string_view what) {
  std::string label = fmt::format("{}, {}", what, formatBytes(c.bytes));
  if (c.durationNs() > 0) {
    label += " at " + formatGbps(static_cast<double>(c.bytes) / static_cast<double>(c.durationNs()));
  }
  return label;
}

// The longest items first, at most kMaxRanges of them.
// The longest of `items` (a range of T, in time order) that `keep` accepts, longest first; ties keep
// time order. One pass with a bounded list: runs have millions of items.
template <typename Range, typename Keep, typename Duration>
auto longest(const Range& items, Keep keep, Duration duration) {
  using T = std::remove_cv_t<std::remove_reference_t<decltype(*std::begin(items))>>;
  std::vector<const T*> best;
  best.reserve(kMaxRanges + 1);
  auto longer = [&](const T* a, const T* b) {
    auto da = duration(*a), db = duration(*b);
    return da != db ? da > db : a < b;
  };
  for (const T& item : items) {
    if (!keep(item)) continue;
    if (best.size() == kMaxRanges && !longer(&item, best.back())) continue;
    best.insert(std::upper_bound(best.begin(), best.end(), &item, longer), &item);
    if (best.size() > kMaxRanges) best.pop_back();
  }
  return best;
}

Severity bySharePct(double pct, double high, double medium) {
  if (pct >= high) return Severity::High;
  if (pct >= medium) return Severity::Medium;
  return Severity::Low;
}

bool fired(const std::vector<Finding>& out, std::string_view id) {
  return std::any_of(out.begin(), out.end(), [&](const Finding& f) { return f.id == id; });
}

// The union of the copies `keep` accepts.
template <typename Keep>
SpanList copySpans(const trace::LargeVector<CopyRecord>& copies, Keep keep) {
  SpanList spans;
  for (const CopyRecord& c : copies) {
    if (keep(c)) spans.push_back({c.start_ns, c.end_ns});
  }
  return unionOf(std::move(spans));
}

// The GPU idle time in the GPU window under `spans`, by cause.
GapBreakdown idleUnder(const DeviceAnalysis& d, const SpanList& spans) {
  return breakdownWithin(d.timeline.causes, spans, d.whole.window);
}

// A breakdown holding only `cause`.
GapBreakdown only(GapCause cause, TimeNs ns) {
  GapBreakdown b;
  b[cause] = ns;
  return b;
}

// The longest spans of `spans` as evidence with `what` and their length.
// The skeleton of a finding about one device: its rule id, the device, how many records the rule
// matched and the time they cost as the rule measures it, with that time's share of the GPU window.
// Each rule fills in the rest (severity, words, what it explains).
Finding deviceFinding(std::string id, const DeviceAnalysis& d, std::uint64_t count = 0, TimeNs time = 0) {
  Finding f;
  f.id = std::move(id);
  f.device = d.device;
  f.count = count;
  f.time_ns = time;
  f.time_pct = d.whole.pct(time);
  return f;
}

void addLongestSpans(const SpanList& spans, std::string_view what, Finding& f) {
  for (const Span* s : longest(
           spans, [](const Span&) { return true; }, [](const Span& s) { return s.length(); })) {
    f.ranges.push_back({*s, std::string(what) + ", " + formatDuration(s->length())});
  }
}

void pageableCopies(const DeviceAnalysis& d, std::vector<Finding>& out) {
  const WindowMetrics& m = d.whole;
  // Weighted by bytes and time: a few pageable scalar read-backs or labels never make pinning matter.
  const double byteShare = m.h2d.bytes > 0 ? static_cast<double>(m.h2d.pageable_bytes) / static_cast<double>(m.h2d.bytes) : 0.0;
  const double waitPct = m.pct(m.gaps[GapCause::CopyWaitPageable]);
  if (m.h2d.pageable_bytes < th::kLargeCopyBytes) return;
  if (byteShare < th::kPageableMinByteShare && waitPct < th::kPageableMinWaitPct) return;
  Finding f = deviceFinding("pageable_h2d", d, m.h2d.pageable_count, m.gaps[GapCause::CopyWaitPageable]);
  f.severity = bySharePct(f.time_pct, th::kPageableHighPct, th::kPageableMediumPct);
  f.explains = only(GapCause::CopyWaitPageable, m.gaps[GapCause::CopyWaitPageable]);
  f.title = "Input copies from pageable memory";
  std::string speed = m.h2d.pageableGbps() ? " at " + formatGbps(*m.h2d.pageableGbps()) : "";
  std::string reference;
  if (d.what_if.pinned_reference_gbps) {
    reference = fmt::format(" (pinned: {}, {})", formatGbps(*d.what_if.pinned_reference_gbps),
                            d.what_if.pinned_reference_source);
  }
  f.sentence = fmt::format(
      "{} of {} host-to-device copies ({}) came from pageable memory{}{}; the GPU waited on them for {} "
      "({} of the run). Pinning is not in effect.",
      m.h2d.pageable_count, m.h2d.count, formatBytes(m.h2d.pageable_bytes), speed, reference,
      formatDuration(f.time_ns), formatPct(f.time_pct));
  f.fix =
      "Pin the input: DataLoader(pin_memory=True) and .to(device, non_blocking=True). A custom batch type is "
      "pinned only if it defines pin_memory(); in C++ allocate input buffers with cudaHostAlloc / "
      "cudaMallocHost. A pageable copy synchronises the stream first, so it can never be prefetched.";
  auto isPageable = [](const CopyRecord& c) { return c.host_memory == trace::MemoryKind::Pageable; };
  for (const CopyRecord* c : longest(d.timeline.h2d_copies, isPageable, [](const CopyRecord& c) { return c.durationNs(); })) {
    f.ranges.push_back({{c->start_ns, c->end_ns}, copyLabel(*c, "pageable copy")});
  }
  out.push_back(std::move(f));
}

// non_blocking=True from pageable memory (Nsight Systems' cuda_memcpy_async rule): an asynchronous
// copy call with no synchronisation after it that still held the host about as long as the copy ran,
// because CUDA stages pageable memory through a bounce buffer synchronously.
void pageableAsyncCopies(const DeviceAnalysis& d, const AnalysisOptions& options, std::vector<Finding>& out) {
  auto blockedAsync = [&](const CopyRecord& c) {
    if (c.host_memory != trace::MemoryKind::Pageable || !c.has_api_call || !c.async_call || c.followed_by_wait) {
      return false;
    }
    if (c.bytes < options.small_copy_bytes) return false;  // a scalar costs nothing to stage
    const double copyNs = static_cast<double>(c.durationNs());
    const auto callNs = static_cast<double>(c.call_end_ns - c.call_start_ns);
    return callNs >= th::kAsyncBlockedCallShare * copyNs &&
           static_cast<double>(c.call_end_ns - c.start_ns) >= th::kAsyncBlockedReturnedAfter * copyNs;
  };
  std::uint64_t count = 0, bytes = 0;
  TimeNs blocked = 0, copied = 0;
  for (const CopyRecord& c : d.timeline.h2d_copies) {
    if (!blockedAsync(c)) continue;
    ++count;
    bytes += c.bytes;
    blocked = trace::saturatingAdd(blocked, c.call_end_ns - c.call_start_ns);
    copied = trace::saturatingAdd(copied, c.durationNs());
  }
  if (count == 0) return;
  Finding f = deviceFinding("pageable_async_copy", d, count, blocked);
  f.host_ns = blocked;  // host time, told apart from the GPU's idle time the copies explain
  f.explains = idleUnder(d, copySpans(d.timeline.h2d_copies, blockedAsync));
  f.severity = bySharePct(f.time_pct, th::kAsyncBlockedHighPct, th::kAsyncBlockedMediumPct);
  f.title = "Asynchronous copies from pageable memory block the host";
  f.sentence = fmt::format(
      "{} host-to-device copies ({}) were asked for as asynchronous (cudaMemcpyAsync, non_blocking=True) but "
      "came "
      "from pageable memory: each call held the host {} on average, about as long as the copy itself ({}), "
      "so "
      "nothing ran ahead of the GPU. Only pinned memory makes such a copy asynchronous: the memory was never "
      "pinned "
      "(pin_memory=True missing, or a custom batch type without a pin_memory() method).",
      count, formatBytes(bytes), formatDuration(blocked / static_cast<TimeNs>(count)),
      formatDuration(copied / static_cast<TimeNs>(count)));
  f.fix =
      "Pin the batch: DataLoader(pin_memory=True), and give a custom batch type a pin_memory() method that "
      "returns "
      "it with pinned tensors (PyTorch calls it; without it the batch stays pageable). In C++ allocate input "
      "buffers "
      "with cudaHostAlloc. Then non_blocking=True copies return at once and can overlap compute.";
  for (const CopyRecord* c : longest(d.timeline.h2d_copies, blockedAsync,
                                     [](const CopyRecord& c) { return c.call_end_ns - c.call_start_ns; })) {
    f.ranges.push_back({{c->call_start_ns, c->call_end_ns},
                        copyLabel(*c, "host blocked " + formatDuration(c->call_end_ns - c->call_start_ns) + " in an async copy")});
  }
  out.push_back(std::move(f));
}

void synchronousCopies(const DeviceAnalysis& d, std::vector<Finding>& out) {
  // Steady state: from the second step on (the first one warms up), else the whole window.
  TimeNs steadyStart = d.steps.size() >= 2 ? d.steps[1].step.span.start : d.whole.window.start;
  auto isSync = [&](const CopyRecord& c) {
    return c.start_ns >= steadyStart && c.host_blocked && c.host_memory != trace::MemoryKind::Pageable;
  };
  std::uint64_t count = 0;
  TimeNs total = 0;
  for (const auto& c : d.timeline.h2d_copies) {
    if (!isSync(c)) continue;
    ++count;
    total = trace::saturatingAdd(total, c.durationNs());
  }
  if (count == 0) return;
  Finding f = deviceFinding("sync_copies", d, count, total);
  f.host_ns = total;  // the host waited for each copy to finish
  f.explains = idleUnder(d, copySpans(d.timeline.h2d_copies, isSync));
  f.severity = f.time_pct >= th::kSyncCopiesMediumPct ? Severity::Medium : Severity::Low;
  f.title = "Synchronous input copies in the steady state";
  f.sentence = fmt::format(
      "{} host-to-device copies ({} in all) were synchronous after the first step: the host waited for each "
      "to "
      "finish, so it could not queue the next work ahead of the GPU.",
      f.count, formatDuration(total));
  f.fix =
      "Copy with non_blocking=True (cudaMemcpyAsync) from pinned memory and do not synchronise (loss.item(), "
      ".cpu(), torch.cuda.synchronize()) before the next step is queued.";
  for (const CopyRecord* c : longest(d.timeline.h2d_copies, isSync, [](const CopyRecord& c) { return c.durationNs(); })) {
    f.ranges.push_back({{c->start_ns, c->end_ns}, copyLabel(*c, "synchronous copy")});
  }
  out.push_back(std::move(f));
}

// Copies that ran while no kernel did. When the pageable-copy finding fired, the pageable copies'
// exposure is its own (a pageable copy can never overlap: CUDA stages it synchronously): the pinned
// copies are judged on their own, and only they can make this a root; otherwise this finding tells the
// pageable copies' overlap as a part of that one.
void copiesNotOverlapped(const DeviceAnalysis& d, std::vector<Finding>& out) {
  const WindowMetrics& m = d.whole;
  const DeviceTimeline& tl = d.timeline;
  auto overlap = m.h2dOverlapPct();
  if (!overlap) return;
  Finding f = deviceFinding("copies_not_overlapped", d);
  f.title = "Input copies not overlapped with compute";
  const std::string prefetch =
      "prefetch on a side stream: copy batch N+1 on its own CUDA stream (non_blocking=True from pinned "
      "memory) "
      "while batch N trains, and make the compute stream wait on an event. Copies on the compute stream can "
      "never overlap its kernels.";
  const bool pageableFinding = fired(out, "pageable_h2d");
  const SpanList pinned = clip(subtract(tl.h2d, tl.h2d_pageable), m.window);
  const TimeNs pinnedNs = totalLength(pinned);
  const TimeNs pinnedExposedNs = m.gaps[GapCause::CopyWaitPinned];
  const double pinnedOverlapPct = pinnedNs > 0
                                      ? 100.0 * static_cast<double>(intersectionLength(pinned, tl.kernels)) /
                                            static_cast<double>(pinnedNs)
                                      : 100.0;
  if (pageableFinding && pinnedOverlapPct < th::kOverlapLowPct &&
      m.pct(pinnedExposedNs) >= th::kExposedMinPct) {
    // Pinned copies that still did not overlap: a cause of its own.
    f.count = m.h2d.pinned_count + m.h2d.other_count;
    f.time_ns = pinnedExposedNs;
    f.explains = only(GapCause::CopyWaitPinned, pinnedExposedNs);
    f.sentence = fmt::format(
        "Of the copies from pinned memory, only {} of the copy time ran while kernels computed; {} of them "
        "were "
        "exposed ({} of the run), apart from the pageable copies.",
        formatPct(pinnedOverlapPct), formatDuration(pinnedExposedNs), formatPct(m.pct(pinnedExposedNs)));
    f.fix = "The pinned copies are ready to overlap: " + prefetch;
    addLongestSpans(subtract(pinned, tl.kernels), "exposed pinned copy", f);
  } else if (*overlap < th::kOverlapLowPct && m.pct(m.exposed_h2d_ns) >= th::kExposedMinPct) {
    f.count = m.h2d.count;
    f.time_ns = m.exposed_h2d_ns;
    if (pageableFinding) {
      const TimeNs pageableExposed = m.gaps[GapCause::CopyWaitPageable];
      f.explains = only(GapCause::CopyWaitPageable, pageableExposed);
      f.sentence = fmt::format(
          "Only {} of host-to-device copy time ran while kernels computed; the pageable copies' {} were "
          "exposed "
          "({} of the run): a pageable copy synchronises the stream first, so it cannot overlap compute.",
          formatPct(*overlap), formatDuration(pageableExposed), formatPct(m.pct(pageableExposed)));
      f.fix = "Pin the input first (the pageable-copy finding), then " + prefetch;
      addLongestSpans(subtract(clip(tl.h2d_pageable, m.window), tl.kernels), "exposed pageable copy", f);
    } else {
      f.explains = only(GapCause::CopyWaitPageable, m.gaps[GapCause::CopyWaitPageable]);
      f.explains[GapCause::CopyWaitPinned] = m.gaps[GapCause::CopyWaitPinned];
      f.sentence = fmt::format(
          "Only {} of host-to-device copy time ran while kernels computed; {} of copies were exposed ({} of "
          "the "
          "run).",
          formatPct(*overlap), formatDuration(m.exposed_h2d_ns), formatPct(m.pct(m.exposed_h2d_ns)));
      f.fix = std::string(m.h2d.pageable_count > 0 ? "Pin the input first, then " : "") + prefetch;
      addLongestSpans(subtract(clip(tl.h2d, m.window), tl.kernels), "exposed copy", f);
    }
  } else {
    return;
  }
  f.time_pct = m.pct(f.time_ns);
  f.severity = m.pct(f.explains.total()) >= th::kExposedHighPct ? Severity::High : Severity::Medium;
  out.push_back(std::move(f));
}

// The count of gaps where the host was late inside the GPU window, and as evidence the longest
// stretches of host wait in them (the gaps' copy-wait parts belong to the copy findings).
void addHostLateGaps(const DeviceAnalysis& d, Finding& f, bool (*keep)(GapCause)) {
  const Span window = d.whole.window;
  auto lateInWindow = [&](const Gap& g) {
    return g.host_late && g.span.end > window.start && g.span.start < window.end;
  };
  f.count =
      static_cast<std::uint64_t>(std::count_if(d.timeline.gaps.begin(), d.timeline.gaps.end(), lateInWindow));
  addLongestSpans(segmentsOf(d.timeline.causes, window, keep), "host wait", f);
}

bool isHostWaitCause(GapCause c) {
  return isHostWait(c);
}
bool isHostOtherCause(GapCause c) {
  return c == GapCause::HostOther;
}

void hostBound(const DeviceAnalysis& d, std::vector<Finding>& out) {
  const WindowMetrics& m = d.whole;
  TimeNs host = m.gaps.hostWait();
  double pct = m.pct(host);
  if (pct < th::kHostBoundPct) return;
  Finding f = deviceFinding("host_bound", d, 0, host);
  for (GapCause c : {GapCause::HostDataLoading, GapCause::HostBlockedInCuda, GapCause::HostLaunchOverhead,
                     GapCause::HostOther}) {
    f.explains[c] = m.gaps[c];
  }
  f.severity = pct >= th::kHostBoundHighPct ? Severity::High : Severity::Medium;
  f.title = "GPU waiting for the host";
  f.sentence = fmt::format(
      "The GPU waited {} of the run for the host to issue work: data loading {}, blocked in CUDA calls {}, "
      "launch overhead {}, other host work {}.",
      formatPct(pct), formatDuration(m.gaps[GapCause::HostDataLoading]),
      formatDuration(m.gaps[GapCause::HostBlockedInCuda]), formatDuration(m.gaps[GapCause::HostLaunchOverhead]),
      formatDuration(m.gaps[GapCause::HostOther]));
  GapCause worst = GapCause::HostDataLoading;
  for (GapCause c : {GapCause::HostBlockedInCuda, GapCause::HostLaunchOverhead, GapCause::HostOther}) {
    if (m.gaps[c] > m.gaps[worst]) worst = c;
  }
  switch (worst) {
    case GapCause::HostDataLoading:
      f.fix =
          "The input pipeline is the bottleneck: more DataLoader workers (num_workers), "
          "persistent_workers=True, "
          "faster decoding and augmentation, or data pre-processed ahead of training.";
      break;
    case GapCause::HostBlockedInCuda:
      f.fix = "The host blocks in CUDA synchronisation: remove .item(), .cpu() and torch.cuda.synchronize() from "
              "the step loop or defer them to every N steps; copy from pinned memory so copies do not block.";
      break;
    case GapCause::HostLaunchOverhead:
      f.fix = "Kernel launch overhead dominates: fuse small kernels, capture the step in a CUDA graph "
              "(torch.compile(mode=\"reduce-overhead\")), or use larger batches.";
      break;
    default:
      if (d.host_other.namedNs() >= d.host_other.unnamed_ns && !d.host_other.ranges.empty()) {
        f.fix = fmt::format(
            "Most of the wait is host work the program names, `{}` first (see the parts below): make "
            "that work cheaper or move it off the training thread.",
            d.host_other.ranges.front().name);
      } else {
        f.fix =
            "Most of the wait is host work that no profiler range names (see the unnamed-host-time part to "
            "name "
            "it). Once it has a name, move it off the training thread (DataLoader workers for input work) or "
            "overlap it with compute by prefetching the next batch.";
      }
      break;
  }
  addHostLateGaps(d, f, isHostWaitCause);
  out.push_back(std::move(f));
}

// Time the data-loading ranges take inside the steps (or the GPU window without steps), and its share.
struct LoadingShare {
  TimeNs loading_ns = 0;
  TimeNs total_ns = 0;
  double pct() const { return total_ns > 0 ? 100.0 * static_cast<double>(loading_ns) / static_cast<double>(total_ns) : 0.0; }
};

LoadingShare loadingShare(const DeviceAnalysis& d) {
  LoadingShare share;
  if (d.steps.empty()) {
    share.loading_ns = lengthWithin(d.timeline.data_loading, d.whole.window);
    share.total_ns = d.whole.window_ns;
    return share;
  }
  for (const auto& s : d.steps) {
    share.loading_ns = trace::saturatingAdd(share.loading_ns, lengthWithin(d.timeline.data_loading, s.step.span));
    share.total_ns = trace::saturatingAdd(share.total_ns, s.step.span.length());
  }
  return share;
}

// Which DataLoader iterator the run's data-loading ranges name: PyTorch names its range after it.
struct LoaderKinds {
  std::uint64_t single_process = 0;  // _SingleProcessDataLoaderIter: num_workers=0
  std::uint64_t multi_process = 0;   // _MultiProcessingDataLoaderIter: worker processes
};

LoaderKinds loaderKinds(const trace::Run& run, const trace::StringTable& strings) {
  LoaderKinds kinds;
  std::vector<std::int8_t> byName(strings.size(), -1);  // -1 unknown, 0 neither, 1 single, 2 multi
  for (const trace::Track& track : run.tracks) {
    if (track.isGpu()) continue;
    const auto& iv = track.intervals;
    for (std::size_t i = 0; i < iv.size(); ++i) {
      if (iv.kind[i] != trace::IntervalKind::DataLoading || iv.name[i] >= byName.size()) continue;
      std::int8_t& kind = byName[iv.name[i]];
      if (kind < 0) {
        const std::string_view name = strings.get(iv.name[i]);
        kind = name.find("_SingleProcessDataLoaderIter") != std::string_view::npos ? 1
               : name.find("_MultiProcessingDataLoaderIter") != std::string_view::npos ? 2 : 0;
      }
      if (kind == 1) ++kinds.single_process;
      if (kind == 2) ++kinds.multi_process;
    }
  }
  return kinds;
}

void synchronousDataLoader(const DeviceAnalysis& d, const trace::Run& run, const trace::StringTable& strings,
                           std::vector<Finding>& out) {
  const LoaderKinds kinds = loaderKinds(run, strings);
  if (kinds.single_process == 0 || kinds.multi_process > 0) return;
  const LoadingShare share = loadingShare(d);
  if (share.pct() < th::kSyncLoaderPct) return;
  Finding f = deviceFinding("sync_dataloader", d, kinds.single_process, share.loading_ns);
  f.host_ns = share.loading_ns;  // the training thread's time
  f.explains = only(GapCause::HostDataLoading, d.whole.gaps[GapCause::HostDataLoading]);
  f.severity = share.pct() >= th::kSyncLoaderHighPct ? Severity::High : Severity::Medium;
  f.title = "Data loading runs in the training process";
  f.sentence = fmt::format(
      "The DataLoader has no worker processes (_SingleProcessDataLoaderIter, num_workers=0): loading took {} "
      "of the "
      "{} ({}), on the training thread, where the GPU cannot get its next work until each batch is ready.",
      formatPct(share.pct()), d.steps.empty() ? "GPU window" : "step time", formatDuration(share.loading_ns));
  f.fix = "Load in worker processes: DataLoader(num_workers=N) with N up to the free CPU cores, "
          "persistent_workers=True so workers survive between epochs, and prefetch_factor=2 or more so batches "
          "wait ready; add pin_memory=True for fast, asynchronous copies.";
  for (const Span* s : longest(d.timeline.data_loading, [](const Span&) { return true; }, [](const Span& s) { return s.length(); })) {
    f.ranges.push_back({*s, "data loading, " + formatDuration(s->length())});
  }
  out.push_back(std::move(f));
}

// The host work the GPU waited on that the program's own ranges name ("host: other" by name): which
// code kept the GPU waiting.
void namedHostWork(const DeviceAnalysis& d, std::vector<Finding>& out) {
  const WindowMetrics& m = d.whole;
  const HostWaitByName& names = d.host_other;
  const TimeNs named = names.namedNs();
  const double pct = m.pct(named);
  if (pct < th::kNamedHostPct || names.ranges.empty()) return;
  Finding f = deviceFinding("named_host_work", d, 0, named);
  f.explains = only(GapCause::HostOther, named);
  f.severity = pct >= th::kNamedHostMediumPct ? Severity::Medium : Severity::Low;
  f.count = names.ranges.size();
  const NamedHostTime& top = names.ranges.front();
  const auto perStep = [&](TimeNs ns) {
    return d.steps.empty() ? formatDuration(ns)
                           : formatDuration(ns / static_cast<TimeNs>(d.steps.size())) + " per step";
  };
  std::string list;
  for (std::size_t i = 0; i < names.ranges.size() && i < 5; ++i) {
    list += fmt::format("{}`{}` {}", i == 0 ? "" : ", ", names.ranges[i].name,
                        formatDuration(names.ranges[i].ns));
  }
  f.title = fmt::format("GPU waiting for `{}` on the host", top.name);
  f.sentence = fmt::format(
      "The GPU waited {} ({} of the run) for host work the program names itself: {}. While the host runs "
      "that code "
      "it queues no work ahead of the GPU.",
      perStep(named), formatPct(pct), list);
  if (trace::isInputPathRangeName(top.name)) {
    f.fix = fmt::format(
        "`{}` is input work: run it ahead of the step — pipeline it (TorchRec's TrainPipelineSparseDist "
        "overlaps the next batch's input distribution with this batch's compute), or move it into "
        "DataLoader workers (collate_fn).",
        top.name);
  } else {
    f.fix = fmt::format(
        "The model's own host code is the bottleneck (`{}` first): capture the step in a CUDA graph "
        "(torch.compile(mode=\"reduce-overhead\")), use larger batches or fewer, larger kernels, and "
        "keep synchronising calls out of it.",
        top.name);
  }
  addLongestSpans(segmentsOf(d.timeline.causes, m.window, isHostOtherCause), "host wait", f);
  out.push_back(std::move(f));
}

// Host time the GPU waited on that no range names: tell the user how to name it.
void unnamedHostTime(const DeviceAnalysis& d, std::vector<Finding>& out) {
  const WindowMetrics& m = d.whole;
  const TimeNs unnamed = d.host_other.unnamed_ns;
  const double pct = m.pct(unnamed);
  if (pct < th::kUnnamedHostPct) return;
  Finding f = deviceFinding("unnamed_host_time", d, 0, unnamed);
  f.explains = only(GapCause::HostOther, unnamed);
  f.severity = pct >= th::kUnnamedHostMediumPct ? Severity::Medium : Severity::Low;
  f.title = "Host time the GPU waited on has no name";
  f.sentence = fmt::format(
      "For {} of the run ({}) the GPU waited on host work that is neither data loading nor a CUDA call "
      "Feedscope "
      "knows, and that no range or operator on the launching thread names: the report cannot say whether it "
      "is "
      "input work (a collate in Python, freeing the previous batch) or model code.",
      formatPct(pct), formatDuration(unnamed));
  f.fix = std::string("Name it: wrap the data path in torch.profiler.record_function(\"data_load\") (under feedscope "
                      "record, an NVTX range: torch.cuda.nvtx.range_push(\"data_load\")), and other suspects in "
                      "ranges of their own. Feedscope reads ") +
          std::string(trace::kStepNamesHelp) + "; and " + std::string(trace::kDataLoadingNamesHelp) + ".";
  addHostLateGaps(d, f, isHostOtherCause);
  out.push_back(std::move(f));
}

void smallCopies(const DeviceAnalysis& d, const AnalysisOptions& options, std::vector<Finding>& out) {
  const CopyStats& s = d.whole.h2d;
  if (s.small_count < th::kSmallCopiesMinCount || s.small_count * 2 < s.count) return;
  Finding f = deviceFinding("small_copies", d, s.small_count, s.small_duration_ns);
  f.explains = idleUnder(d, copySpans(d.timeline.h2d_copies, [&](const CopyRecord& c) {
                           return c.bytes < options.small_copy_bytes;
                         }));
  f.severity = f.time_pct >= th::kSmallCopiesMediumPct ? Severity::Medium : Severity::Low;
  f.title = "Many small input copies";
  f.sentence = fmt::format(
      "{} of {} host-to-device copies were smaller than {}: each costs about 5 µs of latency whatever its "
      "size "
      "({} in all).",
      s.small_count, s.count, formatBytes(options.small_copy_bytes), formatDuration(s.small_duration_ns));
  f.fix =
      "Batch small tensors into one buffer (torch.cat, or one pinned staging buffer per batch) and copy "
      "once.";
  auto isSmall = [&](const CopyRecord& c) { return c.bytes < options.small_copy_bytes; };
  for (const CopyRecord* c : longest(d.timeline.h2d_copies, isSmall, [](const CopyRecord& c) { return c.durationNs(); })) {
    f.ranges.push_back({{c->start_ns, c->end_ns}, copyLabel(*c, "small copy")});
  }
  out.push_back(std::move(f));
}

void pinnedBandwidthLow(const DeviceAnalysis& d, const trace::Run& run, std::vector<Finding>& out) {
  if (!run.calibration || run.calibration->pinned_h2d_gbps <= 0) return;
  auto isLargePinned = [](const CopyRecord& c) {
    return c.host_memory == trace::MemoryKind::Pinned && c.bytes >= th::kLargeCopyBytes;
  };
  std::uint64_t bytes = 0, count = 0;
  TimeNs ns = 0;
  for (const auto& c : d.timeline.h2d_copies) {
    if (!isLargePinned(c)) continue;
    bytes += c.bytes;
    ns = trace::saturatingAdd(ns, c.durationNs());
    ++count;
  }
  if (ns <= 0) return;
  double gbps = static_cast<double>(bytes) / static_cast<double>(ns);
  double peak = run.calibration->pinned_h2d_gbps;
  if (gbps >= th::kPinnedBandwidthLowShare * peak) return;
  Finding f = deviceFinding("pinned_bandwidth_low", d, count, ns);
  f.explains = idleUnder(d, copySpans(d.timeline.h2d_copies, isLargePinned));
  f.severity = Severity::Medium;
  f.title = "Pinned copies far below the link's bandwidth";
  f.sentence = fmt::format(
      "Pinned host-to-device copies of 1 MiB or more reached {}, {} of the {} this machine reached in "
      "calibration.",
      formatGbps(gbps), formatPct(100.0 * gbps / peak), formatGbps(peak));
  f.fix = "Check the PCIe link (nvidia-smi -q: link generation and width), the NUMA placement of pinned buffers "
          "(run on the GPU's NUMA node) and other traffic on the link during training.";
  for (const CopyRecord* c : longest(d.timeline.h2d_copies, isLargePinned, [](const CopyRecord& c) { return c.durationNs(); })) {
    f.ranges.push_back({{c->start_ns, c->end_ns}, copyLabel(*c, "pinned copy")});
  }
  out.push_back(std::move(f));
}

}  // namespace

namespace {

// A root's evidence, cut to the idle time it explains, so that no two roots point at the same time
// (a copy partly hidden under compute shows its exposed part). A root that explains no idle time (a
// slow copy that ran under compute) keeps the records it is about.
void cutEvidenceToWhatItExplains(const DeviceAnalysis& d, Finding& f) {
  if (!f.isRoot() || f.cost_ns == 0 || f.ranges.empty()) return;
  const SpanList explained =
      segmentsOf(d.timeline.causes, d.whole.window, [&](GapCause c) { return f.explains[c] > 0; });
  std::vector<EvidenceRange> cut;
  for (const EvidenceRange& r : f.ranges) {
    Span best{0, 0};
    for (const Span& piece : intersect({r.span}, explained)) {
      if (piece.length() > best.length()) best = piece;
    }
    if (best.length() == r.span.length()) {
      cut.push_back(r);
    } else if (best.length() > 0) {
      cut.push_back({best, r.label + "; GPU idle " + formatDuration(best.length()) + " of it"});
    }
  }
  std::stable_sort(cut.begin(), cut.end(), [](const EvidenceRange& a, const EvidenceRange& b) {
    return a.span.length() > b.span.length();
  });
  f.ranges = std::move(cut);
}

// Every verdict other than "not input-bound" has a finding that explains it with evidence (docs/metrics.md,
// "Input evidence"): no host side, no input path, or an input-bound verdict no other rule explained.
void verdictExplained(const DeviceAnalysis& d, std::vector<Finding>& out) {
  const WindowMetrics& m = d.whole;
  // These two explain no cost (they are outside the partition of the starvation): their evidence is
  // the GPU's longest idle stretches, which other findings may show too.
  const SpanList idle = segmentsOf(d.timeline.causes, m.window, [](GapCause) { return true; });
  Finding f;
  f.device = d.device;
  f.severity = Severity::Info;
  switch (d.verdict) {
    case InputBoundVerdict::CannotTell:
      f.id = "no_host_side";
      f.title = "No host activity in the trace";
      f.sentence = fmt::format(
          "The trace holds the GPU's work and nothing of the host: no CUDA or HIP call, no range, no operator. The "
          "GPU was idle {} ({} of its window), but whether it waited for input, for the host's own work or for a "
          "synchronisation cannot be told from it.",
          formatDuration(m.starvation_ns), formatPct(m.starvationPct()));
      f.fix = "Record with the host side: torch.profiler with ProfilerActivity.CPU as well as CUDA, or "
              "`feedscope record -- PROGRAM`.";
      addLongestSpans(idle, "GPU idle", f);
      break;
    case InputBoundVerdict::NoInputPath:
      f.id = "no_input_path";
      f.title = "No input path in the trace";
      f.sentence = fmt::format(
          "The trace shows no data loading, no host work on the input path and no host-to-device copy of {} or "
          "more{}: the GPU's {} of idle time ({} of its window) is the host's own work and its synchronisations, "
          "which prefetching input would not remove.",
          formatBytes(thresholds::kBatchCopyMinBytes),
          d.evidence.trains() ? "" : " (an inference or serving trace: no backward pass, no optimizer step)",
          formatDuration(m.starvation_ns), formatPct(m.starvationPct()));
      f.fix = d.what_if.without_sync_ns
                  ? "See the what-if without the synchronisations in the step: moving them out of the step is what "
                    "would shorten it."
                  : "Look at the host's own work between kernels (the host wait rows) rather than at the input.";
      addLongestSpans(idle, "GPU idle", f);
      break;
    case InputBoundVerdict::ModeratelyInputBound:
    case InputBoundVerdict::HighlyInputBound: {
      for (std::string_view id : {"pageable_h2d", "pageable_async_copy", "sync_copies", "copies_not_overlapped",
                                  "sync_dataloader", "small_copies"}) {
        if (fired(out, id)) return;  // already explained
      }
      const SpanList input = segmentsOf(d.timeline.causes, m.window, [](GapCause c) {
        return c == GapCause::CopyWaitPageable || c == GapCause::CopyWaitPinned || c == GapCause::HostDataLoading;
      });
      f.id = "input_wait";
      f.title = "The GPU waits for input";
      f.severity = d.verdict == InputBoundVerdict::HighlyInputBound ? Severity::High : Severity::Medium;
      f.explains = idleUnder(d, input);
      f.time_ns = totalLength(input);
      f.time_pct = m.pct(f.time_ns);
      f.sentence = fmt::format(
          "Prefetching would remove {} of {}: the GPU waited {} for input copies and {} for data loading ({} of "
          "its window), and the host's unnamed work around them is input path too.",
          formatPct(d.input_bound_pct), d.step_summary ? "the median step" : "the GPU window",
          formatDuration(m.gaps.copyWait()), formatDuration(m.gaps[GapCause::HostDataLoading]), formatPct(f.time_pct));
      f.fix = "Prefetch: load the next batch in DataLoader workers and copy it from pinned memory on a side stream "
              "(non_blocking=True) while this one trains.";
      addLongestSpans(input, "waiting for input", f);
      break;
    }
    case InputBoundVerdict::NotInputBound:
      return;
  }
  out.push_back(std::move(f));
}

}  // namespace

std::vector<Finding> deviceFindings(const DeviceAnalysis& d, const trace::Run& run,
                                    const trace::StringTable& strings, const AnalysisOptions& options) {
  // Rule order is partition order: the roots of each cause first, then the angles on them.
  std::vector<Finding> out;
  pageableCopies(d, out);
  copiesNotOverlapped(d, out);
  hostBound(d, out);
  pageableAsyncCopies(d, options, out);
  synchronousCopies(d, out);
  pinnedBandwidthLow(d, run, out);
  smallCopies(d, options, out);
  synchronousDataLoader(d, run, strings, out);
  namedHostWork(d, out);
  unnamedHostTime(d, out);
  verdictExplained(d, out);
  out = partitionFindings(std::move(out), d.whole.window_ns);
  for (Finding& f : out) cutEvidenceToWhatItExplains(d, f);
  return out;
}

std::vector<Finding> runFindings(const RunAnalysis& analysis, const trace::Run& run) {
  std::vector<Finding> out;
  const trace::RecordCounts& r = run.records;
  if (r.dropped > 0 || r.invalid > 0) {
    Finding f;
    f.id = "incomplete_data";
    f.count = r.dropped + r.invalid;
    f.severity = r.dropped > 0 ? Severity::High : Severity::Medium;
    f.title = "Incomplete data";
    f.sentence = fmt::format(
        "{} records were dropped by the collector and {} had no valid timestamps (start 0 or end before "
        "start); "
        "the figures undercount what the GPU did.",
        r.dropped, r.invalid);
    f.fix = "Record a shorter window or fewer activity kinds, and raise CUPTI's buffer limits "
            "(CUPTI_ACTIVITY_ATTR_DEVICE_BUFFER_SIZE, _POOL_LIMIT) before CUDA initialises.";
    out.push_back(std::move(f));
  }
  if (analysis.devices.empty()) {
    Finding f;
    f.id = "no_gpu_activity";
    f.severity = Severity::Info;
    f.title = "No GPU activity";
    if (analysis.input_pipeline) {
      // `record` of a program that ran on the CPU: its Python side is all there is, and it is here.
      f.sentence = "The recording holds no GPU kernels, copies or memsets: the program did not use a GPU. Its "
                   "input pipeline was recorded by the Python hooks (above).";
      f.fix = "Run it where it uses the GPU to see what the GPU waits for.";
    } else {
      f.sentence = "The trace holds no GPU kernels, copies or memsets: there is no GPU time to measure.";
      f.fix = "Record with CUDA activities on (torch.profiler: activities=[ProfilerActivity.CPU, "
              "ProfilerActivity.CUDA]), or check that the program used the GPU.";
    }
    out.push_back(std::move(f));
  }
  if (analysis.input_pipeline) inputPipelineFindings(*analysis.input_pipeline, out);
  return out;
}

}  // namespace feedscope::analysis
