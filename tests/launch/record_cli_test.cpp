// `feedscope record` and `feedscope merge` end to end, with programs that use no GPU (there is none in
// CI): the program's exit status, output and signals are its own, and a process tree recorded through
// the injection's recorder becomes one run with a lane per process, or a run per rank under a launcher.
#include <gtest/gtest.h>
#include <signal.h>

#include <chrono>
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <thread>

#include <nlohmann/json.hpp>

#include "store/session_store.h"
#include "support/run_program.h"
#include "support/temp_dir.h"
#include "trace/session.h"

namespace {

using feedscope::testing::ProgramResult;
using feedscope::testing::runProgram;
using feedscope::testing::TempDir;

namespace fs = std::filesystem;

// Runs `feedscope ARGS...`; the injection library is a placeholder file: these programs never load it.
// The CUDA driver asked when nothing was recorded is a stand-in reporting one GPU, so a program that
// used no CUDA passes its exit status through on machines with and without a driver alike.
struct Cli {
  TempDir dir;
  std::string placeholder = dir.file("libfeedscope-inject.so", "not loaded by programs without CUDA");
  std::vector<std::string> environment = {"FEEDSCOPE_CUDA_DRIVER=" FEEDSCOPE_FAKE_CUDA_DRIVER};

  ProgramResult run(std::vector<std::string> args, const std::function<void(pid_t)>& whileRunning = {},
                    const std::string& cwd = "") {
    args.insert(args.begin(), FEEDSCOPE_CLI);
    std::vector<std::string> env = environment;
    env.push_back("FEEDSCOPE_INJECT_LIBRARY=" + placeholder);
    return runProgram(args, env, whileRunning, cwd);
  }
  std::string session(const std::string& name) { return dir.file(name); }
  // Folders the recorder left beside the sessions.
  std::size_t rawFolders() {
    std::size_t n = 0;
    for (const auto& e : fs::directory_iterator(dir.path))
      n += e.path().filename().string().find(".raw-") != std::string::npos;
    return n;
  }
};

int countLines(const std::string& text, const std::string& needle) {
  int n = 0;
  for (std::size_t at = text.find(needle); at != std::string::npos; at = text.find(needle, at + 1)) ++n;
  return n;
}

std::set<std::int64_t> pidsOf(const feedscope::trace::Run& run) {
  std::set<std::int64_t> pids;
  for (const auto& t : run.tracks) pids.insert(t.pid);
  return pids;
}

bool namesContain(const feedscope::trace::Session& s, const std::string& name) {
  for (std::uint32_t id = 0; id < s.strings.size(); ++id) {
    if (s.strings.get(id) == name) return true;
  }
  return false;
}

TEST(RecordCli, TheProgramsExitStatusIsFeedscopes) {
  Cli cli;
  for (int code : {0, 1, 42}) {
    ProgramResult r = cli.run({"record", "-o", cli.session("s.feedscope"), "--", FEEDSCOPE_PLAIN_CHILD,
                               "exit", std::to_string(code)});
    EXPECT_EQ(r.status, code) << r.err;
    EXPECT_NE(r.err.find("feedscope: no process of the program initialised CUDA: nothing was recorded"),
              std::string::npos)
        << r.err;
  }
  ProgramResult killed =
      cli.run({"record", "-o", cli.session("s.feedscope"), "--", FEEDSCOPE_PLAIN_CHILD, "kill-self", "9"});
  EXPECT_EQ(killed.status, 137);
  EXPECT_NE(killed.err.find("feedscope: the program was killed by signal 9 (Killed)"), std::string::npos);
  EXPECT_FALSE(fs::exists(cli.session("s.feedscope")));  // nothing recorded, nothing written
  EXPECT_EQ(cli.rawFolders(), 0u);
}

// Nothing recorded because the machine has no driver (or no GPU) is said in the words of
// `feedscope devices`; the exit status stays the program's, so a CI wrapper on a machine without a
// GPU passes when the program does. --require-trace asks for exit 3 instead, unless the program
// itself failed: its status wins.
TEST(RecordCli, WithoutADriverTheProgramsStatusIsKeptAndTheReasonSaid) {
  Cli cli;
  cli.environment = {"FEEDSCOPE_CUDA_DRIVER=/nonexistent/libcuda.so.1"};
  const std::string reason =
      "nothing was recorded: no CUDA driver on this machine (/nonexistent/libcuda.so.1 was not found)\n";
  ProgramResult ok =
      cli.run({"record", "-o", cli.session("s.feedscope"), "--", FEEDSCOPE_PLAIN_CHILD, "exit", "0"});
  EXPECT_EQ(ok.status, 0);
  EXPECT_EQ(ok.err, "feedscope: " + reason);
  ProgramResult required = cli.run(
      {"record", "-o", cli.session("s.feedscope"), "--require-trace", "--", FEEDSCOPE_PLAIN_CHILD, "exit", "0"});
  EXPECT_EQ(required.status, 3);
  EXPECT_EQ(required.err, "feedscope: error: " + reason);
  for (bool require : {false, true}) {
    std::vector<std::string> args = {"record", "-o", cli.session("s.feedscope")};
    if (require) args.push_back("--require-trace");
    for (const char* a : {"--", FEEDSCOPE_PLAIN_CHILD, "exit", "42"}) args.emplace_back(a);
    ProgramResult failed = cli.run(args);
    EXPECT_EQ(failed.status, 42) << require;
    EXPECT_EQ(failed.err, "feedscope: " + reason) << require;
  }
  EXPECT_FALSE(fs::exists(cli.session("s.feedscope")));
  EXPECT_EQ(cli.rawFolders(), 0u);
}

TEST(RecordCli, ADriverThatSeesNoGpuIsSaidAndExit3OnlyWhenATraceIsRequired) {
  Cli cli;
  const std::string noGpu =
      "nothing was recorded: the CUDA driver is installed but sees no GPU (check CUDA_VISIBLE_DEVICES and "
      "nvidia-smi)\n";
  for (const char* setting : {"FAKE_CUINIT=100", "FAKE_CUDA_DEVICES=0"}) {
    cli.environment = {"FEEDSCOPE_CUDA_DRIVER=" FEEDSCOPE_FAKE_CUDA_DRIVER, setting};
    ProgramResult plain =
        cli.run({"record", "-o", cli.session("s.feedscope"), "--", FEEDSCOPE_PLAIN_CHILD, "exit", "0"});
    EXPECT_EQ(plain.status, 0) << setting;
    EXPECT_EQ(plain.err, "feedscope: " + noGpu) << setting;
    ProgramResult r = cli.run({"record", "-o", cli.session("s.feedscope"), "--require-trace", "--",
                               FEEDSCOPE_PLAIN_CHILD, "exit", "0"});
    EXPECT_EQ(r.status, 3) << setting;
    EXPECT_EQ(r.err, "feedscope: error: " + noGpu) << setting;
  }
  cli.environment = {"FEEDSCOPE_CUDA_DRIVER=" FEEDSCOPE_FAKE_CUDA_DRIVER, "FAKE_CUINIT=999"};
  ProgramResult broken = cli.run(
      {"record", "-o", cli.session("s.feedscope"), "--require-trace", "--", FEEDSCOPE_PLAIN_CHILD, "exit", "0"});
  EXPECT_EQ(broken.status, 3);
  EXPECT_EQ(broken.err, "feedscope: error: nothing was recorded: the CUDA driver cannot start (cuInit returned 999)\n");
}

// A program that used no CUDA on a machine with a GPU: its status, and with --require-trace exit 3.
TEST(RecordCli, AProgramWithoutCudaFailsOnlyWhenATraceIsRequired) {
  Cli cli;
  ProgramResult required = cli.run(
      {"record", "-o", cli.session("s.feedscope"), "--require-trace", "--", FEEDSCOPE_PLAIN_CHILD, "exit", "0"});
  EXPECT_EQ(required.status, 3);
  EXPECT_EQ(required.err, "feedscope: error: no process of the program initialised CUDA: nothing was recorded\n");
}

TEST(RecordCli, MissingProgramIsExit127WithOneLine) {
  Cli cli;
  ProgramResult r =
      cli.run({"record", "-o", cli.session("s.feedscope"), "--", "feedscope-no-such-program", "x"});
  EXPECT_EQ(r.status, 127);
  EXPECT_EQ(r.err, "feedscope: error: cannot run 'feedscope-no-such-program': No such file or directory\n");
  EXPECT_TRUE(r.out.empty());
  EXPECT_EQ(cli.rawFolders(), 0u);
}

TEST(RecordCli, ArgumentsReachTheProgramAsGivenWithoutAShell) {
  Cli cli;
  ProgramResult r = cli.run({"record", "-o", cli.session("s.feedscope"), "--", FEEDSCOPE_PLAIN_CHILD, "args",
                             "a b", "$HOME", "*", "", "--label", "-o", "x;y"});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out, "[a b]\n[$HOME]\n[*]\n[]\n[--label]\n[-o]\n[x;y]\n");
}

TEST(RecordCli, EnvironmentPassesThroughWithTheInjectionVariables) {
  Cli cli;
  setenv("MY_DATASET_PATH", "/data/imagenet", 1);
  setenv("FEEDSCOPE_TEST_USER_VARIABLE", "a name like ours is still the user's", 1);
  setenv("FEEDSCOPE_FLUSH_MS", "7", 1);  // an outer recording's setting does not leak in
  ProgramResult r = cli.run({"record", "-o", cli.session("s.feedscope"), "--", FEEDSCOPE_PLAIN_CHILD, "env",
                             "MY_DATASET_PATH", "FEEDSCOPE_TEST_USER_VARIABLE", "FEEDSCOPE_FLUSH_MS",
                             "CUDA_INJECTION64_PATH", "NVTX_INJECTION64_PATH", "FEEDSCOPE_NVTX"});
  ASSERT_EQ(r.status, 0) << r.err;
  std::string library = fs::canonical(cli.placeholder).string();
  EXPECT_EQ(r.out,
            "MY_DATASET_PATH=/data/imagenet\nFEEDSCOPE_TEST_USER_VARIABLE=a name like ours is still the "
            "user's\nFEEDSCOPE_FLUSH_MS=(unset)\nCUDA_INJECTION64_PATH=" +
                library + "\nNVTX_INJECTION64_PATH=" + library + "\nFEEDSCOPE_NVTX=1\n");
  ProgramResult noNvtx = cli.run({"record", "--no-nvtx", "-o", cli.session("s.feedscope"), "--",
                                  FEEDSCOPE_PLAIN_CHILD, "env", "NVTX_INJECTION64_PATH", "FEEDSCOPE_NVTX"});
  EXPECT_EQ(noNvtx.out, "NVTX_INJECTION64_PATH=(unset)\nFEEDSCOPE_NVTX=0\n");
}

TEST(RecordCli, KeptRawStreamsCanBeDescribed) {
  Cli cli;
  cli.environment.push_back("LOCAL_RANK=2");
  ProgramResult r = cli.run({"record", "-o", cli.session("k.feedscope"), "--keep-raw", "--",
                             FEEDSCOPE_TRACED_CHILD, "--ticks", "3"});
  ASSERT_EQ(r.status, 0) << r.err;
  ASSERT_EQ(cli.rawFolders(), 1u);
  std::string stream;
  for (const auto& e : fs::directory_iterator(cli.dir.path)) {
    if (e.path().filename().string().find(".raw-") == std::string::npos) continue;
    for (const auto& f : fs::directory_iterator(e.path())) stream = f.path().string();
  }
  ASSERT_FALSE(stream.empty());
  ProgramResult info = cli.run({"raw-info", stream});
  EXPECT_EQ(info.status, 0) << info.err;
  EXPECT_NE(info.out.find(stream + ": complete\n"), std::string::npos) << info.out;
  EXPECT_NE(info.out.find("  intervals 60: kernel 30 runtime_api 30\n"), std::string::npos) << info.out;
  EXPECT_NE(info.out.find("  device 0: Synthetic GPU GPU-00000000-synthetic\n"), std::string::npos)
      << info.out;
  EXPECT_NE(info.out.find("  launcher variables: LOCAL_RANK=2\n"), std::string::npos) << info.out;

  // Cut in the middle: what was before the cut is described, with what is wrong.
  std::string bytes = feedscope::testing::readWholeFile(stream);
  std::string cut = cli.dir.file("cut.fsraw", bytes.substr(0, bytes.size() - 10));
  ProgramResult truncated = cli.run({"raw-info", cut});
  EXPECT_EQ(truncated.status, 0);
  EXPECT_NE(truncated.out.find(cut + ": truncated\n  problem: " + cut + ": truncated in chunk"),
            std::string::npos)
      << truncated.out;
  // Not a raw stream at all: bad input.
  ProgramResult foreign = cli.run({"raw-info", stream, cli.dir.file("notes.txt", "hello")});
  EXPECT_EQ(foreign.status, 2);
  EXPECT_NE(foreign.out.find("notes.txt: not a Feedscope raw stream (.fsraw)"), std::string::npos)
      << foreign.out;
}

TEST(RecordCli, MegabytesOfOutputPassThroughByteForByte) {
  Cli cli;
  constexpr std::size_t kBytes = 8u << 20;
  ProgramResult r = cli.run({"record", "-o", cli.session("s.feedscope"), "--", FEEDSCOPE_PLAIN_CHILD, "print",
                             std::to_string(kBytes)});
  ASSERT_EQ(r.status, 0) << r.err;
  ProgramResult direct = runProgram({FEEDSCOPE_PLAIN_CHILD, "print", std::to_string(kBytes)});
  ASSERT_EQ(direct.out.size(), kBytes);
  EXPECT_EQ(r.out.size(), kBytes);
  EXPECT_TRUE(r.out == direct.out) << "stdout differs from the program's own";
}

TEST(RecordCli, TheProgramsStderrComesFirstAndUntouched) {
  Cli cli;
  ProgramResult r = cli.run({"record", "-o", cli.session("s.feedscope"), "--", FEEDSCOPE_PLAIN_CHILD,
                             "stderr", "a line from the program"});
  ASSERT_EQ(r.status, 0);
  EXPECT_EQ(r.err.rfind("a line from the program\n", 0), 0u) << r.err;
}

TEST(RecordCli, SigtermAndSigintSentToFeedscopeReachTheProgram) {
  for (int sig : {SIGTERM, SIGINT}) {
    Cli cli;
    std::string ready = cli.dir.file("ready");
    ProgramResult r = cli.run(
        {"record", "-o", cli.session("s.feedscope"), "--", FEEDSCOPE_PLAIN_CHILD, "wait-signal", ready},
        [&](pid_t feedscope) {
          for (int i = 0; i < 3000 && !fs::exists(ready); ++i) {
            std::this_thread::sleep_for(std::chrono::milliseconds(10));
          }
          kill(feedscope, sig);
        });
    EXPECT_EQ(r.status, 40 + sig) << r.err;  // the program handled it and chose its exit code
    EXPECT_EQ(r.out, "got signal " + std::to_string(sig) + "\n");
  }
}

// What a job of traced_child --job ranks did, read from the barrier files each rank wrote (its arrival
// at each step's all-reduce): computed here, independently of the job analysis.
struct BarrierJob {
  std::vector<std::int64_t> delay, peer_wait;  // by rank, summed over the steps
  std::vector<int> last_at;                     // the steps each rank entered last
  int straggler = -1;                           // the rank with the most delay
};

BarrierJob readBarrier(const fs::path& barrier, int ranks, int steps) {
  BarrierJob job{std::vector<std::int64_t>(ranks), std::vector<std::int64_t>(ranks), std::vector<int>(ranks)};
  for (int step = 0; step < steps; ++step) {
    std::vector<std::int64_t> at(static_cast<std::size_t>(ranks));
    for (int rank = 0; rank < ranks; ++rank) {
      std::ifstream in(barrier / ("step" + std::to_string(step) + ".rank" + std::to_string(rank)));
      if (!(in >> at[static_cast<std::size_t>(rank)])) ADD_FAILURE() << "no arrival of rank " << rank;
    }
    std::vector<std::int64_t> sorted = at;
    std::sort(sorted.begin(), sorted.end());
    const auto last = static_cast<std::size_t>(std::max_element(at.begin(), at.end()) - at.begin());
    job.delay[last] += sorted.back() - sorted[sorted.size() - 2];
    ++job.last_at[last];
    for (std::size_t rank = 0; rank < at.size(); ++rank) job.peer_wait[rank] += sorted.back() - at[rank];
  }
  job.straggler = static_cast<int>(std::max_element(job.delay.begin(), job.delay.end()) - job.delay.begin());
  return job;
}

// The report's job against what the barrier says: the same straggler, delays and waits to the ns.
void expectJobAsTheBarrierSays(const nlohmann::json& job, const BarrierJob& truth, const std::string& label,
                               int steps) {
  const auto ranks = truth.delay.size();
  EXPECT_EQ(job.at("ranks_present"), ranks);
  EXPECT_EQ(job.at("clock").at("method"), "collectives");
  EXPECT_EQ(job["clock"].at("max_residual_ns"), 0);  // one machine, one clock: every end is the same
  ASSERT_EQ(job.at("ranks").size(), ranks);
  for (std::size_t rank = 0; rank < ranks; ++rank) {
    const auto& row = job["ranks"][rank];
    EXPECT_EQ(row.at("run"), label + " rank " + std::to_string(rank));
    EXPECT_EQ(row.at("collectives"), steps);
    EXPECT_EQ(row.at("peer_wait_ns"), truth.peer_wait[rank]) << "rank " << rank;
    EXPECT_EQ(row.at("late_count"), truth.last_at[rank]) << "rank " << rank;
    EXPECT_EQ(job["clock"].at("shift_ns").at(std::to_string(rank)), 0);
  }
  const auto& named = job.at("straggler");
  ASSERT_TRUE(named.is_object()) << job.dump(1);
  const auto straggler = static_cast<std::size_t>(truth.straggler);
  EXPECT_EQ(named.at("rank"), truth.straggler);
  EXPECT_EQ(named.at("late_count"), truth.last_at[straggler]);
  EXPECT_EQ(named.at("delay_ns"), truth.delay[straggler]);
  EXPECT_EQ(named.at("cause"), "data_loading");
  EXPECT_EQ(job.at("step").at("count"), steps);
}

TEST(RecordCli, ProcessTreeBecomesOneRunWithALanePerProcess) {
  Cli cli;
  std::string s = cli.session("tree.feedscope");
  ProgramResult r = cli.run({"record", "-o", s, "--label", "tree", "--", FEEDSCOPE_TRACED_CHILD, "--ticks",
                             "3", "--per-tick", "10", "--spawn-child", "--fork-worker"});
  ASSERT_EQ(r.status, 0) << r.err;  // 77 would mean the forked worker hung or failed at exit
  EXPECT_EQ(countLines(r.out, " done\n"), 2);
  auto session = feedscope::io::loadSession(s);
  ASSERT_EQ(session.runs.size(), 1u);
  const auto& run = session.runs[0];
  EXPECT_EQ(run.name, "tree");
  EXPECT_EQ(run.source, "record");
  EXPECT_EQ(run.labels.at("processes"), "2");
  EXPECT_EQ(run.labels.at("exit"), "exited with code 0");
  // Two processes x 3 ticks x 10 launches, each a runtime call and a kernel.
  EXPECT_EQ(run.intervalCount(), 120u);
  EXPECT_EQ(pidsOf(run).size(), 2u);
  EXPECT_EQ(run.tracks.size(), 4u);
  ASSERT_EQ(run.devices.size(), 1u);
  EXPECT_EQ(run.devices[0].name, "Synthetic GPU");
  EXPECT_FALSE(namesContain(session, "in_worker"));  // the forked worker wrote nothing
  EXPECT_EQ(r.err.find("written by a forked child"), std::string::npos);
  EXPECT_NE(r.err.find("Run tree"), std::string::npos) << r.err;  // the report summary
  EXPECT_NE(r.err.find("feedscope: recorded 2 processes (120 intervals) as run 'tree' in " + s),
            std::string::npos)
      << r.err;
  EXPECT_EQ(cli.rawFolders(), 0u);
}

// `feedscope record torchrun ...` as one srun task on node 7: the launcher starts three of a job's four
// ranks, each with its own RANK; every process also inherits SLURM_PROCID, the node's index.
TEST(RecordCli, ALauncherOfRanksBecomesOneRunPerRankReadAsOneJob) {
  Cli cli;
  std::string s = cli.session("job.feedscope");
  cli.environment.push_back("SLURM_PROCID=7");
  cli.environment.push_back("SLURM_NTASKS=2");
  const std::string launcher =
      "for r in 2 0 1; do RANK=$r LOCAL_RANK=$r WORLD_SIZE=4 \"$0\" --ticks 2 --per-tick 5 & done; wait";
  ProgramResult r = cli.run({"record", "-o", s, "--label", "train", "--", "/bin/sh", "-c", launcher,
                             FEEDSCOPE_TRACED_CHILD});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(countLines(r.out, " done\n"), 3);
  auto session = feedscope::io::loadSession(s);
  ASSERT_EQ(session.runs.size(), 3u);
  for (int rank = 0; rank < 3; ++rank) {
    const auto& run = session.runs[static_cast<std::size_t>(rank)];
    EXPECT_EQ(run.name, "train rank " + std::to_string(rank));
    EXPECT_EQ(run.labels.at("processes"), "1");
    EXPECT_EQ(run.labels.at("env RANK"), std::to_string(rank));
    EXPECT_EQ(run.labels.at("env LOCAL_RANK"), std::to_string(rank));
    EXPECT_EQ(run.labels.at("env WORLD_SIZE"), "4");
    EXPECT_EQ(run.labels.at("env SLURM_PROCID"), "7");  // kept, but RANK names the rank
    EXPECT_EQ(run.intervalCount(), 20u);                // 2 ticks x 5 launches, each a call and a kernel
    EXPECT_EQ(pidsOf(run).size(), 1u);
  }
  EXPECT_NE(r.err.find("feedscope: recorded 3 processes (60 intervals) as 3 runs, one per rank, 'train rank 0' "
                       "to 'train rank 2', in " + s),
            std::string::npos)
      << r.err;

  ProgramResult report = cli.run({"report", s, "--format", "json"});
  ASSERT_EQ(report.status, 0) << report.err;
  auto json = nlohmann::json::parse(report.out);
  ASSERT_EQ(json.at("jobs").size(), 1u);
  const auto& job = json["jobs"][0];
  EXPECT_EQ(job.at("world_size"), 4);
  EXPECT_EQ(job.at("ranks_present"), 3);
  ASSERT_EQ(job.at("ranks").size(), 3u);
  for (int rank = 0; rank < 3; ++rank) {
    EXPECT_EQ(job["ranks"][static_cast<std::size_t>(rank)].at("rank"), rank);
    EXPECT_EQ(job["ranks"][static_cast<std::size_t>(rank)].at("run"), "train rank " + std::to_string(rank));
  }
}

// A recorded job on real clocks: four ranks of a synchronous job under one launcher, rank 2's data
// loading 20 ms longer every step, an all-reduce that ends only when every rank has entered it (a
// barrier through files, traced_child --job). The files keep each rank's arrival at each step: the
// expected delays and peer waits are computed from them here, independently of the job analysis.
TEST(RecordCli, ARecordedJobNamesTheRankThatMadeTheOthersWait) {
  Cli cli;
  std::string s = cli.session("ddp.feedscope");
  const fs::path barrier = cli.dir.path / "barrier";
  fs::create_directory(barrier);
  constexpr int kRanks = 4, kSteps = 5, kLateRank = 2;
  const std::string launcher =
      "for r in 0 1 2 3; do RANK=$r LOCAL_RANK=$r WORLD_SIZE=4 \"$0\" --job \"$1\" 5 2 20 & done; wait";
  ProgramResult r = cli.run({"record", "-o", s, "--label", "ddp", "--", "/bin/sh", "-c", launcher,
                             FEEDSCOPE_TRACED_CHILD, barrier.string()});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(countLines(r.out, " done\n"), kRanks);

  const BarrierJob truth = readBarrier(barrier, kRanks, kSteps);
  ASSERT_EQ(truth.straggler, kLateRank) << "the 20 ms of loading should make rank 2 the last";

  ProgramResult report = cli.run({"report", s, "--format", "json"});
  ASSERT_EQ(report.status, 0) << report.err;
  const auto json = nlohmann::json::parse(report.out);
  ASSERT_EQ(json.at("jobs").size(), 1u);
  expectJobAsTheBarrierSays(json["jobs"][0], truth, "ddp", kSteps);
}

// Every recorded kernel keeps the launch configuration the collector gave it, through the raw stream,
// the merge and the session, under the names of an imported trace (trace/kernel_launch.h).
TEST(RecordCli, RecordedKernelsKeepTheirLaunchConfiguration) {
  Cli cli;
  std::string s = cli.session("launch.feedscope");
  ProgramResult r = cli.run({"record", "-o", s, "--", FEEDSCOPE_TRACED_CHILD, "--ticks", "2", "--per-tick", "4"});
  ASSERT_EQ(r.status, 0) << r.err;
  auto session = feedscope::io::loadSession(s);
  ASSERT_EQ(session.runs.size(), 1u);
  const auto& run = session.runs[0];
  std::size_t kernels = 0;
  for (const auto& track : run.tracks) {
    for (std::size_t i = 0; i < track.intervals.size(); ++i) {
      const bool isKernel = track.intervals.kind[i] == feedscope::trace::IntervalKind::Kernel;
      kernels += isKernel;
      EXPECT_EQ(run.arguments.get(track.intervals.argumentsAt(i)),
                isKernel ? R"({"grid": [132, 1, 1], "block": [256, 1, 1], "registers per thread": 64, )"
                           R"("shared memory": 16384, "static shared memory": 16384, "dynamic shared memory": 0})"
                         : "");
    }
  }
  EXPECT_EQ(kernels, 8u);
  EXPECT_EQ(run.arguments.count(), 1u);  // one launch configuration, stored once
}

TEST(RecordCli, ChunksWrittenBeforeASigkillSurvive) {
  Cli cli;
  std::string s = cli.session("killed.feedscope");
  ProgramResult r = cli.run({"record", "-o", s, "--flush-ms", "500", "--", FEEDSCOPE_TRACED_CHILD, "--ticks",
                             "10", "--per-tick", "25", "--sigkill-after", "4"});
  EXPECT_EQ(r.status, 137);
  auto session = feedscope::io::loadSession(s);
  ASSERT_EQ(session.runs.size(), 1u);
  // Four ticks were flushed before the kill; the record emitted after the last flush is lost.
  EXPECT_EQ(session.runs[0].intervalCount(), 200u);
  EXPECT_FALSE(namesContain(session, "never_written"));
  EXPECT_EQ(session.runs[0].labels.at("exit"), "killed by signal 9 (Killed)");
  EXPECT_NE(r.err.find("no end record (the process was killed"), std::string::npos) << r.err;
}

TEST(RecordCli, AppendMakesAnABComparison) {
  Cli cli;
  std::string s = cli.session("ab.feedscope");
  ASSERT_EQ(
      cli.run({"record", "-o", s, "--label", "off", "--", FEEDSCOPE_TRACED_CHILD, "--ticks", "2"}).status, 0);
  ProgramResult on =
      cli.run({"record", "-o", s, "--label", "on", "--append", "--", FEEDSCOPE_TRACED_CHILD, "--ticks", "3"});
  ASSERT_EQ(on.status, 0) << on.err;
  EXPECT_NE(on.err.find("compare: feedscope report " + s + " --run 'off' --compare-run 'on'"),
            std::string::npos)
      << on.err;
  auto session = feedscope::io::loadSession(s);
  ASSERT_EQ(session.runs.size(), 2u);
  EXPECT_EQ(session.runs[0].name, "off");
  EXPECT_EQ(session.runs[0].intervalCount(), 40u);
  EXPECT_EQ(session.runs[1].name, "on");
  EXPECT_EQ(session.runs[1].intervalCount(), 60u);
}

TEST(RecordCli, BadRequestsFailBeforeTheProgramRuns) {
  Cli cli;
  auto expectRefused = [&](std::vector<std::string> args, const std::string& message) {
    args.insert(args.begin(), "record");
    for (const char* a : {"--", FEEDSCOPE_PLAIN_CHILD, "stderr", "THE PROGRAM RAN"}) args.push_back(a);
    ProgramResult r = cli.run(args);
    EXPECT_EQ(r.status, 2) << message;
    EXPECT_EQ(r.err.find("THE PROGRAM RAN"), std::string::npos) << message;
    EXPECT_NE(r.err.find(message), std::string::npos) << r.err;
  };
  expectRefused({"-o", cli.session("missing.feedscope"), "--append"},
                cli.session("missing.feedscope") + ": no such session to append to");
  expectRefused({"-o", cli.dir.file("notes.txt", "hello"), "--append"}, "not a Feedscope session");
  expectRefused({"-o", cli.session("s.feedscope"), "--capture", "everything"},
                "--capture 'everything': use nvtx:RANGE_NAME or cudaProfilerApi");
  expectRefused({"-o", cli.session("s.feedscope"), "--capture", "nvtx:train", "--no-nvtx"},
                "--capture nvtx:train needs NVTX ranges: drop --no-nvtx");
  expectRefused({"-o", cli.dir.file("no/such/folder/s.feedscope")},
                "cannot create a folder for the raw streams");

  ProgramResult nothing = cli.run({"record", "-o", cli.session("s.feedscope"), "--"});
  EXPECT_EQ(nothing.status, 2);
  EXPECT_NE(nothing.err.find("give the program to record after --"), std::string::npos) << nothing.err;
}

TEST(RecordCli, WithoutTheInjectionLibraryRecordingIsRefused) {
  TempDir dir;
  ProgramResult r = runProgram({FEEDSCOPE_CLI, "record", "--", FEEDSCOPE_PLAIN_CHILD, "exit", "0"},
                               {"FEEDSCOPE_INJECT_LIBRARY=" + dir.file("missing.so")});
  EXPECT_EQ(r.status, 3);
  EXPECT_NE(r.err.find("libfeedscope-inject.so not found"), std::string::npos) << r.err;
}

TEST(RecordCli, CaptureNvtxRangeKeepsOnlyTheRange) {
  Cli cli;
  std::string s = cli.session("c.feedscope");
  ProgramResult r = cli.run({"record", "-o", s, "--capture", "nvtx:train", "--", FEEDSCOPE_TRACED_CHILD,
                             "--ticks", "6", "--per-tick", "5", "--range", "train", "2", "3"});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.err.find("--capture nvtx:train: 1 window, kept 21 of 61 records"), std::string::npos) << r.err;
  auto session = feedscope::io::loadSession(s);
  EXPECT_EQ(session.runs[0].intervalCount(), 21u);  // the range and ticks 2 and 3
  EXPECT_EQ(session.runs[0].labels.at("capture"), "nvtx:train");
}

TEST(RecordCli, DelayBeyondTheProgramRecordsNothingAndSaysWhy) {
  Cli cli;
  std::string s = cli.session("d.feedscope");
  ProgramResult r =
      cli.run({"record", "-o", s, "--delay", "30", "--", FEEDSCOPE_TRACED_CHILD, "--ticks", "2"});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.err.find("info: 40 records outside the capture window were not written"), std::string::npos)
      << r.err;
  EXPECT_EQ(feedscope::io::loadSession(s).runs[0].intervalCount(), 0u);
}

TEST(RecordCli, MachineProgressLinesForTheGui) {
  Cli cli;
  ProgramResult r =
      cli.run({"record", "-o", cli.session("p.feedscope"), "--progress", "machine", "--duration", "60", "--",
               FEEDSCOPE_TRACED_CHILD, "--ticks", "25", "--tick-ms", "100"});
  ASSERT_EQ(r.status, 0) << r.err;
  std::vector<double> fractions;
  std::istringstream lines(r.err);
  std::string line, last;
  while (std::getline(lines, line)) {
    if (line.rfind("FEEDSCOPE-PROGRESS ", 0) != 0) continue;
    last = line;
    if (line.find(" recording ") != std::string::npos) {
      fractions.push_back(std::stod(line.substr(19)));
      EXPECT_NE(line.find(" of 60 s: 1 process, "), std::string::npos) << line;
    }
  }
  ASSERT_GE(fractions.size(), 1u) << r.err;
  EXPECT_TRUE(std::is_sorted(fractions.begin(), fractions.end()));
  EXPECT_GT(fractions.back(), 0.0);
  EXPECT_LT(fractions.back(), 0.2);  // 2.5 s of 60
  EXPECT_EQ(last, "FEEDSCOPE-PROGRESS 1.000 done");
}

TEST(RecordCli, HeartbeatWithoutDurationCountsRecords) {
  Cli cli;
  ProgramResult r =
      cli.run({"record", "-o", cli.session("h.feedscope"), "--progress", "machine", "--flush-ms", "100", "--",
               FEEDSCOPE_TRACED_CHILD, "--ticks", "25", "--tick-ms", "100"});
  ASSERT_EQ(r.status, 0) << r.err;
  // Records reach the file while the program runs: the heartbeats count them as they grow.
  std::vector<long> counts;
  std::istringstream lines(r.err);
  std::string line;
  while (std::getline(lines, line)) {
    if (line.rfind("FEEDSCOPE-PROGRESS 0.000 recording ", 0) != 0) continue;
    auto comma = line.rfind(", ");
    counts.push_back(std::stol(line.substr(comma + 2)));
    EXPECT_EQ(line.substr(line.size() - 8), " records") << line;
  }
  ASSERT_GE(counts.size(), 1u) << r.err;
  EXPECT_TRUE(std::is_sorted(counts.begin(), counts.end()));
  EXPECT_GT(counts.back(), 0);
}

TEST(RecordCli, DefaultSessionNamesNeverOverwrite) {
  Cli cli;
  ASSERT_EQ(
      cli.run({"record", "--", FEEDSCOPE_TRACED_CHILD, "--ticks", "1"}, {}, cli.dir.path.string()).status, 0);
  ASSERT_EQ(
      cli.run({"record", "--", FEEDSCOPE_TRACED_CHILD, "--ticks", "1"}, {}, cli.dir.path.string()).status, 0);
  EXPECT_TRUE(fs::exists(cli.session("record.feedscope")));
  EXPECT_TRUE(fs::exists(cli.session("record-2.feedscope")));
  EXPECT_EQ(feedscope::io::loadSession(cli.session("record.feedscope")).runs[0].name,
            fs::path(FEEDSCOPE_TRACED_CHILD).filename().string());
}

TEST(MergeCli, SessionsOfTwoRecordingsJoinIntoOneRun) {
  Cli cli;
  std::string a = cli.session("a.feedscope"), b = cli.session("b.feedscope"), c = cli.session("c.feedscope");
  ASSERT_EQ(
      cli.run({"record", "-o", a, "--label", "ddp", "--", FEEDSCOPE_TRACED_CHILD, "--ticks", "2"}).status, 0);
  ASSERT_EQ(
      cli.run({"record", "-o", b, "--label", "ddp", "--", FEEDSCOPE_TRACED_CHILD, "--ticks", "3"}).status, 0);
  ProgramResult r = cli.run({"merge", a, b, "-o", c});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.err.find("wrote " + c + " (1 run, 100 intervals)"), std::string::npos) << r.err;
  auto merged = feedscope::io::loadSession(c);
  ASSERT_EQ(merged.runs.size(), 1u);
  EXPECT_EQ(merged.runs[0].labels.at("processes"), "2");
  EXPECT_EQ(pidsOf(merged.runs[0]).size(), 2u);
  EXPECT_EQ(merged.runs[0].devices.size(), 1u);  // same machine, same (synthetic) GPU uuid

  ProgramResult apart = cli.run({"merge", a, b, "-o", c, "--no-join"});
  ASSERT_EQ(apart.status, 0) << apart.err;
  EXPECT_EQ(feedscope::io::loadSession(c).runs.size(), 2u);

  ProgramResult bad =
      cli.run({"merge", a, cli.dir.file("junk.feedscope", "SQLite format 3 but not really"), "-o", c});
  EXPECT_EQ(bad.status, 2);
  ProgramResult one = cli.run({"merge", a, "-o", c});
  EXPECT_EQ(one.status, 2);
}

// `srun -N 2 --ntasks-per-node 1 feedscope record -- torchrun --nproc_per_node 2 ...`: two recordings at
// once, one a node (SLURM_PROCID 0 and 1, each node's ranks numbered by torchrun's RANK), then merged.
TEST(MergeCli, TwoNodesOfRanksRecordedApartMergeIntoOneJob) {
  Cli cli;
  const fs::path barrier = cli.dir.path / "barrier";
  fs::create_directory(barrier);
  constexpr int kSteps = 4;
  std::vector<std::string> env = cli.environment;
  env.push_back("FEEDSCOPE_INJECT_LIBRARY=" + cli.placeholder);
  const std::string node0 = cli.session("node0.feedscope"), node1 = cli.session("node1.feedscope");
  // Each node's launcher starts local ranks 0 and 1 as global ranks 2·node + local; rank 3 loads 20 ms longer.
  const std::string script =
      "cli=$1; child=$2; dir=$3; "
      "for node in 0 1; do SLURM_PROCID=$node SLURM_NTASKS=2 \"$cli\" record -o \"$4$node.feedscope\" "
      "--label train -- /bin/sh -c 'for l in 0 1; do RANK=$(($2 * 2 + l)) LOCAL_RANK=$l WORLD_SIZE=4 "
      "\"$0\" --job \"$1\" 4 3 20 & done; wait' \"$child\" \"$dir\" \"$node\" & done; wait";
  ProgramResult r = runProgram({"/bin/sh", "-c", script, "sh", FEEDSCOPE_CLI, FEEDSCOPE_TRACED_CHILD,
                                barrier.string(), cli.dir.file("node")},
                               env);
  ASSERT_EQ(r.status, 0) << r.err;
  ASSERT_TRUE(fs::exists(node0)) << r.err << r.out;
  EXPECT_EQ(feedscope::io::loadSession(node0).runs.size(), 2u);  // train rank 0, train rank 1
  EXPECT_EQ(feedscope::io::loadSession(node1).runs.size(), 2u);  // train rank 2, train rank 3

  const std::string job = cli.session("job.feedscope");
  ProgramResult merged = cli.run({"merge", node0, node1, "-o", job});
  ASSERT_EQ(merged.status, 0) << merged.err;
  EXPECT_NE(merged.err.find("wrote " + job + " (4 runs,"), std::string::npos) << merged.err;
  const BarrierJob truth = readBarrier(barrier, 4, kSteps);
  ASSERT_EQ(truth.straggler, 3);
  ProgramResult report = cli.run({"report", job, "--format", "json"});
  ASSERT_EQ(report.status, 0) << report.err;
  const auto json = nlohmann::json::parse(report.out);
  ASSERT_EQ(json.at("jobs").size(), 1u);
  expectJobAsTheBarrierSays(json["jobs"][0], truth, "train", kSteps);
}

}  // namespace
