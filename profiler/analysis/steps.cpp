// Step discovery.
#include "analysis/steps.h"

#include <algorithm>

#include "trace/range_names.h"

namespace feedscope::analysis {

std::vector<StepWindow> findSteps(const trace::Run& run, const trace::StringTable& strings) {
  const trace::Track* best = nullptr;
  std::size_t bestCount = 0;
  for (const auto& track : run.tracks) {
    if (track.isGpu()) continue;
    std::size_t n = static_cast<std::size_t>(
        std::count(track.intervals.kind.begin(), track.intervals.kind.end(), trace::IntervalKind::Step));
    if (n > bestCount) {
      best = &track;
      bestCount = n;
    }
  }
  std::vector<StepWindow> steps;
  if (best == nullptr) return steps;
  const auto& iv = best->intervals;
  for (std::size_t i = 0; i < iv.size(); ++i) {
    if (iv.kind[i] != trace::IntervalKind::Step) continue;
    StepWindow s;
    s.name = std::string(strings.get(iv.name[i]));
    s.number = trace::stepNumber(s.name).value_or(static_cast<std::int64_t>(steps.size()));
    s.span = {iv.start_ns[i], iv.end_ns[i]};
    // A range recorded twice (nested duplicate) is one step.
    if (!steps.empty() && steps.back().span == s.span) continue;
    steps.push_back(std::move(s));
  }
  return steps;
}

}  // namespace feedscope::analysis
