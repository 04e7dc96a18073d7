// Kernel totals by name.
#include "report/kernel_summary.h"

#include <algorithm>
#include <unordered_map>

namespace feedscope::report {

std::vector<KernelTotal> busiestKernels(const trace::Run& run, const trace::StringTable& strings,
                                        std::int32_t device, analysis::Span window, std::size_t limit) {
  std::unordered_map<trace::StringId, KernelTotal> byName;
  for (const trace::Track& track : run.tracks) {
    if (track.kind != trace::TrackKind::GpuStream || track.device != device) continue;
    const auto& iv = track.intervals;
    for (std::size_t i = iv.lowerBoundStart(window.start); i < iv.size() && iv.start_ns[i] < window.end;
         ++i) {
      if (iv.kind[i] != trace::IntervalKind::Kernel) continue;
      KernelTotal& total = byName[iv.name[i]];
      ++total.count;
      total.total_ns += iv.end_ns[i] - iv.start_ns[i];
    }
  }
  std::vector<KernelTotal> out;
  out.reserve(byName.size());
  for (auto& [id, total] : byName) {
    total.name = std::string(strings.get(id));
    out.push_back(std::move(total));
  }
  std::sort(out.begin(), out.end(), [](const KernelTotal& a, const KernelTotal& b) {
    return a.total_ns != b.total_ns ? a.total_ns > b.total_ns : a.name < b.name;
  });
  if (out.size() > limit) out.resize(limit);
  return out;
}

}  // namespace feedscope::report
