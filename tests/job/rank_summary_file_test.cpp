// The .fssum file: a summary written and read back is the same summary, the job made of summaries is
// the job made of the runs, and every malformed file is refused with one line naming it.
#include "report/rank_summary_file.h"

#include <gtest/gtest.h>

#include <zlib.h>

#include <filesystem>
#include <functional>

#include "io/input_error.h"
#include "job/job_analysis.h"
#include "trace/types.h"
#include "support/temp_dir.h"
#include "job_fixture.h"
#include "report/report.h"
#include "report/report_json_value.h"
#include "support/job_simulation.h"

namespace feedscope::report {
namespace {

using trace::TimeNs;

std::string gzipped(const std::string& text) {
  z_stream z{};
  deflateInit2(&z, Z_BEST_COMPRESSION, Z_DEFLATED, 15 + 16, 9, Z_DEFAULT_STRATEGY);
  std::string out(deflateBound(&z, static_cast<uLong>(text.size())), '\0');
  z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(text.data()));
  z.avail_in = static_cast<uInt>(text.size());
  z.next_out = reinterpret_cast<Bytef*>(out.data());
  z.avail_out = static_cast<uInt>(out.size());
  deflate(&z, Z_FINISH);
  out.resize(z.total_out);
  deflateEnd(&z);
  return out;
}

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
            "r.fssum: not a Feedscope rank summary ('activity' is not an object)");
  EXPECT_EQ(refused(edited("comm_overlapped_ns", 1'000'000'000'000)),
            "r.fssum: not a Feedscope rank summary ('comm_overlapped_ns' exceeds 'comm_ns')");
  EXPECT_EQ(refused(edited("extent_ns", nlohmann::json::array({5, 1}))),
            "r.fssum: not a Feedscope rank summary ('extent_ns' ends before it starts)");
  EXPECT_EQ(refused(good), "accepted");
}

// What the issue found believed (negative waits, a collective spanning [-2^62, 2^63-1], a window of
// 2^64-1 read as -1, a step of -1 ns, a starvation share of -5e12 %) and the rest of the class: every
// field range-checked as docs/file-formats.md defines it, the fields checked against each other, each
// refusal naming the field.
struct ImpossibleSummaries : ::testing::Test {
  std::string good;
  void SetUp() override {
    testing::JobSpec spec;
    spec.world_size = 2;
    spec.collective_arguments = testing::JobSpec::CollectiveArguments::OnKernel;
    auto analysed = testing::analyseGeneratedJob(spec);
    good = rankSummaryText(summariesOf(*analysed)[0]);
  }
  // The good summary with `edit` made to its document; "@BIG@" strings become `raw` unquoted.
  std::string edited(const std::function<void(nlohmann::json&)>& edit, const std::string& raw = "") const {
    auto doc = nlohmann::json::parse(good);
    edit(doc);
    std::string text = doc.dump();
    for (std::size_t at; (at = text.find("\"@BIG@\"")) != std::string::npos;) text.replace(at, 7, raw);
    return text;
  }
  static std::string refused(const std::string& text) {
    try {
      parseRankSummary(text, "r.fssum");
    } catch (const io::InputError& e) {
      return e.what();
    }
    return "accepted";
  }
};

TEST_F(ImpossibleSummaries, AreRefusedNamingTheField) {
  const std::string prefix = "r.fssum: not a Feedscope rank summary (";
  const std::string big(400, '9');
  struct Case {
    std::function<void(nlohmann::json&)> edit;
    std::string raw;
    std::string why;  // what follows the prefix
  };
  const std::vector<Case> cases = {
      {[](nlohmann::json& d) { d["starvation_ns"] = -1; }, "", "'starvation_ns' out of range (-1, not within 0..4611686018427387904)"},
      {[](nlohmann::json& d) { d["window_ns"] = UINT64_MAX; }, "", "'window_ns' out of range (18446744073709551615, beyond a 64-bit integer)"},
      {[](nlohmann::json& d) { d["window_ns"] = "@BIG@"; }, big, "'window_ns' out of range (a number of 400 characters, beyond a 64-bit integer)"},
      {[](nlohmann::json& d) { d["window_ns"] = "@BIG@"; }, "1e3", "'window_ns' is not an integer"},
      {[](nlohmann::json& d) { d["window_ns"] = "@BIG@"; }, "1000.0", "'window_ns' is not an integer"},
      {[](nlohmann::json& d) { d["collectives"][0][0] = -(INT64_C(1) << 62); d["collectives"][0][1] = INT64_MAX; }, "",
       "'a collective's start' out of range (-4611686018427387904, not within "},
      {[](nlohmann::json& d) { d["collectives"][0][1] = d["collectives"][0][0].get<std::int64_t>() - 1; }, "",
       "a collective ends before it starts"},
      {[](nlohmann::json& d) { d["collectives"][0][6] = d["collectives"][0][0].get<std::int64_t>() + 1; }, "",
       "a collective is ready after it starts"},
      {[](nlohmann::json& d) { d["collectives"][0][7] = 0; }, "", "the first collective has an input"},
      // A resumption before the collective's end, or its own work free after the resumption.
      {[](nlohmann::json& d) {
         d["collectives"][0][10] = {d["collectives"][0][1].get<std::int64_t>() - 1, nullptr};
       }, "", "a collective's resumption is not after it"},
      {[](nlohmann::json& d) {
         const std::int64_t end = d["collectives"][0][1].get<std::int64_t>();
         d["collectives"][0][10] = {end, end + 1};
       }, "", "a collective's resumption is not after it"},
      {[](nlohmann::json& d) { d["collectives"][0][10] = {INT64_MAX, nullptr}; }, "",
       "'a collective's resumption' out of range (9223372036854775807, not within "},
      {[](nlohmann::json& d) {
         const std::int64_t end = d["collectives"][0][1].get<std::int64_t>();
         d["collectives"][0][10] = {end, end, end};
       }, "", "a collective's resumption is not [at, free]"},
      {[](nlohmann::json& d) { d["collectives"][1][7] = 1; }, "", "'a collective's input' out of range (1, not within 0..0)"},
      {[](nlohmann::json& d) { d["collectives"][0][4] = -3; }, "", "'a collective's sequence' out of range (-3, not within 0..9223372036854775807)"},
      {[](nlohmann::json& d) { d["collectives"][0][9] = {d["collectives"][0][1], d["collectives"][0][1].get<std::int64_t>() + 5}; }, "",
       "a collective's compute is not inside it, in order"},
      {[](nlohmann::json& d) { d["steps"][0][2] = d["steps"][0][1].get<std::int64_t>() - 1; }, "", "a step ends before it starts"},
      {[](nlohmann::json& d) { d["steps"][0][3]["host"] = d["steps"][0][2].get<std::int64_t>() - d["steps"][0][1].get<std::int64_t>() + 1; },
       "", "'a step's activity.host' out of range ("},
      {[](nlohmann::json& d) { d["starvation_ns"] = d["window_ns"].get<std::int64_t>() + 1; }, "", "'starvation_ns' is longer than 'window_ns'"},
      {[](nlohmann::json& d) { d["compute_ns"] = d["window_ns"].get<std::int64_t>() + 1; }, "", "'compute_ns' is longer than 'window_ns'"},
      {[](nlohmann::json& d) { d["window_ns"] = d["extent_ns"][1].get<std::int64_t>() - d["extent_ns"][0].get<std::int64_t>() + 1; }, "",
       "'window_ns' is longer than 'extent_ns'"},
      {[](nlohmann::json& d) { d["gaps_ns"]["host_other"] = -5; }, "", "'gaps_ns.host_other' out of range (-5, not within 0..4611686018427387904)"},
      {[](nlohmann::json& d) { d["gaps_ns"]["host_other"] = d["gaps_ns"]["host_other"].get<std::int64_t>() + 1; }, "",
       "'gaps_ns' do not add up to 'starvation_ns'"},
      {[](nlohmann::json& d) { d["activity"]["host"] = d["extent_ns"][1].get<std::int64_t>() - d["extent_ns"][0].get<std::int64_t>() + 1; },
       "", "'activity.host' out of range ("},
      {[](nlohmann::json& d) { d["activity"]["host_by_range"]["x"] = d["activity"]["host"].get<std::int64_t>() + 1; }, "",
       "'activity.host_by_range' adds up to more than its host time"},
      {[](nlohmann::json& d) { d["input_bound_pct"] = -5067786833393.83; }, "", "'input_bound_pct' out of range (-5067786833393.83, not within 0..100)"},
      {[](nlohmann::json& d) { d["input_bound_pct"] = "@BIG@"; }, "1e400", "'input_bound_pct' out of range (beyond a double)"},
      {[](nlohmann::json& d) { d["verdict"] = "great"; }, "", "'verdict' is no verdict (great)"},
      {[](nlohmann::json& d) { d["rank"] = INT64_C(1) << 31; }, "", "'rank' out of range (2147483648, not within 0..2147483647)"},
      {[](nlohmann::json& d) { d["world_size"] = "@BIG@"; }, big, "'world_size' out of range (a number of 400 characters, beyond a 64-bit integer)"},
      {[](nlohmann::json& d) { d["device"] = -2; }, "", "'device' out of range (-2, not within -1..2147483647)"},
      {[](nlohmann::json& d) { d["time_origin_ns"] = INT64_MAX; }, "",
       "'time_origin_ns' out of range (9223372036854775807, not within -4611686018427387904..4611686018427387904)"},
      {[](nlohmann::json& d) { d["extent_ns"] = {-(INT64_C(1) << 62), INT64_C(1) << 62}; }, "", "'extent_ns' lasts 2^62 ns or more"},
      {[](nlohmann::json& d) { d["step_median_ns"] = -1; }, "", "'step_median_ns' out of range (-1, not within 0..4611686018427387904)"},
      {[](nlohmann::json& d) { d["prefetch_step_ns"] = -1; }, "", "'prefetch_step_ns' out of range (-1, not within 0..4611686018427387904)"},
      {[](nlohmann::json& d) { d["pageable_h2d"]["count"] = -1; }, "", "'pageable_h2d.count' out of range (-1, not within 0..9223372036854775807)"},
      {[](nlohmann::json& d) { d["pageable_h2d"]["bytes"] = UINT64_MAX; }, "",
       "'pageable_h2d.bytes' out of range (18446744073709551615, beyond a 64-bit integer)"},
      {[](nlohmann::json& d) { d["findings"] = {{{"id", "x"}, {"severity", "urgent"}, {"title", "t"}, {"cost_ns", 0}}}; }, "",
       "'findings.severity' is no severity"},
      {[](nlohmann::json& d) { d["findings"] = {{{"id", "x"}, {"severity", "high"}, {"title", "t"}, {"cost_ns", -1}}}; }, "",
       "'findings.cost_ns' out of range (-1, not within 0..4611686018427387904)"},
      {[](nlohmann::json& d) { d["findings"] = {{{"id", "x"}, {"severity", "high"}, {"title", "t"}, {"cost_ns", d["window_ns"].get<std::int64_t>() + 1}}}; },
       "", "a finding costs more than 'window_ns'"},
      {[](nlohmann::json& d) { d["process_groups"]["0"] = {1, 0}; }, "", "a process group's ranks are not ascending ranks"},
  };
  ASSERT_EQ(refused(good), "accepted");
  for (const Case& c : cases) {
    const std::string message = refused(edited(c.edit, c.raw));
    EXPECT_EQ(message.rfind(prefix + c.why, 0), 0u) << message << "\n  expected: " << prefix << c.why;
  }
}

TEST_F(ImpossibleSummaries, ValidJsonIsReadWhateverItsNumbersAndKeyOrder) {
  // A key this version does not read may hold any JSON: a 400-digit number, 1e400, a deep value.
  const std::string deep = std::string(9'000, '[') + std::string(9'000, ']');
  const std::string text = edited([](nlohmann::json& d) { d["later"] = {{"n", "@BIG@"}, {"x", "@BIG@"}}; }, std::string(400, '9'));
  EXPECT_EQ(refused(text), "accepted");
  EXPECT_EQ(refused(edited([](nlohmann::json& d) { d["later"] = "@BIG@"; }, deep)), "accepted");
  // The keys in another order (nlohmann writes them sorted; the writer's order is another) and a
  // repeated key (the last one is read, as every JSON reader of the file would).
  auto doc = nlohmann::json::parse(good);
  std::string reordered = "{\"window_ns\": 1, ";
  for (auto it = doc.rbegin(); it != doc.rend(); ++it) reordered += nlohmann::json(it.key()).dump() + ":" + it.value().dump() + ",";
  reordered.back() = '}';
  EXPECT_EQ(parseRankSummary(reordered, "r.fssum").window_ns, doc["window_ns"].get<std::int64_t>());
}

TEST_F(ImpossibleSummaries, DeepJsonIsRefusedWithoutACrash) {
  for (std::size_t levels : {10'001u, 100'000u, 1'000'000u}) {
    EXPECT_EQ(refused(edited([](nlohmann::json& d) { d["later"] = "@BIG@"; }, std::string(levels, '[') + std::string(levels, ']'))),
              "r.fssum: not a Feedscope rank summary (a JSON value nested deeper than 10000 levels)");
    EXPECT_EQ(refused(std::string(levels, '[') + std::string(levels, ']')),
              "r.fssum: not a Feedscope rank summary (a JSON value nested deeper than 10000 levels)");
  }
}

// Summaries are small by nature: what a summary may inflate to is bounded, and a gzip bomb stops there
// (a 4 MB gzip once took 5.2 GB of memory before it failed).
TEST_F(ImpossibleSummaries, ASummaryIsBoundedInSize) {
  testing::TempDir dir;
  const std::string spaces(kMaxRankSummaryBytes + 1, ' ');
  const std::string plain = dir.file("plain.fssum", good + spaces);
  try {
    readRankSummary(plain);
    ADD_FAILURE() << "a summary larger than the bound was read";
  } catch (const io::InputError& e) {
    EXPECT_EQ(std::string(e.what()), plain + ": more than 64 MiB, the most a rank summary holds; refusing");
  }
  const std::string bomb = dir.file("bomb.fssum", gzipped(good + spaces + spaces));
  try {
    readRankSummary(bomb);
    ADD_FAILURE() << "a gzip bomb was read";
  } catch (const io::InputError& e) {
    EXPECT_EQ(std::string(e.what()), bomb + ": decompresses to more than 64 MiB, the most a rank summary holds; refusing");
  }
  // And `summarize` never writes what no reader takes.
  job::RankSummary huge = parseRankSummary(good, "r.fssum");
  huge.run_name = spaces;
  try {
    writeRankSummary(dir.file("huge.fssum"), huge);
    ADD_FAILURE() << "a summary larger than the bound was written";
  } catch (const io::InputError& e) {
    EXPECT_NE(std::string(e.what()).find("more than the 64 MiB a rank summary holds"), std::string::npos) << e.what();
  }
  EXPECT_FALSE(std::filesystem::exists(dir.file("huge.fssum")));
}

// Every time of a summary lies within ±2^62 ns, but two ranks at opposite ends are 2^63 apart: no
// sum or difference of their times fits an int64 (UBSan found the clock alignment, the peer waits,
// the job's window and its length overflowing). A job's ranks lie within less than 2^62 of each
// other: a rank beyond is left out, said; and no alignment moves a rank's clock past that.
job::RankSummary movedTo(job::RankSummary s, TimeNs start) {
  const TimeNs by = start - s.extent.start;
  s.time_origin += by;
  s.extent = {s.extent.start + by, s.extent.end + by};
  for (auto& c : s.collectives) {
    c.start_ns += by;
    c.end_ns += by;
    c.ready_ns += by;
    for (auto& b : c.compute_beside) b = {b.start + by, b.end + by};
    if (c.resumed) {
      c.resumed->at_ns += by;
      if (c.resumed->free_ns != job::Collective::kUnknownNs) c.resumed->free_ns += by;
    }
  }
  for (auto& st : s.steps) st.span = {st.span.start + by, st.span.end + by};
  return s;
}

TEST(JobClocks, RanksAtTheEndsOfTheTimeRuleAreNoOneJob) {
  testing::JobSpec spec;
  spec.world_size = 2;
  spec.collective_arguments = testing::JobSpec::CollectiveArguments::OnKernel;
  auto analysed = testing::analyseGeneratedJob(spec);
  auto s = summariesOf(*analysed);
  constexpr TimeNs kT = trace::kMaxTimeNs;
  // Rank 0 ends at 2^62, rank 1 starts at -2^62, their extents reaching to 1 ns either side of 0 (one
  // capture by time): their matched collectives are 2^63 apart. Each as a file holds it, read back.
  job::RankSummary high = movedTo(s[0], kT - (s[0].extent.end - s[0].extent.start));
  high.extent.start = 1;
  job::RankSummary low = movedTo(s[1], -kT);
  low.extent.end = -1;
  high = parseRankSummary(rankSummaryText(high), "high.fssum");
  low = parseRankSummary(rankSummaryText(low), "low.fssum");
  const Report report = buildSummaryReport({high, low}, "in");
  for (const auto& j : report.jobs) {
    for (TimeNs shift : j.clock.shift_ns) EXPECT_LT(std::llabs(shift), kT);
    EXPECT_LT(static_cast<std::uint64_t>(j.window.end) - static_cast<std::uint64_t>(j.window.start),
              static_cast<std::uint64_t>(kT));
  }
  bool saidLeftOut = false;
  for (const auto& j : report.jobs) {
    for (const auto& note : j.notes) saidLeftOut |= note.rfind("Rank 1 left out: its recorded times lie more than 2^62 ns", 0) == 0;
  }
  const bool twoCaptures = report.jobs.size() == 2;
  EXPECT_TRUE(saidLeftOut) << "one job of ranks 2^63 ns apart";
  EXPECT_FALSE(twoCaptures);
  (void)renderJsonReport(report);
  (void)renderTextReport(report);
  // The ranks' own clocks near each other, but their collectives 0.6 * 2^62 apart: aligning would
  // stretch the job past the rule; the rank keeps its recorded clock and that is said.
  job::RankSummary near0 = movedTo(s[0], 0), near1 = movedTo(s[1], 0);
  near0.extent.end = near1.extent.end = kT / 10 * 6;
  for (auto& c : near0.collectives) c.start_ns = c.end_ns = c.ready_ns = near0.extent.end - 1, c.compute_beside.clear();
  const job::JobAnalysis stretched = job::analyzeJob({near0, near1}, {}, 2, "stretched");
  EXPECT_EQ(stretched.clock.outside_window, (std::vector<std::size_t>{1}));
  EXPECT_EQ(stretched.clock.shift_ns.at(1), 0);
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
