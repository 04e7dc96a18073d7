// Building the timeline's lanes and rows from runs and their analyses.
#include "view/timeline_model.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <limits>
#include <tuple>

#include "trace/copy_names.h"
#include "analysis/span_set.h"
#include "present/causes.h"
#include "present/job_phrases.h"
#include "present/numbers.h"
#include "trace/track_order.h"
#include "trace/units.h"

namespace feedscope::view {

using trace::IntervalKind;
using trace::TrackKind;

namespace {

constexpr std::size_t kLaneKindCount = static_cast<std::size_t>(LaneKind::HostOther) + 1;

LaneKind laneKindFor(TrackKind track, IntervalKind kind) {
  if (track == TrackKind::GpuMarkers) return LaneKind::GpuAnnotations;
  if (track == TrackKind::GpuStream) {
    switch (kind) {
      case IntervalKind::Kernel:
        return LaneKind::Kernels;
      case IntervalKind::MemcpyHtoD:
        return LaneKind::CopyH2D;
      case IntervalKind::MemcpyDtoH:
        return LaneKind::CopyD2H;
      case IntervalKind::MemcpyDtoD:
      case IntervalKind::MemcpyHtoH:
      case IntervalKind::MemcpyPtoP:
        return LaneKind::CopyOther;
      case IntervalKind::Memset:
        return LaneKind::Memset;
      case IntervalKind::GpuAnnotation:
        return LaneKind::GpuAnnotations;
      default:
        return LaneKind::GpuSync;
    }
  }
  switch (kind) {
    case IntervalKind::Step:
      return LaneKind::Steps;
    case IntervalKind::DataLoading:
    case IntervalKind::LoaderWork:
      return LaneKind::DataLoading;
    case IntervalKind::Range:
    case IntervalKind::GpuAnnotation:
      return LaneKind::Ranges;
    case IntervalKind::HostOp:
      return LaneKind::HostOps;
    case IntervalKind::RuntimeApi:
    case IntervalKind::DriverApi:
      return LaneKind::ApiCalls;
    default:
      return LaneKind::HostOther;
  }
}

// Display order of a track's lanes: GPU work first, then the host's coarse ranges before fine ones.
constexpr std::array<LaneKind, kLaneKindCount - 1> kLaneOrder = {
    LaneKind::Kernels,  LaneKind::CopyH2D,        LaneKind::CopyD2H,  LaneKind::CopyOther,   LaneKind::Memset,
    LaneKind::GpuSync,  LaneKind::GpuAnnotations, LaneKind::Steps,    LaneKind::DataLoading, LaneKind::Ranges,
    LaneKind::ApiCalls, LaneKind::HostOps,        LaneKind::HostOther};

Rgb laneBaseColor(LaneKind kind) {
  switch (kind) {
    case LaneKind::Starvation:
      return palette::kCopyWaitPageable;
    case LaneKind::Kernels:
      return palette::kKernel;
    case LaneKind::CopyH2D:
      return palette::kH2dPinned;
    case LaneKind::CopyD2H:
      return palette::kD2h;
    case LaneKind::CopyOther:
      return palette::kOtherCopy;
    case LaneKind::Memset:
      return palette::kMemset;
    case LaneKind::GpuSync:
      return palette::kSync;
    case LaneKind::Steps:
      return palette::kStep;
    case LaneKind::DataLoading:
      return palette::kDataLoading;
    case LaneKind::ApiCalls:
      return palette::kApiCall;
    default:
      return palette::kHostRange;
  }
}

// CUPTI's "no stream" (a context-wide synchronisation) is (uint32_t)-1, which Kineto writes as
// 4294967295: it is stream -1, as Perfetto and the profiler's tables show it.
std::int64_t shownStream(std::int64_t stream) {
  return stream == 4294967295 ? -1 : stream;
}

std::string trackTitle(const trace::Track& track) {
  switch (track.kind) {
    case TrackKind::GpuStream:
      return "GPU " + std::to_string(track.device) + " stream " + std::to_string(shownStream(track.stream));
    case TrackKind::GpuMarkers:
      return "GPU " + std::to_string(track.device);
    case TrackKind::HostThread:
      return "thread " + std::to_string(track.tid);
    case TrackKind::Loader:
      return track.name;
  }
  return track.name;
}

void throwIfCancelled(const std::atomic<bool>* cancelled) {
  if (cancelled != nullptr && cancelled->load(std::memory_order_relaxed)) throw BuildCancelled{};
}

}  // namespace

std::string_view laneKindLabel(LaneKind kind) {
  switch (kind) {
    case LaneKind::Starvation:
      return "starvation";
    case LaneKind::Kernels:
      return "kernels";
    case LaneKind::CopyH2D:
      return "H2D";
    case LaneKind::CopyD2H:
      return "D2H";
    case LaneKind::CopyOther:
      return "other copies";
    case LaneKind::Memset:
      return "memset";
    case LaneKind::GpuSync:
      return "sync";
    case LaneKind::GpuAnnotations:
      return "annotations";
    case LaneKind::Steps:
      return "steps";
    case LaneKind::DataLoading:
      return "data loading";
    case LaneKind::Ranges:
      return "ranges";
    case LaneKind::HostOps:
      return "operators";
    case LaneKind::ApiCalls:
      return "CUDA API";
    case LaneKind::HostOther:
      break;
    case LaneKind::IdleDifference:
      return "idle difference";
    case LaneKind::PeerWait:
      return "waiting for peers";
  }
  return "other";
}

bool isGpuLane(LaneKind kind) {
  return kind == LaneKind::Starvation || kind == LaneKind::Kernels || kind == LaneKind::CopyH2D ||
         kind == LaneKind::CopyD2H || kind == LaneKind::CopyOther || kind == LaneKind::Memset ||
         kind == LaneKind::GpuSync || kind == LaneKind::GpuAnnotations || kind == LaneKind::PeerWait;
}

std::string_view alignmentLabel(Alignment a) {
  switch (a) {
    case Alignment::RunStart:
      return "aligned at each run's start: times as the reports give them";
    case Alignment::FirstStep:
      return "aligned at each run's first step";
    case Alignment::GpuStart:
      return "aligned at each run's first GPU operation";
    case Alignment::Absolute:
      break;
    case Alignment::JobClock:
      return "ranks on the job's clock, aligned at their collectives";
  }
  return "on each run's own clock (absolute time)";
}

std::vector<Row> packRows(const trace::IntervalColumns& columns, std::vector<std::uint32_t> positions,
                          std::size_t maxRows) {
  std::vector<Row> rows;
  if (positions.empty()) return rows;
  std::vector<TimeNs> rowEnd;
  std::vector<std::uint8_t> rowOf(positions.size());
  for (std::size_t k = 0; k < positions.size(); ++k) {
    TimeNs s = columns.start_ns[positions[k]];
    TimeNs e = columns.end_ns[positions[k]];
    std::size_t r = 0;
    while (r < rowEnd.size() && rowEnd[r] > s) ++r;
    if (r == rowEnd.size()) {
      if (rowEnd.size() < maxRows) {
        rowEnd.push_back(e);
      } else {
        r = maxRows - 1;  // the overflow row
      }
    }
    rowEnd[r] = std::max(rowEnd[r], e);
    rowOf[k] = static_cast<std::uint8_t>(r);
  }
  if (rowEnd.size() == 1) {
    bool everyInterval = positions.size() == columns.size();
    if (everyInterval) positions = std::vector<std::uint32_t>();  // the whole track: no positions needed
    rows.emplace_back(&columns, std::move(positions), false);
    return rows;
  }
  std::vector<std::vector<std::uint32_t>> perRow(rowEnd.size());
  for (std::size_t k = 0; k < positions.size(); ++k) perRow[rowOf[k]].push_back(positions[k]);
  // Only the overflow row can hold overlaps; check it rather than assume.
  for (std::size_t r = 0; r < perRow.size(); ++r) {
    bool overlapping = false;
    if (r + 1 == maxRows) {
      TimeNs lastEnd = std::numeric_limits<TimeNs>::min();
      for (std::uint32_t p : perRow[r]) {
        overlapping = overlapping || columns.start_ns[p] < lastEnd;
        lastEnd = std::max(lastEnd, columns.end_ns[p]);
      }
    }
    rows.emplace_back(&columns, std::move(perRow[r]), overlapping);
  }
  return rows;
}

TimelineModel::TimelineModel() : derived_strings_(std::make_unique<trace::StringTable>()) {}

TimelineModel TimelineModel::build(const std::vector<RunInput>& runs, const std::atomic<bool>* cancelled,
                                   const std::vector<bool>* abLanes) {
  TimelineModel model;
  std::size_t comparable = 0;
  for (const RunInput& input : runs) comparable += input.rank == nullptr ? 1 : 0;
  for (std::size_t i = 0; i < runs.size(); ++i) {
    const bool lane = abLanes != nullptr ? i < abLanes->size() && (*abLanes)[i] : runs[i].rank == nullptr && comparable > 1;
    model.addRun(runs[i], cancelled, lane);
  }
  model.fillIdleDifferenceLanes();
  model.setAlignment(Alignment::RunStart);
  return model;
}

namespace {

// The run's place on its own clock: its extent, its first GPU operation and its first step.
RunLanes describeRun(const RunInput& input) {
  const trace::Run& run = *input.run;
  RunLanes rl;
  rl.name = run.name;
  rl.input = input;
  if (input.rank != nullptr) rl.rank = *input.rank;
  const trace::TimeExtent extent = run.extent().value_or(trace::TimeExtent{});
  rl.extent_start = extent.start;
  rl.extent_end = extent.end;
  if (input.analysis == nullptr) return rl;
  for (const auto& d : input.analysis->devices) {
    if (d.timeline.gpu_window.length() <= 0) continue;
    rl.gpu_start = std::min(rl.gpu_start.value_or(d.timeline.gpu_window.start), d.timeline.gpu_window.start);
  }
  if (const auto* primary = input.analysis->primary(); primary != nullptr && !primary->steps.empty()) {
    rl.first_step_start = primary->steps.front().step.span.start;
  }
  return rl;
}

// docs/gui.md: the share of a copy lane's time hidden under its device's compute, or nothing.
std::optional<double> hiddenShare(const trace::IntervalColumns& iv, const std::vector<std::uint32_t>& positions,
                                  const analysis::RunAnalysis& analysis, std::int32_t device) {
  for (const auto& d : analysis.devices) {
    if (d.device != device) continue;
    analysis::SpanList copies;
    for (std::uint32_t p : positions) analysis::appendToUnion(copies, iv.start_ns[p], iv.end_ns[p]);
    const TimeNs total = analysis::totalLength(copies);
    if (total <= 0) return std::nullopt;
    return static_cast<double>(analysis::intersectionLength(copies, d.timeline.kernels)) / static_cast<double>(total);
  }
  return std::nullopt;
}

}  // namespace

void TimelineModel::addRun(const RunInput& input, const std::atomic<bool>* cancelled, bool compared) {
  RunLanes rl = describeRun(input);
  rl.first_lane = lanes_.size();
  const std::size_t runIndex = runs_.size();

  // Tracks in the one display order (trace/track_order.h): a session written before that order was
  // shared may hold its tracks in another. GPU tracks arrive grouped by device, which the starvation
  // lane below relies on.
  std::vector<const trace::Track*> tracks;
  for (const auto& t : input.run->tracks) tracks.push_back(&t);
  std::stable_sort(tracks.begin(), tracks.end(),
                   [](const trace::Track* a, const trace::Track* b) { return trace::displaysBefore(*a, *b); });

  // The A/B lane leads a compared run: the first thing to read is whether it idles less.
  if (compared) addIdleDifferenceLane(runIndex, input.analysis);

  std::optional<std::int32_t> currentDevice;
  for (const trace::Track* track : tracks) {
    throwIfCancelled(cancelled);
    if (track->isGpu() && currentDevice != track->device) {
      currentDevice = track->device;
      addStarvationLane(runIndex, input, track->device);
      if (input.rank != nullptr && input.rank->device == track->device) addPeerWaitLane(runIndex, *input.rank);
    }
    addTrackLanes(runIndex, input, *track);
  }
  rl.lane_count = lanes_.size() - rl.first_lane;
  runs_.push_back(std::move(rl));
}

void TimelineModel::addStarvationLane(std::size_t runIndex, const RunInput& input, std::int32_t device) {
  if (input.analysis == nullptr) return;
  for (const auto& d : input.analysis->devices) {
    if (d.device != device) continue;
    // One row per group of causes; each keeps its intervals' causes in a column of their own.
    std::array<trace::IntervalColumns*, present::kCauseGroupCount> groups{};
    std::array<std::vector<analysis::GapCause>*, present::kCauseGroupCount> causes{};
    for (std::size_t g = 0; g < groups.size(); ++g) {
      groups[g] = derived_columns_.emplace_back(std::make_unique<trace::IntervalColumns>()).get();
      causes[g] = derived_causes_.emplace_back(std::make_unique<std::vector<analysis::GapCause>>()).get();
    }
    for (const auto& seg : d.timeline.causes) {
      if (seg.end <= seg.start) continue;
      // The kind only fills the column: what a starvation interval is, is its cause.
      trace::Interval iv{seg.start, seg.end, IntervalKind::Overhead};
      iv.name = derived_strings_->intern(present::causeLabel(seg.cause));
      const auto group = static_cast<std::size_t>(present::causeGroup(seg.cause));
      groups[group]->push_back(iv);
      causes[group]->push_back(seg.cause);
    }
    Lane lane;
    lane.kind = LaneKind::Starvation;
    lane.title = "GPU " + std::to_string(device) + " starvation";
    lane.run = runIndex;
    lane.device = device;
    lane.strings = derived_strings_.get();
    lane.stacked = true;
    lane.base_color = palette::kCopyWaitPageable;
    for (std::size_t g = 0; g < groups.size(); ++g) {
      lane.interval_count += groups[g]->size();
      lane.rows.emplace_back(groups[g], causes[g]);
    }
    lanes_.push_back(std::move(lane));
  }
}

void TimelineModel::addTrackLanes(std::size_t runIndex, const RunInput& input, const trace::Track& track) {
  const auto& iv = track.intervals;
  std::array<std::vector<std::uint32_t>, kLaneKindCount> byLane;
  for (std::size_t i = 0; i < iv.size(); ++i) {
    byLane[static_cast<std::size_t>(laneKindFor(track.kind, iv.kind[i]))].push_back(static_cast<std::uint32_t>(i));
  }
  for (LaneKind kind : kLaneOrder) {
    auto& positions = byLane[static_cast<std::size_t>(kind)];
    if (positions.empty()) continue;
    Lane lane;
    lane.kind = kind;
    lane.title = trackTitle(track) + " · " + std::string(laneKindLabel(kind));
    lane.run = runIndex;
    lane.device = track.device;
    lane.stream = shownStream(track.stream);
    lane.track = &track;
    lane.strings = input.strings;
    lane.interval_count = positions.size();
    lane.base_color = laneBaseColor(kind);
    const bool copies = kind == LaneKind::CopyH2D || kind == LaneKind::CopyD2H || kind == LaneKind::CopyOther;
    if (copies && input.analysis != nullptr) {
      lane.hidden_share = hiddenShare(iv, positions, *input.analysis, track.device);
      // Short: the lane-name column is narrow, and "H2D" must stay readable beside it.
      if (lane.hidden_share) {
        lane.title += " · " + std::to_string(static_cast<int>(std::lround(*lane.hidden_share * 100))) + "% hidden";
      }
    }
    lane.rows = packRows(iv, std::move(positions), kMaxRowsPerLane);
    addUnionRow(lane);
    lanes_.push_back(std::move(lane));
  }
}

void TimelineModel::addUnionRow(Lane& lane) {
  if (lane.rows.empty() || lane.stacked || (lane.rows.size() == 1 && !lane.rows.front().overlapping())) return;
  analysis::SpanList spans;
  for (const Row& row : lane.rows) {
    for (std::size_t i = 0; i < row.size(); ++i) spans.push_back({row.start(i), row.end(i)});
  }
  std::sort(spans.begin(), spans.end(), [](const analysis::Span& a, const analysis::Span& b) { return a.start < b.start; });
  auto* columns = derived_columns_.emplace_back(std::make_unique<trace::IntervalColumns>()).get();
  // Only its times are read (Row::coveredBefore): the kind just fills the column.
  for (const analysis::Span& s : analysis::unionOf(std::move(spans))) columns->push_back({s.start, s.end, trace::IntervalKind::Range});
  columns->shrinkToFit();
  lane.union_row.emplace(columns, std::vector<std::uint32_t>(), false);
}

void TimelineModel::addPeerWaitLane(std::size_t runIndex, const RankLanes& rank) {
  auto* columns = derived_columns_.emplace_back(std::make_unique<trace::IntervalColumns>()).get();
  auto* waits = derived_waits_.emplace_back(std::make_unique<std::vector<PeerWait>>()).get();
  for (const PeerWait& w : rank.waits) {
    // The kind only fills the column: what the interval is, is its wait (Row::peerWait).
    trace::Interval iv{w.start_ns, w.end_ns, IntervalKind::Overhead};
    iv.name = derived_strings_->intern(present::waitingForRankLabel(w.late_rank));
    columns->push_back(iv);
    waits->push_back(w);
  }
  Lane lane;
  lane.kind = LaneKind::PeerWait;
  lane.title = "GPU " + std::to_string(rank.device) + " · rank " + std::to_string(rank.rank) + " waiting for peers";
  lane.run = runIndex;
  lane.device = rank.device;
  lane.strings = derived_strings_.get();
  lane.interval_count = columns->size();
  lane.base_color = palette::kNeutral;
  lane.rows.emplace_back(columns, waits);
  lanes_.push_back(std::move(lane));
}

void TimelineModel::addIdleDifferenceLane(std::size_t runIndex, const analysis::RunAnalysis* self) {
  if (self == nullptr || self->primary() == nullptr || self->primary()->steps.empty()) return;
  derived_columns_.push_back(std::make_unique<trace::IntervalColumns>());
  Lane lane;
  lane.kind = LaneKind::IdleDifference;
  lane.run = runIndex;
  lane.device = self->primary()->device;
  lane.strings = derived_strings_.get();
  lane.base_color = palette::kDependency;
  idle_lanes_.push_back({lanes_.size(), derived_columns_.back().get(), std::make_unique<std::vector<IdleStep>>()});
  lanes_.push_back(std::move(lane));
}

void TimelineModel::fillIdleDifferenceLanes() {
  const analysis::RunAnalysis* baseline = runs_.empty() ? nullptr : runs_[idle_baseline_].input.analysis;
  for (const IdleLane& idle : idle_lanes_) {
    Lane& lane = lanes_[idle.lane];
    trace::IntervalColumns* columns = idle.columns;
    columns->clear();
    std::vector<IdleStep>& steps = *idle.steps;
    steps.clear();
    lane.idle_scale = 0;
    std::optional<std::size_t> against;
    if (!idle_against_.empty()) {
      if (lane.run < idle_against_.size()) against = idle_against_[lane.run];
    } else if (lane.run != idle_baseline_) {
      against = idle_baseline_;
    }
    const analysis::RunAnalysis* base = against && *against < runs_.size() ? runs_[*against].input.analysis : baseline;
    const analysis::DeviceAnalysis* basePrimary = against && base != nullptr ? base->primary() : nullptr;
    const analysis::RunAnalysis* self = runs_[lane.run].input.analysis;
    if (basePrimary != nullptr) {
      const auto& a = basePrimary->steps;
      const auto& b = self->primary()->steps;
      const std::size_t n = std::min(a.size(), b.size());
      for (std::size_t k = 0; k < n; ++k) {
        const analysis::Span span = b[k].step.span;
        if (span.end <= span.start) continue;
        const IdleStep step{b[k].metrics.starvation_ns, a[k].metrics.starvation_ns};
        const TimeNs diff = step.difference();
        trace::Interval iv{span.start, span.end, IntervalKind::Overhead};
        const std::string sign = diff > 0 ? "+" : diff < 0 ? "−" : "±";
        iv.name = derived_strings_->intern(b[k].step.name + ": idle " + sign +
                                           trace::formatDuration(diff < 0 ? -diff : diff) + " vs " +
                                           base->run_name + " " + a[k].step.name);
        if (!columns->empty() && iv.start_ns < columns->end_ns[columns->size() - 1]) continue;  // steps never overlap
        columns->push_back(iv);
        steps.push_back(step);
        lane.idle_scale = std::max(lane.idle_scale, diff < 0 ? -diff : diff);
      }
    }
    lane.title = base != nullptr ? "idle vs " + base->run_name + " per step" : "idle difference";
    lane.interval_count = columns->size();
    lane.rows.clear();
    lane.rows.emplace_back(columns, idle.steps.get());
  }
}

bool TimelineModel::setIdleBaseline(std::size_t run) {
  if (run >= runs_.size() || run == idle_baseline_) return false;
  idle_baseline_ = run;
  idle_against_.clear();
  fillIdleDifferenceLanes();
  return true;
}

void TimelineModel::setIdleComparisons(std::size_t baseline, std::vector<std::optional<std::size_t>> against) {
  if (baseline >= runs_.size()) return;
  idle_baseline_ = baseline;
  idle_against_ = std::move(against);
  idle_against_.resize(runs_.size());
  fillIdleDifferenceLanes();
}

TimeNs TimelineModel::idleDifference(const Row& row, std::size_t i) {
  const IdleStep* step = row.idleStep(i);
  return step != nullptr ? step->difference() : 0;
}

TimelineModel::IdleBar TimelineModel::idleBar(const Lane& lane, const Row& row, std::size_t i) {
  const IdleStep* step = row.idleStep(i);
  if (step == nullptr) return {};
  const TimeNs diff = step->difference();
  IdleBar bar;
  bar.share = lane.idle_scale > 0 ? static_cast<double>(diff) / static_cast<double>(lane.idle_scale) : 0.0;
  bar.label = present::withMinusSign(present::formatMetricChange(step->asDelta()));
  return bar;
}

std::size_t TimelineModel::intervalCount() const {
  std::size_t n = 0;
  for (const auto& lane : lanes_) n += lane.interval_count;
  return n;
}

void TimelineModel::setAlignment(Alignment alignment) {
  alignment_ = alignment;
  TimeNs earliest = std::numeric_limits<TimeNs>::max();
  for (const auto& r : runs_) earliest = std::min(earliest, r.extent_start);
  // The earliest start of a job's ranks, on the job's clock.
  auto jobStart = [&](std::size_t job) {
    TimeNs start = std::numeric_limits<TimeNs>::max();
    for (const auto& r : runs_) {
      if (r.rank && r.rank->job == job) start = std::min(start, r.extent_start + r.rank->clock_shift_ns);
    }
    return start;
  };
  for (auto& r : runs_) {
    switch (alignment) {
      case Alignment::RunStart:
        r.origin = r.extent_start;  // the same time 0 as trace::Run::timeOrigin()
        break;
      case Alignment::FirstStep:
        r.origin = r.first_step_start.value_or(r.gpu_start.value_or(r.extent_start));
        break;
      case Alignment::GpuStart:
        r.origin = r.gpu_start.value_or(r.extent_start);
        break;
      case Alignment::Absolute:
        r.origin = earliest;
        break;
      case Alignment::JobClock:
        // Display time = run time + the rank's shift − the job's earliest aligned start: every rank of
        // the job on the job's clock (docs/metrics.md "Clocks"). A run of its own starts at 0.
        r.origin = r.extent_start;
        if (r.rank) r.origin = jobStart(r.rank->job) - r.rank->clock_shift_ns;
        break;
    }
  }
}

bool TimelineModel::hasJobs() const {
  for (const auto& r : runs_) {
    if (r.rank) return true;
  }
  return false;
}

TimeNs TimelineModel::toRunClock(std::size_t run, double displayNs) const {
  return runs_[run].origin + static_cast<TimeNs>(std::llround(displayNs));
}

TimeRange TimelineModel::contentRange() const {
  if (runs_.empty()) return {0, 1};
  TimeRange r{std::numeric_limits<double>::max(), std::numeric_limits<double>::lowest()};
  for (std::size_t i = 0; i < runs_.size(); ++i) {
    r.start = std::min(r.start, toDisplay(i, runs_[i].extent_start));
    r.end = std::max(r.end, toDisplay(i, runs_[i].extent_end));
  }
  if (r.end <= r.start) r.end = r.start + 1;
  return r;
}

std::string TimelineModel::intervalName(const Lane& lane, const Row& row, std::size_t i) const {
  const auto& columns = row.columns();
  std::size_t p = row.position(i);
  std::string_view name = lane.strings != nullptr ? lane.strings->get(columns.name[p]) : std::string_view{};
  if (name.empty() && trace::isCopy(columns.kind[p]))
    return trace::copyDisplayName(columns.kind[p], columns.src[p], columns.dst[p]);
  if (name.empty()) return std::string(trace::intervalKindName(columns.kind[p]));
  return std::string(name);
}

analysis::GapCause TimelineModel::starvationCause(const Row& row, std::size_t i) {
  return row.cause(i).value_or(analysis::GapCause::DependencyOther);
}

Rgb TimelineModel::intervalColor(const Lane& lane, const Row& row, std::size_t i) const {
  const auto& columns = row.columns();
  std::size_t p = row.position(i);
  switch (lane.kind) {
    case LaneKind::Starvation:
      return present::causeColor(starvationCause(row, i));
    case LaneKind::PeerWait: {  // in the colour of the rank it waited for (docs/gui.md "Jobs")
      const PeerWait* w = row.peerWait(i);
      return w != nullptr ? present::runColor(w->late_run) : lane.base_color;
    }
    case LaneKind::IdleDifference: {  // more idle than the baseline: worse, red; less: better, green
      const IdleStep* step = row.idleStep(i);
      if (step == nullptr || step->withinNoise()) return palette::kNeutral;  // the compare table's noise rule
      return step->difference() > 0 ? palette::kWorse : palette::kBetter;
    }
    case LaneKind::CopyH2D:
      return present::copyColor(columns.kind[p], columns.src[p]);
    case LaneKind::CopyD2H:
      return present::copyColor(columns.kind[p], columns.dst[p]);
    case LaneKind::Kernels:
    case LaneKind::CopyOther:
    case LaneKind::Memset:
    case LaneKind::GpuSync:
    case LaneKind::DataLoading:
    case LaneKind::Steps:  // steps look the same in every run, whatever each run names them
      return lane.base_color;
    default:
      break;
  }
  return lane.strings != nullptr ? present::nameColor(lane.strings->get(columns.name[p])) : lane.base_color;
}

}  // namespace feedscope::view
