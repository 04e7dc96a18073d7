// A folder of rank traces read file by file on several threads: the same runs, names, order and job
// as the one-session reading, and the first bad file (in name order) named with the folder.
#include <gtest/gtest.h>

#include <fstream>

#include "io/input_error.h"
#include "io/trace_folder.h"
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
  const auto sessions = io::openTraceFolderFiles(dir.path.string(), 3);
  ASSERT_EQ(sessions.size(), 6u);
  for (int r = 0; r < 6; ++r) EXPECT_EQ(sessions[r].runs.at(0).name, "trace_rank" + std::to_string(r));
  const Report parallel = buildFolderReport(sessions, "in", {}, 4);
  const trace::Session one = io::openTraceFolder(dir.path.string());
  const Report sequential = buildReport(one, "in", {});
  ASSERT_EQ(parallel.jobs.size(), 1u);
  ASSERT_EQ(sequential.jobs.size(), 1u);
  EXPECT_EQ(jobJson(parallel.jobs[0]), jobJson(sequential.jobs[0]));
  EXPECT_EQ(parallel.jobs[0].straggler->rank, 4);
}

TEST(FolderRead, TheFirstBadFileIsNamed) {
  testing::TempDir dir;
  testing::JobSpec spec;
  spec.world_size = 2;
  std::ofstream(dir.file("a_rank0.json")) << testing::jobRankTrace(spec, 0);
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
