// Correlation id lookup. Entries refer to the run's columns (8 bytes each) instead of copying calls:
// on traces with millions of calls the index stays small.
#include "analysis/correlation_index.h"

#include <algorithm>
#include <limits>

namespace feedscope::analysis {

namespace {
constexpr std::uint32_t kHole = std::numeric_limits<std::uint32_t>::max();
}

CorrelationIndex::CorrelationIndex(const trace::Run& run) : run_(run) {
  std::uint32_t lo = std::numeric_limits<std::uint32_t>::max(), hi = 0;
  auto forEachCall = [&](auto&& visit) {
    for (std::size_t t = 0; t < run.tracks.size(); ++t) {
      const auto& track = run.tracks[t];
      if (track.isGpu()) continue;
      const auto& iv = track.intervals;
      for (std::size_t i = 0; i < iv.size(); ++i) {
        if (trace::isApiCall(iv.kind[i]) && iv.correlation[i] != 0) {
          visit(iv.correlation[i], Ref{static_cast<std::uint32_t>(t), static_cast<std::uint32_t>(i)});
        }
      }
    }
  };
  forEachCall([&](std::uint32_t c, Ref) {
    ++count_;
    lo = std::min(lo, c);
    hi = std::max(hi, c);
  });
  if (count_ == 0) return;
  const std::uint64_t range = static_cast<std::uint64_t>(hi) - lo + 1;
  if (range <= 4 * static_cast<std::uint64_t>(count_) + 1024) {
    base_ = lo;
    slot_.assign(range, Ref{kHole, 0});
    forEachCall([&](std::uint32_t c, Ref ref) {
      Ref& s = slot_[c - lo];
      if (s.track == kHole) s = ref;  // the first call with an id wins
    });
    return;
  }
  sorted_.reserve(count_);
  forEachCall([&](std::uint32_t c, Ref ref) { sorted_.emplace_back(c, ref); });
  std::stable_sort(sorted_.begin(), sorted_.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
}

ApiCall CorrelationIndex::callAt(Ref ref) const {
  const auto& iv = run_.tracks[ref.track].intervals;
  return {iv.start_ns[ref.index], iv.end_ns[ref.index], iv.name[ref.index], ref.track, iv.flags[ref.index]};
}

std::optional<ApiCall> CorrelationIndex::find(std::uint32_t correlation) const {
  if (correlation == 0 || count_ == 0) return std::nullopt;
  if (!slot_.empty()) {
    if (correlation < base_ || correlation - base_ >= slot_.size()) return std::nullopt;
    Ref ref = slot_[correlation - base_];
    if (ref.track == kHole) return std::nullopt;
    return callAt(ref);
  }
  auto it = std::lower_bound(sorted_.begin(), sorted_.end(), correlation,
                             [](const auto& p, std::uint32_t c) { return p.first < c; });
  if (it == sorted_.end() || it->first != correlation) return std::nullopt;
  return callAt(it->second);
}

}  // namespace feedscope::analysis
