// The processes of one recording grouped by the rank their own launcher variables name
// (launch/rank_streams.h): one run per rank under torchrun or mpirun, one run otherwise.
#include "launch/rank_streams.h"

#include <gtest/gtest.h>

#include "trace/rank_environment.h"

namespace {

using feedscope::launch::groupStreamsByRank;
using feedscope::launch::rankGroupRunName;
using feedscope::launch::RankStreams;
using feedscope::rawstream::ProcessStream;
using Variables = std::map<std::string, std::string>;

ProcessStream process(std::uint32_t pid, const std::optional<Variables>& variables, bool gpuWork = true) {
  ProcessStream s;
  s.pid = pid;
  s.executable = "/usr/bin/python3";
  if (gpuWork) {
    feedscope::trace::Interval kernel{1'000, 2'000, feedscope::trace::IntervalKind::Kernel};
    s.intervals.push_back({{feedscope::trace::TrackKind::GpuStream, 0, 7}, kernel});
  }
  if (variables) {
    s.launcher_environment = *variables;
    s.environment_recorded = true;
  }
  return s;
}

std::vector<std::uint32_t> pidsOf(const RankStreams& group) {
  std::vector<std::uint32_t> pids;
  for (const auto& s : group.streams) pids.push_back(s.pid);
  return pids;
}

TEST(RankStreams, EachRankOfALauncherIsAGroupLowestFirstWithItsOwnVariables) {
  // torchrun under srun: every worker has RANK and its node's SLURM_PROCID; rank 1 restarted once.
  std::vector<ProcessStream> streams;
  streams.push_back(process(30, Variables{{"RANK", "2"}, {"WORLD_SIZE", "4"}, {"SLURM_PROCID", "1"}}));
  streams.push_back(process(10, Variables{{"RANK", "1"}, {"WORLD_SIZE", "4"}, {"SLURM_PROCID", "1"}}));
  streams.push_back(process(11, Variables{{"RANK", "1"}, {"WORLD_SIZE", "4"}, {"SLURM_PROCID", "1"}}));
  // torchrun's agent, which used CUDA itself: SLURM_PROCID is its node's index, not a rank of the job.
  streams.push_back(process(5, Variables{{"SLURM_PROCID", "1"}}));
  streams.push_back(process(6, Variables{}));  // a process with no launcher variable at all
  const Variables own{{"env SLURM_PROCID", "1"}};
  auto groups = groupStreamsByRank(std::move(streams), own);
  // The workers' RANK numbers the job; the processes without it go last, together, without labels.
  ASSERT_EQ(groups.size(), 3u);
  EXPECT_EQ(groups[0].rank, 1);
  EXPECT_EQ(pidsOf(groups[0]), (std::vector<std::uint32_t>{10, 11}));
  EXPECT_EQ(groups[0].labels.at("env SLURM_PROCID"), "1");
  EXPECT_EQ(groups[0].labels.at("env RANK"), "1");
  EXPECT_EQ(groups[0].labels.at("env WORLD_SIZE"), "4");
  EXPECT_EQ(groups[1].rank, 2);
  EXPECT_EQ(pidsOf(groups[1]), (std::vector<std::uint32_t>{30}));
  EXPECT_FALSE(groups[2].rank);
  EXPECT_EQ(pidsOf(groups[2]), (std::vector<std::uint32_t>{5, 6}));
  EXPECT_TRUE(groups[2].labels.empty());
  EXPECT_EQ(rankGroupRunName("train", groups[0], groups.size()), "train rank 1");
  EXPECT_EQ(rankGroupRunName("train", groups[2], groups.size()), "train (no rank)");
}

// torchrun's agent initialises CUDA (torch.cuda.device_count) and runs nothing on the GPU: beside the
// ranks it is no run of its own (on the H200, 2026-12-04, it was read as a third, empty run), and the
// user is told.
TEST(RankStreams, ALauncherWithoutGpuWorkBesideTheRanksIsLeftOutAndSaid) {
  std::vector<ProcessStream> streams;
  streams.push_back(process(40, Variables{{"RANK", "0"}, {"WORLD_SIZE", "2"}}));
  streams.push_back(process(41, Variables{{"RANK", "1"}, {"WORLD_SIZE", "2"}}));
  ProcessStream agent = process(39, Variables{}, false);
  feedscope::trace::Interval call{500, 600, feedscope::trace::IntervalKind::RuntimeApi};
  agent.intervals.push_back({{feedscope::trace::TrackKind::HostThread, -1, 39}, call});
  streams.push_back(agent);
  std::vector<std::string> notes;
  auto groups = groupStreamsByRank(std::move(streams), {}, &notes);
  ASSERT_EQ(groups.size(), 2u);
  EXPECT_EQ(groups[0].rank, 0);
  EXPECT_EQ(groups[1].rank, 1);
  ASSERT_EQ(notes.size(), 1u);
  EXPECT_EQ(notes[0], "python3 39: names no rank and ran no GPU work (a launcher that initialised CUDA): not made "
                      "a run of its own");
}

TEST(RankStreams, OneRankOrNoneIsOneGroupAsBefore) {
  // `srun feedscope record python train.py`: one rank per record, its DataLoader workers beside it.
  std::vector<ProcessStream> oneRank;
  oneRank.push_back(process(7, Variables{{"SLURM_PROCID", "3"}, {"SLURM_NTASKS", "8"}}));
  oneRank.push_back(process(8, Variables{}));
  auto one = groupStreamsByRank(std::move(oneRank), {});
  ASSERT_EQ(one.size(), 1u);
  EXPECT_EQ(one[0].rank, 3);
  EXPECT_EQ(pidsOf(one[0]), (std::vector<std::uint32_t>{7, 8}));
  EXPECT_EQ(one[0].labels, (Variables{{"env SLURM_NTASKS", "8"}, {"env SLURM_PROCID", "3"}}));
  EXPECT_EQ(rankGroupRunName("train", one[0], one.size()), "train");

  // A plain program: no variables anywhere.
  std::vector<ProcessStream> plain;
  plain.push_back(process(1, Variables{}));
  auto none = groupStreamsByRank(std::move(plain), {});
  ASSERT_EQ(none.size(), 1u);
  EXPECT_FALSE(none[0].rank);
  EXPECT_TRUE(none[0].labels.empty());
}

TEST(RankStreams, StreamsThatCannotSayTakeTheVariablesOfRecordItself) {
  // Raw streams of minor version 0 carry no Environment record: the program inherited record's.
  std::vector<ProcessStream> old;
  old.push_back(process(1, std::nullopt));
  old.push_back(process(2, std::nullopt));
  const Variables own{{"env RANK", "5"}, {"env WORLD_SIZE", "16"}};
  auto groups = groupStreamsByRank(std::move(old), own);
  ASSERT_EQ(groups.size(), 1u);
  EXPECT_EQ(groups[0].rank, 5);
  EXPECT_EQ(groups[0].labels, own);
  EXPECT_EQ(groups[0].streams.size(), 2u);
}

}  // namespace
