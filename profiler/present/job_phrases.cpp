#include "present/job_phrases.h"

#include <fmt/format.h>

#include <algorithm>

#include "trace/units.h"

namespace feedscope::present {

using trace::formatDuration;

std::string_view stragglerCauseLabel(std::string_view key) {
  if (key == "data_loading") return "data loading";
  if (key == "input_copy") return "input copies";
  if (key == "host") return "other host work";
  if (key == "before_window") return "time before the captured window";
  return "kernels";
}

std::string_view stragglerFix(std::string_view key) {
  if (key == "data_loading") {
    return "Fix this rank's input pipeline: more DataLoader workers (num_workers), persistent_workers=True, "
           "prefetch_factor, faster local storage or a cache for its shard; check that its node is not shared.";
  }
  if (key == "input_copy") {
    return "Copy this rank's input from pinned memory (pin_memory=True) with non_blocking=True, and check its "
           "host-to-device link (PCIe generation and lanes, NUMA placement of the process).";
  }
  if (key == "host") {
    return "Find why this rank's host work is slower: CPU affinity and contention on its node, a rank-dependent "
           "code path (logging, checkpointing, metrics on rank 0), Python overhead (CUDA graphs, torch.compile).";
  }
  if (key == "before_window") {
    return "Nothing in the captured window explains it: the rank was already late when the trace began. Capture "
           "more steps (a longer torch.profiler schedule) so the lead-up is inside the window.";
  }
  return "Balance the work: this rank runs more or slower kernels (uneven shards, sequence lengths or experts; "
         "a slower or throttled GPU: check clocks and temperature with nvidia-smi).";
}

std::string waitingForRankLabel(int rank) { return fmt::format("waiting for rank {}", rank); }

std::string stragglerSentence(const StragglerFacts& f) {
  const trace::TimeNs perCollective = f.delay_ns / static_cast<trace::TimeNs>(std::max<std::size_t>(f.late_count, 1));
  std::string text = fmt::format("rank {} arrived last at {} of {} collectives, late by {}{}", f.rank, f.late_count,
                                 f.collective_count, formatDuration(perCollective), f.late_count > 1 ? " each on average" : "");
  if (f.cause_key == "before_window") {
    text += ": it was already late when the captured window began, so nothing inside the trace explains it";
  } else if (f.cause_key == "host" && !f.host_range.empty()) {
    text += fmt::format(": `{}` took {} longer than on the other ranks", f.host_range,
                        formatDuration(f.host_range_excess_ns));
  } else {
    text += fmt::format(": its {} took {} longer than the other ranks' median", stragglerCauseLabel(f.cause_key),
                        formatDuration(f.cause_excess_ns));
  }
  if (f.job_step_ns > 0 && f.delay_per_step_ns > 0) {
    text += fmt::format("; that cost every rank {} per step ({} of the step): the job would step in {} instead of {}",
                        formatDuration(f.delay_per_step_ns),
                        trace::formatPct(100.0 * static_cast<double>(f.delay_per_step_ns) / static_cast<double>(f.job_step_ns)),
                        formatDuration(f.without_straggler_ns), formatDuration(f.job_step_ns));
  } else {
    text += fmt::format("; that cost every rank {} in all", formatDuration(f.delay_ns));
  }
  return text + ".";
}

std::string balancedJobSentence(std::size_t collectiveCount, trace::TimeNs largestDelayNs) {
  if (collectiveCount == 0) return "No collective matched across the ranks: no rank can be named a straggler.";
  return fmt::format("No straggler: no rank kept the others waiting at the {} collectives for more than noise "
                     "(the most any rank cost the job was {}).",
                     collectiveCount, formatDuration(largestDelayNs));
}

std::string ranksMissingSentence(std::size_t present, int worldSize, std::string_view rankList) {
  return fmt::format("{} of {} ranks present: the job's figures are those of rank{} {}.", present, worldSize,
                     present == 1 ? "" : "s", rankList);
}

std::string rankPageableSentence(int rank, std::uint64_t copies, std::uint64_t bytes) {
  return fmt::format("rank {} alone copies its input from pageable memory ({} copies, {}); the other ranks copy from "
                     "pinned memory.",
                     rank, copies, trace::formatBytes(bytes));
}

}  // namespace feedscope::present

namespace feedscope::present {

std::string jobTitle(std::string_view name, std::size_t ranks, int worldSize, std::size_t matched) {
  const std::string present =
      worldSize > 0 ? fmt::format("{} of {} ranks", ranks, worldSize) : fmt::format("{} ranks", ranks);
  return fmt::format("Job {} · {} · {} collective{} matched", name, present, matched, matched == 1 ? "" : "s");
}

std::string jobStepText(trace::TimeNs median, std::size_t count, trace::TimeNs without, trace::TimeNs fed) {
  return fmt::format("Job step {} (median of {}); without the straggler's delay {}; every rank fed {}",
                     formatDuration(median), count, formatDuration(without), formatDuration(fed));
}

std::string_view noJobStepText() {
  return "Job step: the ranks have no steps in common (no ProfilerStep or step ranges on every rank)";
}

std::string clockShiftText(int rank, trace::TimeNs shift) {
  return fmt::format("rank {} {}{}", rank, shift >= 0 ? "+" : "-", formatDuration(shift >= 0 ? shift : -shift));
}

std::string clockAlignedText(int reference, std::string_view shifts, trace::TimeNs residual) {
  return fmt::format("Clocks aligned at the collective ends onto rank {}'s: {}; largest residual {}", reference,
                     shifts, formatDuration(residual));
}

std::string_view clockRecordedText() {
  return "Clocks as recorded: no collective matched across the ranks to align them by";
}

std::string jobComparisonText(std::string_view a, std::string_view b, trace::TimeNs stepA, trace::TimeNs stepB,
                              double peerWaitPctA, double peerWaitPctB) {
  const std::string wait =
      fmt::format("peer wait {} against {} of the ranks' GPU time", trace::formatPct(peerWaitPctB), trace::formatPct(peerWaitPctA));
  if (stepA <= 0 || stepB <= 0) return fmt::format("job {} against job {}: {}", b, a, wait);
  return fmt::format("job {} steps in {} against {} for job {} ({:.2f}x the speed); {}", b, formatDuration(stepB),
                     formatDuration(stepA), a, static_cast<double>(stepA) / static_cast<double>(stepB), wait);
}

}  // namespace feedscope::present

namespace feedscope::present {

std::string jobFindingCostText(trace::TimeNs cost, double stepPct) {
  if (cost <= 0) return "no time of its own";
  return fmt::format("costs the job {} ({} of the step)", formatDuration(cost), trace::formatPct(stepPct));
}

}  // namespace feedscope::present
