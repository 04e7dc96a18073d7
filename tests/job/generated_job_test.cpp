// The job analysis on generated jobs: every expected figure follows from the generator's parameters
// (tests/support/job_generator.h), never from the code under test.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "job_fixture.h"
#include "job/rank_activity.h"

namespace feedscope::job {
namespace {

using testing::JobSpec;

JobSpec stragglerSpec(int straggler, std::string cause) {
  JobSpec spec;
  spec.world_size = 8;
  spec.steps = 12;
  spec.straggler = straggler;
  spec.cause = std::move(cause);
  spec.extra_ns = 8'000'000;
  // Clocks up to tens of milliseconds apart, as NTP leaves machines.
  for (int r = 0; r < spec.world_size; ++r) spec.clock_offset_ns.push_back((r * 7'300'123 % 23'000'000) - 11'000'000);
  return spec;
}

void expectStraggler(const JobSpec& spec, const char* causeKey) {
  auto analysed = testing::analyseGeneratedJob(spec);
  ASSERT_EQ(analysed->jobs.size(), 1u);
  const JobAnalysis& job = analysed->jobs[0];
  ASSERT_EQ(job.ranks.size(), static_cast<std::size_t>(spec.world_size));
  EXPECT_EQ(job.matched_collectives, static_cast<std::size_t>(spec.steps));
  EXPECT_TRUE(job.notes.empty()) << job.notes.front();

  // Clocks: what is added to a rank's recorded times to put it on rank 0's.
  EXPECT_EQ(job.clock.method, ClockMethod::Collectives);
  for (int r = 0; r < spec.world_size; ++r) EXPECT_EQ(job.clock.shift_ns[r], spec.offset(0) - spec.offset(r)) << r;
  EXPECT_EQ(job.clock.max_residual_ns, 0);

  ASSERT_TRUE(job.straggler);
  const Straggler& s = *job.straggler;
  EXPECT_EQ(s.rank, spec.straggler);
  EXPECT_EQ(activityKey(s.cause), causeKey);
  const bool once = spec.cause == "before_window";
  const std::int64_t late = once ? 1 : spec.steps;
  EXPECT_EQ(s.late_count, static_cast<std::size_t>(late));
  EXPECT_EQ(s.delay_ns, late * spec.extra_ns);
  EXPECT_EQ(s.cause_excess_ns, spec.extra_ns);

  for (const RankFigures& f : job.ranks) {
    if (f.rank == spec.straggler) {
      EXPECT_EQ(f.peer_wait_ns, 0);
      EXPECT_TRUE(f.waiting_for.empty());
      EXPECT_EQ(f.late_count, static_cast<std::size_t>(late));
    } else {
      EXPECT_EQ(f.peer_wait_ns, late * spec.extra_ns) << f.rank;
      ASSERT_EQ(f.waiting_for.size(), 1u);
      EXPECT_EQ(f.waiting_for.at(spec.straggler), late * spec.extra_ns);
      EXPECT_EQ(f.late_count, 0u);
    }
    const std::int64_t compute =
        spec.steps * spec.compute_ns + (f.rank == spec.straggler && spec.cause == "compute" ? late * spec.extra_ns : 0);
    EXPECT_EQ(f.compute_ns, compute) << f.rank;
    EXPECT_EQ(f.collectives, static_cast<std::size_t>(spec.steps));
    // The transfer is what is left of the all-reduce kernels once the wait is taken out.
    EXPECT_EQ(f.comm_ns, spec.steps * spec.transfer_ns) << f.rank;
  }

  ASSERT_TRUE(job.step);
  EXPECT_EQ(job.step->count, static_cast<std::size_t>(spec.steps));
  if (once) {
    EXPECT_EQ(job.step->median_ns, spec.baseStepNs());  // only the first step was longer
    EXPECT_EQ(job.step->without_straggler_ns, spec.baseStepNs());
  } else {
    EXPECT_EQ(job.step->median_ns, spec.baseStepNs() + spec.extra_ns);
    EXPECT_EQ(job.step->without_straggler_ns, spec.baseStepNs());
    EXPECT_EQ(job.step->median_straggler_delay_ns, spec.extra_ns);
  }
  // Every rank fed (no loading, copies hidden, no wait for peers): the host's own work, the kernels and
  // the transfer of the slowest rank, whose host work or kernels are longer when that is its cause.
  const bool slowerWork = spec.cause == "host" || spec.cause == "compute";
  EXPECT_EQ(job.step->prefetched_ns, spec.host_ns + spec.compute_ns + spec.transfer_ns + (slowerWork ? spec.extra_ns : 0));
}

TEST(GeneratedJob, DataLoadingStraggler) { expectStraggler(stragglerSpec(3, "data_loading"), "data_loading"); }
TEST(GeneratedJob, InputCopyStraggler) { expectStraggler(stragglerSpec(6, "input_copy"), "input_copy"); }
TEST(GeneratedJob, HostStraggler) { expectStraggler(stragglerSpec(1, "host"), "host"); }
TEST(GeneratedJob, ComputeStraggler) { expectStraggler(stragglerSpec(0, "compute"), "compute"); }
TEST(GeneratedJob, LateBeforeTheWindow) { expectStraggler(stragglerSpec(5, "before_window"), "before_window"); }

TEST(GeneratedJob, OtherWorldSizesStepsAndShifts) {
  JobSpec spec = stragglerSpec(2, "data_loading");
  spec.world_size = 3;
  spec.steps = 5;
  spec.extra_ns = 3'500'000;
  spec.clock_offset_ns = {4'000'000, -25'000'000, 17'250'000};
  expectStraggler(spec, "data_loading");
}

// The same exact figures over other jobs: each cause at 2, 5 and 16 ranks, a small and a large delay,
// the straggler anywhere, clocks up to 15 ms apart. (A late start below the straggler threshold, 2 %
// of the window, names no straggler by the rule: before_window is swept from 8 ms.)
TEST(GeneratedJob, EveryCauseAtOtherSizesDelaysAndShifts) {
  const std::vector<std::string> causes = {"data_loading", "input_copy", "host", "compute", "before_window"};
  for (int worldSize : {2, 5, 16}) {
    for (std::size_t c = 0; c < causes.size(); ++c) {
      for (std::int64_t extra : {causes[c] == "before_window" ? std::int64_t{8'000'000} : std::int64_t{1'500'000},
                                 std::int64_t{30'000'000}}) {
        JobSpec spec = stragglerSpec(static_cast<int>((static_cast<std::size_t>(worldSize) * 7 + c) %
                                                      static_cast<std::size_t>(worldSize)),
                                     causes[c]);
        spec.world_size = worldSize;
        spec.extra_ns = extra;
        spec.clock_offset_ns.clear();
        for (int r = 0; r < worldSize; ++r)
          spec.clock_offset_ns.push_back((r * 5'100'317LL + extra) % 31'000'000 - 15'000'000);
        SCOPED_TRACE(::testing::Message() << worldSize << " ranks, " << causes[c] << ", " << extra << " ns, straggler "
                                          << spec.straggler);
        expectStraggler(spec, causes[c].c_str());
      }
    }
  }
}

// The issue-26 naming: a host straggler's cause names the range that took longer.
TEST(GeneratedJob, HostCauseNamesTheRange) {
  JobSpec spec = stragglerSpec(4, "host");
  spec.extra_ns = 5'200'000;
  auto analysed = testing::analyseGeneratedJob(spec);
  const JobAnalysis& job = analysed->jobs.at(0);
  ASSERT_TRUE(job.straggler);
  EXPECT_EQ(job.straggler->host_range, "## forward ##");
  EXPECT_EQ(job.straggler->host_range_excess_ns, spec.extra_ns);
  EXPECT_NE(job.headline.find("rank 4 was late in 12 of 12 steps: `## forward ##` took 5.20 ms longer per step than "
                              "on the other ranks. It arrived last at 12 of 12 AllReduce; that cost every rank 5.20 ms "
                              "per step"),
            std::string::npos)
      << job.headline;
  ASSERT_FALSE(job.findings.empty());
  EXPECT_EQ(job.findings[0].id, "straggler_host");
}

TEST(GeneratedJob, FindingsNameTheCauseAndTheLonePageableRank) {
  auto analysed = testing::analyseGeneratedJob(stragglerSpec(6, "input_copy"));
  const JobAnalysis& job = analysed->jobs.at(0);
  ASSERT_GE(job.findings.size(), 2u);
  EXPECT_EQ(job.findings[0].id, "straggler_input");
  EXPECT_EQ(job.findings[1].id, "rank_pageable_copies");
  EXPECT_NE(job.findings[1].sentence.find("rank 6 alone"), std::string::npos);
}

TEST(GeneratedJob, ABalancedJobNamesNoStraggler) {
  JobSpec spec;
  spec.world_size = 8;
  spec.jitter_ns = 2'000;  // ranks differ by launch jitter only
  auto analysed = testing::analyseGeneratedJob(spec);
  const JobAnalysis& job = analysed->jobs.at(0);
  EXPECT_FALSE(job.straggler);
  EXPECT_EQ(job.headline.rfind("No straggler", 0), 0u) << job.headline;
  for (const auto& f : job.findings) EXPECT_NE(f.id.rfind("straggler", 0), 0u);
}

// A rank's starvation in the job is its own plus its wait for peers: the wait is no longer compute.
TEST(GeneratedJob, PeerWaitMovesFromComputeToStarvation) {
  JobSpec spec = stragglerSpec(3, "data_loading");
  auto analysed = testing::analyseGeneratedJob(spec);
  const JobAnalysis& job = analysed->jobs.at(0);
  for (const RankFigures& f : job.ranks) {
    const auto& own = analysed->analyses[f.run].primary()->whole;
    EXPECT_EQ(f.starvation_ns, own.starvation_ns + f.peer_wait_ns);
    EXPECT_EQ(own.compute_busy_ns, f.compute_ns + f.comm_ns + f.peer_wait_ns);  // today's figure, split
  }
}

// A rank whose profiler started one step later holds one all-reduce fewer: by order, its k-th would be
// the others' (k+1)-th. By PyTorch's sequence number each is matched to its own, wherever the trace
// keeps the number (on the kernel or on the launching record_param_comms).
TEST(GeneratedJob, ACaptureThatBeganLaterIsMatchedBySequenceNumber) {
  for (auto where : {JobSpec::CollectiveArguments::OnKernel, JobSpec::CollectiveArguments::OnLaunchingRange}) {
    JobSpec spec = stragglerSpec(2, "data_loading");
    spec.world_size = 4;
    spec.collective_arguments = where;
    spec.first_step = {0, 1};  // rank 1 misses the first step
    auto analysed = testing::analyseGeneratedJob(spec);
    ASSERT_EQ(analysed->jobs.size(), 1u);
    const JobAnalysis& job = analysed->jobs[0];
    EXPECT_EQ(job.matched_collectives, static_cast<std::size_t>(spec.steps - 1));
    ASSERT_EQ(job.notes.size(), 1u);
    EXPECT_EQ(job.notes[0], "AllReduce in process group 0: 1 sequence numbers not on every member; 11 matched");
    for (int r = 0; r < spec.world_size; ++r) EXPECT_EQ(job.clock.shift_ns[r], spec.offset(0) - spec.offset(r)) << r;
    EXPECT_EQ(job.clock.max_residual_ns, 0);
    ASSERT_TRUE(job.straggler);
    EXPECT_EQ(job.straggler->rank, 2);
    EXPECT_EQ(job.straggler->late_count, static_cast<std::size_t>(spec.steps - 1));
    EXPECT_EQ(job.straggler->delay_ns, (spec.steps - 1) * spec.extra_ns);
  }
}

// The same job without sequence numbers is matched by order, and the count that differs is said.
TEST(GeneratedJob, WithoutSequenceNumbersTheOrderIsTheMatchAndTheDifferenceIsSaid) {
  JobSpec spec = stragglerSpec(2, "data_loading");
  spec.world_size = 4;
  spec.first_step = {0, 1};
  auto analysed = testing::analyseGeneratedJob(spec);
  const JobAnalysis& job = analysed->jobs.at(0);
  EXPECT_EQ(job.matched_collectives, static_cast<std::size_t>(spec.steps - 1));
  ASSERT_EQ(job.notes.size(), 1u);
  EXPECT_EQ(job.notes[0], "AllReduce: rank 0 has 12, rank 1 has 11, rank 2 has 12, rank 3 has 12; 11 matched");
}

TEST(GeneratedJob, MissingRanksAreSaid) {
  JobSpec spec = stragglerSpec(1, "compute");
  spec.world_size = 16;
  std::vector<std::string> traces = {testing::jobRankTrace(spec, 0), testing::jobRankTrace(spec, 1)};
  auto analysed = testing::analyseJobTraces(traces, {"a", "b"});
  const JobAnalysis& job = analysed->jobs.at(0);
  EXPECT_EQ(job.ranksMissing(), 14u);
  ASSERT_FALSE(job.notes.empty());
  EXPECT_EQ(job.notes[0], "2 of 16 ranks present: the job's figures are those of ranks 0, 1.");
  ASSERT_TRUE(job.straggler);  // among those present, rank 1 is late
  EXPECT_EQ(job.straggler->rank, 1);
}

}  // namespace
}  // namespace feedscope::job
