#include "job/job_findings.h"

#include <fmt/format.h>

#include "analysis/thresholds.h"
#include "present/job_phrases.h"
#include "trace/units.h"

namespace feedscope::job {

namespace {

std::string stragglerFindingId(Activity cause) {
  switch (cause) {
    case Activity::DataLoading:
    case Activity::InputCopy: return "straggler_input";
    case Activity::Host: return "straggler_host";
    case Activity::Compute: return "straggler_compute";
    case Activity::BeforeWindow: return "straggler_before_window";
  }
  return "straggler_compute";
}

analysis::Severity severityByStepShare(double pct) {
  namespace t = analysis::thresholds;
  if (pct >= t::kStragglerHighStepPct) return analysis::Severity::High;
  if (pct >= t::kStragglerMediumStepPct) return analysis::Severity::Medium;
  return analysis::Severity::Low;
}

}  // namespace

std::vector<analysis::Finding> jobFindings(const JobAnalysis& job, const std::vector<RankSummary>& ranks) {
  std::vector<analysis::Finding> out;
  if (job.straggler) {
    const Straggler& s = *job.straggler;
    analysis::Finding f;
    f.id = stragglerFindingId(s.cause);
    f.title = fmt::format("Rank {} keeps the job waiting ({})", s.rank,
                          present::stragglerCauseLabel(activityKey(s.cause)));
    f.sentence = job.headline;
    f.fix = std::string(present::stragglerFix(activityKey(s.cause)));
    f.count = s.late_count;
    f.time_ns = s.delay_ns;
    f.cost_ns = s.delay_ns;
    f.ranges = s.evidence;
    const double pct = job.step && job.step->median_ns > 0
                           ? 100.0 * static_cast<double>(job.step->median_straggler_delay_ns) /
                                 static_cast<double>(job.step->median_ns)
                           : 100.0 * static_cast<double>(s.delay_ns) / static_cast<double>(std::max<TimeNs>(job.window.length(), 1));
    f.time_pct = pct;
    f.cost_pct = pct;
    f.severity = severityByStepShare(pct);
    out.push_back(std::move(f));
  } else if (job.lateness.rotates) {
    // Lateness that moves between ranks points at what they share, not at one rank.
    analysis::Finding f;
    f.id = "lateness_moves";
    f.title = fmt::format("No single straggler: {} ranks late in turn", job.lateness.ranks_late);
    f.sentence = job.headline;
    f.fix = "Look for a cause the ranks share: the storage or file system they read from (its throughput under "
            "all ranks at once), other processes on their hosts, batches of uneven size (sequence lengths), "
            "DataLoader workers restarting each epoch (persistent_workers=True).";
    f.count = job.lateness.ranks_late;
    f.time_ns = job.lateness.median_delay_ns;
    const double pct = job.step && job.step->median_ns > 0
                           ? 100.0 * static_cast<double>(job.lateness.median_delay_ns) / static_cast<double>(job.step->median_ns)
                           : 0.0;
    f.time_pct = pct;
    f.severity = pct >= analysis::thresholds::kStragglerMediumStepPct ? analysis::Severity::Medium : analysis::Severity::Low;
    out.push_back(std::move(f));
  }
  // A rank that alone copies from pageable memory: the others show the copies can be pinned.
  std::size_t pageableRanks = 0, who = 0;
  for (std::size_t r = 0; r < ranks.size(); ++r) {
    if (ranks[r].pageable_h2d_count > 0) {
      ++pageableRanks;
      who = r;
    }
  }
  if (pageableRanks == 1 && ranks.size() >= 2) {
    const RankSummary& rank = ranks[who];
    analysis::Finding f;
    f.id = "rank_pageable_copies";
    f.severity = job.straggler && job.straggler->index == who ? analysis::Severity::High : analysis::Severity::Medium;
    f.title = fmt::format("Rank {} alone copies from pageable memory", job.ranks[who].rank);
    f.sentence = present::rankPageableSentence(job.ranks[who].rank, rank.pageable_h2d_count, rank.pageable_h2d_bytes);
    f.fix = "Pin this rank's input like the others' (pin_memory=True in its DataLoader) and copy with non_blocking=True; "
            "look for a rank-dependent code path that builds its batches differently.";
    f.count = rank.pageable_h2d_count;
    f.time_ns = rank.pageable_h2d_ns;
    out.push_back(std::move(f));
  }
  if (job.ranksMissing() > 0) {
    analysis::Finding f;
    f.id = "ranks_missing";
    f.severity = analysis::Severity::Info;
    f.title = fmt::format("{} of {} ranks present", job.ranks.size(), *job.world_size);
    f.sentence = job.notes.empty() ? f.title : job.notes.front();
    f.fix = "Give every rank's trace (a folder of them, or one .fssum per rank from feedscope summarize) to see which "
            "rank the job waits for.";
    out.push_back(std::move(f));
  }
  return out;
}

}  // namespace feedscope::job
