#include "job/collective_context.h"

#include <algorithm>
#include <utility>

#include "analysis/thresholds.h"

namespace feedscope::job {

namespace {

// The inputs of each launched collective: the op its thread launched just before it.
void findInputs(std::vector<Collective>& collectives, std::vector<DeviceOp>& ops) {
  std::erase_if(ops, [](const DeviceOp& op) { return !op.thread; });
  std::sort(ops.begin(), ops.end(), [](const DeviceOp& a, const DeviceOp& b) {
    if (*a.thread != *b.thread) return *a.thread < *b.thread;
    if (a.launch_start_ns != b.launch_start_ns) return a.launch_start_ns < b.launch_start_ns;
    return a.end_ns < b.end_ns;
  });
  for (std::size_t i = 0; i < ops.size(); ++i) {
    const DeviceOp& op = ops[i];
    if (!op.collective) continue;
    Collective& c = collectives[*op.collective];
    TimeNs ready = op.launch_end_ns;
    // The ops launched last before this call on the same thread (one call may launch several): the one
    // that ends last is what the NCCL stream waited for.
    std::size_t j = i;
    while (j > 0 && *ops[j - 1].thread == *op.thread && ops[j - 1].launch_start_ns == op.launch_start_ns) --j;
    if (j > 0 && *ops[j - 1].thread == *op.thread) {
      const TimeNs launched = ops[j - 1].launch_start_ns;
      const DeviceOp* before = &ops[j - 1];
      for (std::size_t k = j; k-- > 0 && *ops[k].thread == *op.thread && ops[k].launch_start_ns == launched;) {
        if (ops[k].end_ns > before->end_ns) before = &ops[k];
      }
      if (before->end_ns >= ready) {
        ready = before->end_ns;
        if (before->collective) c.input = before->collective;
      }
    }
    // A start before its inputs' end is the two clocks of the trace disagreeing: the start is what
    // happened.
    c.ready_ns = std::min(ready, c.start_ns);
  }
}

// A kernel that started right after a collective ended, later than its stream and its launch let it:
// it waited for that collective (cudaStreamWaitEvent on its end), so the rank's work after it did,
// even when other kernels of the rank ran beside the collective (an all-gather prefetched beside the
// previous layer's compute).
void markWaitedOn(std::vector<Collective>& collectives, std::vector<DeviceOp> ops) {
  const TimeNs latency = analysis::thresholds::kDependentStartNs;
  std::vector<std::pair<TimeNs, std::size_t>> ends;  // (end, collective), by end
  for (std::size_t c = 0; c < collectives.size(); ++c) ends.emplace_back(collectives[c].end_ns, c);
  std::sort(ends.begin(), ends.end());
  std::sort(ops.begin(), ops.end(), [](const DeviceOp& a, const DeviceOp& b) {
    return a.stream != b.stream ? a.stream < b.stream : a.start_ns < b.start_ns;
  });
  for (std::size_t i = 0; i < ops.size(); ++i) {
    const DeviceOp& op = ops[i];
    if (!op.kernel || op.collective) continue;
    TimeNs explained = op.thread ? op.launch_end_ns : INT64_MIN;
    if (i > 0 && ops[i - 1].stream == op.stream) explained = std::max(explained, ops[i - 1].end_ns);
    if (explained != INT64_MIN && op.start_ns - explained <= latency) continue;
    auto it = std::lower_bound(ends.begin(), ends.end(), std::make_pair(op.start_ns - latency, std::size_t{0}));
    for (; it != ends.end() && it->first <= op.start_ns; ++it) collectives[it->second].gates_rank = true;
  }
}

}  // namespace

void describeCollectives(std::vector<Collective>& collectives, std::vector<DeviceOp> ops, const SpanList& compute) {
  std::vector<TimeNs> computeStarts;
  for (const DeviceOp& op : ops) {
    if (op.kernel && !op.collective) computeStarts.push_back(op.start_ns);
  }
  std::sort(computeStarts.begin(), computeStarts.end());
  for (Collective& c : collectives) {
    c.ready_ns = c.start_ns;
    c.input.reset();
    // Gating: nothing of the rank's own began while it ran, so what came next waited for its end.
    auto first = std::upper_bound(computeStarts.begin(), computeStarts.end(), c.start_ns);
    c.gates_rank = first == computeStarts.end() || *first >= c.end_ns;
    c.compute_beside.clear();
    for (const Span& s : analysis::clip(compute, {c.start_ns, c.end_ns})) c.compute_beside.push_back(s);
  }
  markWaitedOn(collectives, ops);
  findInputs(collectives, ops);
}

}  // namespace feedscope::job
