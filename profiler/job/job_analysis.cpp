#include "job/job_analysis.h"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <map>
#include <set>

#include "job/job_findings.h"
#include "present/job_phrases.h"
#include "trace/statistics.h"

namespace feedscope::job {

namespace {

// The step every rank experiences: from the first rank's start to the last rank's end of the same
// step, on the aligned clock. Steps are paired by number when every rank numbers its steps apart,
// else by order.
std::vector<Span> jobSteps(const std::vector<RankSummary>& ranks, const ClockAlignment& clock) {
  std::vector<Span> out;
  if (ranks.empty()) return out;
  for (const auto& r : ranks) {
    if (r.steps.empty()) return out;
  }
  std::vector<std::map<std::int64_t, Span>> byNumber(ranks.size());
  bool numbered = true;
  for (std::size_t r = 0; r < ranks.size(); ++r) {
    for (const auto& s : ranks[r].steps) {
      Span aligned{s.span.start + clock.shift_ns[r], s.span.end + clock.shift_ns[r]};
      if (!byNumber[r].emplace(s.number, aligned).second) numbered = false;
    }
  }
  if (numbered) {
    for (const auto& [number, first] : byNumber[0]) {
      Span step = first;
      bool everywhere = true;
      for (std::size_t r = 1; r < ranks.size() && everywhere; ++r) {
        auto it = byNumber[r].find(number);
        if (it == byNumber[r].end()) {
          everywhere = false;
        } else {
          step.start = std::min(step.start, it->second.start);
          step.end = std::max(step.end, it->second.end);
        }
      }
      if (everywhere) out.push_back(step);
    }
    return out;
  }
  std::size_t fewest = SIZE_MAX;
  for (const auto& r : ranks) fewest = std::min(fewest, r.steps.size());
  for (std::size_t k = 0; k < fewest; ++k) {
    Span step{INT64_MAX, INT64_MIN};
    for (std::size_t r = 0; r < ranks.size(); ++r) {
      const Span s = ranks[r].steps[k].span;
      step.start = std::min(step.start, s.start + clock.shift_ns[r]);
      step.end = std::max(step.end, s.end + clock.shift_ns[r]);
    }
    out.push_back(step);
  }
  return out;
}

}  // namespace

double RankFigures::starvationPct() const {
  return window_ns > 0 ? 100.0 * static_cast<double>(starvation_ns) / static_cast<double>(window_ns) : 0.0;
}

std::size_t JobAnalysis::ranksMissing() const {
  return world_size && *world_size > static_cast<int>(ranks.size()) ? static_cast<std::size_t>(*world_size) - ranks.size()
                                                                     : 0;
}

double JobAnalysis::peerWaitPct() const {
  TimeNs wait = 0, windows = 0;
  for (const auto& r : ranks) {
    wait += r.peer_wait_ns;
    windows += r.window_ns;
  }
  return windows > 0 ? 100.0 * static_cast<double>(wait) / static_cast<double>(windows) : 0.0;
}

std::string jobNameOf(const std::vector<std::string>& runNames) {
  if (runNames.empty()) return "job";
  std::string prefix = runNames.front();
  for (const auto& n : runNames) {
    std::size_t i = 0;
    while (i < prefix.size() && i < n.size() && prefix[i] == n[i]) ++i;
    prefix.resize(i);
  }
  // Drop the rank word and the digits it may share: "trace_rank1", "trace_rank12" -> "trace", and
  // "train rank 0", "train rank 1" (the ranks `merge` keeps apart) -> "train".
  auto isSeparator = [](char c) { return c == '_' || c == '-' || c == '.' || c == ' '; };
  while (!prefix.empty() && std::isdigit(static_cast<unsigned char>(prefix.back()))) prefix.pop_back();
  while (!prefix.empty() && isSeparator(prefix.back())) prefix.pop_back();
  for (std::string_view word : {"rank", "worker", "Rank", "RANK", "Worker"}) {
    if (prefix.size() >= word.size() && std::string_view(prefix).substr(prefix.size() - word.size()) == word) {
      prefix.resize(prefix.size() - word.size());
      break;
    }
  }
  while (!prefix.empty() && isSeparator(prefix.back())) prefix.pop_back();
  return prefix.empty() ? "job" : prefix;
}

JobAnalysis analyzeJob(const std::vector<RankSummary>& summaries, const std::vector<std::size_t>& runs,
                       std::optional<int> worldSize, std::string name) {
  JobAnalysis job;
  job.name = std::move(name);
  job.world_size = worldSize;
  const std::size_t n = summaries.size();
  std::vector<RankCollectives> collectives;
  std::vector<int> numbers;
  for (std::size_t r = 0; r < n; ++r) {
    const RankSummary& s = summaries[r];
    RankCollectives c;
    c.device = s.device;
    c.kernels = s.collectives;
    collectives.push_back(std::move(c));
    numbers.push_back(s.identity.rank);
    RankFigures f;
    f.rank = s.identity.rank;
    f.run = r < runs.size() ? runs[r] : kNoRun;
    f.time_origin = s.time_origin;
    f.run_name = s.run_name;
    f.device = s.device;
    f.device_name = s.device_name;
    f.collectives = s.collectives.size();
    f.window_ns = s.window_ns;
    f.compute_ns = s.compute_ns;
    f.gaps = s.gaps;
    f.step_median_ns = s.step_median_ns;
    job.ranks.push_back(std::move(f));
  }
  if (job.ranksMissing() > 0) {
    std::string list;
    for (int r : numbers) list += (list.empty() ? "" : ", ") + std::to_string(r);
    job.notes.push_back(present::ranksMissingSentence(n, *job.world_size, list));
  }
  const CollectiveMatch match = matchCollectives(collectives, numbers);
  job.notes.insert(job.notes.end(), match.notes.begin(), match.notes.end());
  job.matched_collectives = match.matched.size();
  job.clock = alignClocks(collectives, match);
  if (job.clock.method == ClockMethod::Recorded) {
    job.notes.push_back("No collective matched across the ranks: their recorded clocks are used as they are.");
  }
  job.arrivals = measureArrivals(collectives, match, job.clock);

  // The job's window on the aligned clock.
  job.window = {INT64_MAX, INT64_MIN};
  for (std::size_t r = 0; r < n; ++r) {
    job.window.start = std::min(job.window.start, summaries[r].extent.start + job.clock.shift_ns[r]);
    job.window.end = std::max(job.window.end, summaries[r].extent.end + job.clock.shift_ns[r]);
  }
  if (job.window.start > job.window.end) job.window = {};

  // Per rank: communication, peer wait and whom it waited for, starvation with the wait.
  for (const CollectiveArrivals& a : job.arrivals) {
    job.ranks[a.last_rank].delay_ns += a.delay_ns;
    if (a.delay_ns > 0) ++job.ranks[a.last_rank].late_count;
    for (std::size_t r = 0; r < n; ++r) {
      job.ranks[r].peer_wait_ns += a.peer_wait_ns[r];
      if (a.peer_wait_ns[r] > 0) job.ranks[r].waiting_for[numbers[a.last_rank]] += a.peer_wait_ns[r];
    }
  }
  for (std::size_t r = 0; r < n; ++r) {
    RankFigures& f = job.ranks[r];
    TimeNs collectiveTime = 0;
    for (const Collective& c : summaries[r].collectives) collectiveTime += c.durationNs();
    f.comm_ns = std::max<TimeNs>(collectiveTime - f.peer_wait_ns, 0);
    f.starvation_ns = summaries[r].starvation_ns + f.peer_wait_ns;
    job.largest_delay_ns = std::max(job.largest_delay_ns, f.delay_ns);
  }

  StragglerInputs in;
  for (const auto& s : summaries) in.ranks.push_back(&s);
  in.collectives = &collectives;
  in.match = &match;
  in.clock = &job.clock;
  in.arrivals = &job.arrivals;
  in.rank_numbers = numbers;
  in.job_window = job.window;
  job.straggler = findStraggler(in);

  // The job's step, without the straggler's delay, and fed.
  const std::vector<Span> steps = jobSteps(summaries, job.clock);
  if (!steps.empty()) {
    JobStep s;
    s.count = steps.size();
    std::vector<TimeNs> lengths, without, delays;
    for (const Span& step : steps) {
      TimeNs delay = 0;
      if (job.straggler) {
        for (const CollectiveArrivals& a : job.arrivals) {
          if (a.last_rank == job.straggler->index && a.last_arrival_ns >= step.start && a.last_arrival_ns < step.end) {
            delay += a.delay_ns;
          }
        }
      }
      lengths.push_back(step.length());
      without.push_back(step.length() - delay);
      delays.push_back(delay);
    }
    s.median_ns = trace::medianNs(lengths);
    s.without_straggler_ns = trace::medianNs(without);
    s.median_straggler_delay_ns = trace::medianNs(delays);
    // Every rank fed: each rank's own prediction less the wait for peers it no longer has, the slowest.
    for (std::size_t r = 0; r < n; ++r) {
      const std::size_t count = std::max<std::size_t>(summaries[r].steps.size(), 1);
      const TimeNs waitPerStep = job.ranks[r].peer_wait_ns / static_cast<TimeNs>(count);
      s.prefetched_ns = std::max(s.prefetched_ns, std::max<TimeNs>(summaries[r].prefetch_step_ns - waitPerStep, 0));
    }
    job.step = s;
  }

  if (job.straggler) {
    const Straggler& st = *job.straggler;
    present::StragglerFacts facts;
    facts.rank = st.rank;
    facts.late_count = st.late_count;
    facts.collective_count = job.matched_collectives;
    facts.delay_ns = st.delay_ns;
    facts.cause_key = activityKey(st.cause);
    facts.cause_excess_ns = st.cause_excess_ns;
    facts.host_range = st.host_range;
    facts.host_range_excess_ns = st.host_range_excess_ns;
    if (job.step) {
      facts.delay_per_step_ns = job.step->median_straggler_delay_ns;
      facts.job_step_ns = job.step->median_ns;
      facts.without_straggler_ns = job.step->without_straggler_ns;
    }
    job.headline = present::stragglerSentence(facts);
  } else {
    job.headline = present::balancedJobSentence(job.matched_collectives, job.largest_delay_ns);
  }
  job.findings = jobFindings(job, summaries);
  return job;
}

JobAnalysis analyzeJob(const JobGroup& group, const std::vector<const trace::Run*>& runs,
                       const std::vector<const analysis::RunAnalysis*>& analyses,
                       const std::vector<const trace::StringTable*>& strings, std::string name) {
  std::vector<RankSummary> summaries;
  std::vector<std::size_t> indexes;
  for (const JobMember& m : group.members) {
    summaries.push_back(summarizeRank(*runs[m.run], *strings[m.run], *analyses[m.run], m.identity));
    indexes.push_back(m.run);
  }
  return analyzeJob(summaries, indexes, group.world_size, std::move(name));
}

}  // namespace feedscope::job
