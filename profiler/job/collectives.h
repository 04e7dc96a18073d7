// The collectives of one rank: NCCL and RCCL kernels on its GPU, and the host ranges that launch them
// (docs/metrics.md, "Collectives"), with their process groups and what the rank did around each
// (job/collective_context.h). Communication, not compute, in the job's figures.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "analysis/span_set.h"
#include "trace/collective_names.h"
#include "trace/process_groups.h"
#include "trace/run.h"
#include "trace/string_table.h"

namespace feedscope::job {

using analysis::Span;
using analysis::SpanList;
using trace::TimeNs;

// The names of collectives: trace/collective_names.h.
using trace::collectiveOperation;
using trace::isCollectiveHostRangeName;
using trace::isCollectiveKernelName;

struct Collective {
  TimeNs start_ns = 0;  // the rank's arrival, on its own clock
  TimeNs end_ns = 0;
  std::string operation;
  // What the trace's arguments say (trace/arguments.h), on the kernel or on the record_param_comms
  // range that launched it: the process group ("" when unknown) and PyTorch's sequence number of
  // the collective in that group (matched across ranks by it, docs/metrics.md "Collectives").
  std::string group{};
  std::optional<std::int64_t> sequence{};
  std::int64_t stream = -1;  // its NCCL stream: collectives of one stream run one after another
  // What its rank did around it (job/collective_context.h), own clock.
  TimeNs ready_ns = 0;  // its inputs were ready: it could have started then (its start when unknown)
  std::optional<std::size_t> input{};  // the rank's collective (index) whose output was its input
  bool gates_rank = false;  // the rank's work waited for its end (job/collective_context.h)
  // When the rank's work resumed after waiting for it (`at_ns`: the op that waited for it began, or the
  // host returned from the synchronisation that waited for it) and when the rank's own streams and
  // launches would have let that work begin (`free_ns`; kUnknownNs when the trace does not say): in the
  // job replayed, the rank resumes at the later of the collective's end and its own work's
  // (docs/metrics.md, "The step's dependency chain"). None when no resumption of the rank's was seen.
  static constexpr TimeNs kUnknownNs = INT64_MIN;
  struct Resumption {
    TimeNs at_ns = 0;
    TimeNs free_ns = kUnknownNs;
    friend bool operator==(const Resumption&, const Resumption&) = default;
  };
  std::optional<Resumption> resumed{};
  std::vector<Span> compute_beside{};  // the rank's compute kernels while it ran (their union, clipped to it)
  TimeNs durationNs() const { return end_ns - start_ns; }
  friend bool operator==(const Collective&, const Collective&) = default;
};

struct RankCollectives {
  std::int32_t device = -1;
  std::vector<Collective> kernels;  // by start
  SpanList spans;                   // their union
  // The ranks of each process group the rank knows: distributedInfo.pg_config, and the collectives'
  // `Process Group Ranks` arguments where they say more.
  trace::ProcessGroupRanks groups;
};

// The collective kernels on `device`'s streams, with their groups and context. `compute`, when given,
// receives the union of the rank's other kernels on the device (its compute).
RankCollectives findCollectives(const trace::Run& run, const trace::StringTable& strings, std::int32_t device,
                                SpanList* compute = nullptr);

// The device of the rank: the one with the most collective kernels, else the first with GPU work;
// -1 for a run without GPU tracks.
std::int32_t rankDevice(const trace::Run& run, const trace::StringTable& strings);

}  // namespace feedscope::job
