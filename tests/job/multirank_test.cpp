// The job analysis on real ranks (tests/data/multirank: two ranks of a 128-rank NCCL job, single
// ranks with NCCL and with RCCL), against a second reading of the same files: nlohmann::json and
// doubles, the definitions of docs/metrics.md written out again.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <map>

#include "importers/kineto_import.h"
#include "job/collectives.h"
#include "job/job_analysis.h"
#include "support/independent_kineto.h"

namespace feedscope::job {
namespace {

const std::string kDir = std::string(FEEDSCOPE_TEST_DATA_DIR) + "/multirank/";

// Nanoseconds since 1970 reach 1.7e18, past a double's 2^53: long double (64-bit mantissa) holds them.
using Ns = long double;

struct IndependentKernel {
  Ns start = 0, end = 0;
  std::string name;
  std::string operation;  // docs/metrics.md "Collectives", read again: the name's word, or for RCCL's
                          // Generic the launching record_param_comms' "Collective name"
  std::string group;
};

// docs/metrics.md's identity rule written out again on the raw events: the kernel's own
// "Process Group Name", else that of the innermost record_param_comms open on the launching call's
// thread when the call (same correlation) started.
void identify(const nlohmann::json& events, std::vector<IndependentKernel>& kernels,
              const std::vector<std::uint64_t>& correlations, const std::vector<nlohmann::json>& ownArgs) {
  std::map<std::uint64_t, const nlohmann::json*> calls;
  std::vector<const nlohmann::json*> ranges;
  for (const auto& e : events) {
    if (e.value("ph", "") != "X") continue;
    const std::string cat = e.value("cat", "");
    if ((cat == "cuda_runtime" || cat == "cuda_driver") && e.contains("args") && e["args"].contains("correlation")) {
      calls.try_emplace(e["args"]["correlation"].get<std::uint64_t>(), &e);
    }
    if (e.value("name", "") == "record_param_comms" && e.contains("args")) ranges.push_back(&e);
  }
  for (std::size_t k = 0; k < kernels.size(); ++k) {
    const std::string word = kernels[k].name.substr(kernels[k].name.find('_') + 1);
    kernels[k].operation = word.substr(0, word.find_first_of("_("));
    nlohmann::json args = ownArgs[k];
    if (!args.contains("Process Group Name")) {
      auto call = calls.find(correlations[k]);
      const nlohmann::json* innermost = nullptr;
      if (call != calls.end()) {
        const auto& c = *call->second;
        for (const nlohmann::json* r : ranges) {
          const long double t = c["ts"].get<long double>(), s = (*r)["ts"].get<long double>();
          if ((*r)["pid"] != c["pid"] || (*r)["tid"] != c["tid"] || s > t || s + (*r)["dur"].get<long double>() < t)
            continue;
          if (innermost == nullptr || s >= (*innermost)["ts"].get<long double>()) innermost = r;
        }
      }
      if (innermost != nullptr) args = (*innermost)["args"];
    }
    if (args.contains("Process Group Name")) kernels[k].group = args["Process Group Name"].get<std::string>();
    if (kernels[k].operation == "Generic" && args.contains("Collective name")) {
      kernels[k].operation = args["Collective name"].get<std::string>();
    }
  }
}

// Collective kernels of a file, by start: every "kernel" event whose name begins ncclKernel_ or ncclDevKernel_.
std::vector<IndependentKernel> independentCollectives(const std::string& file) {
  const auto json = nlohmann::json::parse(testing::gunzipFile(kDir + file));
  std::vector<IndependentKernel> out;
  std::vector<std::uint64_t> correlations;
  std::vector<nlohmann::json> args;
  for (const auto& e : json["traceEvents"]) {
    if (e.value("ph", "") != "X" || e.value("cat", "") != "kernel") continue;
    const std::string name = e.value("name", "");
    if (name.rfind("ncclKernel_", 0) != 0 && name.rfind("ncclDevKernel_", 0) != 0) continue;
    const Ns start = e["ts"].get<Ns>() * 1000.0L;
    out.push_back({start, start + e["dur"].get<Ns>() * 1000.0L, name, {}, {}});
    args.push_back(e.value("args", nlohmann::json::object()));
    correlations.push_back(args.back().value("correlation", std::uint64_t{0}));
  }
  identify(json["traceEvents"], out, correlations, args);
  std::vector<std::size_t> order(out.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return out[a].start < out[b].start; });
  std::vector<IndependentKernel> sorted;
  for (std::size_t i : order) sorted.push_back(out[i]);
  return sorted;
}

struct Loaded {
  trace::Session session;
  std::vector<analysis::RunAnalysis> analyses;
  std::vector<const trace::Run*> runs;
};

std::unique_ptr<Loaded> load(const std::vector<std::string>& files, bool analyse = true) {
  auto out = std::make_unique<Loaded>();
  for (const auto& f : files) io::importKinetoFile(kDir + f, out->session, f);
  for (const auto& r : out->session.runs) {
    out->runs.push_back(&r);
    if (analyse) out->analyses.push_back(analysis::analyzeRun(r, out->session.strings));
  }
  return out;
}

JobAnalysis analyse(Loaded& l, const JobGroup& group) {
  std::vector<const analysis::RunAnalysis*> a;
  std::vector<const trace::StringTable*> s;
  for (const auto& x : l.analyses) a.push_back(&x);
  for (std::size_t i = 0; i < l.runs.size(); ++i) s.push_back(&l.session.strings);
  return analyzeJob(group, l.runs, a, s, "sampled");
}

// Two ranks of 128: a job with ranks missing, analysed for what is there.
TEST(MultirankFixtures, TwoOf128RanksAreOneJobWithRanksMissing) {
  auto l = load({"hta_sampled_rank0.json.gz", "hta_sampled_rank1.json.gz"});
  auto groups = findJobs(l->runs, {&l->session.strings, &l->session.strings});
  ASSERT_EQ(groups.size(), 1u);
  EXPECT_EQ(groups[0].world_size, 128);
  const JobAnalysis job = analyse(*l, groups[0]);
  ASSERT_EQ(job.ranks.size(), 2u);
  EXPECT_EQ(job.ranks[0].rank, 0);
  EXPECT_EQ(job.ranks[1].rank, 1);
  EXPECT_EQ(job.ranksMissing(), 126u);
  ASSERT_FALSE(job.notes.empty());
  EXPECT_EQ(job.notes[0], "2 of 128 ranks present: the job's figures are those of ranks 0, 1.");
  bool missingFinding = false;
  for (const auto& f : job.findings) missingFinding |= f.id == "ranks_missing";
  EXPECT_TRUE(missingFinding);

  // The definitions again, on the second reading: k-th kernel of each operation matched, rank 1's
  // shift the median of (rank 0's end − rank 1's end), arrivals, waits capped by the kernel, each
  // collective's delay.
  const auto k0 = independentCollectives("hta_sampled_rank0.json.gz");
  const auto k1 = independentCollectives("hta_sampled_rank1.json.gz");
  ASSERT_FALSE(k0.empty());
  EXPECT_EQ(job.ranks[0].collectives, k0.size());
  EXPECT_EQ(job.ranks[1].collectives, k1.size());
  std::map<std::string, std::vector<std::size_t>> ops0, ops1;
  for (std::size_t i = 0; i < k0.size(); ++i) ops0[collectiveOperation(k0[i].name)].push_back(i);
  for (std::size_t i = 0; i < k1.size(); ++i) ops1[collectiveOperation(k1[i].name)].push_back(i);
  std::vector<std::pair<std::size_t, std::size_t>> pairs;
  for (const auto& [op, list] : ops0) {
    for (std::size_t k = 0; k < std::min(list.size(), ops1[op].size()); ++k) pairs.emplace_back(list[k], ops1[op][k]);
  }
  ASSERT_EQ(job.matched_collectives, pairs.size());
  std::vector<Ns> differences;
  for (auto [a, b] : pairs) differences.push_back(k0[a].end - k1[b].end);
  std::sort(differences.begin(), differences.end());
  const std::size_t n = differences.size();
  const Ns shift = n % 2 ? differences[n / 2] : (differences[n / 2 - 1] + differences[n / 2]) / 2;
  EXPECT_EQ(job.clock.method, ClockMethod::Collectives);
  EXPECT_NEAR(static_cast<double>(job.clock.shift_ns[1]), static_cast<double>(shift), 2.0);
  Ns wait0 = 0, wait1 = 0, delay0 = 0, delay1 = 0, residual = 0;
  for (auto [a, b] : pairs) {
    const Ns arrive0 = k0[a].start, arrive1 = k1[b].start + shift;
    residual = std::max(residual, std::fabs(k1[b].end + shift - k0[a].end));
    const Ns last = std::max(arrive0, arrive1);
    wait0 += std::min(last - arrive0, k0[a].end - k0[a].start);
    wait1 += std::min(last - arrive1, k1[b].end - k1[b].start);
    (arrive1 > arrive0 ? delay1 : delay0) += std::fabs(arrive1 - arrive0);
  }
  const double slack = 4.0 * static_cast<double>(n);  // rounding of µs decimals, a few ns a collective
  EXPECT_NEAR(static_cast<double>(job.clock.max_residual_ns), static_cast<double>(residual), slack);
  EXPECT_NEAR(static_cast<double>(job.ranks[0].peer_wait_ns), static_cast<double>(wait0), slack);
  EXPECT_NEAR(static_cast<double>(job.ranks[1].peer_wait_ns), static_cast<double>(wait1), slack);
  // Each collective's delay (last arrival − second-last), summed by the rank that arrived last.
  Ns summed0 = 0, summed1 = 0;
  for (const auto& a : job.arrivals) (a.last_rank == 0 ? summed0 : summed1) += static_cast<Ns>(a.delay_ns);
  EXPECT_NEAR(static_cast<double>(summed0), static_cast<double>(delay0), slack);
  EXPECT_NEAR(static_cast<double>(summed1), static_cast<double>(delay1), slack);
  // The straggler, when named, is the rank whose being on time would end the job soonest.
  if (job.straggler) {
    EXPECT_EQ(job.straggler->rank, job.ranks[1].delay_ns > job.ranks[0].delay_ns ? 1 : 0);
  }
}

// Single ranks keep today's report: a rank alone is no job. Their collectives are still recognised.
void expectSingleRankCollectives(const std::string& file) {
  {
    auto l = load({file}, false);
    EXPECT_TRUE(findJobs(l->runs, {&l->session.strings}).empty()) << file;
    const trace::Run& run = *l->runs[0];
    const auto independent = independentCollectives(file);
    ASSERT_FALSE(independent.empty()) << file;
    const std::int32_t device = rankDevice(run, l->session.strings);
    const RankCollectives mine = findCollectives(run, l->session.strings, device);
    std::map<std::pair<std::string, std::string>, std::size_t> byOperation, expected;
    for (const auto& c : mine.kernels) ++byOperation[{c.group, c.operation}];
    for (const auto& k : independent) ++expected[{k.group, k.operation}];
    EXPECT_EQ(byOperation, expected) << file;
    EXPECT_EQ(mine.kernels.size(), independent.size()) << file;
    // Both files know the process group of their collectives: NCCL's on the kernels, RCCL's (one
    // kernel, ncclDevKernel_Generic, for every collective) on the launching record_param_comms.
    const bool rccl = file.find("rccl") != std::string::npos;
    EXPECT_GT(byOperation.count({"0", rccl ? "allreduce" : "AllReduce"}), 0u) << file;
  }
}

TEST(MultirankFixtures, SingleNcclRankCollectives) { expectSingleRankCollectives("hta_nccl_data_rank0.json.gz"); }
TEST(MultirankFixtures, SingleRcclRankCollectives) { expectSingleRankCollectives("tracelens_mi300_rccl_rank0.json.gz"); }

}  // namespace
}  // namespace feedscope::job
