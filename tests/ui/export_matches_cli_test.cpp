// The GUI's File ▸ Export writes what `feedscope report` writes for the same input (issue 34, item 1;
// docs/gui.md "Export"): byte for byte, for a folder of ranks (the job, its straggler, a rank that
// could not be read), for one trace, and for two traces opened together (`report A --compare B`).
// The CLI is the binary built here; the GUI is the real main window, export by export.
#include <gtest/gtest.h>

#include <QSignalSpy>
#include <atomic>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "support/cli_run.h"
#include "support/job_generator.h"
#include "support/temp_dir.h"
#include "ui/document.h"
#include "ui/exporters.h"
#include "ui/main_window.h"
#include "view/timeline_model.h"
#include "ui_fixture.h"

namespace feedscope::ui {
namespace {

const std::string kData = FEEDSCOPE_TEST_DATA_DIR;

std::string quoted(const std::string& s) { return "'" + s + "'"; }

// Opens `inputs` in a main window, as File ▸ Open and File ▸ Open Folder do.
std::unique_ptr<MainWindow> opened(const QStringList& inputs) {
  auto window = std::make_unique<MainWindow>(false);
  window->resize(1280, 800);
  QSignalSpy loaded(window.get(), &MainWindow::documentLoaded);
  window->openFiles(inputs);
  EXPECT_TRUE(testing::waitUntil([&] { return loaded.count() == 1; }));
  return window;
}

// Each report format exported by the window and written by `feedscope report cliArgs`, compared.
void expectTheSameReports(MainWindow& window, const std::string& cliArgs, testing::TempDir& dir) {
  for (const std::string format : {"json", "md", "html"}) {
    const std::string gui = dir.path.string() + "/gui." + format;
    const std::string cli = dir.path.string() + "/cli." + format;
    EXPECT_EQ(window.exportTo(QString::fromStdString(format), QString::fromStdString(gui)).toStdString(), "");
    const auto run = testing::runCli("report " + cliArgs + " --format " + format + " -o " + quoted(cli));
    ASSERT_EQ(run.code, 0) << run.err;
    const std::string guiText = testing::readWholeFile(gui);
    ASSERT_FALSE(guiText.empty()) << format;
    EXPECT_TRUE(guiText == testing::readWholeFile(cli)) << format << ": the GUI's export differs from the CLI's report";
  }
}

TEST(ExportMatchesCli, AFolderOfRanksExportsAsTheJobItIs) {
  testing::TempDir dir;
  testing::JobSpec spec;
  spec.world_size = 4;
  spec.steps = 5;
  spec.straggler = 2;
  spec.cause = "data_loading";
  spec.clock_offset_ns = {0, 3'000'000, -2'000'000, 5'000'000};
  const std::filesystem::path folder = dir.path / "nightly-job";
  std::filesystem::create_directory(folder);
  for (int r = 0; r < 3; ++r) {
    std::ofstream((folder / ("rank" + std::to_string(r) + ".json")).string()) << testing::jobRankTrace(spec, r);
  }
  // Rank 3's trace was cut short: the job is read without it, and both say so.
  const std::string rank3 = testing::jobRankTrace(spec, 3);
  std::ofstream((folder / "rank3.json").string()) << rank3.substr(0, rank3.size() / 2);

  auto window = opened({QString::fromStdString(folder.string())});
  ASSERT_TRUE(window->document());
  expectTheSameReports(*window, quoted(folder.string()), dir);

  // What both say: the job, its straggler, the missing rank; no rank compared with rank 0 as an A/B run.
  const auto json = nlohmann::json::parse(testing::readWholeFile(dir.file("gui.json")));
  ASSERT_EQ(json["jobs"].size(), 1u);
  EXPECT_EQ(json["jobs"][0]["name"], "nightly-job");
  EXPECT_EQ(json["jobs"][0]["straggler"]["rank"], 2);
  EXPECT_TRUE(json["comparisons"].empty());
  ASSERT_EQ(json["unread"].size(), 1u);
  EXPECT_NE(json["unread"][0].dump().find("rank3.json"), std::string::npos);
  EXPECT_NE(json["jobs"][0].dump().find("rank 3 is missing from the job"), std::string::npos);

  // The proposed file name is the job's, not its ranks'.
  EXPECT_EQ(exportedNames(*window->document()), QStringList{"nightly-job"});
}

TEST(ExportMatchesCli, AJobBesideAnotherRunIsComparedAsTheReportComparesIt) {
  // One rule for what is compared with what (report::comparedRuns, docs/metrics.md): a folder of three
  // ranks and a single-GPU trace. The baseline is rank 0; rank 1 and rank 2 are of its job (not
  // compared); the other trace is compared with rank 0, in the report, the export and the Compare tab.
  testing::TempDir dir;
  testing::JobSpec spec;
  spec.world_size = 3;
  spec.steps = 4;
  spec.straggler = 1;
  spec.cause = "compute";
  const std::filesystem::path folder = dir.path / "mixed";
  std::filesystem::create_directory(folder);
  for (int r = 0; r < 3; ++r) {
    std::ofstream((folder / ("rank" + std::to_string(r) + ".json")).string()) << testing::jobRankTrace(spec, r);
  }
  std::filesystem::copy_file(kData + "/h200/h200_naive.json.gz", folder / "single.json.gz");
  auto window = opened({QString::fromStdString(folder.string())});
  ASSERT_TRUE(window->document());
  expectTheSameReports(*window, quoted(folder.string()), dir);
  const auto doc = window->document();
  ASSERT_EQ(doc->runs.size(), 4u);
  ASSERT_EQ(doc->jobs.size(), 1u);
  EXPECT_EQ(doc->compare_runs, (std::vector<std::size_t>{0, 3}));
  EXPECT_EQ(doc->compare.runs.size(), 2u);
  const auto json = nlohmann::json::parse(testing::readWholeFile(dir.path.string() + "/gui.json"));
  ASSERT_EQ(json["comparisons"].size(), 1u);
  // The Compare tab with the other trace as baseline (its "Use as A/B baseline"): every rank is
  // compared with it; with rank 1 as baseline, only the other trace.
  std::atomic<bool> cancelled{false};
  auto loaded = loadDocument({folder.string()}, nullptr, [](double, const std::string&) {}, cancelled);
  ASSERT_TRUE(compareWith(*loaded, 3));
  EXPECT_EQ(loaded->compare_runs, (std::vector<std::size_t>{0, 1, 2, 3}));
  EXPECT_EQ(loaded->compare.baseline_run, 3u);
  // The timeline's A/B lanes compare the same pairs: every run has one; with the other trace as
  // baseline each rank's lane holds its steps against it and the baseline's own is empty.
  auto abLaneSteps = [&](const Document& shown) {
    std::vector<std::size_t> steps(shown.runs.size(), 99);
    for (const auto& lane : shown.timeline->lanes()) {
      if (lane.kind == view::LaneKind::IdleDifference) steps[lane.run] = lane.interval_count;
    }
    return steps;
  };
  auto steps = abLaneSteps(*loaded);
  EXPECT_GT(steps[0], 0u);
  EXPECT_GT(steps[1], 0u);
  EXPECT_GT(steps[2], 0u);
  EXPECT_EQ(steps[3], 0u);
  // Rank 1 as baseline: rank 0 is of its job (an empty lane, as rank 1's own), the other trace
  // against it.
  ASSERT_TRUE(compareWith(*loaded, 1));
  EXPECT_EQ(loaded->compare_runs, (std::vector<std::size_t>{1, 3}));
  steps = abLaneSteps(*loaded);
  EXPECT_EQ(steps[0], 0u);
  EXPECT_EQ(steps[1], 0u);
  EXPECT_EQ(steps[2], 0u);
  EXPECT_GT(steps[3], 0u);
}

TEST(ExportMatchesCli, OneTraceExportsAsItsReport) {
  testing::TempDir dir;
  const std::string trace = kData + "/h200/h200_custombatch.json.gz";
  auto window = opened({QString::fromStdString(trace)});
  expectTheSameReports(*window, quoted(trace), dir);
}

TEST(ExportMatchesCli, TwoTracesOpenedTogetherExportAsTheirComparison) {
  testing::TempDir dir;
  const std::string a = kData + "/h200/h200_naive.json.gz";
  const std::string b = kData + "/h200/h200_stream.json.gz";
  auto window = opened({QString::fromStdString(a), QString::fromStdString(b)});
  expectTheSameReports(*window, quoted(a) + " --compare " + quoted(b), dir);
  const auto json = nlohmann::json::parse(testing::readWholeFile(dir.file("gui.json")));
  EXPECT_EQ(json["comparisons"].size(), 1u);
  EXPECT_EQ(exportedNames(*window->document()), (QStringList{"h200_naive", "h200_stream"}));
}

}  // namespace
}  // namespace feedscope::ui
