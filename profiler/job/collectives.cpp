#include "job/collectives.h"

#include <algorithm>
#include <map>
#include <unordered_map>

#include "job/collective_context.h"
#include "trace/argument_fields.h"

namespace feedscope::job {

namespace {

// PyTorch's names for a collective's arguments (torch/csrc/profiler/util.h, Kineto's copy of them
// onto the kernel).
constexpr std::string_view kGroupKey = "Process Group Name";
constexpr std::string_view kSequenceKey = "Seq";
constexpr std::string_view kCollectiveNameKey = "Collective name";
constexpr std::string_view kGroupRanksKey = "Process Group Ranks";
constexpr std::string_view kParamComms = "record_param_comms";

// The arguments of the record_param_comms range a collective kernel was launched from: the launching
// call is found by the kernel's correlation id, the range is the innermost one open on its thread at
// the call. Current Kineto copies these arguments onto the kernel; older traces (RCCL's among them)
// have them only on the host.
class LaunchingRanges {
 public:
  LaunchingRanges(const trace::Run& run, const trace::StringTable& strings) {
    for (std::size_t t = 0; t < run.tracks.size(); ++t) {
      const trace::Track& track = run.tracks[t];
      if (track.kind != trace::TrackKind::HostThread) continue;
      const auto& iv = track.intervals;
      for (std::size_t i = 0; i < iv.size(); ++i) {
        if (trace::isApiCall(iv.kind[i]) && iv.correlation[i] != 0) {
          calls_.try_emplace(iv.correlation[i], Call{t, iv.start_ns[i], iv.end_ns[i]});
        } else if (iv.argumentsAt(i) != 0 && strings.get(iv.name[i]) == kParamComms) {
          ranges_[t].push_back({iv.start_ns[i], iv.end_ns[i], iv.argumentsAt(i)});  // by start: tracks are
        }
      }
    }
  }

  struct Call {
    std::size_t track;
    TimeNs start;
    TimeNs end;
  };
  // The host call that launched the op of `correlation`, when the trace has it.
  const Call* call(std::uint32_t correlation) const {
    auto it = calls_.find(correlation);
    return correlation == 0 || it == calls_.end() ? nullptr : &it->second;
  }

  trace::ArgumentsId of(std::uint32_t correlation) const {
    auto call = calls_.find(correlation);
    if (correlation == 0 || call == calls_.end()) return 0;
    auto ranges = ranges_.find(call->second.track);
    if (ranges == ranges_.end()) return 0;
    const auto& list = ranges->second;
    auto it = std::upper_bound(list.begin(), list.end(), call->second.start,
                               [](TimeNs t, const Range& r) { return t < r.start; });
    while (it != list.begin()) {
      --it;
      if (it->end >= call->second.start) return it->arguments;  // the innermost open range
    }
    return 0;
  }

 private:
  struct Range {
    TimeNs start, end;
    trace::ArgumentsId arguments;
  };
  std::unordered_map<std::uint32_t, Call> calls_;
  std::map<std::size_t, std::vector<Range>> ranges_;
};

Collective collectiveOf(TimeNs start, TimeNs end, std::string_view kernelName, std::string_view arguments,
                        trace::ProcessGroupRanks& groups) {
  Collective c;
  c.start_ns = start;
  c.end_ns = end;
  c.operation = collectiveOperation(kernelName);
  if (arguments.empty()) return c;
  std::optional<std::vector<int>> ranks;
  for (const trace::ArgumentField& f : trace::argumentFields(arguments)) {
    if (f.key == kGroupKey) {
      c.group = f.value;
    } else if (f.key == kSequenceKey) {
      c.sequence = trace::integerValue(f);
    } else if (f.key == kCollectiveNameKey && f.isString() && c.operation == "Generic") {
      c.operation = f.value;  // RCCL's one kernel for every collective: the name says which
    } else if (f.key == kGroupRanksKey && f.isString()) {
      ranks = trace::parseRankList(f.value);
    }
  }
  // A collective's own list of its group's ranks says more than the rank's pg_config.
  if (ranks && !c.group.empty()) groups[c.group] = std::move(*ranks);
  return c;
}

}  // namespace

RankCollectives findCollectives(const trace::Run& run, const trace::StringTable& strings, std::int32_t device,
                                SpanList* compute) {
  RankCollectives out;
  out.device = device;
  if (auto label = run.labels.find(std::string(trace::kProcessGroupsLabel)); label != run.labels.end()) {
    out.groups = trace::parseProcessGroupsLabel(label->second);
  }
  const LaunchingRanges launching(run, strings);
  // The host's calls that blocked until GPU work ended: a host-side wait for a collective.
  std::vector<BlockingCall> blocking;
  for (const trace::Track& track : run.tracks) {
    if (track.kind != trace::TrackKind::HostThread) continue;
    const auto& iv = track.intervals;
    for (std::size_t i = 0; i < iv.size(); ++i) {
      if (trace::isApiCall(iv.kind[i]) && (iv.flags[i] & trace::flags::kBlockingApi) != 0) {
        blocking.push_back({iv.start_ns[i], iv.end_ns[i]});
      }
    }
  }
  trace::ProcessGroupRanks fromArguments;
  std::vector<DeviceOp> ops;
  SpanList computeKernels;
  for (const trace::Track& track : run.tracks) {
    if (track.kind != trace::TrackKind::GpuStream || track.device != device) continue;
    const auto& iv = track.intervals;
    for (std::size_t i = 0; i < iv.size(); ++i) {
      if (!trace::isGpuWork(iv.kind[i])) continue;
      DeviceOp op;
      op.start_ns = iv.start_ns[i];
      op.end_ns = iv.end_ns[i];
      op.kernel = iv.kind[i] == trace::IntervalKind::Kernel;
      op.stream = track.stream;
      if (const auto* call = launching.call(iv.correlation[i])) {
        op.thread = call->track;
        op.launch_start_ns = call->start;
        op.launch_end_ns = call->end;
      }
      const std::string_view name = strings.get(iv.name[i]);
      if (op.kernel && isCollectiveKernelName(name)) {
        trace::ArgumentsId arguments = iv.argumentsAt(i);
        const std::string own = run.arguments.get(arguments);
        if (own.find(kGroupKey) == std::string::npos) arguments = launching.of(iv.correlation[i]);
        Collective c = collectiveOf(iv.start_ns[i], iv.end_ns[i], name,
                                    arguments == 0 ? own : run.arguments.get(arguments), fromArguments);
        c.stream = track.stream;
        op.collective = out.kernels.size();
        out.kernels.push_back(std::move(c));
      } else if (op.kernel) {
        computeKernels.push_back({op.start_ns, op.end_ns});
      }
      ops.push_back(op);
    }
  }
  for (auto& [name, ranks] : fromArguments) out.groups[name] = std::move(ranks);
  // By start: the ops keep their indexes through the permutation.
  std::vector<std::size_t> order(out.kernels.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::stable_sort(order.begin(), order.end(),
                   [&](std::size_t a, std::size_t b) { return out.kernels[a].start_ns < out.kernels[b].start_ns; });
  std::vector<std::size_t> position(order.size());
  std::vector<Collective> sorted;
  sorted.reserve(order.size());
  for (std::size_t k = 0; k < order.size(); ++k) {
    position[order[k]] = k;
    sorted.push_back(std::move(out.kernels[order[k]]));
  }
  out.kernels = std::move(sorted);
  for (DeviceOp& op : ops) {
    if (op.collective) op.collective = position[*op.collective];
  }
  std::sort(computeKernels.begin(), computeKernels.end(), [](const Span& a, const Span& b) { return a.start < b.start; });
  SpanList computeUnion = analysis::unionOfSorted(computeKernels);
  describeCollectives(out.kernels, std::move(ops), computeUnion, blocking);
  for (const Collective& c : out.kernels) out.spans.push_back({c.start_ns, c.end_ns});
  out.spans = analysis::unionOfSorted(out.spans);
  if (compute != nullptr) *compute = std::move(computeUnion);
  return out;
}

std::int32_t rankDevice(const trace::Run& run, const trace::StringTable& strings) {
  std::map<std::int32_t, std::size_t> collectives;
  std::int32_t first = -1;
  for (const trace::Track& track : run.tracks) {
    if (track.kind != trace::TrackKind::GpuStream) continue;
    if (first < 0 || track.device < first) first = track.device;
    const auto& iv = track.intervals;
    for (std::size_t i = 0; i < iv.size(); ++i) {
      if (iv.kind[i] == trace::IntervalKind::Kernel && isCollectiveKernelName(strings.get(iv.name[i]))) {
        ++collectives[track.device];
      }
    }
  }
  std::int32_t best = first;
  std::size_t most = 0;
  for (auto [device, count] : collectives) {
    if (count > most) {
      most = count;
      best = device;
    }
  }
  return best;
}

}  // namespace feedscope::job
