// The collectives of one rank: NCCL and RCCL kernels on its GPU, and the host ranges that launch them
// (docs/metrics.md, "Collectives"). Communication, not compute, in the job's figures.
#pragma once
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "analysis/span_set.h"
#include "trace/run.h"
#include "trace/string_table.h"

namespace feedscope::job {

using analysis::Span;
using analysis::SpanList;
using trace::TimeNs;

// ncclKernel_AllReduce_RING_LL_Sum_float(...), ncclDevKernel_SendRecv(...), and RCCL's
// ncclDevKernel_Generic(...) on ROCm (one kernel for every collective).
bool isCollectiveKernelName(std::string_view name);

// The operation a collective kernel's name says: "AllReduce", "Broadcast", "SendRecv"; "Generic" for
// RCCL's one kernel. Collectives are matched across ranks by this and their order.
std::string collectiveOperation(std::string_view kernelName);

// Host ranges of collectives: nccl:all_reduce, c10d::allreduce_ (and every c10d:: operator),
// record_param_comms. The host time inside them is the collective's, not the host's own work.
bool isCollectiveHostRangeName(std::string_view name);

struct Collective {
  TimeNs start_ns = 0;  // the rank's arrival, on its own clock
  TimeNs end_ns = 0;
  std::string operation;
  TimeNs durationNs() const { return end_ns - start_ns; }
};

struct RankCollectives {
  std::int32_t device = -1;
  std::vector<Collective> kernels;  // by start
  SpanList spans;                   // their union
};

// The collective kernels on `device`'s streams.
RankCollectives findCollectives(const trace::Run& run, const trace::StringTable& strings, std::int32_t device);

// The device of the rank: the one with the most collective kernels, else the first with GPU work;
// -1 for a run without GPU tracks.
std::int32_t rankDevice(const trace::Run& run, const trace::StringTable& strings);

}  // namespace feedscope::job
