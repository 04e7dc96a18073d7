// Finding rules.
#include "analysis/findings.h"

#include <fmt/format.h>

#include <algorithm>

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

constexpr std::size_t kMaxRanges = 10;
constexpr std::uint64_t kLargeCopyBytes = 1024 * 1024;

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

void pageableCopies(const DeviceAnalysis& d, std::vector<Finding>& out) {
  const WindowMetrics& m = d.whole;
  if (m.h2d.pageable_count == 0) return;
  Finding f;
  f.id = "pageable_h2d";
  f.device = d.device;
  f.count = m.h2d.pageable_count;
  f.time_ns = m.gaps[GapCause::CopyWaitPageable];
  f.time_pct = m.pct(f.time_ns);
  f.severity = bySharePct(f.time_pct, 5.0, 1.0);
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
  Finding f;
  f.id = "sync_copies";
  f.device = d.device;
  f.count = count;
  f.time_ns = total;
  f.time_pct = d.whole.pct(total);
  f.severity = f.time_pct >= 1.0 ? Severity::Medium : Severity::Low;
  f.title = "Synchronous input copies in the steady state";
  f.sentence = fmt::format(
      "{} host-to-device copies ({} in all) were synchronous after the first step: the host waited for each to "
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

void copiesNotOverlapped(const DeviceAnalysis& d, std::vector<Finding>& out) {
  const WindowMetrics& m = d.whole;
  auto overlap = m.h2dOverlapPct();
  if (!overlap || *overlap >= 50.0 || m.pct(m.exposed_h2d_ns) < 2.0) return;
  Finding f;
  f.id = "copies_not_overlapped";
  f.device = d.device;
  f.count = m.h2d.count;
  f.time_ns = m.exposed_h2d_ns;
  f.time_pct = m.pct(f.time_ns);
  f.severity = f.time_pct >= 10.0 ? Severity::High : Severity::Medium;
  f.title = "Input copies not overlapped with compute";
  f.sentence = fmt::format(
      "Only {} of host-to-device copy time ran while kernels computed; {} of copies were exposed ({} of the run).",
      formatPct(*overlap), formatDuration(m.exposed_h2d_ns), formatPct(f.time_pct));
  f.fix = std::string(m.h2d.pageable_count > 0 ? "Pin the input first (see the pageable-copy finding), then " : "") +
          "prefetch on a side stream: copy batch N+1 on its own CUDA stream (non_blocking=True from pinned memory) "
          "while batch N trains, and make the compute stream wait on an event. Copies on the compute stream can "
          "never overlap its kernels.";
  SpanList exposed = subtract(d.timeline.h2d, d.timeline.kernels);
  for (const Span* s : longest(exposed, [](const Span&) { return true; }, [](const Span& s) { return s.length(); })) {
    f.ranges.push_back({*s, "exposed copy, " + formatDuration(s->length())});
  }
  out.push_back(std::move(f));
}

void hostBound(const DeviceAnalysis& d, std::vector<Finding>& out) {
  const WindowMetrics& m = d.whole;
  TimeNs host = m.gaps.hostWait();
  double pct = m.pct(host);
  if (pct < 10.0) return;
  Finding f;
  f.id = "host_bound";
  f.device = d.device;
  f.time_ns = host;
  f.time_pct = pct;
  f.severity = pct >= 25.0 ? Severity::High : Severity::Medium;
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
      f.fix = "The input pipeline is the bottleneck: more DataLoader workers (num_workers), persistent_workers=True, "
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
      f.fix = "Host code between launches is slow (Python, CPU work): profile the host thread, move work off the "
              "critical path, or use larger batches and CUDA graphs.";
      break;
  }
  const Span window = d.whole.window;
  auto lateInWindow = [&](const Gap& g) {
    return g.host_late && g.span.end > window.start && g.span.start < window.end;
  };
  f.count = static_cast<std::uint64_t>(std::count_if(d.timeline.gaps.begin(), d.timeline.gaps.end(), lateInWindow));
  for (const Gap* g : longest(d.timeline.gaps, lateInWindow, [](const Gap& g) { return g.span.length(); })) {
    Span shown{std::max(g->span.start, window.start), std::min(g->span.end, window.end)};
    f.ranges.push_back({shown, "host-late gap, " + formatDuration(shown.length())});
  }
  out.push_back(std::move(f));
}

void smallCopies(const DeviceAnalysis& d, const AnalysisOptions& options, std::vector<Finding>& out) {
  const CopyStats& s = d.whole.h2d;
  if (s.small_count < 50 || s.small_count * 2 < s.count) return;
  Finding f;
  f.id = "small_copies";
  f.device = d.device;
  f.count = s.small_count;
  f.time_ns = s.small_duration_ns;
  f.time_pct = d.whole.pct(f.time_ns);
  f.severity = f.time_pct >= 5.0 ? Severity::Medium : Severity::Low;
  f.title = "Many small input copies";
  f.sentence = fmt::format(
      "{} of {} host-to-device copies were smaller than {}: each costs about 5 µs of latency whatever its size "
      "({} in all).",
      s.small_count, s.count, formatBytes(options.small_copy_bytes), formatDuration(s.small_duration_ns));
  f.fix = "Batch small tensors into one buffer (torch.cat, or one pinned staging buffer per batch) and copy once.";
  auto isSmall = [&](const CopyRecord& c) { return c.bytes < options.small_copy_bytes; };
  for (const CopyRecord* c : longest(d.timeline.h2d_copies, isSmall, [](const CopyRecord& c) { return c.durationNs(); })) {
    f.ranges.push_back({{c->start_ns, c->end_ns}, copyLabel(*c, "small copy")});
  }
  out.push_back(std::move(f));
}

void pinnedBandwidthLow(const DeviceAnalysis& d, const trace::Run& run, std::vector<Finding>& out) {
  if (!run.calibration || run.calibration->pinned_h2d_gbps <= 0) return;
  auto isLargePinned = [](const CopyRecord& c) {
    return c.host_memory == trace::MemoryKind::Pinned && c.bytes >= kLargeCopyBytes;
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
  if (gbps >= 0.5 * peak) return;
  Finding f;
  f.id = "pinned_bandwidth_low";
  f.device = d.device;
  f.count = count;
  f.time_ns = ns;
  f.time_pct = d.whole.pct(ns);
  f.severity = Severity::Medium;
  f.title = "Pinned copies far below the link's bandwidth";
  f.sentence = fmt::format(
      "Pinned host-to-device copies of 1 MiB or more reached {}, {} of the {} this machine reached in calibration.",
      formatGbps(gbps), formatPct(100.0 * gbps / peak), formatGbps(peak));
  f.fix = "Check the PCIe link (nvidia-smi -q: link generation and width), the NUMA placement of pinned buffers "
          "(run on the GPU's NUMA node) and other traffic on the link during training.";
  for (const CopyRecord* c : longest(d.timeline.h2d_copies, isLargePinned, [](const CopyRecord& c) { return c.durationNs(); })) {
    f.ranges.push_back({{c->start_ns, c->end_ns}, copyLabel(*c, "pinned copy")});
  }
  out.push_back(std::move(f));
}

}  // namespace

std::vector<Finding> deviceFindings(const DeviceAnalysis& d, const trace::Run& run, const AnalysisOptions& options) {
  std::vector<Finding> out;
  pageableCopies(d, out);
  synchronousCopies(d, out);
  copiesNotOverlapped(d, out);
  hostBound(d, out);
  smallCopies(d, options, out);
  pinnedBandwidthLow(d, run, out);
  std::stable_sort(out.begin(), out.end(), [](const Finding& a, const Finding& b) { return a.severity > b.severity; });
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
        "{} records were dropped by the collector and {} had no valid timestamps (start 0 or end before start); "
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
    f.sentence = "The trace holds no GPU kernels, copies or memsets: there is no GPU time to measure.";
    f.fix = "Record with CUDA activities on (torch.profiler: activities=[ProfilerActivity.CPU, "
            "ProfilerActivity.CUDA]), or check that the program used the GPU.";
    out.push_back(std::move(f));
  }
  return out;
}

}  // namespace feedscope::analysis
