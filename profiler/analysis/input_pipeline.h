// The input pipeline of a Python program as `record`'s Python hooks see it (docs/recording.md, "Python
// programs"; docs/metrics.md, "The input pipeline"): the main thread's waits in next(loader), each
// DataLoader worker's batches, what pin_memory did to each batch, and the .to() calls that copied batch
// tensors. From them: how much of the run the main thread waited, how fast the workers build batches,
// the step with N workers, and the number of workers at which the loader keeps up. Read from intervals
// and their arguments alone, so it holds for a recording with or without a GPU.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "analysis/span_set.h"
#include "trace/run.h"
#include "trace/string_table.h"

namespace feedscope::analysis {

struct WorkerPrediction {
  int workers = 0;
  TimeNs step_ns = 0;  // the step the loop would take with that many workers
  friend bool operator==(const WorkerPrediction&, const WorkerPrediction&) = default;
};

// A custom batch type that came out of pin_memory() with its tensors not pinned.
struct UnpinnedBatchType {
  std::string type;          // "TileBatch"
  bool defines_pin_memory = false;
  std::uint64_t batches = 0;  // batches of it pin_memory() left with unpinned tensors
  std::uint64_t tensors = 0;  // tensors in one of them
};

// .to() / .cuda() calls of batch tensors that copied to a GPU from memory that was not pinned: the host
// waits for each (a pageable copy is synchronous, non_blocking or not).
struct BlockingBatchCopy {
  std::string line;  // "train.py:42", the calling line
  bool non_blocking = false;
  std::uint64_t calls = 0;
  TimeNs host_ns = 0;  // time the calls took on the host
};

struct InputPipeline {
  int workers = 0;              // loader lanes (DataLoader worker processes)
  std::uint64_t batches = 0;    // batches they built
  std::string batch_type;       // the type the workers' batches had most ("TileBatch", "tuple", "dict")
  TimeNs batch_ns = 0;          // median wall time a worker took for a batch (fetch of its samples + collate)
  TimeNs batch_cpu_ns = 0;      // median CPU time of that (0: not recorded)
  std::uint64_t steps = 0;
  TimeNs window_ns = 0;         // from the first step's start to the last step's end
  TimeNs wait_ns = 0;           // the main thread's waits in next(loader) inside the steps
  double wait_pct = 0;          // wait_ns over window_ns
  TimeNs step_ns = 0;           // mean step in the steady state (all steps but the first, which also starts
                                // the workers, when there are 3 or more), as measured: the loop's
                                // throughput (a bursty loader makes the median misleading, docs/metrics.md)
  TimeNs step_without_wait_ns = 0;  // mean of (step - its wait) over the same steps: the loop's own work
  int cores = 0;                // CPUs the process could run on (os.sched_getaffinity), 0 when unknown
  // The step with 1, 2, ... workers up to two past today's (at least 4), then the number that keeps up.
  std::vector<WorkerPrediction> predictions;
  // Fewest workers whose batches come as fast as the loop uses them; 0 when none does on these cores
  // (each batch needs more CPU time than the cores can give while the loop runs).
  int keeps_up_at = 0;
  std::vector<Span> longest_waits;  // the main thread's longest waits in next(loader), longest first (at most 10)
  std::optional<UnpinnedBatchType> unpinned;
  std::vector<BlockingBatchCopy> blocking_copies;  // the most host time first
};

// The step with `workers` workers (docs/metrics.md, "The input pipeline"): the loop's own work, or the
// time the workers need for a batch when they are slower, and never less than the cores allow:
// max(step_without_wait, batch / workers, cpuBoundStepNs). Workers that wait (files, network) overlap
// freely; workers that compute share the cores with the loop.
TimeNs predictedStepNs(const InputPipeline& p, int workers);
// (step_without_wait + batch_cpu) / cores: the shortest step the cores can give when the loop's own
// work and a batch's CPU time both run on them; 0 when the cores or the batch's CPU time are unknown.
TimeNs cpuBoundStepNs(const InputPipeline& p);

// nullopt when the run has no DataLoader waits and no loader lanes (no Python hooks, or no DataLoader).
std::optional<InputPipeline> analyzeInputPipeline(const trace::Run& run, const trace::StringTable& strings);

}  // namespace feedscope::analysis
