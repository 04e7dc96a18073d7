// The job analysis on simulated jobs shaped as people run them (tests/support/job_simulation.h): DDP
// gradient buckets all-reduced beside backward kernels, tensor-parallel and HSDP process groups,
// rotating lateness, clocks tens of milliseconds apart. Every expected figure comes from the
// simulation's own records and from simulating the job again with a rank on time
// (tests/support/job_truth.h), never from the code under test.
#include <gtest/gtest.h>

#include <fmt/format.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <string>
#include <vector>

#include "importers/trace_folder.h"
#include "job/rank_activity.h"
#include "job_fixture.h"
#include "present/job_phrases.h"
#include "report/job_table.h"
#include "report/report.h"
#include "support/temp_dir.h"
#include "support/job_truth.h"
#include "trace/units.h"

namespace feedscope::job {
namespace {

namespace sim = testing::sim;

std::unique_ptr<testing::AnalysedJob> analyse(const sim::Spec& spec, const sim::Job& job) {
  std::vector<std::string> traces, names;
  for (int r = 0; r < spec.world_size; ++r) {
    traces.push_back(sim::kinetoTrace(job, r));
    names.push_back("train_rank" + std::to_string(r));
  }
  return testing::analyseJobTraces(traces, names);
}

std::vector<sim::Ns> shifts(int worldSize, sim::Ns seed) {
  std::vector<sim::Ns> out;
  for (int r = 0; r < worldSize; ++r) out.push_back((r * 7'300'123 + seed) % 47'000'000 - 23'000'000);
  return out;
}

// One late rank with one cause: every figure of the job against the simulation's.
struct Expected {
  int straggler = -1;
  std::string cause;
  sim::Ns excess = 0;  // the cause's excess per step
};

void expectExactJob(const JobAnalysis& a, const sim::Spec& spec, const sim::Job& job, const Expected& want) {
  EXPECT_EQ(a.ranks.size(), static_cast<std::size_t>(spec.world_size));
  EXPECT_TRUE(a.notes.empty()) << a.notes.front();
  const auto collectives = sim::instances(job);
  EXPECT_EQ(a.matched_collectives, collectives.size());

  // Clocks: what is added to a rank's recorded times to put it on rank 0's, exactly.
  EXPECT_EQ(a.clock.method, ClockMethod::Collectives);
  EXPECT_TRUE(a.clock.unaligned.empty());
  for (int r = 0; r < spec.world_size; ++r) EXPECT_EQ(a.clock.shift_ns[r], spec.offset(0) - spec.offset(r)) << r;
  EXPECT_EQ(a.clock.max_residual_ns, 0);

  // Per rank: compute beside communication, the split of communication, peer waits, starvation.
  for (int r = 0; r < spec.world_size; ++r) {
    SCOPED_TRACE(::testing::Message() << "rank " << r);
    const sim::RankTruth t = sim::rankTruth(job, r);
    const RankFigures& f = a.ranks[static_cast<std::size_t>(r)];
    EXPECT_EQ(f.rank, r);
    EXPECT_EQ(f.collectives, t.collectives);
    EXPECT_EQ(f.window_ns, t.window);
    EXPECT_EQ(f.compute_ns, t.compute);
    EXPECT_EQ(f.comm_overlapped_ns, t.comm_overlapped);
    EXPECT_EQ(f.comm_exposed_ns, t.comm - t.comm_overlapped);
    EXPECT_EQ(f.comm_ns, t.transfer);
    EXPECT_EQ(f.peer_wait_ns, t.peer_wait);
    EXPECT_EQ(f.peer_wait_exposed_ns, t.peer_wait_exposed);
    EXPECT_EQ(f.starvation_ns, t.own_starvation + t.peer_wait_exposed);
    // The rank's GPU window is its idle time, its compute and its communication with nothing beside.
    EXPECT_EQ(f.window_ns, t.own_starvation + f.compute_ns + f.comm_exposed_ns);
    if (want.straggler >= 0 && r != want.straggler && t.peer_wait_exposed > 0) {
      // Every exposed wait is for the straggler, through whichever group it came.
      EXPECT_EQ(f.waiting_for, (std::map<int, TimeNs>{{want.straggler, t.peer_wait_exposed}}));
    }
  }

  // The job's step, and the step without the straggler as the job simulated with it on time steps.
  const std::vector<sim::Ns> steps = sim::jobSteps(job);
  EXPECT_TRUE(a.step);
  if (!a.step) return;
  EXPECT_EQ(a.step->count, steps.size());
  EXPECT_EQ(a.step->median_ns, sim::median(steps));
  if (want.straggler < 0) return;
  EXPECT_TRUE(a.straggler);
  if (!a.straggler) return;
  const Straggler& s = *a.straggler;
  EXPECT_EQ(s.rank, want.straggler);
  EXPECT_EQ(activityKey(s.cause), want.cause);
  EXPECT_EQ(s.cause_excess_ns, want.excess);
  const sim::Ns without = sim::median(sim::jobSteps(sim::simulate(spec.without(want.straggler))));
  EXPECT_EQ(a.step->without_straggler_ns, without);
  EXPECT_EQ(a.step->median_straggler_delay_ns, sim::median(steps) - without);
  const sim::RankCostTruth cost = sim::costOf(spec, want.straggler);
  EXPECT_EQ(s.delay_ns, cost.cost);
  std::size_t lateSteps = 0;
  for (sim::Ns saving : cost.step_saving) lateSteps += saving > 0 && 50 * saving >= sim::median(steps);
  EXPECT_EQ(s.late_steps, lateSteps);
  for (const RankFigures& f : a.ranks) {
    if (f.rank != want.straggler) {
      EXPECT_EQ(f.delay_ns, 0) << f.rank;  // on time: removing nothing saves nothing
    }
  }
}

const JobAnalysis& expectExact(const testing::AnalysedJob& analysed, const sim::Spec& spec, const sim::Job& job,
                               const Expected& want) {
  EXPECT_EQ(analysed.jobs.size(), 1u);
  expectExactJob(analysed.jobs.at(0), spec, job, want);
  return analysed.jobs.at(0);
}

sim::Spec dataParallel() {
  sim::Spec spec;
  spec.world_size = 8;
  spec.steps = 10;
  spec.buckets = 4;
  spec.clock_offset_ns = shifts(spec.world_size, 0);
  return spec;
}

// DDP: four buckets a step, each all-reduced beside the backward kernels that follow it. Rank 3 loads
// 6 ms longer every step: the job steps 6 ms slower, not 6 ms per bucket, and its compute is every
// compute kernel whatever ran beside it.
TEST(SimulatedJob, DataParallelBucketsBesideBackward) {
  sim::Spec spec = dataParallel();
  spec.lateness = {{3, -1, "load", 6'000'000}};
  const sim::Job job = sim::simulate(spec);
  auto analysed = analyse(spec, job);
  const JobAnalysis& a = expectExact(*analysed, spec, job, {3, "data_loading", 6'000'000});
  ASSERT_TRUE(a.straggler && a.step);
  EXPECT_EQ(a.straggler->late_count, static_cast<std::size_t>(spec.steps * spec.buckets));
  EXPECT_EQ(a.straggler->late_steps, static_cast<std::size_t>(spec.steps));
  EXPECT_FALSE(a.step->bound_rank);
  // The saving is the 6 ms a step the loader lost, once, however many buckets waited.
  EXPECT_EQ(a.step->median_straggler_delay_ns, 6'000'000);
  const std::string expected = fmt::format(
      "rank 3 was late in 10 of 10 steps: its data loading took 6.00 ms longer per step than the other ranks' "
      "median. It arrived last at 40 of 40 AllReduce in process group 0 (ranks 0-7); that cost every rank 6.00 ms "
      "per step ({} of the step): the job would step in {} instead of {}, then paced by every rank's own work.",
      trace::formatPct(100.0 * 6e6 / static_cast<double>(a.step->median_ns)),
      trace::formatDuration(a.step->without_straggler_ns), trace::formatDuration(a.step->median_ns));
  EXPECT_EQ(a.headline, expected);
  ASSERT_FALSE(a.findings.empty());
  EXPECT_EQ(a.findings[0].id, "straggler_input");
  // The ranks table: compute, the transfer with its exposed part, peer wait with its exposed part.
  const report::JobTable table = report::jobTable(a);
  for (int r = 0; r < spec.world_size; ++r) {
    const sim::RankTruth t = sim::rankTruth(job, r);
    const auto& row = table.rows[static_cast<std::size_t>(r)];
    EXPECT_EQ(row[3], trace::formatDuration(t.compute)) << r;
    EXPECT_EQ(row[4], present::exposedOfText(t.transfer, t.comm - t.comm_overlapped - t.peer_wait_exposed)) << r;
    EXPECT_EQ(row[5], present::exposedOfText(t.peer_wait, t.peer_wait_exposed)) << r;
    EXPECT_EQ(row[6], r == 3 ? "10 of 10 steps" : "0 of 10 steps") << r;
  }
}

// Tensor parallelism beside data parallelism: all-gathers in two groups (ranks 0-3, 4-7), the
// gradient all-reduce over all eight. Rank 5 loads slowly: its TP group waits for it, and the
// all-reduce waits for that group. One story, one straggler, the wait of every rank for rank 5.
TEST(SimulatedJob, TensorParallelChainIsOneStory) {
  sim::Spec spec = dataParallel();
  spec.layout = sim::Layout::TensorData;
  spec.lateness = {{5, -1, "load", 5'000'000}};
  const sim::Job job = sim::simulate(spec);
  auto analysed = analyse(spec, job);
  const JobAnalysis& a = expectExact(*analysed, spec, job, {5, "data_loading", 5'000'000});
  ASSERT_EQ(a.groups.size(), 3u);
  EXPECT_EQ(a.groups[0].name, "0");
  EXPECT_EQ(a.groups[1].name, "1");
  EXPECT_EQ(a.groups[1].ranks, (std::vector<int>{0, 1, 2, 3}));
  EXPECT_EQ(a.groups[2].ranks, (std::vector<int>{4, 5, 6, 7}));
  EXPECT_TRUE(a.groups[2].ranks_known);
  EXPECT_EQ(a.groups[0].matched, static_cast<std::size_t>(spec.steps * spec.buckets));
  EXPECT_EQ(a.groups[2].matched, static_cast<std::size_t>(spec.steps * spec.layers));
  ASSERT_TRUE(a.straggler);
  const Straggler& s = *a.straggler;
  ASSERT_EQ(s.arrived_last.size(), 1u);
  EXPECT_EQ(s.arrived_last[0], (StragglerPart{"AllGather in process group 2 (ranks 4-7)", static_cast<std::size_t>(spec.steps),
                                              static_cast<std::size_t>(spec.steps * spec.layers)}));
  ASSERT_EQ(s.waited_through.size(), 1u);
  EXPECT_EQ(s.waited_through[0], (StragglerPart{"AllReduce in process group 0 (ranks 0-7)",
                                                static_cast<std::size_t>(spec.steps * spec.buckets),
                                                static_cast<std::size_t>(spec.steps * spec.buckets)}));
  EXPECT_NE(a.headline.find("It arrived last at 10 of 30 AllGather in process group 2 (ranks 4-7), and 40 of 40 "
                            "AllReduce in process group 0 (ranks 0-7) waited for it through them; that cost every "
                            "rank 5.00 ms per step"),
            std::string::npos)
      << a.headline;
  // Ranks 0-3 never share a collective with rank 5, and waited for it all the same.
  for (int r : {0, 1, 2, 3}) EXPECT_GT(a.ranks[static_cast<std::size_t>(r)].waiting_for.at(5), 0) << r;
}

// The same job as older traces tell it: the collective's identity only on the record_param_comms
// that launched it; and with group names alone (no pg_config, no ranks), the groups' ranks are the
// ranks that carry their collectives.
TEST(SimulatedJob, GroupsFromTheLaunchingRangeOrFromWhoCarriesThem) {
  for (auto where : {sim::Spec::Arguments::OnRangeOnly, sim::Spec::Arguments::NamesOnly}) {
    SCOPED_TRACE(static_cast<int>(where));
    sim::Spec spec = dataParallel();
    spec.layout = sim::Layout::TensorDataStrided;
    spec.arguments = where;
    spec.lateness = {{2, -1, "compute", 3'000'000}};
    const sim::Job job = sim::simulate(spec);
    auto analysed = analyse(spec, job);
    const JobAnalysis& a = expectExact(*analysed, spec, job, {2, "compute", 3'000'000});
    ASSERT_EQ(a.groups.size(), 6u);  // two TP groups, four data-parallel groups of the ranks at one TP index
    for (const auto& g : a.groups) EXPECT_EQ(g.ranks_known, where != sim::Spec::Arguments::NamesOnly) << g.name;
    EXPECT_EQ(a.groups[0].name, "1");
    EXPECT_EQ(a.groups[0].ranks, (std::vector<int>{0, 1, 2, 3}));
    EXPECT_EQ(a.groups[2].name, "3");
    EXPECT_EQ(a.groups[2].ranks, (std::vector<int>{0, 4}));
  }
}

// HSDP: all-gathers and a reduce-scatter per bucket in shard groups (ranks 0-3, 4-7), the all-reduce
// of the reduce-scatter's output in replicate groups ({0, 4}, {1, 5}, ...). Rank 6's kernels are slow.
TEST(SimulatedJob, HsdpShardAndReplicateGroups) {
  sim::Spec spec = dataParallel();
  spec.layout = sim::Layout::Hsdp;
  spec.lateness = {{6, -1, "compute", 4'000'000}};
  const sim::Job job = sim::simulate(spec);
  auto analysed = analyse(spec, job);
  const JobAnalysis& a = expectExact(*analysed, spec, job, {6, "compute", 4'000'000});
  ASSERT_TRUE(a.straggler);
  // Late at its shard group's first all-gather; its own replicate group's all-reduces wait for it
  // directly, the other replicate groups' through the shard group that waited.
  const auto steps = static_cast<std::size_t>(spec.steps);
  const auto buckets = static_cast<std::size_t>(spec.buckets);
  ASSERT_EQ(a.straggler->arrived_last.size(), 2u);
  EXPECT_EQ(a.straggler->arrived_last[0],
            (StragglerPart{"AllGather in process group 2 (ranks 4-7)", steps, steps * spec.layers}));
  EXPECT_EQ(a.straggler->arrived_last[1], (StragglerPart{"AllReduce in process group 5 (ranks 2, 6)", steps * buckets, steps * buckets}));
  ASSERT_EQ(a.straggler->waited_through.size(), 1u);
  EXPECT_EQ(a.straggler->waited_through[0],
            (StragglerPart{"AllReduce in process groups 3, 4 and 6", 3 * steps * buckets, 3 * steps * buckets}));
  ASSERT_FALSE(a.findings.empty());
  EXPECT_EQ(a.findings[0].id, "straggler_compute");
}

// Each step a different rank is 5 ms late, every rank twice: no rank is the straggler, with one group
// of all ranks as with tensor-parallel halves (where a late rank's half waits first).
TEST(SimulatedJob, RotatingLatenessNamesNoStraggler) {
  for (auto layout : {sim::Layout::DataParallel, sim::Layout::TensorData}) {
    SCOPED_TRACE(static_cast<int>(layout));
    sim::Spec spec = dataParallel();
    spec.layout = layout;
    spec.steps = 16;
    for (int s = 0; s < spec.steps; ++s) {
      spec.lateness.push_back({(s * 3) % spec.world_size, s, s % 2 ? "load" : "compute", 5'000'000});
    }
    const sim::Job job = sim::simulate(spec);
    auto analysed = analyse(spec, job);
    const JobAnalysis& a = expectExact(*analysed, spec, job, {});
    EXPECT_FALSE(a.straggler);
    EXPECT_TRUE(a.lateness.rotates);
    std::vector<sim::Ns> incidents;
    std::size_t late = 0;
    for (int r = 0; r < spec.world_size; ++r) {
      const sim::RankCostTruth cost = sim::costOf(spec, r);
      std::size_t steps = 0;
      for (sim::Ns saving : cost.step_saving) {
        if (saving > 0 && 50 * saving >= a.step->median_ns) {
          ++steps;
          incidents.push_back(saving);
        }
      }
      late += steps > 0;
      EXPECT_EQ(a.ranks[static_cast<std::size_t>(r)].late_steps, 2u) << r;
      EXPECT_EQ(a.ranks[static_cast<std::size_t>(r)].delay_ns, cost.cost) << r;
    }
    EXPECT_EQ(a.lateness.ranks_late, late);
    EXPECT_EQ(a.lateness.median_delay_ns, sim::median(incidents));
    EXPECT_EQ(a.headline, fmt::format("No single straggler: lateness moves between ranks (8 ranks late at least once; "
                                      "median delay {} a late step). Look for what the ranks share: the storage they "
                                      "read from, other load on their hosts, batches of uneven size.",
                                      trace::formatDuration(sim::median(incidents))));
    ASSERT_FALSE(a.findings.empty());
    EXPECT_EQ(a.findings[0].id, "lateness_moves");
    for (const auto& f : a.findings) EXPECT_NE(f.id.rfind("straggler", 0), 0u);
  }
}

// Two ranks late every step, rank 2 by 6 ms and rank 6 by 2 ms: rank 2 is the straggler, its saving is
// 4 ms a step (rank 6 is then the last), and what bounds the step without it is rank 6.
TEST(SimulatedJob, TheStepWithoutTheStragglerSaysWhatBoundsIt) {
  sim::Spec spec = dataParallel();
  spec.lateness = {{2, -1, "load", 6'000'000}, {6, -1, "host", 2'000'000}};
  const sim::Job job = sim::simulate(spec);
  auto analysed = analyse(spec, job);
  const JobAnalysis& a = analysed->jobs.at(0);
  ASSERT_TRUE(a.straggler && a.step);
  EXPECT_EQ(a.straggler->rank, 2);
  const sim::Ns median = sim::median(sim::jobSteps(job));
  sim::Spec only6 = spec.without(2);
  const sim::Ns without2 = sim::median(sim::jobSteps(sim::simulate(only6)));
  const sim::Ns withoutBoth = sim::median(sim::jobSteps(sim::simulate(only6.without(6))));
  EXPECT_EQ(a.step->median_ns, median);
  EXPECT_EQ(a.step->without_straggler_ns, without2);
  EXPECT_EQ(without2, median - 4'000'000);
  ASSERT_TRUE(a.step->bound_rank);
  EXPECT_EQ(*a.step->bound_rank, 6);
  EXPECT_EQ(a.step->bound_delay_ns, without2 - withoutBoth);
  EXPECT_NE(a.headline.find(fmt::format("then paced by rank 6 (late by {} a step).",
                                        trace::formatDuration(without2 - withoutBoth))),
            std::string::npos)
      << a.headline;
}

// A balanced job with DDP's overlap: compute is every compute kernel, also beside an all-reduce.
TEST(SimulatedJob, ComputeBesideCommunicationIsCompute) {
  sim::Spec spec = dataParallel();
  spec.jitter_ns = 2'000;
  const sim::Job job = sim::simulate(spec);
  auto analysed = analyse(spec, job);
  const JobAnalysis& a = expectExact(*analysed, spec, job, {});
  EXPECT_FALSE(a.straggler);
  EXPECT_FALSE(a.lateness.rotates);
  EXPECT_EQ(a.headline.rfind("No straggler: ", 0), 0u) << a.headline;
  for (int r = 0; r < spec.world_size; ++r) {
    sim::Ns kernels = 0;
    for (const auto& op : job.ranks[static_cast<std::size_t>(r)].gpu) {
      if (op.kind == sim::GpuOp::Kind::Compute) kernels += op.duration();
    }
    EXPECT_EQ(a.ranks[static_cast<std::size_t>(r)].compute_ns, kernels) << r;  // one stream: no two at once
    EXPECT_GT(a.ranks[static_cast<std::size_t>(r)].comm_overlapped_ns, 0) << r;
  }
}

// Other jobs of these shapes: sizes, group sizes, layouts, stragglers, causes, delays and clocks.
TEST(SimulatedJob, OtherShapesSizesDelaysAndShifts) {
  struct Case {
    sim::Layout layout;
    int world, group, straggler;
    const char* where;
    const char* cause;
    sim::Ns extra;
  };
  const std::vector<Case> cases = {
      {sim::Layout::DataParallel, 4, 4, 1, "copy", "input_copy", 2'500'000},
      {sim::Layout::DataParallel, 16, 4, 11, "host", "host", 9'000'000},
      {sim::Layout::TensorData, 8, 2, 6, "compute", "compute", 1'500'000},
      {sim::Layout::TensorData, 16, 4, 9, "load", "data_loading", 7'000'000},
      {sim::Layout::TensorDataStrided, 16, 8, 13, "load", "data_loading", 3'000'000},
      {sim::Layout::Hsdp, 4, 2, 3, "host", "host", 4'000'000},
      {sim::Layout::Hsdp, 16, 8, 0, "copy", "input_copy", 2'000'000},
      {sim::Layout::TensorData, 8, 4, 2, "before_window", "before_window", 12'000'000},
  };
  for (std::size_t i = 0; i < cases.size(); ++i) {
    const Case& c = cases[i];
    SCOPED_TRACE(::testing::Message() << "case " << i);
    sim::Spec spec;
    spec.layout = c.layout;
    spec.world_size = c.world;
    spec.group_size = c.group;
    spec.steps = 6 + static_cast<int>(i);
    spec.buckets = 2 + static_cast<int>(i % 3);
    spec.layers = 2 + static_cast<int>(i % 2);
    spec.clock_offset_ns = shifts(c.world, static_cast<sim::Ns>(i) * 3'100'007);
    spec.lateness = {{c.straggler, std::string(c.where) == "before_window" ? 0 : -1, c.where, c.extra}};
    const sim::Job job = sim::simulate(spec);
    auto analysed = analyse(spec, job);
    expectExact(*analysed, spec, job, {c.straggler, c.cause, c.extra});
  }
}

// How ranks wait for their collectives, as PyTorch and NCCL make them (tests/support/job_simulation.h),
// each with one late rank and clocks tens of milliseconds apart: every figure of the job, and the
// straggler, its cause and the step without it from the job simulated again with it on time.
//   - work.wait() is cudaStreamWaitEvent and the host goes on, launching what reads the output after
//     60 µs of Python, the GPU seeing the event 15 µs after the end (ROCm-like); all-gathers prefetched
//     a layer ahead, beside the previous layer's kernel;
//   - the host synchronises after work.wait() (a .item(), a .tolist()), wakes 8 µs after the stream's
//     work is done and launches what follows 30 µs later;
//   - torchrec's DLRM: the all-to-all of the pooled embeddings beside the dense bottom MLP, read by a
//     device copy (the permute) and the interaction; the all-to-all of their gradients read by the TBE
//     backward beside the last all-reduce: compute beside every collective;
//   - the same with the host synchronising;
//   - a trace that kept only the launches (a trace filter's): no synchronisation, no stream wait in
//     it, nothing showing the ranks waiting for any collective (the fallback of docs/metrics.md).
TEST(SimulatedJob, EveryWayARankWaitsForItsCollectives) {
  struct Case {
    const char* name;
    sim::Layout layout;
    bool prefetch;
    sim::Wait wait;
    sim::Ns event_latency, sync_return, gap;
    bool launches_only;
    int straggler;
    const char* where;
    const char* cause;
    sim::Ns extra;
  };
  const std::vector<Case> cases = {
      {"event wait, launched late", sim::Layout::TensorData, true, sim::Wait::Event, 15'000, 0, 60'000, false, 5, "load",
       "data_loading", 5'000'000},
      {"host synchronises, then launches", sim::Layout::TensorData, false, sim::Wait::HostSync, 4'000, 8'000, 30'000, false,
       2, "compute", "compute", 3'000'000},
      {"all-to-all read by the next ops", sim::Layout::TorchRec, false, sim::Wait::Event, 4'000, 0, 0, false, 6, "host",
       "host", 4'000'000},
      {"all-to-all, the host synchronising", sim::Layout::TorchRec, false, sim::Wait::HostSync, 4'000, 8'000, 20'000,
       false, 1, "load", "data_loading", 6'000'000},
      {"launches only in the trace", sim::Layout::TensorData, false, sim::Wait::HostSync, 0, 8'000, 30'000, true, 5, "load",
       "data_loading", 5'000'000},
  };
  for (std::size_t i = 0; i < cases.size(); ++i) {
    const Case& c = cases[i];
    SCOPED_TRACE(c.name);
    sim::Spec spec = dataParallel();
    spec.layout = c.layout;
    spec.prefetch = c.prefetch;
    spec.wait = c.wait;
    spec.event_latency_ns = c.event_latency;
    spec.sync_return_ns = c.sync_return;
    spec.wait_gap_ns = c.gap;
    spec.launches_only = c.launches_only;
    spec.buckets = 3;
    spec.clock_offset_ns = shifts(spec.world_size, static_cast<sim::Ns>(i) * 5'300'011);
    spec.lateness = {{c.straggler, -1, c.where, c.extra}};
    const sim::Job job = sim::simulate(spec);
    if (c.layout == sim::Layout::TorchRec) {
      // Compute beside every collective: with every rank on time, a kernel of the rank's own begins
      // while each runs.
      for (const auto& rank : sim::simulate(spec.without(-1)).ranks) {
        for (const auto& op : rank.gpu) {
          if (op.kind != sim::GpuOp::Kind::Collective) continue;
          EXPECT_TRUE(std::any_of(rank.gpu.begin(), rank.gpu.end(), [&](const sim::GpuOp& k) {
            return k.kind == sim::GpuOp::Kind::Compute && k.start > op.start && k.start < op.end;
          })) << op.operation << " " << op.seq;
        }
      }
    }
    auto analysed = analyse(spec, job);
    const JobAnalysis& a = expectExact(*analysed, spec, job, {c.straggler, c.cause, c.extra});
    ASSERT_TRUE(a.straggler && a.step);
    EXPECT_EQ(a.straggler->late_steps, static_cast<std::size_t>(spec.steps));
    EXPECT_EQ(a.step->median_straggler_delay_ns, c.extra);  // every rank steps as much slower, once a step
  }
}

// Two captures of the same eight ranks in one folder, as people keep them (rank0_mon.json,
// rank0_tue.json, ...): Monday's (steps 10-17) and Tuesday's (steps 500-507, a day later, other clock
// offsets) are two jobs, each with its own straggler and exact figures, named after the folder and
// what sets the capture apart.
TEST(SimulatedJob, TwoCapturesInOneFolderAreTwoJobs) {
  testing::TempDir dir;
  const std::filesystem::path folder = dir.path / "week";
  std::filesystem::create_directories(folder);
  sim::Spec mon = dataParallel();
  mon.steps = 8;
  mon.first_step_number = 10;
  mon.lateness = {{1, -1, "load", 4'000'000}};
  sim::Spec tue = mon;
  tue.layout = sim::Layout::TensorData;
  tue.start_ns += 86'400'000'000'000;
  tue.first_step_number = 500;
  tue.clock_offset_ns = shifts(tue.world_size, 11'000'003);
  tue.lateness = {{6, -1, "compute", 3'000'000}};
  const sim::Job monJob = sim::simulate(mon), tueJob = sim::simulate(tue);
  for (int r = 0; r < mon.world_size; ++r) {
    std::ofstream(folder / fmt::format("rank{}_mon.json", r)) << sim::kinetoTrace(monJob, r);
    std::ofstream(folder / fmt::format("rank{}_tue.json", r)) << sim::kinetoTrace(tueJob, r);
  }
  const auto files = io::openTraceFolderFiles(folder.string(), 2);
  const report::Report report = report::buildFolderReport(files, folder.string(), {}, 2);
  ASSERT_EQ(report.jobs.size(), 2u);
  EXPECT_EQ(report.jobs[0].name, "week (mon)");
  EXPECT_EQ(report.jobs[1].name, "week (tue)");
  for (const auto& r : report.jobs[0].ranks) EXPECT_EQ(r.run_name, fmt::format("rank{}_mon", r.rank));
  expectExactJob(report.jobs[0], mon, monJob, {1, "data_loading", 4'000'000});
  expectExactJob(report.jobs[1], tue, tueJob, {6, "compute", 3'000'000});
}

}  // namespace
}  // namespace feedscope::job
