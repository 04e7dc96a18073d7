#include "job/collective_context.h"

#include <algorithm>
#include <utility>

#include "analysis/thresholds.h"
#include "trace/statistics.h"

namespace feedscope::job {

namespace {

constexpr TimeNs kUnknown = Collective::kUnknownNs;

// The inputs of each launched collective: the op its thread launched just before it.
void findInputs(std::vector<Collective>& collectives, std::vector<DeviceOp> ops) {
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

// An op of the rank's own (not a collective), with when its stream and its launch let it begin: the
// later of its launch call's end and the end of the op before it on its stream (kUnknown when the
// trace says neither).
struct OwnOp {
  TimeNs start_ns = 0;
  TimeNs end_ns = 0;
  TimeNs free_ns = kUnknown;
};

std::vector<OwnOp> ownOps(std::vector<DeviceOp> ops) {
  std::sort(ops.begin(), ops.end(), [](const DeviceOp& a, const DeviceOp& b) {
    return a.stream != b.stream ? a.stream < b.stream : a.start_ns < b.start_ns;
  });
  std::vector<OwnOp> out;
  for (std::size_t i = 0; i < ops.size(); ++i) {
    const DeviceOp& op = ops[i];
    if (op.collective) continue;
    TimeNs free = op.thread ? op.launch_end_ns : kUnknown;
    if (i > 0 && ops[i - 1].stream == op.stream) free = std::max(free, ops[i - 1].end_ns);
    out.push_back({op.start_ns, op.end_ns, free});
  }
  std::sort(out.begin(), out.end(), [](const OwnOp& a, const OwnOp& b) { return a.start_ns < b.start_ns; });
  return out;
}

// The collectives by end: (end, index).
std::vector<std::pair<TimeNs, std::size_t>> byEnd(const std::vector<Collective>& collectives) {
  std::vector<std::pair<TimeNs, std::size_t>> ends;
  for (std::size_t c = 0; c < collectives.size(); ++c) ends.emplace_back(collectives[c].end_ns, c);
  std::sort(ends.begin(), ends.end());
  return ends;
}

// The rank's work resumed at `at` after waiting for `c`, its own would have let it at `free`: the
// earliest such resumption is the one that counts.
void resumeAfter(Collective& c, TimeNs at, TimeNs free) {
  c.gates_rank = true;
  if (!c.resumed || at < c.resumed->at_ns) c.resumed = Collective::Resumption{at, std::min(free, at)};
}

// An op that began right after a collective ended, later than its stream and its launch let it: it
// waited for that collective (cudaStreamWaitEvent on its end), so the rank's work after it did, even
// when other work of the rank ran beside the collective (an all-gather prefetched beside the previous
// layer's compute, an all-to-all beside the dense layers whose output a copy then permutes).
void markWaitedOn(std::vector<Collective>& collectives, const std::vector<OwnOp>& own,
                  const std::vector<std::pair<TimeNs, std::size_t>>& ends) {
  const TimeNs latency = analysis::thresholds::kDependentStartNs;
  for (const OwnOp& op : own) {
    if (op.free_ns != kUnknown && op.start_ns - op.free_ns <= latency) continue;
    auto it = std::lower_bound(ends.begin(), ends.end(), std::make_pair(op.start_ns - latency, std::size_t{0}));
    for (; it != ends.end() && it->first <= op.start_ns; ++it) resumeAfter(collectives[it->second], op.start_ns, op.free_ns);
  }
}

// A blocking call that was open when a collective ended and returned right after it (within
// kDependentStartNs + kHostWakeNs), nothing else of the device ending in between: the host waited for
// the collective (a loss.item(), a .tolist() of an all-to-all's splits, torch.cuda.synchronize() after
// work.wait()), and launched what followed only then. Its own work would have let it return at the
// later of the call's start and the end of the device's other work it waited for, plus the time the
// host takes to wake from such a call: the median, over the rank's blocking calls that waited for its
// own work (the last of the device's work before their return is no collective), of that return's
// delay.
void markHostWaits(std::vector<Collective>& collectives, const std::vector<OwnOp>& own,
                   const std::vector<std::pair<TimeNs, std::size_t>>& ends, const std::vector<BlockingCall>& blocking) {
  const TimeNs latency = analysis::thresholds::kDependentStartNs + analysis::thresholds::kHostWakeNs;
  std::vector<TimeNs> ownEnds;
  for (const OwnOp& op : own) ownEnds.push_back(op.end_ns);
  std::sort(ownEnds.begin(), ownEnds.end());
  // The last end of the device's own work, and of its collectives, by `t`.
  auto lastOwn = [&](TimeNs t) {
    auto it = std::upper_bound(ownEnds.begin(), ownEnds.end(), t);
    return it == ownEnds.begin() ? kUnknown : *std::prev(it);
  };
  auto lastCollective = [&](TimeNs t) {
    auto it = std::upper_bound(ends.begin(), ends.end(), std::make_pair(t, SIZE_MAX));
    return it == ends.begin() ? kUnknown : std::prev(it)->first;
  };
  std::vector<TimeNs> wakes;
  for (const BlockingCall& call : blocking) {
    const TimeNs other = lastOwn(call.end_ns);
    if (other != kUnknown && other > call.start_ns && other >= lastCollective(call.end_ns) && call.end_ns - other <= latency) {
      wakes.push_back(call.end_ns - other);
    }
  }
  const TimeNs wake = trace::medianNs(std::move(wakes));
  for (const BlockingCall& call : blocking) {
    const TimeNs other = lastOwn(call.end_ns);
    const TimeNs free = std::max(call.start_ns, other == kUnknown ? kUnknown : other + wake);
    auto it = std::lower_bound(ends.begin(), ends.end(),
                               std::make_pair(std::max({call.start_ns, other, call.end_ns - latency}), std::size_t{0}));
    for (; it != ends.end() && it->first <= call.end_ns; ++it) {
      if (it->first > call.start_ns && (other == kUnknown || it->first > other)) resumeAfter(collectives[it->second], call.end_ns, free);
    }
  }
}

}  // namespace

void describeCollectives(std::vector<Collective>& collectives, std::vector<DeviceOp> ops, const SpanList& compute,
                         const std::vector<BlockingCall>& blocking) {
  std::vector<TimeNs> computeStarts;
  for (const DeviceOp& op : ops) {
    if (op.kernel && !op.collective) computeStarts.push_back(op.start_ns);
  }
  std::sort(computeStarts.begin(), computeStarts.end());
  for (Collective& c : collectives) {
    c.ready_ns = c.start_ns;
    c.input.reset();
    c.gates_rank = false;
    c.resumed.reset();
    c.compute_beside.clear();
    for (const Span& s : analysis::clip(compute, {c.start_ns, c.end_ns})) c.compute_beside.push_back(s);
  }
  const std::vector<OwnOp> own = ownOps(ops);
  const auto ends = byEnd(collectives);
  markWaitedOn(collectives, own, ends);
  markHostWaits(collectives, own, ends, blocking);
  // Nothing of the rank's own began while it ran: what came next waited for its end. The rank resumed
  // with the first op of its own to begin after it, when that began at its end (later, something else
  // held the rank: its launch, another wait).
  const TimeNs latency = analysis::thresholds::kDependentStartNs;
  for (Collective& c : collectives) {
    if (c.gates_rank) continue;
    auto first = std::upper_bound(computeStarts.begin(), computeStarts.end(), c.start_ns);
    if (first != computeStarts.end() && *first < c.end_ns) continue;
    c.gates_rank = true;
    auto next = std::lower_bound(own.begin(), own.end(), c.end_ns, [](const OwnOp& op, TimeNs t) { return op.start_ns < t; });
    if (next != own.end() && next->start_ns - c.end_ns <= latency) {
      c.resumed = Collective::Resumption{next->start_ns, std::min(next->free_ns, next->start_ns)};
    }
  }
  findInputs(collectives, std::move(ops));
}

}  // namespace feedscope::job
