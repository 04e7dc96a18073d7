// The collectives of one rank: NCCL and RCCL kernels on its GPU, and the host ranges that launch them
// (docs/metrics.md, "Collectives"). Communication, not compute, in the job's figures.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "analysis/span_set.h"
#include "trace/collective_names.h"
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
  TimeNs durationNs() const { return end_ns - start_ns; }
  friend bool operator==(const Collective&, const Collective&) = default;
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
