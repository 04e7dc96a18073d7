// The main window as a user meets it: the samples open side by side, the summary says how starved
// each run was, a finding zooms the timeline to its evidence, every export writes a real file, a bad
// file is an error message and not a crash, dropped files join the comparison.
#include "ui/main_window.h"

#include <gtest/gtest.h>

#include <QApplication>
#include <QBarCategoryAxis>
#include <QBarSeries>
#include <QBarSet>
#include <QCategoryAxis>
#include <QChart>
#include <QChartView>
#include <QDropEvent>
#include <QHeaderView>
#include <QImage>
#include <QLegend>
#include <QLegendMarker>
#include <QLineSeries>
#include <QMimeData>
#include <QScatterSeries>
#include <QScrollBar>
#include <QSignalSpy>
#include <QStackedBarSeries>
#include <QTableView>
#include <QTest>
#include <QTextBrowser>
#include <QToolTip>
#include <QUrl>
#include <cmath>
#include <filesystem>
#include <nlohmann/json.hpp>

#include "support/temp_dir.h"
#include "ui/charts_panel.h"
#include "ui/compare_panel.h"
#include "ui/exporters.h"
#include "ui/findings_model.h"
#include "ui/findings_panel.h"
#include "ui/recent_files.h"
#include "ui/timeline_painter.h"
#include "ui/timeline_widget.h"
#include "ui_fixture.h"
#include "view/chart_data.h"
#include "present/palette.h"

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
  EXPECT_TRUE(summary.contains("prefetched 11.8 ms per step (1.78x), bound by GPU work")) << summary.toStdString();
  EXPECT_TRUE(summary.contains("h200_stream: 1.76x the steps per second of h200_naive"))
      << summary.toStdString();
  EXPECT_TRUE(window.comparePanel()->verdictText().contains("starvation 45.1 % → 16.0 %"));
  EXPECT_EQ(window.timeline()->document(), doc.get());
  EXPECT_EQ(window.windowTitle(), "Feedscope — h200_naive, h200_stream");
  QStringList recent = RecentFiles::load();
  EXPECT_TRUE(recent.contains(QString::fromStdString(kStream)));
}

// The charts are built when the Compare tab is first shown, not while a document opens on the
// Timeline tab (docs/performance.md, "Opening in the GUI").
TEST_F(WindowFixture, ChartsAreBuiltWhenTheCompareTabIsFirstShown) {
  window.showTab("timeline");
  window.show();
  QApplication::processEvents();
  const QList<QChartView*> views = window.charts()->chartViews();
  ASSERT_EQ(views.size(), 4);
  for (QChartView* v : views) EXPECT_TRUE(v->chart()->series().isEmpty()) << v->chart()->title().toStdString();
  ASSERT_TRUE(window.showTab("compare"));
  QApplication::processEvents();
  for (QChartView* v : views) EXPECT_FALSE(v->chart()->series().isEmpty()) << v->chart()->title().toStdString();
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
  // A click on a point shows that step on the timeline, selected.
  const auto& step5 = doc->analyses[0].primary()->steps[5];
  window.showTab("compare");
  emit naive->clicked(naive->at(5));
  EXPECT_EQ(window.centralTabs()->currentIndex(), 0);
  ASSERT_TRUE(window.timeline()->viewport().selection());
  EXPECT_NEAR(window.timeline()->viewport().selection()->start, doc->timeline->toDisplay(0, step5.step.span.start), 1);
  EXPECT_NEAR(window.timeline()->viewport().selection()->end, doc->timeline->toDisplay(0, step5.step.span.end), 1);
  // Stacked breakdown: four parts, one bar per run.
  auto* stacked = qobject_cast<QStackedBarSeries*>(window.charts()->breakdownChart()->series().at(0));
  ASSERT_NE(stacked, nullptr);
  ASSERT_EQ(stacked->count(), 4);
  EXPECT_DOUBLE_EQ(stacked->barSets().at(1)->at(0), view::timeBreakdown(doc->analyses[0]).exposed_copy_ms);
  // Bandwidth: naive pageable and stream pinned, 32 copies each, at log2 of their bytes.
  auto scatter = window.charts()->bandwidthChart()->series();
  ASSERT_EQ(scatter.size(), 2);
  auto* pageable = qobject_cast<QScatterSeries*>(scatter.at(0));
  ASSERT_EQ(pageable->count(), 32);
  // The legend says the kind where it has room, else the title keys the marker shapes.
  EXPECT_EQ(scatter.at(0)->property("kind").toString(), "pageable");
  EXPECT_EQ(scatter.at(1)->property("kind").toString(), "pinned");
  EXPECT_TRUE(scatter.at(0)->name().endsWith("pageable") ||
              window.charts()->bandwidthChart()->title().contains("■ pageable"));
  auto bw = view::h2dBandwidth(*doc->analyses[0].primary());
  EXPECT_DOUBLE_EQ(pageable->at(0).x(), std::log2(bw.pageable[0].x));
  EXPECT_DOUBLE_EQ(pageable->at(0).y(), bw.pageable[0].y);
  // Each run keeps its colour in every chart; memory kind is the marker's shape.
  EXPECT_EQ(pageable->color(), toQColor(present::runColor(0)));
  EXPECT_EQ(qobject_cast<QScatterSeries*>(scatter.at(1))->color(), toQColor(present::runColor(1)));
  EXPECT_EQ(pageable->markerShape(), QScatterSeries::MarkerShapeRectangle);
  EXPECT_EQ(qobject_cast<QScatterSeries*>(scatter.at(1))->markerShape(), QScatterSeries::MarkerShapeCircle);
  EXPECT_EQ(qobject_cast<QLineSeries*>(steps->series().at(1))->color(), toQColor(present::runColor(1)));
  ASSERT_EQ(window.charts()->gapChart()->series().size(), 1);
  auto* gapBars = qobject_cast<QBarSeries*>(window.charts()->gapChart()->series().at(0));
  ASSERT_NE(gapBars, nullptr);
  EXPECT_EQ(gapBars->barSets().at(0)->color(), toQColor(present::runColor(0)));
  // The idle-gap bars weigh each length by its idle time, not by the number of gaps.
  view::GapHistogram gaps = view::gapHistogram({doc->analyses[0].primary(), doc->analyses[1].primary()});
  ASSERT_EQ(gapBars->barSets().at(0)->count(), static_cast<int>(gaps.idle_ms[0].size()));
  for (int k = 0; k < gapBars->barSets().at(0)->count(); ++k)
    EXPECT_DOUBLE_EQ(gapBars->barSets().at(0)->at(k), gaps.idle_ms[0][static_cast<std::size_t>(k)]) << k;
  EXPECT_EQ(window.charts()->gapChart()->axes(Qt::Vertical).front()->titleText(), "idle ms");
}

// The labels of a chart axis in order: a category axis's labels, or its kind for others.
QStringList axisLabels(QChart* chart, Qt::Orientation orientation) {
  QList<QAbstractAxis*> axes = chart->axes(orientation);
  if (axes.size() != 1) return {};
  if (auto* category = qobject_cast<QCategoryAxis*>(axes.front())) return category->categoriesLabels();
  return {};
}

TEST_F(WindowFixture, ChartAxesReadInUnitsAndNoLabelIsCut) {
  auto doc = window.document();
  window.showTab("compare");
  QTest::qWait(100);  // let the charts lay their axes out at their shown size
  // Copy sizes in bytes, not "1e+03": powers of two labelled in KiB and MiB, the points at log2(bytes).
  QChart* bandwidth = window.charts()->bandwidthChart();
  EXPECT_EQ(axisLabels(bandwidth, Qt::Horizontal), (QStringList{"4 KiB", "64 KiB", "1 MiB", "16 MiB"}));
  auto* bytes = qobject_cast<QCategoryAxis*>(bandwidth->axes(Qt::Horizontal).front());
  EXPECT_DOUBLE_EQ(bytes->endValue("1 MiB"), 20);
  EXPECT_EQ(bytes->titleText(), "bytes per copy");
  // Gap lengths: the decade edges between the bars, a short title.
  QChart* gaps = window.charts()->gapChart();
  std::vector<const analysis::DeviceAnalysis*> devices{doc->analyses[0].primary(),
                                                       doc->analyses[1].primary()};
  view::GapHistogram h = view::gapHistogram(devices);
  QStringList edges;
  for (const auto& tick : h.edge_ticks) edges << QString::fromStdString(tick.label);
  EXPECT_EQ(axisLabels(gaps, Qt::Horizontal), edges);
  EXPECT_EQ(edges.mid(0, 4), (QStringList{"1µs", "10µs", "100µs", "1ms"}));
  auto* lengths = qobject_cast<QCategoryAxis*>(gaps->axes(Qt::Horizontal).front());
  EXPECT_DOUBLE_EQ(lengths->endValue("10µs"), 2.5);  // between bar 2 (3–10 µs) and bar 3 (10–30 µs)
  EXPECT_EQ(lengths->titleText(), "idle gap length");
  // At 1600x1000 Qt Charts cuts no label of any axis ("h200_stre...", "..." under every bar before).
  for (QChart* chart :
       {window.charts()->stepTimeChart(), window.charts()->breakdownChart(), bandwidth, gaps}) {
    for (QAbstractAxis* axis : chart->axes()) {
      EXPECT_FALSE(axis->labelsTruncated())
          << chart->title().toStdString() << ": " << axis->titleText().toStdString();
    }
  }
}

TEST_F(WindowFixture, TheCompareTableShowsEveryColumnWithoutScrolling) {
  window.showTab("compare");
  QTest::qWait(100);
  QTableView* table = window.comparePanel()->table();
  ASSERT_EQ(table->model()->columnCount(), 4);
  EXPECT_FALSE(table->horizontalScrollBar()->isVisible());
  const int last = table->model()->columnCount() - 1;
  EXPECT_LE(table->columnViewportPosition(last) + table->columnWidth(last), table->viewport()->width());
  // Every row is on screen too.
  const int rows = table->model()->rowCount();
  EXPECT_LE(table->rowViewportPosition(rows - 1) + table->rowHeight(rows - 1), table->viewport()->height());
  // Columns are as wide as their widest cell or header: nothing elided.
  for (int c = 0; c <= last; ++c) {
    EXPECT_GE(table->columnWidth(c), table->horizontalHeader()->sectionSizeHint(c)) << c;
    EXPECT_GE(table->columnWidth(c), static_cast<QAbstractItemView*>(table)->sizeHintForColumn(c)) << c;
  }
  // The charts get what the table leaves: most of the page.
  EXPECT_GT(window.charts()->width(), window.comparePanel()->width());
  // A third run adds two columns, and the table grows to show them.
  const int before = window.comparePanel()->width();
  QSignalSpy loaded(&window, &MainWindow::documentLoaded);
  window.openFiles({QString::fromStdString(FEEDSCOPE_TEST_DATA_DIR "/h200/h200_trap.json.gz")}, true);
  ASSERT_TRUE(waitUntil([&] { return loaded.count() == 1; }));
  QTest::qWait(100);
  ASSERT_EQ(table->model()->columnCount(), 6);
  EXPECT_GT(window.comparePanel()->width(), before);
  EXPECT_LE(table->columnViewportPosition(5) + table->columnWidth(5), table->viewport()->width());
}

// Six runs at 1280x800 — the compare table needs no sideways scroll, run names are cut in
// the middle where space is short and hovering gives the whole name.
TEST(CompareSixRuns, TheTableFitsWithoutSidewaysScrollAndNamesAreWholeOnHover) {
  MainWindow window{false};
  window.resize(1280, 800);
  window.show();
  QSignalSpy loaded(&window, &MainWindow::documentLoaded);
  const QString trap = QString::fromStdString(FEEDSCOPE_TEST_DATA_DIR "/h200/h200_trap.json.gz");
  window.openFiles({QString::fromStdString(kNaive), QString::fromStdString(kStream), trap,
                    QString::fromStdString(kNaive), QString::fromStdString(kStream), trap});
  ASSERT_TRUE(waitUntil([&] { return loaded.count() == 1; }));
  window.showTab("compare");
  QTest::qWait(150);
  QTableView* table = window.comparePanel()->table();
  const int last = table->model()->columnCount() - 1;
  ASSERT_GE(last, 11);
  EXPECT_FALSE(table->horizontalScrollBar()->isVisible());
  EXPECT_LE(table->columnViewportPosition(last) + table->columnWidth(last), table->viewport()->width());
  EXPECT_EQ(table->model()->headerData(last, Qt::Horizontal, Qt::ToolTipRole).toString().contains("h200_"), true);
  // The charts keep a usable size.
  for (QChart* chart : {window.charts()->stepTimeChart(), window.charts()->gapChart()}) {
    EXPECT_GE(chart->size().width(), 250) << chart->title().toStdString();
    EXPECT_GE(chart->size().height(), 180) << chart->title().toStdString();
  }
}

// Six runs with long names that share their start, at 1280x800 — every chart
// keeps a legible size in a grid where none overlaps; run names in legends and under the breakdown's
// bars are cut where they agree and keep what differs (view/elide.h), stay distinct, fit their room (so
// Qt Charts neither cuts nor hides them) and are whole on hover.
TEST(CompareSixRuns, ChartsStayLegibleWithNamesCutInTheMiddleAndWholeOnHover) {
  TempDir dir;
  QStringList files, fullNames;
  const char* samples[] = {"naive", "stream", "trap", "custombatch", "prefetch", "naive"};
  for (int k = 0; k < 6; ++k) {
    const std::string name =
        "h200_input_pipeline_sweep_pinned_" + std::string(samples[k]) + "_run" + std::to_string(k + 1);
    std::filesystem::copy_file(FEEDSCOPE_TEST_DATA_DIR "/h200/h200_" + std::string(samples[k]) + ".json.gz",
                               dir.file(name + ".json.gz"));
    files << QString::fromStdString(dir.file(name + ".json.gz"));
    fullNames << QString::fromStdString(name);
  }
  MainWindow window{false};
  window.resize(1280, 800);
  window.show();
  QSignalSpy loaded(&window, &MainWindow::documentLoaded);
  window.openFiles(files);
  ASSERT_TRUE(waitUntil([&] { return loaded.count() == 1; }));
  ASSERT_EQ(window.document()->analyses.size(), 6u);
  ASSERT_EQ(QString::fromStdString(window.document()->analyses[0].run_name), fullNames[0]);
  window.showTab("compare");
  QTest::qWait(300);  // the grid, then the charts' layouts, then the queued relabelling
  ChartsPanel* charts = window.charts();
  const QList<QChartView*> views = charts->chartViews();
  for (QChartView* v : views) {
    EXPECT_GE(v->width(), ChartsPanel::kChartMinWidth) << v->objectName().toStdString();
    EXPECT_GE(v->height(), ChartsPanel::kChartMinHeight) << v->objectName().toStdString();
    for (QChartView* other : views) {
      if (other != v) {
        EXPECT_FALSE(v->geometry().intersects(other->geometry()));
      }
    }
  }
  const QFontMetrics metrics(charts->font());
  auto expectCutInTheMiddle = [&](const QStringList& shown, const QStringList& full, int roomPx,
                                  const char* where) {
    ASSERT_EQ(shown.size(), full.size()) << where;
    EXPECT_EQ(QSet<QString>(shown.begin(), shown.end()).size(), shown.size()) << where << ": not distinct";
    for (qsizetype i = 0; i < shown.size(); ++i) {
      ASSERT_TRUE(shown[i].contains(QChar(0x2026))) << where << ": " << shown[i].toStdString();
      // Every piece kept is the full name's (view/elide.h: what is shared is cut, what differs kept),
      // in its order, and the run's mode or number is among them.
      qsizetype from = 0;
      for (const QString& piece : shown[i].split(QChar(0x2026), Qt::SkipEmptyParts)) {
        const qsizetype at = full[i].indexOf(piece, from);
        EXPECT_GE(at, 0) << where << ": " << shown[i].toStdString();
        from = std::max<qsizetype>(from, at);
      }
      const QString mode = full[i].section('_', -2, -2), number = full[i].section('_', -1);
      EXPECT_TRUE(shown[i].contains(mode) || shown[i].contains(number)) << where << ": " << shown[i].toStdString();
      EXPECT_GE(shown[i].size(), 4) << where << ": too short to read: " << shown[i].toStdString();
      EXPECT_LE(metrics.horizontalAdvance(shown[i]), roomPx) << where << ": " << shown[i].toStdString();
    }
  };
  // The step-time legend: a sixth of the chart's width per entry, less the marker.
  QChart* steps = charts->stepTimeChart();
  QStringList legend, legendFull;
  for (QAbstractSeries* series : steps->series()) {
    legend << series->name();
    legendFull << series->property("fullName").toString();
  }
  expectCutInTheMiddle(legend, legendFull, static_cast<int>(steps->size().width()) / 6 - metrics.height(),
                       "step-time legend");
  // The breakdown: a label under every bar, each within its bar's share of the plot.
  QChart* breakdown = charts->breakdownChart();
  auto* categories = qobject_cast<QBarCategoryAxis*>(breakdown->axes(Qt::Horizontal).front());
  ASSERT_NE(categories, nullptr);
  expectCutInTheMiddle(categories->categories(), fullNames,
                       static_cast<int>(breakdown->plotArea().width() / 6), "breakdown bars");
  // Hovering a bar's label names the run whole.
  QChartView* breakdownView = views[1];
  ASSERT_EQ(breakdownView->chart(), breakdown);
  const QRectF plot = breakdown->plotArea();
  for (int k = 0; k < 6; ++k) {
    const QPointF label(plot.left() + plot.width() * (k + 0.5) / 6, plot.bottom() + metrics.height());
    const QPoint at = breakdownView->mapFromScene(breakdown->mapToScene(label));
    EXPECT_EQ(charts->runNameAt(breakdownView, at), fullNames[k]) << k;
  }
  EXPECT_EQ(charts->runNameAt(breakdownView, breakdownView->mapFromScene(breakdown->mapToScene(plot.center()))),
            QString());
  // Hovering a legend entry names the run whole.
  QLegendMarker* first = steps->legend()->markers().front();
  emit first->hovered(true);
  EXPECT_EQ(QToolTip::text(), legendFull.front());
  emit first->hovered(false);
}

// At 1280x800 (a laptop), with two runs and their long names, the findings dock reads: the finding
// takes the width and wraps, the cost shows whole, the run is held narrow and elided.
TEST_F(WindowFixture, FindingTitlesTakeTheRestOfTheDockAndWrapRatherThanBeCut) {
  window.resize(1280, 800);
  QApplication::processEvents();
  window.fitFirstLayout();
  QApplication::processEvents();
  QTableView* table = window.findings()->table();
  QHeaderView* header = table->horizontalHeader();
  EXPECT_EQ(header->sectionResizeMode(FindingsModel::Title), QHeaderView::Stretch);
  EXPECT_EQ(header->sectionResizeMode(FindingsModel::Cost), QHeaderView::ResizeToContents);
  EXPECT_EQ(header->sectionResizeMode(FindingsModel::Run), QHeaderView::Fixed);
  EXPECT_FALSE(table->isColumnHidden(FindingsModel::Run));  // two runs open
  // The columns fill the table exactly: the title has all that the others leave, most of the dock.
  EXPECT_EQ(header->length(), table->viewport()->width());
  EXPECT_GE(header->sectionSize(FindingsModel::Title), table->viewport()->width() / 2);
  EXPECT_GE(header->sectionSize(FindingsModel::Title), 150);
  QFontMetrics metrics(table->font());
  for (int r = 0; r < table->model()->rowCount(); ++r) {
    QModelIndex title = table->model()->index(r, FindingsModel::Title);
    QString text = title.data().toString();
    QRect cell = table->visualRect(title);
    // The wrapped title fits its cell (the severity mark and a few pixels are the cell's own).
    QRect needed = metrics.boundingRect(QRect(0, 0, cell.width() - 26, 10000), Qt::TextWordWrap, text);
    EXPECT_GE(cell.height(), needed.height()) << text.toStdString();
    // The cost is never cut.
    QModelIndex cost = table->model()->index(r, FindingsModel::Cost);
    EXPECT_LE(metrics.horizontalAdvance(cost.data().toString()) + 6, table->visualRect(cost).width());
  }
  // A finding shows its text only once chosen: focus alone does not pick one.
  auto* text = window.findChild<QTextBrowser*>("findingText");
  ASSERT_NE(text, nullptr);
  table->setFocus();
  QCoreApplication::processEvents();
  EXPECT_TRUE(text->toPlainText().startsWith("Click a finding")) << text->toPlainText().toStdString();
  table->selectRow(1);
  EXPECT_TRUE(
      text->toPlainText().startsWith(QString::fromStdString(window.findings()->model()->finding(1)->title)));
}

// The bandwidth chart's legend draws each entry in its points' shape (square pageable, circle pinned).
TEST_F(WindowFixture, TheBandwidthLegendShapesAreThePointsShapes) {
  QChart* chart = window.charts()->bandwidthChart();
  ASSERT_FALSE(chart->series().isEmpty());
  EXPECT_EQ(chart->legend()->markerShape(), QLegend::MarkerShapeFromSeries);
  for (QLegendMarker* marker : chart->legend()->markers()) {
    const QLegend::MarkerShape shape = marker->shape() == QLegend::MarkerShapeDefault ? chart->legend()->markerShape() : marker->shape();
    EXPECT_EQ(shape, QLegend::MarkerShapeFromSeries) << marker->label().toStdString();
  }
}

TEST_F(WindowFixture, ChartsTakeTheWindowsColoursInTheDarkTheme) {
  window.setTheme("dark", false);
  QCoreApplication::processEvents();  // the palette reaches the widgets through events
  QChart* chart = window.charts()->gapChart();
  const QPalette palette = window.charts()->palette();
  EXPECT_EQ(chart->backgroundBrush().color(), palette.color(QPalette::Base));
  EXPECT_EQ(chart->titleBrush().color(), palette.color(QPalette::Text));
  for (QAbstractAxis* axis : chart->axes()) {
    EXPECT_EQ(axis->labelsBrush().color(), palette.color(QPalette::Text));
  }
  EXPECT_LT(chart->backgroundBrush().color().lightness(), 60);
  window.setTheme("light", false);
  QCoreApplication::processEvents();
  EXPECT_EQ(window.charts()->gapChart()->backgroundBrush().color(), QColor(Qt::white));
  window.setTheme("system", false);
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

// A finding clicked while the Compare tab is shown brings the timeline forward, zoomed to
// the evidence at its real width, and the timeline has the keyboard: W zooms at once.
TEST_F(WindowFixture, AFindingOnTheCompareTabBringsTheTimelineForwardWithTheKeyboard) {
  window.activateWindow();
  ASSERT_TRUE(QTest::qWaitForWindowActive(&window));
  window.showTab("compare");
  QApplication::processEvents();
  FindingsPanel* panel = window.findings();
  panel->table()->setFocus();
  int row = 0;
  while (panel->model()->finding(row)->id != "pageable_h2d") ++row;
  panel->activate(row);
  QApplication::processEvents();
  TimelineWidget* timeline = window.timeline();
  EXPECT_TRUE(timeline->isVisible());
  EXPECT_TRUE(timeline->hasFocus());
  const auto& vp = timeline->viewport();
  ASSERT_TRUE(vp.selection());
  EXPECT_NEAR(vp.visible().length(), 3 * vp.selection()->length(), 1);
  EXPECT_NEAR(vp.width(), timeline->width() - timeline->lanesLeft() -
                              timeline->findChild<QScrollBar*>("timelineScroll")->width(), 1);
  double before = vp.nsPerPx();
  QTest::keyPress(QApplication::focusWidget(), Qt::Key_W);
  QTest::qWait(60);
  QTest::keyRelease(QApplication::focusWidget(), Qt::Key_W);
  EXPECT_LT(vp.nsPerPx(), before);
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
  // Every lane of the range shown, not only the part scrolled into view.
  EXPECT_EQ(image.width(), window.timeline()->width());
  EXPECT_GE(image.height(), window.timeline()->lanesTop() + static_cast<int>(window.timeline()->layout().height));
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
