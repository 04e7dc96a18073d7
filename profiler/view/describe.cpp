// Descriptions of timeline items.
#include "view/describe.h"

#include <cmath>
#include <cstdio>

#include "analysis/gap_cause.h"
#include "trace/units.h"

namespace feedscope::view {

const std::string* Description::find(std::string_view key) const {
  for (const auto& f : fields) {
    if (f.key == key) return &f.value;
  }
  return nullptr;
}

std::string formatOffset(double displayNs) {
  char buf[64];
  const char* sign = displayNs < 0 ? "-" : "+";
  double a = std::fabs(displayNs);
  if (a < 1e6) {
    std::snprintf(buf, sizeof buf, "%s%.3f µs", sign, a / 1e3);
  } else {
    std::snprintf(buf, sizeof buf, "%s%.6f ms", sign, a / 1e6);
  }
  return buf;
}

std::string withThousands(std::uint64_t n) {
  std::string digits = std::to_string(n);
  std::string out;
  for (std::size_t i = 0; i < digits.size(); ++i) {
    if (i > 0 && (digits.size() - i) % 3 == 0) out += ',';
    out += digits[i];
  }
  return out;
}

std::string itemNoun(LaneKind kind, std::uint64_t count) {
  bool one = count == 1;
  switch (kind) {
    case LaneKind::Starvation:
      return one ? "idle gap part" : "idle gap parts";
    case LaneKind::Kernels:
      return one ? "kernel" : "kernels";
    case LaneKind::CopyH2D:
    case LaneKind::CopyD2H:
    case LaneKind::CopyOther:
      return one ? "copy" : "copies";
    case LaneKind::Memset:
      return one ? "memset" : "memsets";
    case LaneKind::GpuSync:
      return one ? "sync" : "syncs";
    case LaneKind::Steps:
      return one ? "step" : "steps";
    case LaneKind::ApiCalls:
      return one ? "CUDA call" : "CUDA calls";
    case LaneKind::HostOps:
      return one ? "operator" : "operators";
    case LaneKind::IdleDifference:
      return one ? "step" : "steps";
    default:
      break;
  }
  return one ? "range" : "ranges";
}

namespace {

std::string memoryWord(trace::MemoryKind kind) {
  switch (kind) {
    case trace::MemoryKind::Pageable:
      return "pageable";
    case trace::MemoryKind::Pinned:
      return "pinned";
    case trace::MemoryKind::Host:
      return "host (kind unknown)";
    default:
      return std::string(trace::memoryKindName(kind));
  }
}

std::string causeExplanation(analysis::GapCause cause) {
  using analysis::GapCause;
  switch (cause) {
    case GapCause::CopyWaitPageable:
      return "an input copy from pageable memory was running; pin the input to hide it";
    case GapCause::CopyWaitPinned:
      return "an input copy was running; prefetch it on a side stream to hide it";
    case GapCause::HostDataLoading:
      return "the host was late, loading data";
    case GapCause::HostBlockedInCuda:
      return "the host was late, blocked in a synchronising CUDA call";
    case GapCause::HostLaunchOverhead:
      return "the host was late by less than the launch-overhead threshold";
    case GapCause::HostOther:
      return "the host was late (Python or CPU work)";
    case GapCause::DependencyOther:
      break;
  }
  return "the work was already issued: a dependency, or nothing in the data explains it";
}

}  // namespace

Description describeInterval(const TimelineModel& model, std::size_t laneIndex, std::size_t rowIndex,
                             std::size_t item) {
  const Lane& lane = model.lanes()[laneIndex];
  const Row& row = lane.rows[rowIndex];
  const RunLanes& run = model.runs()[lane.run];
  const auto& c = row.columns();
  std::size_t p = row.position(item);
  Description d;
  d.title = model.intervalName(lane, row, item);
  TimeNs duration = c.end_ns[p] - c.start_ns[p];
  d.fields.push_back({"run", run.name});
  d.fields.push_back({"lane", lane.title});
  d.fields.push_back({"start", formatOffset(model.toDisplay(lane.run, c.start_ns[p]))});
  d.fields.push_back({"duration", trace::formatDuration(duration)});
  if (lane.kind == LaneKind::Starvation) {
    auto cause = TimelineModel::starvationCause(row, item);
    d.fields.push_back({"cause", std::string(analysis::gapCauseLabel(cause))});
    d.fields.push_back({"why", causeExplanation(cause)});
  }
  if (lane.kind == LaneKind::IdleDifference) {
    const TimeNs diff = TimelineModel::idleDifference(row, item);
    d.fields.push_back({"idle difference", (diff > 0 ? "+" : "") + trace::formatDuration(diff)});
    d.fields.push_back({"reading", diff > 0 ? "this step's GPU idled longer than the first run's (worse)"
                                            : "this step's GPU idled less than (or as long as) the first run's"});
    return d;  // a derived figure: no bytes, stream or correlation
  }
  trace::IntervalKind kind = c.kind[p];
  if (trace::isCopy(kind) || kind == trace::IntervalKind::Memset) {
    d.fields.push_back({"bytes", trace::formatBytes(c.bytes[p])});
  }
  if (trace::isCopy(kind) && duration > 0) {
    d.fields.push_back(
        {"bandwidth", trace::formatGbps(static_cast<double>(c.bytes[p]) / static_cast<double>(duration))});
    trace::MemoryKind host = kind == trace::IntervalKind::MemcpyDtoH ? c.dst[p] : c.src[p];
    if (kind == trace::IntervalKind::MemcpyHtoD || kind == trace::IntervalKind::MemcpyDtoH) {
      d.fields.push_back({"host memory", memoryWord(host)});
      if (host == trace::MemoryKind::Pageable) {
        d.fields.push_back(
            {"note", "a pageable copy synchronises the stream first, so it can never be prefetched"});
      }
    }
  }
  if (lane.stream >= 0) d.fields.push_back({"stream", std::to_string(lane.stream)});
  if (lane.device >= 0) d.fields.push_back({"device", std::to_string(lane.device)});
  if (lane.track != nullptr && lane.track->tid >= 0) {
    d.fields.push_back(
        {"thread", "pid " + std::to_string(lane.track->pid) + ", tid " + std::to_string(lane.track->tid)});
  }
  if (c.correlation[p] != 0) d.fields.push_back({"correlation", std::to_string(c.correlation[p])});
  return d;
}

Description describeFold(const TimelineModel& model, const Hit& hit, const Viewport& viewport) {
  const Lane& lane = model.lanes()[hit.lane];
  Description d;
  std::uint64_t count = hit.end_item - hit.item;
  if (lane.kind == LaneKind::Starvation) {
    d.title = withThousands(count) + " " + itemNoun(lane.kind, count) + " (" +
              std::string(causeGroupLabel(
                  static_cast<CauseGroup>(std::min<std::size_t>(hit.row, kCauseGroupCount - 1)))) +
              ")";
  } else {
    d.title = withThousands(count) + " " + itemNoun(lane.kind, count);
  }
  double from = viewport.toTime(hit.column);
  d.fields.push_back({"run", model.runs()[lane.run].name});
  d.fields.push_back({"lane", lane.title});
  d.fields.push_back({"pixel", formatOffset(from) + " … " + formatOffset(from + viewport.nsPerPx())});
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.0f %% of the pixel's time", hit.fold_column.mean * 100.0);
  d.fields.push_back({"busy", buf});
  d.fields.push_back(
      {"zoom in", "intervals narrower than 3 pixels are folded; zoom in to see them one by one"});
  return d;
}

Description describeHit(const TimelineModel& model, const Hit& hit, const Viewport& viewport) {
  return hit.kind == Hit::Kind::Interval ? describeInterval(model, hit.lane, hit.row, hit.item)
                                         : describeFold(model, hit, viewport);
}

std::string runHeadline(const analysis::RunAnalysis& run) {
  const analysis::DeviceAnalysis* d = run.primary();
  if (d == nullptr) return "no GPU work in this run";
  const auto& m = d->whole;
  char buf[512];
  std::snprintf(
      buf, sizeof buf,
      "starved %.2f %% of the GPU window (copy wait %.2f %%, host wait %.2f %%, other %.2f %%) · %s",
      m.starvationPct(), m.pct(m.gaps.copyWait()), m.pct(m.gaps.hostWait()),
      m.pct(m.gaps[analysis::GapCause::DependencyOther]),
      std::string(analysis::verdictSentence(d->verdict)).c_str());
  std::string out = buf;
  if (d->step_summary) {
    out += " · " + std::to_string(d->step_summary->count) + " steps, median " +
           trace::formatDuration(d->step_summary->median_ns);
  }
  // What prefetching would make of it: the same prediction the reports give.
  std::snprintf(buf, sizeof buf, " · prefetched %s (%.2fx), bound by %s",
                trace::formatDuration(d->what_if.prefetch_step_ns).c_str(), d->what_if.prefetchSpeedup(),
                std::string(analysis::prefetchBoundLabel(d->what_if.prefetch_bound)).c_str());
  out += buf;
  if (run.devices.size() > 1)
    out += " · GPU " + std::to_string(d->device) + " of " + std::to_string(run.devices.size());
  return out;
}

std::string toText(const Description& d) {
  std::string out = d.title;
  for (const auto& f : d.fields) out += "\n" + f.key + ": " + f.value;
  return out;
}

}  // namespace feedscope::view
