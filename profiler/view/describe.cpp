// Descriptions of timeline items.
#include "trace/argument_fields.h"
#include "view/describe.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "analysis/gap_cause.h"
#include "present/causes.h"
#include "present/numbers.h"
#include "trace/units.h"

namespace feedscope::view {

const std::string* Description::find(std::string_view key) const {
  for (const auto& f : fields) {
    if (f.key == key) return &f.value;
  }
  return nullptr;
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
    case LaneKind::PeerWait:
      return one ? "wait" : "waits";
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

// The host range that names the host-other segment starting at `start` on `device`: its name,
// "none (no range or operator was open on the launching thread)" otherwise.
std::string hostRangeOf(const RunLanes& run, std::int32_t device, TimeNs start) {
  const analysis::RunAnalysis* analysis = run.input.analysis;
  if (analysis != nullptr && run.input.strings != nullptr) {
    for (const analysis::DeviceAnalysis& d : analysis->devices) {
      if (d.device != device) continue;
      const auto& causes = d.timeline.causes;
      auto it = std::lower_bound(causes.begin(), causes.end(), start,
                                 [](const analysis::CauseSegment& s, TimeNs t) { return s.start < t; });
      if (it != causes.end() && it->start == start && it->name != analysis::kUnnamedSegment) {
        return std::string(run.input.strings->get(it->name));
      }
    }
  }
  return "none (no range or operator was open on the launching thread)";
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
  d.fields.push_back({"start", present::formatOffset(model.toDisplay(lane.run, c.start_ns[p]))});
  d.fields.push_back({"duration", trace::formatDuration(duration)});
  if (lane.kind == LaneKind::Starvation) {
    auto cause = TimelineModel::starvationCause(row, item);
    d.fields.push_back({"cause", std::string(present::causeLabel(cause))});
    d.fields.push_back({"why", std::string(present::causeExplanation(cause))});
    if (cause == analysis::GapCause::HostOther) {
      // Which host code kept the GPU waiting: the range the launching thread was in (host_wait_names.h).
      d.fields.push_back({"host range", hostRangeOf(run, lane.device, c.start_ns[p])});
    }
  }
  if (const PeerWait* w = row.peerWait(item); lane.kind == LaneKind::PeerWait && w != nullptr) {
    // docs/gui.md "Jobs": who this rank waited for, and where that rank arrived (a click jumps there).
    d.fields.push_back({"waiting for", "rank " + std::to_string(w->late_rank) + " (" +
                                           model.runs()[w->late_run].name + ")"});
    d.fields.push_back({"that rank arrived at", present::formatOffset(model.toDisplay(w->late_run, w->late_arrival_ns))});
    d.fields.push_back({"why", "in a collective every rank waits for the last to arrive: this GPU was busy "
                               "spinning in the collective kernel, not computing"});
    return d;  // a derived figure: no bytes, stream or correlation
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
  // Every argument the trace gave the interval (a kernel's grid, block, registers, shared memory and
  // occupancy; an operator's shapes), after what is shown above under the same names.
  if (const std::uint32_t args = c.argumentsAt(p); args != 0 && run.input.run != nullptr) {
    for (trace::ArgumentField& f : trace::argumentFields(run.input.run->arguments.get(args))) {
      if (d.find(f.key) == nullptr) d.fields.push_back({std::move(f.key), std::move(f.value)});
    }
  }
  return d;
}

Description describeFold(const TimelineModel& model, const Hit& hit, const Viewport& viewport) {
  const Lane& lane = model.lanes()[hit.lane];
  Description d;
  std::uint64_t count = hit.end_item - hit.item;
  if (lane.kind == LaneKind::Starvation) {
    d.title = present::withThousands(count) + " " + itemNoun(lane.kind, count) + " (" +
              std::string(present::causeGroupLabel(static_cast<present::CauseGroup>(
                  std::min<std::size_t>(hit.row, present::kCauseGroupCount - 1)))) +
              ")";
  } else {
    d.title = present::withThousands(count) + " " + itemNoun(lane.kind, count);
  }
  double from = viewport.toTime(hit.column);
  d.fields.push_back({"run", model.runs()[lane.run].name});
  d.fields.push_back({"lane", lane.title});
  d.fields.push_back(
      {"pixel", present::formatOffset(from) + " … " + present::formatOffset(from + viewport.nsPerPx())});
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

std::string toText(const Description& d) {
  std::string out = d.title;
  for (const auto& f : d.fields) out += "\n" + f.key + ": " + f.value;
  return out;
}

}  // namespace feedscope::view
