// What a rank did around each of its collectives, read from its own trace (docs/metrics.md,
// "Collectives"): when the collective's inputs were ready, whether the rank's own work waited for its
// end and when it resumed, and which of its compute kernels ran beside it. ProcessGroupNCCL makes the
// collective's NCCL stream wait for the work its calling thread queued before the call, so its inputs
// are ready when the op launched just before it on that thread has ended (a backward kernel for a
// DDP bucket, the reduce-scatter whose output an HSDP all-reduce sums). Work.wait() makes the rank's
// next work wait for its end: on the GPU (cudaStreamWaitEvent: the op reading its output starts when
// it ends) or on the host too (a synchronisation after it: the host launches what follows when it
// returns).
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

// A host call of the rank's that blocked its thread until GPU work ended (trace::flags::kBlockingApi:
// a synchronisation, a synchronous copy).
struct BlockingCall {
  TimeNs start_ns = 0;
  TimeNs end_ns = 0;
};

// Fills `ready_ns`, `input`, `gates_rank`, `resumed` and `compute_beside` of `collectives` (indexed as
// the ops' `collective`) from every op of the device and the host's blocking calls; `compute` is the
// union of its kernels that are not collectives. A collective gates the rank when
//   - an op of its own (kernel, copy or memset) began at its end (within thresholds::kDependentStartNs)
//     later than that op's stream and launch let it: the op waited on its event;
//   - a blocking call open at its end returned within kDependentStartNs + kHostWakeNs of it, nothing
//     else of the device ending in between: the host waited for it;
//   - else, when no kernel of its own began while it ran: the rank had nothing else to do.
// Its resumption is the waiting op's start (or the call's return) with the time its stream and launch
// (the call's start and the device's other work) would have let it begin; for the last rule, the
// first op of the rank's to begin after it, when that began within kDependentStartNs of its end (none
// otherwise: the rank was held by something else, its launches, another wait).
void describeCollectives(std::vector<Collective>& collectives, std::vector<DeviceOp> ops, const SpanList& compute,
                         const std::vector<BlockingCall>& blocking = {});

}  // namespace feedscope::job
