// A folder of rank traces read file by file on several threads: the same runs, names, order and job
// as the one-session reading; a file that cannot be read is left out, its rank said missing.
#include <gtest/gtest.h>

#include <fstream>

#include "io/input_error.h"
#include "importers/trace_folder.h"
#include "report/report.h"
#include "report/report_json_value.h"
#include "support/job_generator.h"
#include "support/temp_dir.h"

namespace feedscope::report {
namespace {

TEST(FolderRead, ParallelReadingIsTheSequentialOne) {
  testing::TempDir dir;
  testing::JobSpec spec;
  spec.world_size = 6;
  spec.steps = 5;
  spec.straggler = 4;
  spec.cause = "compute";
  for (int r = 0; r < spec.world_size; ++r) {
    std::ofstream(dir.file("trace_rank" + std::to_string(r) + ".json")) << testing::jobRankTrace(spec, r);
  }
  const auto files = io::openTraceFolderFiles(dir.path.string(), 3);
  ASSERT_EQ(files.sessions.size(), 6u);
  EXPECT_TRUE(files.unread.empty());
  for (int r = 0; r < 6; ++r) EXPECT_EQ(files.sessions[r].runs.at(0).name, "trace_rank" + std::to_string(r));
  const Report parallel = buildFolderReport(files, "in", {}, 4);
  const trace::Session one = io::openTraceFolder(dir.path.string());
  const Report sequential = buildReport(one, "in", {});
  ASSERT_EQ(parallel.jobs.size(), 1u);
  ASSERT_EQ(sequential.jobs.size(), 1u);
  EXPECT_EQ(jobJson(parallel.jobs[0]), jobJson(sequential.jobs[0]));
  EXPECT_EQ(parallel.jobs[0].straggler->rank, 4);
}

// A rank's file cut short, or not a trace: the job is read without it, the file and its rank said.
TEST(FolderRead, AnUnreadableFileIsLeftOutAndItsRankSaidMissing) {
  testing::TempDir dir;
  testing::JobSpec spec;
  spec.world_size = 3;
  spec.straggler = 2;
  spec.cause = "compute";
  for (int r = 0; r < 3; ++r) std::ofstream(dir.file("a_rank" + std::to_string(r) + ".json")) << testing::jobRankTrace(spec, r);
  const std::string whole = testing::jobRankTrace(spec, 1);
  std::ofstream(dir.file("a_rank1.json")) << whole.substr(0, whole.size() / 2);
  const auto files = io::openTraceFolderFiles(dir.path.string(), 3);
  ASSERT_EQ(files.sessions.size(), 2u);
  ASSERT_EQ(files.unread.size(), 1u);
  EXPECT_EQ(files.unread[0].path, dir.file("a_rank1.json"));
  EXPECT_FALSE(files.unread[0].error.empty());
  const Report report = buildFolderReport(files, dir.path.string(), {}, 2);
  ASSERT_EQ(report.unread.size(), 1u);
  EXPECT_EQ(report.unread[0].rfind(dir.file("a_rank1.json") + ": ", 0), 0u) << report.unread[0];
  ASSERT_EQ(report.jobs.size(), 1u);
  const job::JobAnalysis& job = report.jobs[0];
  EXPECT_EQ(job.name, dir.path.filename().string());  // named after its folder
  EXPECT_EQ(job.ranksMissing(), 1u);
  ASSERT_EQ(job.notes.size(), 2u);
  EXPECT_EQ(job.notes[0], "2 of 3 ranks present: the job's figures are those of ranks 0, 2.");
  EXPECT_EQ(job.notes[1].rfind("a_rank1.json could not be read (", 0), 0u) << job.notes[1];
  EXPECT_NE(job.notes[1].find("): rank 1 is missing from the job"), std::string::npos) << job.notes[1];
  ASSERT_TRUE(job.straggler);
  EXPECT_EQ(job.straggler->rank, 2);
  EXPECT_EQ(job.headline.rfind("Among the 2 ranks present (of 3), rank 2 was late", 0), 0u) << job.headline;
}

// Nothing readable: the first bad file (in name order) is the error, named with the folder.
TEST(FolderRead, WithNothingReadableTheFirstBadFileIsNamed) {
  testing::TempDir dir;
  std::ofstream(dir.file("b_rank1.json")) << "{\"traceEvents\": [";
  std::ofstream(dir.file("c_rank2.json")) << "not json";
  try {
    io::openTraceFolderFiles(dir.path.string(), 3);
    FAIL() << "accepted";
  } catch (const io::InputError& e) {
    const std::string what = e.what();
    EXPECT_EQ(what.rfind(dir.path.string() + ": " + dir.file("b_rank1.json"), 0), 0u) << what;
  }
}

}  // namespace
}  // namespace feedscope::report
