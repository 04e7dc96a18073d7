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

std::string listText(const std::vector<std::string>& words) {
  std::string out;
  for (std::size_t i = 0; i < words.size(); ++i) {
    if (i > 0) out += i + 1 == words.size() ? " and " : ", ";
    out += words[i];
  }
  return out;
}

std::string rankRangesText(const std::vector<int>& ranks) {
  std::string out;
  for (std::size_t i = 0; i < ranks.size();) {
    std::size_t j = i;
    while (j + 1 < ranks.size() && ranks[j + 1] == ranks[j] + 1) ++j;
    if (!out.empty()) out += ", ";
    if (j - i >= 2) {
      out += fmt::format("{}-{}", ranks[i], ranks[j]);
      i = j + 1;
    } else {
      out += std::to_string(ranks[i]);
      ++i;
    }
  }
  return out;
}

namespace {

// "12 of 36 AllGather in process group 2 (ranks 4-7) and 12 of 12 AllReduce".
std::string partsText(const std::vector<CollectivePart>& parts) {
  std::vector<std::string> words;
  for (const auto& p : parts) words.push_back(fmt::format("{} of {} {}", p.count, p.total, p.collective));
  return listText(words);
}

// " among the 7 ranks present (of 8)" when ranks are missing.
std::string presentText(std::size_t present, std::size_t world) {
  return world > present ? fmt::format(" among the {} ranks present (of {})", present, world) : std::string();
}

}  // namespace

std::string stragglerSentence(const StragglerFacts& f) {
  std::string text = f.world_size > f.ranks_present
                         ? fmt::format("Among the {} ranks present (of {}), rank {}", f.ranks_present, f.world_size, f.rank)
                         : fmt::format("rank {}", f.rank);
  const bool steps = f.step_count > 0;
  const char* unit = steps ? " per step" : " in all";
  if (f.cause_key == "before_window") {
    text += fmt::format(" was already {} late when the captured window began, so nothing inside the trace explains it",
                        formatDuration(f.cause_excess_ns));
  } else {
    text += steps ? fmt::format(" was late in {} of {} steps", f.late_steps, f.step_count) : std::string(" was late");
    if (f.cause_key == "host" && !f.host_range.empty()) {
      text += fmt::format(": `{}` took {} longer{} than on the other ranks", f.host_range,
                          formatDuration(f.host_range_excess_ns), unit);
    } else {
      text += fmt::format(": its {} took {} longer{} than the other ranks' median", stragglerCauseLabel(f.cause_key),
                          formatDuration(f.cause_excess_ns), unit);
    }
  }
  text += ".";
  std::string story;
  if (!f.arrived_last.empty()) {
    story = " It arrived last at " + partsText(f.arrived_last);
    if (!f.waited_through.empty()) story += ", and " + partsText(f.waited_through) + " waited for it through them";
  } else if (!f.waited_through.empty()) {
    story = " " + partsText(f.waited_through) + " waited for it";
  }
  text += story;
  text += story.empty() ? " That" : "; that";
  if (f.job_step_ns > 0 && f.delay_per_step_ns > 0) {
    text += fmt::format(" cost every rank {} per step ({} of the step): the job would step in {} instead of {}",
                        formatDuration(f.delay_per_step_ns),
                        trace::formatPct(100.0 * static_cast<double>(f.delay_per_step_ns) / static_cast<double>(f.job_step_ns)),
                        formatDuration(f.without_straggler_ns), formatDuration(f.job_step_ns));
    text += f.bound_rank ? fmt::format(", then paced by rank {} (late by {} a step)", *f.bound_rank,
                                       formatDuration(f.bound_delay_ns))
                         : std::string(", then paced by every rank's own work");
  } else {
    text += fmt::format(" cost every rank {} in all", formatDuration(f.delay_ns));
  }
  return text + ".";
}

std::string rotatingLatenessSentence(std::size_t ranksLate, trace::TimeNs medianDelayNs, bool perStep,
                                     std::size_t ranksPresent, std::size_t worldSize) {
  return fmt::format("No single straggler{}: lateness moves between ranks ({} ranks late at least once; median delay {}{}). "
                     "Look for what the ranks share: the storage they read from, other load on their hosts, batches "
                     "of uneven size.",
                     presentText(ranksPresent, worldSize), ranksLate, formatDuration(medianDelayNs),
                     perStep ? " a late step" : "");
}

std::string balancedJobSentence(std::size_t collectiveCount, trace::TimeNs largestDelayNs, std::size_t ranksPresent,
                                std::size_t worldSize) {
  if (collectiveCount == 0) return "No collective matched across the ranks: no rank can be named a straggler.";
  return fmt::format("No straggler{}: no rank kept the others waiting at the {} collectives for more than noise "
                     "(the most any rank cost the job was {}).",
                     presentText(ranksPresent, worldSize), collectiveCount, formatDuration(largestDelayNs));
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

std::string jobTitle(std::string_view name, std::size_t ranks, int worldSize, std::size_t matched, std::size_t groups) {
  const std::string present =
      worldSize > 0 ? fmt::format("{} of {} ranks", ranks, worldSize) : fmt::format("{} ranks", ranks);
  return fmt::format("Job {} · {} · {} collective{} matched{}", name, present, matched, matched == 1 ? "" : "s",
                     groups > 1 ? fmt::format(" in {} process groups", groups) : std::string());
}

std::string jobStepText(trace::TimeNs median, std::size_t count, trace::TimeNs without, trace::TimeNs fed,
                        bool straggler) {
  return fmt::format("Job step {} (median of {}){}; every rank fed {}", formatDuration(median), count,
                     straggler ? fmt::format("; without the straggler {}", formatDuration(without)) : std::string(),
                     formatDuration(fed));
}

std::string exposedOfText(trace::TimeNs total, trace::TimeNs exposed) {
  if (exposed >= total) return formatDuration(total);
  return fmt::format("{} ({} exposed)", formatDuration(total), formatDuration(exposed));
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
