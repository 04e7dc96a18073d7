// The .fssum file: a summary written and read back is the same summary, the job made of summaries is
// the job made of the runs, and every malformed file is refused with one line naming it.
#include "report/rank_summary_file.h"

#include <gtest/gtest.h>

#include "io/input_error.h"
#include "job_fixture.h"
#include "report/report.h"
#include "report/report_json_value.h"
#include "support/job_simulation.h"

namespace feedscope::report {
namespace {

bool sameActivity(const job::ActivityTimes& a, const job::ActivityTimes& b) {
  return a.ns == b.ns && a.host_by_range == b.host_by_range;
}

void expectSame(const job::RankSummary& a, const job::RankSummary& b) {
  EXPECT_EQ(a.run_name, b.run_name);
  EXPECT_EQ(a.identity.rank, b.identity.rank);
  EXPECT_EQ(a.identity.world_size, b.identity.world_size);
  EXPECT_EQ(a.identity.source, b.identity.source);
  EXPECT_EQ(a.device, b.device);
  EXPECT_EQ(a.device_name, b.device_name);
  EXPECT_EQ(a.time_origin, b.time_origin);
  EXPECT_EQ(a.extent, b.extent);
  EXPECT_EQ(a.folder, b.folder);
  EXPECT_EQ(a.process_groups, b.process_groups);
  ASSERT_EQ(a.collectives.size(), b.collectives.size());
  for (std::size_t i = 0; i < a.collectives.size(); ++i) {
    // Times, operation, group, sequence number, stream, readiness, input, gating, compute beside it.
    EXPECT_EQ(a.collectives[i], b.collectives[i]) << i;
  }
  EXPECT_TRUE(sameActivity(a.activity, b.activity));
  EXPECT_EQ(a.window_ns, b.window_ns);
  EXPECT_EQ(a.starvation_ns, b.starvation_ns);
  EXPECT_EQ(a.compute_ns, b.compute_ns);
  EXPECT_EQ(a.comm_ns, b.comm_ns);
  EXPECT_EQ(a.comm_overlapped_ns, b.comm_overlapped_ns);
  EXPECT_EQ(a.gaps, b.gaps);
  EXPECT_EQ(a.step_median_ns, b.step_median_ns);
  EXPECT_EQ(a.steps, b.steps);
  EXPECT_EQ(a.prefetch_step_ns, b.prefetch_step_ns);
  EXPECT_EQ(a.pageable_h2d_count, b.pageable_h2d_count);
  EXPECT_EQ(a.pageable_h2d_bytes, b.pageable_h2d_bytes);
  EXPECT_EQ(a.pageable_h2d_ns, b.pageable_h2d_ns);
  EXPECT_EQ(a.verdict, b.verdict);
  EXPECT_DOUBLE_EQ(a.input_bound_pct, b.input_bound_pct);
  EXPECT_EQ(a.findings, b.findings);
}

std::vector<job::RankSummary> summariesOf(const testing::AnalysedJob& analysed) {
  std::vector<job::RankSummary> out;
  for (const auto& m : analysed.groups.at(0).members) {
    out.push_back(job::summarizeRank(analysed.session.runs[m.run], analysed.session.strings, analysed.analyses[m.run],
                                     m.identity));
  }
  return out;
}

TEST(RankSummaryFile, RoundTripAndTheSameJob) {
  testing::JobSpec spec;
  spec.world_size = 4;
  spec.straggler = 2;
  spec.cause = "host";
  spec.clock_offset_ns = {0, 3'000'000, -1'500'000, 700'000};
  spec.collective_arguments = testing::JobSpec::CollectiveArguments::OnKernel;
  spec.first_step = {0, 0, 0, 1};  // matched by sequence number, from the summaries as from the traces
  auto analysed = testing::analyseGeneratedJob(spec);
  const auto summaries = summariesOf(*analysed);
  ASSERT_EQ(summaries[0].collectives.at(3).group, "0");
  EXPECT_EQ(summaries[0].collectives.at(3).sequence, 3);
  EXPECT_EQ(summaries[3].collectives.at(0).sequence, 1);
  std::vector<job::RankSummary> read;
  for (const auto& s : summaries) {
    read.push_back(parseRankSummary(rankSummaryText(s), "rank.fssum"));
    expectSame(s, read.back());
  }
  // A summary of version 1 lacks each collective's context and each step's activity: refused, with
  // what to do.
  nlohmann::json older = nlohmann::json::parse(rankSummaryText(summaries[0]));
  older["version"] = 1;
  try {
    parseRankSummary(older.dump(), "older.fssum");
    ADD_FAILURE() << "a version 1 summary was read";
  } catch (const io::InputError& e) {
    EXPECT_NE(std::string(e.what()).find("older.fssum: rank summary version 1 was written by an older Feedscope"),
              std::string::npos)
        << e.what();
  }
  ASSERT_FALSE(summaries[2].steps.empty());
  EXPECT_FALSE(summaries[2].steps[0].activity.host_by_range.empty());  // the range names travel
  // The job of the summaries read back is the job of the runs, figure for figure.
  Report fromSummaries = buildSummaryReport(read, "sums");
  nlohmann::json a = jobJson(analysed->jobs.at(0)), b = jobJson(fromSummaries.jobs.at(0));
  a.erase("name");
  b.erase("name");
  EXPECT_EQ(a, b);
}

// A DLRM job whose hosts wait for their all-to-alls (tests/support/job_simulation.h): each collective's
// resumption travels in the summary, and the job of the summaries is the job of the traces. A version
// 2 summary written before resumptions were kept (ten items a collective) is still read: the rank
// resumed at the end of each collective that gated it.
TEST(RankSummaryFile, ResumptionsTravelAndOlderSummariesResumeAtTheEnd) {
  namespace sim = testing::sim;
  sim::Spec spec;
  spec.world_size = 4;
  spec.steps = 4;
  spec.layout = sim::Layout::TorchRec;
  spec.wait = sim::Wait::HostSync;
  spec.event_latency_ns = 4'000;
  spec.sync_return_ns = 8'000;
  spec.clock_offset_ns = {0, 9'000'000, -4'000'000, 1'500'000};
  spec.lateness = {{3, -1, "load", 3'000'000}};
  const sim::Job job = sim::simulate(spec);
  std::vector<std::string> traces, names;
  for (int r = 0; r < spec.world_size; ++r) {
    traces.push_back(sim::kinetoTrace(job, r));
    names.push_back("dlrm_rank" + std::to_string(r));
  }
  auto analysed = testing::analyseJobTraces(traces, names);
  const auto summaries = summariesOf(*analysed);
  std::size_t resumed = 0;
  std::vector<job::RankSummary> read, older;
  for (const auto& s : summaries) {
    for (const auto& c : s.collectives) resumed += c.resumed.has_value();
    read.push_back(parseRankSummary(rankSummaryText(s), "rank.fssum"));
    expectSame(s, read.back());
    nlohmann::json doc = nlohmann::json::parse(rankSummaryText(s));
    for (auto& c : doc["collectives"]) c.erase(10);
    older.push_back(parseRankSummary(doc.dump(), "older.fssum"));
    ASSERT_EQ(older.back().collectives.size(), s.collectives.size());
    for (std::size_t i = 0; i < s.collectives.size(); ++i) {
      const job::Collective& c = older.back().collectives[i];
      EXPECT_EQ(c.gates_rank, s.collectives[i].gates_rank);
      if (c.gates_rank) {
        EXPECT_EQ(c.resumed, (job::Collective::Resumption{c.end_ns, job::Collective::kUnknownNs})) << i;
      } else {
        EXPECT_FALSE(c.resumed) << i;
      }
    }
  }
  EXPECT_GT(resumed, 0u);
  Report fromSummaries = buildSummaryReport(read, "sums");
  nlohmann::json a = jobJson(analysed->jobs.at(0)), b = jobJson(fromSummaries.jobs.at(0));
  a.erase("name");
  b.erase("name");
  EXPECT_EQ(a, b);
  ASSERT_TRUE(analysed->jobs.at(0).straggler);
  EXPECT_EQ(analysed->jobs.at(0).straggler->rank, 3);
  // The older summaries still name the straggler.
  const Report fromOlder = buildSummaryReport(older, "sums");
  ASSERT_TRUE(fromOlder.jobs.at(0).straggler);
  EXPECT_EQ(fromOlder.jobs.at(0).straggler->rank, 3);
  // A resumption before the collective ended, or one of no time, is refused.
  nlohmann::json bad = nlohmann::json::parse(rankSummaryText(summaries[0]));
  for (auto& c : bad["collectives"]) {
    if (!c[10].is_null()) {
      c[10][0] = c[1].get<std::int64_t>() - 1;
      break;
    }
  }
  EXPECT_THROW(parseRankSummary(bad.dump(), "bad.fssum"), io::InputError);
  bad = nlohmann::json::parse(rankSummaryText(summaries[0]));
  bad["collectives"][0][10] = nlohmann::json::array({"soon", nullptr});
  EXPECT_THROW(parseRankSummary(bad.dump(), "bad.fssum"), io::InputError);
}

TEST(RankSummaryFile, MalformedFilesAreRefusedNamingTheFile) {
  testing::JobSpec spec;
  spec.world_size = 2;
  auto analysed = testing::analyseGeneratedJob(spec);
  const std::string good = rankSummaryText(summariesOf(*analysed)[0]);
  auto refused = [](const std::string& text) -> std::string {
    try {
      parseRankSummary(text, "r.fssum");
    } catch (const io::InputError& e) {
      return e.what();
    }
    return "accepted";
  };
  EXPECT_EQ(refused("not json"), "r.fssum: not a Feedscope rank summary (not JSON)");
  EXPECT_EQ(refused(good.substr(0, good.size() / 2)), "r.fssum: not a Feedscope rank summary (not JSON)");
  EXPECT_EQ(refused("[]"), "r.fssum: not a Feedscope rank summary (not a JSON object)");
  EXPECT_EQ(refused(R"({"version": 1})"), "r.fssum: not a Feedscope rank summary (no \"format\": \"feedscope-rank-summary\")");
  auto edited = [&](const std::string& key, const nlohmann::json& value) {
    auto doc = nlohmann::json::parse(good);
    if (value.is_discarded()) {
      doc.erase(key);
    } else {
      doc[key] = value;
    }
    return doc.dump();
  };
  EXPECT_EQ(refused(edited("version", 3)),
            "r.fssum: rank summary version 3 is newer than this Feedscope reads (2): update Feedscope");
  EXPECT_EQ(refused(edited("collectives", nlohmann::json::value_t::discarded)),
            "r.fssum: not a Feedscope rank summary (missing 'collectives')");
  EXPECT_EQ(refused(edited("rank", "three")), "r.fssum: not a Feedscope rank summary ('rank' is not an integer)");
  EXPECT_EQ(refused(edited("world_size", 0)),
            "r.fssum: not a Feedscope rank summary ('world_size' must be larger than 'rank')");
  EXPECT_EQ(refused(edited("activity", nlohmann::json::array())),
            "r.fssum: not a Feedscope rank summary (expected an object around 'data_loading')");
  EXPECT_EQ(refused(edited("comm_overlapped_ns", 1'000'000'000'000)),
            "r.fssum: not a Feedscope rank summary ('comm_overlapped_ns' exceeds 'comm_ns')");
  EXPECT_EQ(refused(edited("extent_ns", nlohmann::json::array({5, 1}))),
            "r.fssum: not a Feedscope rank summary ('extent_ns' ends before it starts)");
  EXPECT_EQ(refused(good), "accepted");
}

// Summaries of one rank twice, or of two world sizes, are of two jobs: each its own, never one made of both.
TEST(RankSummaryFile, TwoSummariesOfOneRankOrTwoWorldSizesAreTwoJobs) {
  testing::JobSpec spec;
  spec.world_size = 2;
  auto analysed = testing::analyseGeneratedJob(spec);
  auto s = summariesOf(*analysed);
  auto other = s[1];
  other.identity.world_size = 4;
  const Report worlds = buildSummaryReport({s[0], s[1], other}, "in");
  ASSERT_EQ(worlds.jobs.size(), 2u);
  EXPECT_EQ(worlds.jobs[0].ranks.size(), 2u);
  EXPECT_EQ(worlds.jobs[1].ranks.size(), 1u);
  EXPECT_EQ(worlds.jobs[1].world_size, 4);
  // The same two ranks twice, at the same time and steps, under the same names: nothing tells them
  // apart but their order, and that is said.
  const Report twice = buildSummaryReport({s[0], s[1], s[0], s[1]}, "in");
  ASSERT_EQ(twice.jobs.size(), 2u);
  EXPECT_EQ(twice.jobs[0].name, "trace (capture 1)");
  EXPECT_EQ(twice.jobs[1].name, "trace (capture 2)");
  ASSERT_FALSE(twice.jobs[0].notes.empty());
  EXPECT_EQ(twice.jobs[0].notes.back(),
            "rank 0 appears 2 times (trace_rank0, trace_rank0) in captures that neither their times, their steps nor "
            "their file names tell apart: read as jobs in file order, a rank seen again starting another");
}

}  // namespace
}  // namespace feedscope::report
