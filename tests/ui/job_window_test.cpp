// docs/gui.md "Jobs": the ranks of one job opened together read as the job — its straggler sentence
// first, the ranks as rows of the Compare tab, the timeline on the job's clock, and a click on a wait
// going to the late rank's arrival. Traces from the job generator: the answers are its parameters.
#include <gtest/gtest.h>

#include <QAction>
#include <QApplication>
#include <QFileDialog>
#include <QSignalSpy>
#include <QTimer>
#include <atomic>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <QTableWidget>

#include "store/session_store.h"
#include "support/cli_run.h"
#include "support/job_generator.h"
#include "support/recorded_job.h"
#include "support/temp_dir.h"
#include "present/palette.h"
#include "ui/compare_panel.h"
#include "ui/qt_color.h"
#include "ui/document.h"
#include "ui/findings_model.h"
#include "ui/findings_panel.h"
#include "ui/main_window.h"
#include "ui/timeline_widget.h"
#include "ui_fixture.h"

namespace feedscope::ui {
namespace {

TEST(JobWindow, RanksOpenAsOneJobWithItsStragglerFirst) {
  testing::TempDir dir;
  testing::JobSpec spec;
  spec.world_size = 4;
  spec.steps = 6;
  spec.straggler = 1;
  spec.cause = "data_loading";
  spec.clock_offset_ns = {0, -4'000'000, 2'500'000, 7'000'000};
  QStringList files;
  for (int r = 0; r < 4; ++r) {
    files << QString::fromStdString(dir.file("trace_rank" + std::to_string(r) + ".json", testing::jobRankTrace(spec, r)));
  }
  MainWindow window{false};
  window.resize(1280, 800);
  window.show();
  QSignalSpy loaded(&window, &MainWindow::documentLoaded);
  window.openFiles(files);
  ASSERT_TRUE(testing::waitUntil([&] { return loaded.count() == 1; }));
  auto doc = window.document();
  ASSERT_TRUE(doc);
  ASSERT_EQ(doc->jobs.size(), 1u);
  EXPECT_TRUE(doc->compare_runs.empty()) << "ranks of one job are not A/B runs";

  const QString summary = window.summaryText();
  EXPECT_TRUE(summary.startsWith("<b>")) << summary.toStdString();
  EXPECT_TRUE(summary.section("<br>", 0, 0).contains("rank 1 was late in 6 of 6 steps")) << summary.toStdString();
  // A rank's own line says what the job cost it: its waits for rank 1 count as starvation there.
  EXPECT_TRUE(summary.contains("in the job: starved")) << summary.toStdString();
  EXPECT_TRUE(summary.contains("waiting for rank 1")) << summary.toStdString();

  const QTableWidget* ranks = window.comparePanel()->ranksTable();
  ASSERT_EQ(ranks->rowCount(), 4);
  EXPECT_EQ(ranks->horizontalHeaderItem(5)->text(), "peer wait");
  EXPECT_EQ(ranks->item(1, 0)->text(), "1");
  EXPECT_EQ(ranks->horizontalHeaderItem(6)->text(), "late in");
  EXPECT_EQ(ranks->item(1, 6)->text(), "6 of 6 steps");  // late in every step
  EXPECT_TRUE(window.comparePanel()->jobText().contains("4 of 4 ranks")) << window.comparePanel()->jobText().toStdString();

  const view::TimelineModel& model = *doc->timeline;
  EXPECT_EQ(model.alignment(), view::Alignment::JobClock);
  // A click on rank 0's first wait selects rank 1's all-reduce kernel where rank 1 arrived.
  std::optional<view::ItemRef> wait;
  for (std::size_t l = 0; l < model.lanes().size() && !wait; ++l) {
    const auto& lane = model.lanes()[l];
    if (lane.kind == view::LaneKind::PeerWait && lane.run == 0 && lane.interval_count > 0) wait = view::ItemRef{l, 0, 0};
  }
  ASSERT_TRUE(wait);
  const view::PeerWait* w = model.lanes()[wait->lane].rows[0].peerWait(0);
  ASSERT_NE(w, nullptr);
  ASSERT_TRUE(window.timeline()->jumpToLateArrival(*wait));
  const std::optional<view::ItemRef> selected = window.timeline()->selectedItem();
  ASSERT_TRUE(selected);
  const auto& lane = model.lanes()[selected->lane];
  EXPECT_EQ(lane.run, 1u);
  EXPECT_EQ(lane.kind, view::LaneKind::Kernels);
  EXPECT_EQ(lane.rows[selected->row].start(selected->item), w->late_arrival_ns);
  // Not a wait: nothing to jump to.
  EXPECT_FALSE(window.timeline()->jumpToLateArrival(*selected));

  // The findings dock leads with the job's own finding, its cost a share of the job's step; its
  // evidence is on rank 1's clock: a click selects a lead-up that ends where one of rank 1's kernels
  // (its all-reduce) begins on the timeline.
  FindingsPanel* findings = window.findings();
  const FindingsModel* rows = findings->model();
  ASSERT_GT(rows->rowCount(), 0);
  const analysis::Finding* first = rows->finding(0);
  ASSERT_NE(first, nullptr);
  EXPECT_EQ(first->id, "straggler_input");
  EXPECT_EQ(first->title, "Rank 1 keeps the job waiting (data loading)");
  EXPECT_EQ(rows->data(rows->index(0, FindingsModel::Run)).toString(), "job " + QString::fromStdString(doc->jobs[0].name));
  EXPECT_TRUE(rows->data(rows->index(0, FindingsModel::Cost)).toString().endsWith("\nof step"));
  EXPECT_EQ(rows->runOf(0), 1u);
  EXPECT_EQ(rows->costDescription(0).rfind("costs the job ", 0), 0u) << rows->costDescription(0);
  findings->activate(0);
  const auto& selection = window.timeline()->viewport().selection();
  ASSERT_TRUE(selection);
  bool endsAtAKernelOfRank1 = false;
  for (const auto& l : model.lanes()) {
    if (l.run != 1 || l.kind != view::LaneKind::Kernels) continue;
    for (const auto& row : l.rows) {
      for (std::size_t i = 0; i < row.size(); ++i) {
        endsAtAKernelOfRank1 |= std::abs(model.toDisplay(1, row.start(i)) - selection->end) <= 1;
      }
    }
  }
  EXPECT_TRUE(endsAtAKernelOfRank1);
}

// A folder of rank traces opens as the job, named after the folder.
TEST(JobWindow, AFolderOfRanksOpensAsTheJob) {
  testing::TempDir dir;
  testing::JobSpec spec;
  spec.world_size = 3;
  spec.steps = 4;
  spec.straggler = 2;
  spec.cause = "compute";
  const std::filesystem::path folder = std::filesystem::path(dir.path) / "nightly-job";
  std::filesystem::create_directory(folder);
  for (int r = 0; r < 3; ++r) {
    std::ofstream((folder / ("rank" + std::to_string(r) + ".json")).string()) << testing::jobRankTrace(spec, r);
  }
  std::atomic<bool> cancelled{false};
  auto doc = loadDocument({folder.string()}, nullptr, [](double, const std::string&) {}, cancelled);
  ASSERT_EQ(doc->runs.size(), 3u);
  ASSERT_EQ(doc->jobs.size(), 1u);
  EXPECT_EQ(doc->jobs[0].name, "nightly-job");
  ASSERT_TRUE(doc->jobs[0].straggler);
  EXPECT_EQ(doc->jobs[0].straggler->rank, 2);
  EXPECT_TRUE(doc->timeline->hasJobs());
}

// Rank sessions recorded on two machines and joined by `feedscope merge` open as the job: each rank a
// run of the one session, the straggler the generator's.
TEST(JobWindow, AMergedSessionOfRanksOpensAsTheJob) {
  testing::TempDir dir;
  const testing::JobSpec spec = testing::twoMachineJob();
  std::string files;
  for (int r = 0; r < spec.world_size; ++r) {
    const std::string file = dir.file("rank" + std::to_string(r) + ".feedscope");
    io::saveSession(testing::recordedRank(spec, r, "train"), file);
    files += " " + file;
  }
  const std::string merged = dir.file("job.feedscope");
  ASSERT_EQ(testing::runCli("merge" + files + " -o " + merged).code, 0);
  std::atomic<bool> cancelled{false};
  auto doc = loadDocument({merged}, nullptr, [](double, const std::string&) {}, cancelled);
  ASSERT_EQ(doc->sessions.size(), 1u);
  ASSERT_EQ(doc->runs.size(), 4u);
  ASSERT_EQ(doc->jobs.size(), 1u);
  EXPECT_EQ(doc->jobs[0].name, "train");
  ASSERT_EQ(doc->jobs[0].ranks.size(), 4u);
  for (std::size_t r = 0; r < 4; ++r) {
    EXPECT_EQ(doc->jobs[0].ranks[r].rank, static_cast<int>(r));
    EXPECT_EQ(doc->run(doc->jobs[0].ranks[r].run).name, "train rank " + std::to_string(r));
  }
  ASSERT_TRUE(doc->jobs[0].straggler);
  EXPECT_EQ(doc->jobs[0].straggler->rank, spec.straggler);
  EXPECT_TRUE(doc->compare_runs.empty()) << "ranks of one job are not A/B runs";
}

// File ▸ Open Folder… (issue 34, item 7): the folder chosen in the dialog opens as the job, as
// `feedscope-gui DIR` opens it.
TEST(JobWindow, FileOpenFolderOpensAFolderOfRanksAsTheJob) {
  testing::TempDir dir;
  testing::JobSpec spec;
  spec.world_size = 4;
  spec.steps = 4;
  spec.straggler = 3;
  const std::filesystem::path folder = std::filesystem::path(dir.path) / "ranks-of-friday";
  std::filesystem::create_directory(folder);
  for (int r = 0; r < 4; ++r) {
    std::ofstream((folder / ("rank" + std::to_string(r) + ".json")).string()) << testing::jobRankTrace(spec, r);
  }
  MainWindow window{false};
  window.resize(1280, 800);
  window.show();
  auto* action = window.findChild<QAction*>("actionOpenFolder");
  ASSERT_NE(action, nullptr);
  EXPECT_EQ(action->text(), "Open &Folder…");
  bool answered = false;
  // The dialog is modal: answer it from the event loop, as a user would, by choosing the folder.
  QTimer::singleShot(0, [&] {
    auto* dialog = qobject_cast<QFileDialog*>(QApplication::activeModalWidget());
    if (dialog == nullptr) return;
    EXPECT_EQ(dialog->fileMode(), QFileDialog::Directory);
    dialog->setDirectory(QString::fromStdString(folder.parent_path().string()));
    dialog->selectFile(QString::fromStdString(folder.string()));
    answered = true;
    QMetaObject::invokeMethod(dialog, "accept");  // the Choose button's slot
  });
  QSignalSpy loaded(&window, &MainWindow::documentLoaded);
  action->trigger();
  ASSERT_TRUE(answered);
  ASSERT_TRUE(testing::waitUntil([&] { return loaded.count() == 1; }));
  auto doc = window.document();
  ASSERT_EQ(doc->jobs.size(), 1u);
  EXPECT_EQ(doc->jobs[0].name, "ranks-of-friday");
  ASSERT_TRUE(doc->jobs[0].straggler);
  EXPECT_EQ(doc->jobs[0].straggler->rank, 3);
}

// The straggler is found without reading the summary (issue 34, item 4): among 16 ranks the job's
// finding is the first row, the straggler's ranks-table row and run header are marked, and a click on
// the finding scrolls the rows to the straggler's lanes and zooms with no time before the trace.
TEST(JobWindow, TheStragglerIsFoundFromTheFindingsTheRanksTableAndItsHeader) {
  testing::TempDir dir;
  testing::JobSpec spec;
  spec.world_size = 16;
  spec.steps = 5;
  spec.straggler = 13;
  spec.cause = "data_loading";
  QStringList files;
  for (int r = 0; r < spec.world_size; ++r) {
    files << QString::fromStdString(dir.file("rank" + std::to_string(r) + ".json", testing::jobRankTrace(spec, r)));
  }
  MainWindow window{false};
  window.resize(1280, 800);
  window.show();
  QSignalSpy loaded(&window, &MainWindow::documentLoaded);
  window.openFiles(files);
  ASSERT_TRUE(testing::waitUntil([&] { return loaded.count() == 1; }));
  QApplication::processEvents();
  auto doc = window.document();
  ASSERT_EQ(doc->jobs.size(), 1u);
  ASSERT_TRUE(doc->jobs[0].straggler);
  ASSERT_EQ(doc->jobs[0].straggler->rank, 13);

  // The job's finding first, though the ranks' own findings are many.
  QAbstractItemModel* findings = window.findings()->table()->model();
  ASSERT_GT(findings->rowCount(), 10);
  EXPECT_TRUE(findings->index(0, FindingsModel::Run).data().toString().startsWith("job ")) << findings->index(0, FindingsModel::Run).data().toString().toStdString();
  EXPECT_TRUE(findings->index(0, FindingsModel::Title).data().toString().contains("Rank 13"))
      << findings->index(0, FindingsModel::Title).data().toString().toStdString();

  // Its row in the ranks table, and only its, is marked.
  const QTableWidget* ranks = window.comparePanel()->ranksTable();
  ASSERT_EQ(ranks->rowCount(), 16);
  for (int r = 0; r < 16; ++r) {
    EXPECT_EQ(ranks->item(r, 0)->data(ComparePanel::kStragglerRole).toBool(), r == 13) << r;
  }
  EXPECT_TRUE(ranks->item(13, 0)->font().bold());
  EXPECT_TRUE(ranks->item(13, 0)->toolTip().startsWith("straggler: late in 5 of 5 steps, data loading"))
      << ranks->item(13, 0)->toolTip().toStdString();

  // Its run header is tinted: the header row's left edge is the high-severity colour.
  const std::size_t stragglerRun = doc->jobs[0].ranks[doc->jobs[0].straggler->index].run;
  const view::RunPlacement* header = nullptr;
  for (const auto& rp : window.timeline()->layout().runs) {
    if (rp.run == stragglerRun) header = &rp;
  }
  ASSERT_NE(header, nullptr);
  EXPECT_GT(header->y, 800.0) << "the straggler's lanes start off screen, as in a real job of many ranks";
  EXPECT_EQ(window.timeline()->rowScroll(), 0);

  // A click on the finding: the straggler's header comes on screen, and the view starts no earlier
  // than the trace.
  window.findings()->activate(0);
  QApplication::processEvents();
  const double top = window.timeline()->rowScroll();
  EXPECT_GE(header->y, top);
  EXPECT_LE(header->y + header->height, top + window.timeline()->height() / 2.0);
  EXPECT_GE(window.timeline()->viewport().visible().start, doc->timeline->contentRange().start - 1e-6);
  const QImage shown = window.timeline()->grab().toImage();
  const int headerY = static_cast<int>(header->y - top) + window.timeline()->layoutTop() + 2;
  const QColor mark = toQColor(present::severityColor(analysis::Severity::High));
  EXPECT_EQ(shown.pixelColor(1, headerY).rgb(), mark.rgb()) << headerY;
}

}  // namespace
}  // namespace feedscope::ui
