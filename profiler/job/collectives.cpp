#include "job/collectives.h"

#include <algorithm>
#include <map>

namespace feedscope::job {

namespace {

constexpr std::string_view kNcclKernel = "ncclKernel_";
constexpr std::string_view kNcclDevKernel = "ncclDevKernel_";

bool startsWith(std::string_view s, std::string_view prefix) { return s.substr(0, prefix.size()) == prefix; }

}  // namespace

bool isCollectiveKernelName(std::string_view name) {
  return startsWith(name, kNcclKernel) || startsWith(name, kNcclDevKernel);
}

std::string collectiveOperation(std::string_view kernelName) {
  std::string_view rest = startsWith(kernelName, kNcclKernel)      ? kernelName.substr(kNcclKernel.size())
                          : startsWith(kernelName, kNcclDevKernel) ? kernelName.substr(kNcclDevKernel.size())
                                                                   : kernelName;
  const std::size_t end = rest.find_first_of("_(");
  return std::string(rest.substr(0, end));
}

bool isCollectiveHostRangeName(std::string_view name) {
  return startsWith(name, "nccl:") || startsWith(name, "c10d::") || name == "record_param_comms";
}

RankCollectives findCollectives(const trace::Run& run, const trace::StringTable& strings, std::int32_t device) {
  RankCollectives out;
  out.device = device;
  for (const trace::Track& track : run.tracks) {
    if (track.kind != trace::TrackKind::GpuStream || track.device != device) continue;
    const auto& iv = track.intervals;
    for (std::size_t i = 0; i < iv.size(); ++i) {
      if (iv.kind[i] != trace::IntervalKind::Kernel) continue;
      const std::string_view name = strings.get(iv.name[i]);
      if (!isCollectiveKernelName(name)) continue;
      out.kernels.push_back({iv.start_ns[i], iv.end_ns[i], collectiveOperation(name)});
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
