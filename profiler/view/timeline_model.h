// What the timeline shows, prepared once per set of opened runs: each run's lanes (starvation by
// cause, kernels per stream, H2D, D2H, memset, host threads split into steps, data loading, ranges,
// operators and CUDA calls), each lane's rows of non-overlapping intervals with their block index,
// and where each run's time axis starts (its alignment).
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "analysis/run_analysis.h"
#include "present/palette.h"
#include "trace/run.h"
#include "trace/string_table.h"
#include "view/job_view.h"
#include "view/row.h"
#include "view/viewport.h"

namespace feedscope::view {

// The timeline draws in the one palette of what users see (present/palette.h).
using present::Rgb;
namespace palette = present::palette;

enum class LaneKind : std::uint8_t {
  Starvation,      // idle gaps of compute on one device, by cause (derived from the analysis)
  Kernels,         // one stream's kernels
  CopyH2D,         // one stream's host-to-device copies
  CopyD2H,         // one stream's device-to-host copies
  CopyOther,       // device-to-device, peer and host-to-host copies
  Memset,          // one stream's memsets
  GpuSync,         // synchronisations and event records on a stream (never busy)
  GpuAnnotations,  // host ranges projected onto a device
  Steps,           // training steps of a host thread
  DataLoading,     // data-loading ranges of a host thread, loader work
  Ranges,          // NVTX and user ranges
  HostOps,         // framework operators
  ApiCalls,        // CUDA runtime and driver calls
  HostOther,       // anything else on a host thread
  IdleDifference,  // A/B: idle time of this run minus the baseline run's, per aligned step (derived)
  PeerWait,        // a rank of a job: the part of each collective it waited for the last rank (derived)
};
std::string_view laneKindLabel(LaneKind kind);  // "kernels", "H2D", "CUDA API", ...
bool isGpuLane(LaneKind kind);

struct Lane {
  LaneKind kind = LaneKind::Kernels;
  std::string title;  // "stream 7 · kernels", "GPU 0 · starvation"
  std::size_t run = 0;
  std::int32_t device = -1;
  std::int64_t stream = -1;
  const trace::Track* track = nullptr;          // the source track; null for derived lanes
  const trace::StringTable* strings = nullptr;  // where the names of the lane's intervals live
  std::vector<Row> rows;  // levels of overlap: row 0 holds what starts first, nested ranges go below
  // The union of every row's intervals, for a lane of several rows or of overlapping ones: how busy a
  // pixel column is when the rows share one strip (a collapsed lane), where one row's share would hide
  // the others' (docs/gui.md, convention 5). Null when the lane's one row is its own union.
  std::optional<Row> union_row;
  // The row whose coverage is the lane's busy share.
  const Row& coverageRow() const { return union_row ? *union_row : rows.front(); }
  bool stacked = false;   // rows share one strip (the starvation lane: one row per cause group)
  std::size_t interval_count = 0;
  Rgb base_color = palette::kKernel;
  // Copy lanes: the share of the lane's copy time that ran while a kernel ran on the device (|C ∩ K| /
  // |C| for this stream's copies); it is also in the title.
  std::optional<double> hidden_share;
  // A/B lanes: the largest |idle difference| of the lane, the scale of its bars.
  TimeNs idle_scale = 0;
};

// One opened run as the model needs it; the caller keeps all three alive as long as the model.
struct RunInput {
  const trace::Run* run = nullptr;
  const trace::StringTable* strings = nullptr;
  const analysis::RunAnalysis* analysis = nullptr;
  // The run is a rank of a job (view/job_view.h): its clock shift and its waits for its peers. Ranks
  // are read together, never A/B-compared.
  const RankLanes* rank = nullptr;
};

enum class Alignment : std::uint8_t {
  RunStart,   // every run's time 0 is its first interval (Run::timeOrigin): the reports' and exports' times
  FirstStep,  // every run's time 0 is its first step (its first GPU operation when it has no steps)
  GpuStart,   // time 0 is the run's first GPU operation
  Absolute,   // the runs' own clocks, relative to the earliest of them
  JobClock,   // ranks of a job on the job's clock (aligned at their collectives); other runs at their start
};
std::string_view alignmentLabel(Alignment a);  // "aligned at the first step", ...

struct RunLanes {
  std::string name;
  RunInput input;
  std::size_t first_lane = 0;
  std::size_t lane_count = 0;
  TimeNs extent_start = 0;  // first interval of any kind
  TimeNs extent_end = 0;
  std::optional<TimeNs> gpu_start;
  std::optional<TimeNs> first_step_start;
  TimeNs origin = 0;  // display time 0 on the run's clock, set by the alignment
  std::optional<RankLanes> rank;  // a rank of a job: its clock shift, its job
};

// Thrown by build() when `cancelled` becomes true.
struct BuildCancelled {};

class TimelineModel {
 public:
  // Lanes deeper than this are folded into their last row (then marked overlapping).
  static constexpr std::size_t kMaxRowsPerLane = 32;

  // `abLanes[i]`: whether run i leads with an A/B lane (the caller's rule of what is compared:
  // report::comparedRuns, passed in by the ui); without it, every run that is no rank gets one when
  // there are two such runs or more.
  static TimelineModel build(const std::vector<RunInput>& runs, const std::atomic<bool>* cancelled = nullptr,
                             const std::vector<bool>* abLanes = nullptr);

  TimelineModel(TimelineModel&&) = default;
  TimelineModel& operator=(TimelineModel&&) = default;

  const std::vector<Lane>& lanes() const { return lanes_; }
  const std::vector<RunLanes>& runs() const { return runs_; }
  std::size_t intervalCount() const;

  void setAlignment(Alignment alignment);
  Alignment alignment() const { return alignment_; }
  // Display time of a run-clock time, and back.
  double toDisplay(std::size_t run, TimeNs t) const { return static_cast<double>(t - runs_[run].origin); }
  TimeNs toRunClock(std::size_t run, double displayNs) const;
  // The display-time range that covers every run.
  TimeRange contentRange() const;

  // The name of interval `i` of `row` of `lane` as users know it (copies get PyTorch's
  // "Memcpy HtoD (Pageable -> Device)" when the trace named them nothing).
  std::string intervalName(const Lane& lane, const Row& row, std::size_t i) const;
  // The gap cause of an interval of a starvation lane.
  static analysis::GapCause starvationCause(const Row& row, std::size_t i);
  // An interval of an idle-difference lane: this run's step idle minus the baseline run's, in ns.
  static TimeNs idleDifference(const Row& row, std::size_t i);
  // Whether some run is a rank of a job (then Alignment::JobClock applies).
  bool hasJobs() const;
  // The same interval's bar (docs/gui.md, "A/B is built in"): its difference as a share of the
  // lane's largest one, signed (more idle than the baseline, worse, is positive), and its label
  // ("−5.20 ms") written as the compare table writes a change.
  struct IdleBar {
    double share = 0;
    std::string label;
  };
  static IdleBar idleBar(const Lane& lane, const Row& row, std::size_t i);
  // The run the A/B lanes compare against: the first until the user picks another. Its own lane is
  // left empty (and not laid out); every other compared run's lane is refilled. False when `run` is
  // out of range or already the baseline. Lane indices never change.
  bool setIdleBaseline(std::size_t run);
  std::size_t idleBaseline() const { return idle_baseline_; }
  // The same with the caller's pairs: `against[r]` is the run run r's A/B lane compares with, or
  // nothing (its lane left empty, as the baseline's is: a rank of the baseline's own job). The ui
  // passes report::comparedRuns' pairs, so the lanes compare what the Compare tab compares.
  void setIdleComparisons(std::size_t baseline, std::vector<std::optional<std::size_t>> against);
  // The colour of one interval (by kind, memory, cause or name).
  Rgb intervalColor(const Lane& lane, const Row& row, std::size_t i) const;

 private:
  TimelineModel();
  void addRun(const RunInput& input, const std::atomic<bool>* cancelled, bool compared);
  // A GPU's starvation lane: one row per group of causes (docs/gui.md).
  void addStarvationLane(std::size_t runIndex, const RunInput& input, std::int32_t device);
  // A track's lanes, one per kind of what it holds (kernels, copies by direction, ranges...).
  void addTrackLanes(std::size_t runIndex, const RunInput& input, const trace::Track& track);
  // docs/gui.md's A/B lane: every run of a comparison that has steps leads with one, so that any run
  // can become the baseline without lanes coming or going; fillIdleDifferenceLanes() fills them.
  void addIdleDifferenceLane(std::size_t runIndex, const analysis::RunAnalysis* self);
  // Per step aligned by index with the baseline's steps, the run's compute idle time minus the
  // baseline's; the baseline's own lane is empty.
  void fillIdleDifferenceLanes();
  // docs/gui.md "Jobs": a rank's waits for its peers, under its device's starvation lane.
  void addPeerWaitLane(std::size_t runIndex, const RankLanes& rank);
  // Builds `lane.union_row` when its rows are several or overlap (see Lane::union_row).
  void addUnionRow(Lane& lane);

  std::vector<Lane> lanes_;
  std::vector<RunLanes> runs_;
  Alignment alignment_ = Alignment::RunStart;
  // Columns built from the analysis (starvation segments) and their names; pointers into them stay
  // valid when the model moves.
  std::vector<std::unique_ptr<trace::IntervalColumns>> derived_columns_;
  // The cause column of each starvation row (Row::cause), beside its derived columns.
  std::vector<std::unique_ptr<std::vector<analysis::GapCause>>> derived_causes_;
  std::unique_ptr<trace::StringTable> derived_strings_;
  std::size_t idle_baseline_ = 0;
  std::vector<std::optional<std::size_t>> idle_against_;  // empty: every run against idle_baseline_
  struct IdleLane {
    std::size_t lane;
    trace::IntervalColumns* columns;  // one of derived_columns_
    std::unique_ptr<std::vector<IdleStep>> steps;  // parallel to `columns`
  };
  std::vector<IdleLane> idle_lanes_;
  // The who-and-where column of each peer-wait lane (Row::peerWait), beside its derived columns.
  std::vector<std::unique_ptr<std::vector<PeerWait>>> derived_waits_;
};


// Splits intervals (positions into `columns`, in start order) into rows where none overlap: each goes
// to the first row whose last interval has ended (nesting becomes depth). At most `maxRows`; the last
// takes the rest and is marked overlapping.
std::vector<Row> packRows(const trace::IntervalColumns& columns, std::vector<std::uint32_t> positions,
                          std::size_t maxRows);

}  // namespace feedscope::view
