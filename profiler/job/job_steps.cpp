#include "job/job_steps.h"

#include <algorithm>
#include <map>

namespace feedscope::job {

std::vector<JobStepSpans> pairSteps(const std::vector<RankSummary>& ranks, const std::vector<TimeNs>& shift) {
  std::vector<JobStepSpans> out;
  if (ranks.empty()) return out;
  for (const auto& r : ranks) {
    if (r.steps.empty()) return out;
  }
  auto add = [&](const std::vector<std::size_t>& index) {
    JobStepSpans step;
    step.span = {INT64_MAX, INT64_MIN};
    step.index = index;
    for (std::size_t r = 0; r < ranks.size(); ++r) {
      const Span s = ranks[r].steps[index[r]].span;
      const Span aligned{s.start + shift[r], s.end + shift[r]};
      step.of_rank.push_back(aligned);
      step.span.start = std::min(step.span.start, aligned.start);
      step.span.end = std::max(step.span.end, aligned.end);
    }
    out.push_back(std::move(step));
  };
  std::vector<std::map<std::int64_t, std::size_t>> byNumber(ranks.size());
  bool numbered = true;
  for (std::size_t r = 0; r < ranks.size(); ++r) {
    for (std::size_t i = 0; i < ranks[r].steps.size(); ++i) {
      if (!byNumber[r].emplace(ranks[r].steps[i].number, i).second) numbered = false;
    }
  }
  if (numbered) {
    for (const auto& [number, first] : byNumber[0]) {
      std::vector<std::size_t> index{first};
      for (std::size_t r = 1; r < ranks.size(); ++r) {
        auto it = byNumber[r].find(number);
        if (it == byNumber[r].end()) break;
        index.push_back(it->second);
      }
      if (index.size() == ranks.size()) add(index);
    }
    return out;
  }
  std::size_t fewest = SIZE_MAX;
  for (const auto& r : ranks) fewest = std::min(fewest, r.steps.size());
  for (std::size_t k = 0; k < fewest; ++k) add(std::vector<std::size_t>(ranks.size(), k));
  return out;
}

TimeNs replayedLength(const JobStepSpans& step, const Replay& replayed) {
  TimeNs start = INT64_MAX, end = INT64_MIN;
  for (std::size_t r = 0; r < step.of_rank.size(); ++r) {
    const Span s = step.of_rank[r];
    start = std::min(start, s.start - shiftAt(replayed, r, s.start));
    end = std::max(end, s.end - shiftAt(replayed, r, s.end));
  }
  return end - start;
}

}  // namespace feedscope::job
