// What a rank did around each of its collectives, read from its own trace (docs/metrics.md,
// "Collectives"): when the collective's inputs were ready, whether the rank's own work
// waited for its end, and which of its compute kernels ran beside it. ProcessGroupNCCL makes the
// collective's NCCL stream wait for the work its calling thread queued before the call, so its inputs
// are ready when the op launched just before it on that thread has ended (a backward kernel for a
// DDP bucket, the reduce-scatter whose output an HSDP all-reduce sums).
#pragma once
#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

#include "job/collectives.h"

namespace feedscope::job {

// One GPU operation of the rank's device.
struct DeviceOp {
  TimeNs start_ns = 0;
  TimeNs end_ns = 0;
  std::int64_t stream = -1;
  bool kernel = false;                    // a kernel; copies and memsets are not
  std::optional<std::size_t> collective;  // its index among the rank's collectives
  // Its launching call, found through the correlation id: the host track and the call's span.
  std::optional<std::size_t> thread;
  TimeNs launch_start_ns = 0;
  TimeNs launch_end_ns = 0;
};

// Fills `ready_ns`, `input`, `gates_rank` and `compute_beside` of `collectives` (indexed as the ops'
// `collective`) from every op of the device; `compute` is the union of its kernels that are not
// collectives. A collective gates the rank when no kernel of its own began while it ran, or when one
// of its kernels began at its end (within thresholds::kDependentStartNs) later than that kernel's
// stream and launch let it: that kernel waited for it.
void describeCollectives(std::vector<Collective>& collectives, std::vector<DeviceOp> ops, const SpanList& compute);

}  // namespace feedscope::job
