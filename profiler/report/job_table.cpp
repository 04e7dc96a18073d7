#include "report/job_table.h"

#include <fmt/format.h>

#include <algorithm>

#include "present/causes.h"
#include "present/job_phrases.h"
#include "present/numbers.h"
#include "trace/units.h"

namespace feedscope::report {

using trace::formatDuration;

std::string rankStarvationCauses(const job::RankFigures& rank) {
  std::vector<std::pair<trace::TimeNs, std::string>> causes;
  for (const auto& [other, ns] : rank.waiting_for) causes.emplace_back(ns, present::waitingForRankLabel(other));
  for (analysis::GapCause c : present::kCausesInOrder) {
    if (rank.gaps[c] > 0) causes.emplace_back(rank.gaps[c], std::string(present::causeLabel(c)));
  }
  std::stable_sort(causes.begin(), causes.end(), [](const auto& a, const auto& b) { return a.first > b.first; });
  std::string text;
  for (std::size_t i = 0; i < causes.size() && i < 3; ++i) {
    text += fmt::format("{}{} {}", i ? ", " : "", causes[i].second, present::shareText(causes[i].first, rank.window_ns));
  }
  return text;
}

JobTable jobTable(const job::JobAnalysis& job) {
  JobTable t;
  t.title = present::jobTitle(job.name, job.ranks.size(), job.world_size.value_or(0), job.matched_collectives,
                              job.groups.size());
  t.headline = job.headline;
  t.step = job.step ? present::jobStepText(job.step->median_ns, job.step->count, job.step->without_straggler_ns,
                                           job.step->prefetched_ns, job.straggler.has_value())
                    : std::string(present::noJobStepText());
  t.header = {"rank", "device", "step", "compute", "communication", "peer wait", "late in", "starvation"};
  for (const job::RankFigures& r : job.ranks) {
    std::string device = r.device >= 0 ? fmt::format("GPU {}", r.device) : "no GPU";
    if (!r.device_name.empty()) device += " " + r.device_name;
    std::string starvation = trace::formatPct(r.starvationPct());
    const std::string causes = rankStarvationCauses(r);
    if (!causes.empty()) starvation += " (" + causes + ")";
    const std::string late = job.step ? fmt::format("{} of {} steps", r.late_steps, job.step->count)
                                      : fmt::format("{} of {}", r.late_count, job.matched_collectives);
    t.rows.push_back({std::to_string(r.rank), device, r.step_median_ns ? formatDuration(*r.step_median_ns) : "n/a",
                      formatDuration(r.compute_ns),
                      // The transfer, and its part with nothing of the rank's beside it: compute, the
                      // exposed transfer and the starvation (its exposed wait within) make the window.
                      present::exposedOfText(r.comm_ns, std::max<trace::TimeNs>(r.comm_exposed_ns - r.peer_wait_exposed_ns, 0)),
                      present::exposedOfText(r.peer_wait_ns, r.peer_wait_exposed_ns), late, starvation});
  }
  if (job.clock.method == job::ClockMethod::Collectives) {
    std::string shifts;
    for (std::size_t i = 1; i < job.ranks.size(); ++i) {
      shifts += (shifts.empty() ? "" : ", ") + present::clockShiftText(job.ranks[i].rank, job.clock.shift_ns[i]);
    }
    t.clock = present::clockAlignedText(job.ranks.front().rank, shifts, job.clock.max_residual_ns);
  } else {
    t.clock = std::string(present::clockRecordedText());
  }
  t.notes = job.notes;
  return t;
}

std::string jobComparisonSentence(const job::JobAnalysis& a, const job::JobAnalysis& b) {
  return present::jobComparisonText(a.name, b.name, a.step ? a.step->median_ns : 0, b.step ? b.step->median_ns : 0,
                                    a.peerWaitPct(), b.peerWaitPct());
}

}  // namespace feedscope::report
