// Names of collective communication (NCCL, RCCL) as traces write them: the kernels on the GPU and the
// host ranges that launch them (docs/metrics.md, "Collectives"). One home for the rule: the job
// analysis reads collectives by it, and imports keep these intervals' arguments by it.
#pragma once

#include <string>
#include <string_view>

namespace feedscope::trace {

// ncclKernel_AllReduce_RING_LL_Sum_float(...), ncclDevKernel_SendRecv(...), and RCCL's
// ncclDevKernel_Generic(...) on ROCm (one kernel for every collective).
bool isCollectiveKernelName(std::string_view name);

// The operation a collective kernel's name says: "AllReduce", "Broadcast", "SendRecv"; "Generic" for
// RCCL's one kernel.
std::string collectiveOperation(std::string_view kernelName);

// Host ranges of collectives: nccl:all_reduce, c10d::allreduce_ (and every c10d:: operator),
// record_param_comms. The host time inside them is the collective's, not the host's own work.
bool isCollectiveHostRangeName(std::string_view name);

}  // namespace feedscope::trace
