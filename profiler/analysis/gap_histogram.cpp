// The idle-gap histogram.
#include "analysis/gap_histogram.h"

#include <algorithm>
#include <cmath>

#include "trace/units.h"

namespace feedscope::analysis {

GapHistogram gapHistogram(const std::vector<const DeviceAnalysis*>& devices) {
  GapHistogram h;
  std::vector<std::vector<double>> lengths(devices.size());
  double longest = 0;
  for (std::size_t r = 0; r < devices.size(); ++r) {
    if (devices[r] == nullptr) continue;
    const auto& tl = devices[r]->timeline;
    for (const auto& g : tl.gaps) {
      trace::TimeNs s = std::max(g.span.start, tl.gpu_window.start);
      trace::TimeNs e = std::min(g.span.end, tl.gpu_window.end);
      if (e <= s) continue;
      lengths[r].push_back(static_cast<double>(e - s));
      longest = std::max(longest, static_cast<double>(e - s));
    }
  }
  std::vector<double> edges{0};
  for (int k = 0; edges.back() <= longest; ++k) {
    edges.push_back(std::pow(10.0, 3 + k / 2) * (k % 2 == 0 ? 1 : 3));
  }
  const std::size_t bins = edges.size() - 1;
  std::vector<std::vector<std::uint64_t>> counts(devices.size(), std::vector<std::uint64_t>(bins, 0));
  std::vector<std::vector<double>> idleMs(devices.size(), std::vector<double>(bins, 0));
  std::size_t first = bins;
  for (std::size_t r = 0; r < devices.size(); ++r) {
    for (double len : lengths[r]) {
      auto it = std::upper_bound(edges.begin(), edges.end(), len);
      std::size_t bin = std::min(static_cast<std::size_t>(it - edges.begin()) - 1, bins - 1);
      ++counts[r][bin];
      idleMs[r][bin] += len / 1e6;
      first = std::min(first, bin);
    }
  }
  h.counts.assign(devices.size(), {});
  h.idle_ms.assign(devices.size(), {});
  if (first == bins) return h;  // no idle gap in any run
  h.edges_ns.assign(edges.begin() + static_cast<std::ptrdiff_t>(first), edges.end());
  for (std::size_t r = 0; r < devices.size(); ++r) {
    h.counts[r].assign(counts[r].begin() + static_cast<std::ptrdiff_t>(first), counts[r].end());
    h.idle_ms[r].assign(idleMs[r].begin() + static_cast<std::ptrdiff_t>(first), idleMs[r].end());
  }
  const std::size_t shown = h.edges_ns.size() - 1;
  for (std::size_t k = 0; k < shown; ++k) {
    h.labels.push_back(trace::formatDurationBin(static_cast<trace::TimeNs>(h.edges_ns[k]),
                                                static_cast<trace::TimeNs>(h.edges_ns[k + 1])));
  }
  return h;
}

}  // namespace feedscope::analysis
