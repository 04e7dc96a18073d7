#include "job/job_analysis.h"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <numeric>

#include "analysis/thresholds.h"
#include "job/job_findings.h"
#include "present/job_phrases.h"
#include "trace/statistics.h"

namespace feedscope::job {

namespace {

// The matched collectives and their arrivals in time order: by last arrival, then end. A collective
// then comes after every collective its members waited for (docs/metrics.md, "The step's dependency
// chain and the step without a rank").
void sortByTime(CollectiveMatch& match, std::vector<CollectiveArrivals>& arrivals) {
  std::vector<std::size_t> order(arrivals.size());
  std::iota(order.begin(), order.end(), std::size_t{0});
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
    if (arrivals[a].last_arrival_ns != arrivals[b].last_arrival_ns) return arrivals[a].last_arrival_ns < arrivals[b].last_arrival_ns;
    return arrivals[a].endNs() < arrivals[b].endNs();
  });
  std::vector<MatchedCollective> matched;
  std::vector<CollectiveArrivals> sorted;
  for (std::size_t i : order) {
    matched.push_back(std::move(match.matched[i]));
    sorted.push_back(std::move(arrivals[i]));
  }
  match.matched = std::move(matched);
  arrivals = std::move(sorted);
}

// A rank's peer wait with none of its compute beside it (own clock), by the rank it waited for: each
// wait less the compute that ran during it; where two collectives waited at once, the time counts
// once, for the earlier.
struct ExposedWait {
  TimeNs total_ns = 0;
  std::map<int, TimeNs> by_rank;
};

ExposedWait exposedWait(const RankSummary& rank, const CollectiveMatch& match,
                        const std::vector<CollectiveArrivals>& arrivals, std::size_t index,
                        const std::vector<int>& numbers) {
  struct Piece {
    Span span;
    std::size_t waited_for;
  };
  std::vector<Piece> pieces;
  for (std::size_t c = 0; c < arrivals.size(); ++c) {
    auto member = arrivals[c].memberOf(index);
    if (!member || arrivals[c].peer_wait_ns[*member] <= 0) continue;
    const Collective& k = rank.collectives[match.matched[c].kernel[*member]];
    const Span wait{k.start_ns, k.start_ns + arrivals[c].peer_wait_ns[*member]};
    TimeNs from = wait.start;
    for (const Span& busy : k.compute_beside) {
      if (busy.start >= wait.end) break;
      if (busy.start > from) pieces.push_back({{from, busy.start}, arrivals[c].waited_for});
      from = std::max(from, busy.end);
    }
    if (from < wait.end) pieces.push_back({{from, wait.end}, arrivals[c].waited_for});
  }
  std::stable_sort(pieces.begin(), pieces.end(), [](const Piece& a, const Piece& b) { return a.span.start < b.span.start; });
  ExposedWait out;
  TimeNs covered = INT64_MIN;
  for (const Piece& p : pieces) {
    const TimeNs from = std::max(p.span.start, covered);
    if (p.span.end <= from) continue;
    out.total_ns += p.span.end - from;
    if (p.waited_for != kNobody) out.by_rank[numbers[p.waited_for]] += p.span.end - from;
    covered = p.span.end;
  }
  return out;
}

// The rank that would cost the job's step most once the straggler is on time, and by how much a
// step; none when no rank would cost a step more than the noise.
void findBound(const JobChain& chain, const std::vector<JobStepSpans>& steps, std::size_t straggler, TimeNs noise,
               JobStep& step, const std::vector<int>& numbers) {
  const std::size_t n = chain.ranks.size();
  std::vector<bool> onTime(n, false);
  onTime[straggler] = true;
  TimeNs most = 0;
  for (std::size_t r = 0; r < n; ++r) {
    if (r == straggler) continue;
    onTime[r] = true;
    const auto excess = onTimeExcess(chain, onTime);
    if (std::any_of(excess[r].begin(), excess[r].end(), [](TimeNs x) { return x > 0; })) {
      const TimeNs saving = step.without_straggler_ns - replayJob(chain, steps, onTime).median_step_ns;
      if (saving > most) {
        most = saving;
        step.bound_rank = numbers[r];
      }
    }
    onTime[r] = false;
  }
  if (most <= 0 || most < noise) step.bound_rank.reset();
  step.bound_delay_ns = step.bound_rank ? most : 0;
}

std::string rankListOf(const std::vector<int>& numbers) {
  std::string list;
  for (int r : numbers) list += (list.empty() ? "" : ", ") + std::to_string(r);
  return list;
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

namespace {

JobAnalysis analyzeRanks(const std::vector<RankSummary>& summaries, const std::vector<std::size_t>& runs,
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
    c.groups = s.process_groups;
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
    f.comm_overlapped_ns = s.comm_overlapped_ns;
    f.comm_exposed_ns = s.comm_ns - s.comm_overlapped_ns;
    f.gaps = s.gaps;
    f.step_median_ns = s.step_median_ns;
    job.ranks.push_back(std::move(f));
  }
  if (job.ranksMissing() > 0) job.notes.push_back(present::ranksMissingSentence(n, *job.world_size, rankListOf(numbers)));
  CollectiveMatch match = matchCollectives(collectives, numbers);
  job.notes.insert(job.notes.end(), match.notes.begin(), match.notes.end());
  job.matched_collectives = match.matched.size();
  std::vector<Span> extents;
  for (const RankSummary& s : summaries) extents.push_back(s.extent);
  job.clock = alignClocks(collectives, match, extents);
  if (job.clock.method == ClockMethod::Recorded) {
    job.notes.push_back("No collective matched across the ranks: their recorded clocks are used as they are.");
  } else if (!job.clock.unaligned.empty()) {
    std::vector<int> unaligned;
    for (std::size_t r : job.clock.unaligned) unaligned.push_back(numbers[r]);
    job.notes.push_back(fmt::format("Rank{} {} share{} no matched collective with rank {}'s groups: recorded clocks used",
                                    unaligned.size() == 1 ? "" : "s", present::rankRangesText(unaligned),
                                    unaligned.size() == 1 ? "s" : "", numbers.front()));
    if (!job.clock.outside_window.empty()) {
      std::vector<int> outside;
      for (std::size_t r : job.clock.outside_window) outside.push_back(numbers[r]);
      job.notes.push_back(fmt::format("(of those, {} by collectives that would move {} clock out of the job's time)",
                                      present::rankRangesText(outside), outside.size() == 1 ? "its" : "their"));
    }
  }
  job.arrivals = measureArrivals(collectives, match, job.clock);
  sortByTime(match, job.arrivals);

  // The job's window on the aligned clock.
  job.window = {INT64_MAX, INT64_MIN};
  for (std::size_t r = 0; r < n; ++r) {
    job.window.start = std::min(job.window.start, summaries[r].extent.start + job.clock.shift_ns[r]);
    job.window.end = std::max(job.window.end, summaries[r].extent.end + job.clock.shift_ns[r]);
  }
  if (job.window.start > job.window.end) job.window = {};

  const JobChain chain = buildChain(collectives, match, job.arrivals, job.clock, job.window.start);
  const std::vector<JobStepSpans> steps = pairSteps(summaries, job.clock.shift_ns);
  const LatenessFigures lateness = measureLateness(chain, steps, job.window);
  attributeWaits(lateness, job.arrivals);

  // Per rank: peer wait, the transfer, starvation with the exposed wait and whom it waited for.
  for (const CollectiveArrivals& a : job.arrivals) {
    for (std::size_t i = 0; i < a.members.size(); ++i) job.ranks[a.members[i]].peer_wait_ns += a.peer_wait_ns[i];
    if (a.delay_ns > 0 && a.waited_for == a.last_rank) ++job.ranks[a.last_rank].late_count;
  }
  for (std::size_t r = 0; r < n; ++r) {
    RankFigures& f = job.ranks[r];
    TimeNs collectiveTime = 0;
    for (const Collective& c : summaries[r].collectives) collectiveTime += c.durationNs();
    f.comm_ns = std::max<TimeNs>(collectiveTime - f.peer_wait_ns, 0);
    ExposedWait exposed = exposedWait(summaries[r], match, job.arrivals, r, numbers);
    f.peer_wait_exposed_ns = exposed.total_ns;
    f.waiting_for = std::move(exposed.by_rank);
    f.starvation_ns = summaries[r].starvation_ns + f.peer_wait_exposed_ns;
  }

  job.lateness = {lateness.ranks_late, lateness.median_delay_ns, lateness.rotates};
  for (std::size_t r = 0; r < n; ++r) {
    job.ranks[r].delay_ns = lateness.ranks[r].cost_ns;
    job.ranks[r].late_steps = lateness.ranks[r].late_steps;
    job.largest_delay_ns = std::max(job.largest_delay_ns, lateness.ranks[r].cost_ns);
  }
  job.groups = match.groups;
  job.collectives = match.matched;

  if (lateness.straggler) {
    StragglerInputs in;
    for (const auto& s : summaries) in.ranks.push_back(&s);
    in.match = &match;
    in.arrivals = &job.arrivals;
    in.chain = &chain;
    in.clock = &job.clock;
    in.steps = &steps;
    in.lateness = &lateness;
    in.rank_numbers = numbers;
    in.job_window = job.window;
    job.straggler = describeStraggler(in, *lateness.straggler);
  }

  // The job's step, without the straggler (replayed), and fed.
  if (!steps.empty()) {
    JobStep s;
    s.count = steps.size();
    std::vector<TimeNs> lengths;
    for (const JobStepSpans& step : steps) lengths.push_back(step.span.length());
    s.median_ns = trace::medianNs(lengths);
    s.without_straggler_ns = s.median_ns;
    if (job.straggler) {
      std::vector<bool> onTime(n, false);
      onTime[job.straggler->index] = true;
      s.without_straggler_ns = replayJob(chain, steps, onTime).median_step_ns;
      s.median_straggler_delay_ns = s.median_ns - s.without_straggler_ns;
      const auto noise = static_cast<TimeNs>(static_cast<double>(s.without_straggler_ns) *
                                             analysis::thresholds::kLateStepMinPct / 100.0);
      findBound(chain, steps, job.straggler->index, noise, s, numbers);
    }
    // Every rank fed: each rank's own prediction less the wait for peers it no longer has, the slowest.
    for (std::size_t r = 0; r < n; ++r) {
      const std::size_t count = std::max<std::size_t>(summaries[r].steps.size(), 1);
      const TimeNs waitPerStep = job.ranks[r].peer_wait_exposed_ns / static_cast<TimeNs>(count);
      s.prefetched_ns = std::max(s.prefetched_ns, std::max<TimeNs>(summaries[r].prefetch_step_ns - waitPerStep, 0));
    }
    job.step = s;
  }

  const std::size_t worldKnown = job.world_size ? static_cast<std::size_t>(*job.world_size) : n;
  if (job.straggler) {
    const Straggler& st = *job.straggler;
    present::StragglerFacts facts;
    facts.rank = st.rank;
    facts.late_steps = st.late_steps;
    facts.step_count = st.step_count;
    facts.delay_ns = st.delay_ns;
    facts.cause_key = activityKey(st.cause);
    facts.cause_excess_ns = st.cause_excess_ns;
    facts.host_range = st.host_range;
    facts.host_range_excess_ns = st.host_range_excess_ns;
    for (const auto& p : st.arrived_last) facts.arrived_last.push_back({p.collective, p.count, p.total});
    for (const auto& p : st.waited_through) facts.waited_through.push_back({p.collective, p.count, p.total});
    if (job.step) {
      facts.delay_per_step_ns = job.step->median_straggler_delay_ns;
      facts.job_step_ns = job.step->median_ns;
      facts.without_straggler_ns = job.step->without_straggler_ns;
      facts.bound_rank = job.step->bound_rank;
      facts.bound_delay_ns = job.step->bound_delay_ns;
    }
    facts.ranks_present = n;
    facts.world_size = worldKnown;
    job.headline = present::stragglerSentence(facts);
  } else if (job.lateness.rotates) {
    job.headline = present::rotatingLatenessSentence(job.lateness.ranks_late, job.lateness.median_delay_ns, !steps.empty(),
                                                     n, worldKnown);
  } else {
    job.headline = present::balancedJobSentence(job.matched_collectives, job.largest_delay_ns, n, worldKnown);
  }
  job.findings = jobFindings(job, summaries);
  return job;
}

}  // namespace

// Only ranks whose recorded clocks lie within one window shorter than trace::kMaxTimeNs are one job:
// every time the analysis adds or subtracts then fits an int64 (a summary's times may each be
// anywhere within +-2^62; alignClocks keeps the aligned window as short). A rank beyond is left out,
// said, and counted missing.
JobAnalysis analyzeJob(const std::vector<RankSummary>& summaries, const std::vector<std::size_t>& runs,
                       std::optional<int> worldSize, std::string name) {
  std::vector<Span> extents;
  for (const RankSummary& s : summaries) extents.push_back(s.extent);
  const std::vector<std::size_t> together = ranksOnOneClockWindow(extents);
  if (together.size() == summaries.size()) return analyzeRanks(summaries, runs, worldSize, std::move(name));
  std::vector<RankSummary> kept;
  std::vector<std::size_t> keptRuns;
  std::vector<int> left;
  for (std::size_t r = 0, k = 0; r < summaries.size(); ++r) {
    if (k < together.size() && together[k] == r) {
      kept.push_back(summaries[r]);
      if (r < runs.size()) keptRuns.push_back(runs[r]);
      ++k;
    } else {
      left.push_back(summaries[r].identity.rank);
    }
  }
  JobAnalysis job = analyzeRanks(kept, keptRuns, worldSize, std::move(name));
  job.notes.push_back(fmt::format("Rank{} {} left out: {} recorded times lie more than 2^62 ns (146 years) from rank {}'s",
                                  left.size() == 1 ? "" : "s", present::rankRangesText(left),
                                  left.size() == 1 ? "its" : "their", summaries.front().identity.rank));
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
  JobAnalysis job = analyzeJob(summaries, indexes, group.world_size, std::move(name));
  job.notes.insert(job.notes.end(), group.notes.begin(), group.notes.end());
  return job;
}

}  // namespace feedscope::job
