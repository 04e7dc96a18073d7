#include "job/collectives.h"

#include <algorithm>
#include <map>
#include <unordered_map>

#include "trace/argument_fields.h"

namespace feedscope::job {

namespace {

// PyTorch's names for a collective's arguments (torch/csrc/profiler/util.h, Kineto's copy of them
// onto the kernel).
constexpr std::string_view kGroupKey = "Process Group Name";
constexpr std::string_view kSequenceKey = "Seq";
constexpr std::string_view kCollectiveNameKey = "Collective name";
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
          calls_.try_emplace(iv.correlation[i], Call{t, iv.start_ns[i]});
        } else if (iv.argumentsAt(i) != 0 && strings.get(iv.name[i]) == kParamComms) {
          ranges_[t].push_back({iv.start_ns[i], iv.end_ns[i], iv.argumentsAt(i)});  // by start: tracks are
        }
      }
    }
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
  struct Call {
    std::size_t track;
    TimeNs start;
  };
  struct Range {
    TimeNs start, end;
    trace::ArgumentsId arguments;
  };
  std::unordered_map<std::uint32_t, Call> calls_;
  std::map<std::size_t, std::vector<Range>> ranges_;
};

Collective collectiveOf(TimeNs start, TimeNs end, std::string_view kernelName, std::string_view arguments) {
  Collective c{start, end, collectiveOperation(kernelName), {}, std::nullopt};
  if (arguments.empty()) return c;
  for (const trace::ArgumentField& f : trace::argumentFields(arguments)) {
    if (f.key == kGroupKey) {
      c.group = f.value;
    } else if (f.key == kSequenceKey) {
      c.sequence = trace::integerValue(f);
    } else if (f.key == kCollectiveNameKey && f.isString() && c.operation == "Generic") {
      c.operation = f.value;  // RCCL's one kernel for every collective: the name says which
    }
  }
  return c;
}

}  // namespace

RankCollectives findCollectives(const trace::Run& run, const trace::StringTable& strings, std::int32_t device) {
  RankCollectives out;
  out.device = device;
  const LaunchingRanges launching(run, strings);
  for (const trace::Track& track : run.tracks) {
    if (track.kind != trace::TrackKind::GpuStream || track.device != device) continue;
    const auto& iv = track.intervals;
    for (std::size_t i = 0; i < iv.size(); ++i) {
      if (iv.kind[i] != trace::IntervalKind::Kernel) continue;
      const std::string_view name = strings.get(iv.name[i]);
      if (!isCollectiveKernelName(name)) continue;
      trace::ArgumentsId arguments = iv.argumentsAt(i);
      const std::string_view own = run.arguments.get(arguments);
      if (own.find(kGroupKey) == std::string_view::npos) arguments = launching.of(iv.correlation[i]);
      out.kernels.push_back(collectiveOf(iv.start_ns[i], iv.end_ns[i], name,
                                         arguments == 0 ? own : run.arguments.get(arguments)));
    }
  }
  std::stable_sort(out.kernels.begin(), out.kernels.end(),
                   [](const Collective& a, const Collective& b) { return a.start_ns < b.start_ns; });
  for (const Collective& c : out.kernels) out.spans.push_back({c.start_ns, c.end_ns});
  out.spans = analysis::unionOfSorted(out.spans);
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
