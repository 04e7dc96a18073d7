// The main window as a user meets it: the samples open side by side, the summary says how starved
// each run was, a finding zooms the timeline to its evidence, every export writes a real file, a bad
// file is an error message and not a crash, dropped files join the comparison.
#include "ui/main_window.h"

#include <gtest/gtest.h>

#include <QApplication>
#include <QBarSet>
#include <QChart>
#include <QDropEvent>
#include <QImage>
#include <QLineSeries>
#include <QMimeData>
#include <QScatterSeries>
#include <QSignalSpy>
#include <QStackedBarSeries>
#include <QTableView>
#include <QUrl>
#include <nlohmann/json.hpp>

#include "support/temp_dir.h"
#include "ui/charts_panel.h"
#include "ui/compare_panel.h"
#include "ui/exporters.h"
#include "ui/findings_model.h"
#include "ui/findings_panel.h"
#include "ui/recent_files.h"
#include "ui/timeline_widget.h"
#include "ui_fixture.h"
#include "view/chart_data.h"

namespace feedscope::ui {
namespace {

using testing::kNaive;
using testing::kStream;
using testing::TempDir;
using testing::waitUntil;

struct WindowFixture : ::testing::Test {
  MainWindow window{false};
  void SetUp() override {
    window.resize(1600, 1000);
    window.show();
    QSignalSpy loaded(&window, &MainWindow::documentLoaded);
    window.openFiles({QString::fromStdString(kNaive), QString::fromStdString(kStream)});
    ASSERT_TRUE(waitUntil([&] { return loaded.count() == 1; }));
  }
};

TEST_F(WindowFixture, ShowsBothRunsWithTheirVerdicts) {
  auto doc = window.document();
  ASSERT_TRUE(doc);
  ASSERT_EQ(doc->runs.size(), 2u);
  QString summary = window.summaryText();
  EXPECT_TRUE(summary.contains("starved 45.06 % of the GPU window")) << summary.toStdString();
  EXPECT_TRUE(summary.contains("highly input-bound"));
  EXPECT_TRUE(summary.contains("h200_stream: 1.76x the steps per second of h200_naive"))
      << summary.toStdString();
  EXPECT_TRUE(window.comparePanel()->verdictText().contains("starvation 45.1 % → 16.0 %"));
  EXPECT_EQ(window.timeline()->document(), doc.get());
  EXPECT_EQ(window.windowTitle(), "Feedscope — h200_naive, h200_stream");
  QStringList recent = RecentFiles::load();
  EXPECT_TRUE(recent.contains(QString::fromStdString(kStream)));
}

TEST_F(WindowFixture, ChartsCarryTheCoresSeries) {
  auto doc = window.document();
  QChart* steps = window.charts()->stepTimeChart();
  ASSERT_EQ(steps->series().size(), 2);
  auto* naive = qobject_cast<QLineSeries*>(steps->series().at(0));
  ASSERT_NE(naive, nullptr);
  auto expected = view::stepTimesMs(*doc->analyses[0].primary());
  ASSERT_EQ(naive->count(), static_cast<int>(expected.size()));
  EXPECT_DOUBLE_EQ(naive->at(5).y(), expected[5].y);
  // Stacked breakdown: four parts, one bar per run.
  auto* stacked = qobject_cast<QStackedBarSeries*>(window.charts()->breakdownChart()->series().at(0));
  ASSERT_NE(stacked, nullptr);
  ASSERT_EQ(stacked->count(), 4);
  EXPECT_DOUBLE_EQ(stacked->barSets().at(1)->at(0), view::timeBreakdown(doc->analyses[0]).exposed_copy_ms);
  // Bandwidth: naive pageable and stream pinned, 32 copies each.
  auto scatter = window.charts()->bandwidthChart()->series();
  ASSERT_EQ(scatter.size(), 2);
  EXPECT_EQ(qobject_cast<QScatterSeries*>(scatter.at(0))->count(), 32);
  EXPECT_TRUE(scatter.at(0)->name().endsWith("pageable"));
  EXPECT_TRUE(scatter.at(1)->name().endsWith("pinned"));
  EXPECT_EQ(window.charts()->gapChart()->series().size(), 1);
}

TEST_F(WindowFixture, AFindingZoomsTheTimelineToItsEvidence) {
  FindingsPanel* panel = window.findings();
  int row = 0;
  while (panel->model()->finding(row)->id != "pageable_h2d") ++row;
  panel->activate(row);
  const auto& span = panel->model()->finding(row)->ranges.front().span;
  auto* model = window.document()->timeline.get();
  view::TimeRange evidence{model->toDisplay(0, span.start), model->toDisplay(0, span.end)};
  const auto& vp = window.timeline()->viewport();
  ASSERT_TRUE(vp.selection());
  EXPECT_NEAR(vp.selection()->start, evidence.start, 1);
  EXPECT_NEAR(vp.selection()->end, evidence.end, 1);
  // The evidence fills the middle third of the view.
  EXPECT_NEAR(vp.visible().length(), 3 * evidence.length(), 1);
}

TEST_F(WindowFixture, EveryExportWritesItsFile) {
  TempDir dir;
  for (const auto& format : exportFormats()) {
    std::string path = dir.file("out-" + format.id + "." + format.suffix);
    QString error = window.exportTo(QString::fromStdString(format.id), QString::fromStdString(path));
    ASSERT_TRUE(error.isEmpty()) << format.id << ": " << error.toStdString();
    std::string text = testing::readWholeFile(path);
    ASSERT_GT(text.size(), 100u) << format.id;
    if (format.suffix == "json") {
      EXPECT_TRUE(nlohmann::json::accept(text)) << format.id;
    }
    EXPECT_NE(text.find("h200_stream"), std::string::npos) << format.id;
  }
  EXPECT_EQ(testing::readWholeFile(dir.file("out-csv.csv")).substr(0, 10), "run,track,");
  EXPECT_EQ(testing::readWholeFile(dir.file("out-html.html")).rfind("<!DOCTYPE html>", 0), 0u);
  std::string png = dir.file("view.png");
  ASSERT_TRUE(window.exportTo("png", QString::fromStdString(png)).isEmpty());
  QImage image(QString::fromStdString(png));
  EXPECT_EQ(image.size(), window.timeline()->size());
  // An unwritable target is one line of error, not a crash.
  QString error = window.exportTo("md", "/nonexistent-folder/x.md");
  EXPECT_FALSE(error.isEmpty());
  EXPECT_FALSE(error.contains('\n'));
}

TEST_F(WindowFixture, ABadFileIsAnErrorAndTheWindowKeepsItsRuns) {
  TempDir dir;
  QSignalSpy failed(&window, &MainWindow::loadFailed);
  window.openFiles({QString::fromStdString(dir.file("broken.json.gz", "\x1f\x8b\x08\x00garbage"))});
  ASSERT_TRUE(waitUntil([&] { return failed.count() == 1; }));
  QString error = failed.first().at(0).toString();
  EXPECT_TRUE(error.contains("broken.json.gz")) << error.toStdString();
  EXPECT_FALSE(error.contains('\n'));
  EXPECT_EQ(window.document()->runs.size(), 2u);
}

TEST_F(WindowFixture, DroppedFilesJoinTheComparison) {
  QMimeData mime;
  mime.setUrls(
      {QUrl::fromLocalFile(QString::fromStdString(FEEDSCOPE_TEST_DATA_DIR "/h200/h200_trap.json.gz"))});
  QSignalSpy loaded(&window, &MainWindow::documentLoaded);
  // Straight to the window's event handler: QApplication only delivers a drop after a real drag.
  QDragEnterEvent enter(QPoint(200, 200), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
  static_cast<QObject&>(window).event(&enter);
  EXPECT_TRUE(enter.isAccepted());
  QDropEvent drop(QPointF(200, 200), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
  static_cast<QObject&>(window).event(&drop);
  ASSERT_TRUE(waitUntil([&] { return loaded.count() == 1; }));
  ASSERT_EQ(window.document()->runs.size(), 3u);
  EXPECT_EQ(window.document()->run(2).name, "h200_trap");
  EXPECT_EQ(window.document()->compare.verdicts.size(), 2u);
}

}  // namespace
}  // namespace feedscope::ui
