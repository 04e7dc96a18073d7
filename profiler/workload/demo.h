// `feedscope demo`: the built-in training loop in each prefetch mode, recorded by the CUPTI collector
// into one session, one run per mode, with the workload's own host lanes and the copy calibration.
// CUDA-free header.
#pragma once

#include <cstddef>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "trace/session.h"
#include "workload_config/config.h"

namespace feedscope::workload {

struct DemoOptions {
  std::vector<PrefetchMode> modes{std::begin(kAllModes), std::end(kAllModes)};
  WorkloadConfig workload;  // its mode is set per run
  bool collect = true;      // record with CUPTI; off: host lanes only (to measure the collector's overhead)
  std::optional<trace::Calibration> calibration;  // given; else measured before the runs
};

struct DemoProgress {
  enum class Stage { Calibrating, Tuning, Running, Done };
  Stage stage = Stage::Calibrating;
  std::size_t mode_index = 0;  // Running: which of DemoOptions::modes
  PrefetchMode mode = PrefetchMode::Off;
  int step = 0;  // Running: steps done of `steps`
  int steps = 0;
  double fraction = 0;        // of the whole demo, 0..1
  double stage_fraction = 0;  // of this stage (calibration, tuning, one mode), 0..1
  std::string message;
};
using DemoProgressFn = std::function<void(const DemoProgress&)>;

// What each mode achieved, for the summary line and the labels of its run.
struct ModeSummary {
  PrefetchMode mode = PrefetchMode::Off;
  trace::TimeNs median_step_ns = 0;  // from the workload's own step lane (host clock)
  trace::TimeNs ideal_step_ns = 0;   // max(compute, copy, load / workers)
  trace::TimeNs compute_ns = 0;      // the model's GPU time per step, measured with events
  trace::TimeNs copy_ns = 0;         // one batch copy from pinned memory, estimated from the calibration
  trace::TimeNs load_ns = 0;         // median time a worker spent on a batch
  std::uint64_t records = 0;         // CUPTI records of the run
  std::uint64_t dropped = 0;

  double ratioToIdeal() const;  // median / ideal
};

struct DemoResult {
  trace::Session session;
  std::vector<ModeSummary> modes;
  trace::Calibration calibration;
  int model_depth = 0;
};

// Throws NoGpuError without a usable GPU, cupti::CollectorError when CUPTI cannot record (another
// profiler holds it), GpuError when a CUDA call fails.
DemoResult recordDemo(const DemoOptions& options, const DemoProgressFn& progress = {});

}  // namespace feedscope::workload
