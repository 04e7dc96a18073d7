// The window at the sizes people have (docs/gui.md, "Window sizes and names"): a laptop's 1280x800
// with six runs and PyTorch's long file names, a 1920x1080 desktop, a small first screen. What is
// checked is what a user reads: whole findings and costs, a window no name widens, the summary folded,
// a `?` dialog that fits, a wide compare table using its width.
#include <gtest/gtest.h>

#include <QApplication>
#include <QChart>
#include <QLegend>
#include <QLineSeries>
#include <QDialog>
#include <QHeaderView>
#include <QScreen>
#include <QSignalSpy>
#include <QTableView>
#include <QTest>
#include <QTextBrowser>
#include <QToolButton>
#include <filesystem>

#include "support/job_generator.h"
#include "support/temp_dir.h"
#include "ui/charts_panel.h"
#include "ui/compare_panel.h"
#include "ui/findings_model.h"
#include "ui/findings_panel.h"
#include "ui/main_window.h"
#include "ui_fixture.h"

namespace feedscope::ui {
namespace {

using testing::TempDir;
using testing::waitUntil;

const char* const kModes[] = {"naive", "stream", "trap", "custombatch", "prefetch", "naive"};

// Copies of the H200 fixtures under the names given, in `dir`.
QStringList copiesNamed(const TempDir& dir, const std::vector<std::string>& names) {
  QStringList files;
  for (std::size_t k = 0; k < names.size(); ++k) {
    const std::string to = dir.file(names[k] + ".json.gz");
    std::filesystem::copy_file(FEEDSCOPE_TEST_DATA_DIR "/h200/h200_" + std::string(kModes[k % 6]) + ".json.gz", to);
    files << QString::fromStdString(to);
  }
  return files;
}

// PyTorch's profiler names its traces after the worker and a timestamp.
std::vector<std::string> pytorchNames(int count) {
  std::vector<std::string> names;
  for (int k = 0; k < count; ++k) names.push_back("worker" + std::to_string(k) + ".16231430898" + std::to_string(k) + "1.pt.trace");
  return names;
}

void open(MainWindow& window, const QStringList& files, QSize size) {
  window.resize(size);
  window.show();
  QSignalSpy loaded(&window, &MainWindow::documentLoaded);
  window.openFiles(files);
  ASSERT_TRUE(waitUntil([&] { return loaded.count() == 1; }));
  QApplication::processEvents();
  window.fitFirstLayout();
  QApplication::processEvents();
}

// Six runs with PyTorch file names at 1280x800: every header reads whole, the finding takes the
// width and wraps, the cost is whole, the run is held narrow, and more than two findings show.
TEST(WindowSizes, TheFindingsDockReadsAt1280x800WithSixLongNamedRuns) {
  TempDir dir;
  MainWindow window{false};
  open(window, copiesNamed(dir, pytorchNames(6)), {1280, 800});
  ASSERT_EQ(window.document()->analyses.size(), 6u);
  EXPECT_EQ(window.width(), 1280);
  // What the findings explain is one line (of six) until unfolded: the table keeps the dock.
  EXPECT_EQ(window.findings()->summaryText().count('\n'), 0) << window.findings()->summaryText().toStdString();
  EXPECT_TRUE(window.findings()->summaryToggle()->isVisible());
  QTableView* table = window.findings()->table();
  QHeaderView* header = table->horizontalHeader();
  ASSERT_FALSE(table->isColumnHidden(FindingsModel::Run));
  const QFontMetrics headerMetrics(header->font());
  for (int c = 0; c < FindingsModel::ColumnCount; ++c) {
    const QString text = table->model()->headerData(c, Qt::Horizontal).toString();
    // The header's text and the sort indicator's room fit the section.
    EXPECT_GE(header->sectionSize(c), headerMetrics.horizontalAdvance(text) + 8) << text.toStdString();
  }
  EXPECT_EQ(header->length(), table->viewport()->width());
  EXPECT_GE(header->sectionSize(FindingsModel::Title), table->viewport()->width() / 2);
  EXPECT_LE(header->sectionSize(FindingsModel::Run), 100);
  const QFontMetrics metrics(table->font());
  int rowsShown = 0;
  for (int r = 0; r < table->model()->rowCount(); ++r) {
    const QModelIndex title = table->model()->index(r, FindingsModel::Title);
    const QRect cell = table->visualRect(title);
    const QRect needed = metrics.boundingRect(QRect(0, 0, cell.width() - 26, 10000), Qt::TextWordWrap,
                                              title.data().toString());
    EXPECT_GE(cell.height(), needed.height()) << title.data().toString().toStdString();
    const QModelIndex cost = table->model()->index(r, FindingsModel::Cost);
    EXPECT_LE(metrics.horizontalAdvance(cost.data().toString()) + 6, table->visualRect(cost).width());
    // The run column's text is a distinct short name whose tooltip names the run whole.
    const QModelIndex run = table->model()->index(r, FindingsModel::Run);
    // Whole in its cell: the view never cuts a cut name again in its middle ("…cust…atch").
    EXPECT_LE(metrics.horizontalAdvance(run.data().toString()), header->sectionSize(FindingsModel::Run) - 6)
        << run.data().toString().toStdString();
    if (cell.bottom() <= table->viewport()->height()) ++rowsShown;
  }
  EXPECT_GE(rowsShown, std::min(4, table->model()->rowCount()));
  // Each run's entries read differently in the Run column.
  QSet<QString> runTexts;
  for (int r = 0; r < table->model()->rowCount(); ++r)
    runTexts.insert(table->model()->index(r, FindingsModel::Run).data().toString());
  EXPECT_GE(runTexts.size(), 2);
}

// A 240-character file name: the window keeps the width it is given, a 1280x800 screenshot is
// 1280 px wide, and nothing in it asks for more.
TEST(WindowSizes, ALongFileNameNeverWidensTheWindow) {
  TempDir dir;
  std::string longName = "worker0.1623143089861.pt.trace";
  while (longName.size() < 240) longName = "sweep_pinned_workers_8_prefetch_4_" + longName;
  longName = longName.substr(longName.size() - 240);
  MainWindow window{false};
  open(window, copiesNamed(dir, {longName, "h200_stream_run"}), {1280, 800});
  const std::string runName = window.document()->analyses[0].run_name;
  ASSERT_GE(runName.size(), 220u);
  EXPECT_LE(window.minimumSizeHint().width(), 1280);
  EXPECT_LE(window.minimumSize().width(), 1280);
  EXPECT_EQ(window.width(), 1280);
  EXPECT_EQ(window.grab().width(), 1280);
  window.showTab("compare");
  QApplication::processEvents();
  EXPECT_EQ(window.width(), 1280);
  EXPECT_LE(window.minimumSizeHint().width(), 1280);
  // The summary names the run by what tells it apart, whole in the tooltip.
  EXPECT_FALSE(window.summaryText().contains(QString::fromStdString(runName)));
}

// The first window fits the screen it opens on (a laptop's 1280x800 leaves about 1280x770).
TEST(WindowSizes, TheFirstWindowFitsTheAvailableScreen) {
  EXPECT_EQ(MainWindow::firstWindowSize({0, 0, 2560, 1410}), QSize(1500, 950));
  const QSize laptop = MainWindow::firstWindowSize({0, 0, 1280, 770});
  EXPECT_LE(laptop.width(), 1280);
  EXPECT_LE(laptop.height(), 770 - 30);  // the title bar is not in the size
  MainWindow window{false};
  const QRect screen = QGuiApplication::primaryScreen()->availableGeometry();
  EXPECT_LE(window.width(), screen.width());
  EXPECT_LE(window.height(), screen.height());
  window.show();
  QApplication::processEvents();
  EXPECT_LE(window.frameGeometry().width(), screen.width());
  EXPECT_LE(window.frameGeometry().height(), screen.height());
}

// `?` lists every binding in a dialog that fits the screen and scrolls what does not fit.
TEST(WindowSizes, TheShortcutsDialogFitsTheScreenAndScrolls) {
  MainWindow window{false};
  window.resize(1280, 800);
  window.show();
  QDialog* dialog = window.shortcutsDialog();
  const QRect screen = window.screen()->availableGeometry();
  EXPECT_LE(dialog->width(), screen.width());
  EXPECT_LE(dialog->height(), screen.height());
  auto* text = dialog->findChild<QTextBrowser*>("shortcutsText");
  ASSERT_NE(text, nullptr);
  // Wide enough that no description is a column of single words (it was 126 px): the dialog takes
  // 560 px of text where the screen has them, and the table's rows are a line or two each.
  EXPECT_GE(dialog->width(), std::min(560, screen.width() * 9 / 10));
  dialog->show();
  QApplication::processEvents();
  const auto rows = static_cast<double>(text->toPlainText().count(QChar(10)) + 1);
  EXPECT_LE(text->document()->size().height(), 2.6 * rows * text->fontMetrics().height() + 40)
      << "rows wrap into columns of words";
  EXPECT_TRUE(text->toPlainText().contains("Ctrl+wheel"));
  EXPECT_EQ(text->verticalScrollBarPolicy(), Qt::ScrollBarAsNeeded);
  dialog->close();
}

// Six runs: the summary above the timeline is one line and a toggle until opened; two runs show
// every line with no toggle.
TEST(WindowSizes, TheSummaryOfManyRunsFoldsToOneLine) {
  TempDir dir;
  MainWindow window{false};
  open(window, copiesNamed(dir, {"a_naive", "b_stream", "c_trap", "d_custombatch", "e_prefetch", "f_naive"}),
       {1280, 800});
  ASSERT_NE(window.summaryToggle(), nullptr);
  EXPECT_TRUE(window.summaryToggle()->isVisible());
  EXPECT_FALSE(window.summaryExpanded());
  EXPECT_EQ(window.summaryText().count("<br>"), 0) << window.summaryText().toStdString();
  EXPECT_TRUE(window.summaryText().contains("a_naive"));
  QTest::mouseClick(window.summaryToggle(), Qt::LeftButton);
  EXPECT_TRUE(window.summaryExpanded());
  // Six headlines and five verdicts.
  EXPECT_EQ(window.summaryText().count("<br>"), 10) << window.summaryText().toStdString();
  QTest::mouseClick(window.summaryToggle(), Qt::LeftButton);
  EXPECT_EQ(window.summaryText().count("<br>"), 0);

  MainWindow two{false};
  open(two, copiesNamed(dir, {"g_naive", "h_stream"}), {1280, 800});
  EXPECT_FALSE(two.summaryToggle()->isVisible());
  EXPECT_EQ(two.summaryText().count("<br>"), 2);
}

// Six runs at 1920x1080: the compare table shows the runs' names whole where the page has the room,
// rather than cutting them to eight characters beside empty space.
TEST(WindowSizes, TheSixRunCompareTableUsesTheWidthOf1920) {
  TempDir dir;
  const std::vector<std::string> names{"h200_naive_a", "h200_stream_b", "h200_trap_c",
                                       "h200_custombatch_d", "h200_prefetch_e", "h200_naive_f"};
  MainWindow window{false};
  open(window, copiesNamed(dir, names), {1920, 1080});
  window.showTab("compare");
  QApplication::processEvents();
  QTableView* table = window.comparePanel()->table();
  for (std::size_t k = 0; k < names.size(); ++k) {
    const int section = k == 0 ? 1 : static_cast<int>(2 * k);
    EXPECT_EQ(table->model()->headerData(section, Qt::Horizontal).toString().toStdString(), names[k]);
  }
  const int last = table->model()->columnCount() - 1;
  EXPECT_LE(table->columnViewportPosition(last) + table->columnWidth(last), table->viewport()->width());
}


// The five H200 runs (issue 34, item 6): at 1920 every metric and run name in the Compare table reads
// whole ("prefetched step (predicted)", "h200_custombatch"); at 1280 the metric names still do and a
// run name keeps the word that tells it apart, cut once if at all.
TEST(WindowSizes, TheFiveRunCompareTableKeepsWhatTellsNamesApart) {
  const std::vector<std::string> modes{"naive", "stream", "trap", "custombatch", "prefetch"};
  QStringList files;
  for (const auto& mode : modes) files << QString::fromStdString(FEEDSCOPE_TEST_DATA_DIR "/h200/h200_" + mode + ".json.gz");
  for (QSize size : {QSize(1920, 1080), QSize(1280, 800)}) {
    SCOPED_TRACE(size.width());
    MainWindow window{false};
    open(window, files, size);
    window.showTab("compare");
    QApplication::processEvents();
    QTableView* table = window.comparePanel()->table();
    const QFontMetrics metrics(table->font());
    // Metric names: whole in their column, which the view does not cut.
    for (int r = 0; r < table->model()->rowCount(); ++r) {
      const QString metric = table->model()->index(r, 0).data().toString();
      EXPECT_LE(metrics.horizontalAdvance(metric), table->columnWidth(0) - 6) << metric.toStdString();
    }
    for (std::size_t k = 0; k < modes.size(); ++k) {
      const int section = k == 0 ? 1 : static_cast<int>(2 * k);
      const std::string shown = table->model()->headerData(section, Qt::Horizontal).toString().toStdString();
      if (size.width() == 1920) {
        EXPECT_EQ(shown, "h200_" + modes[k]);
      } else {
        // The mode's first six letters at least, and no more than one cut inside it.
        EXPECT_NE(shown.find(modes[k].substr(0, std::min<std::size_t>(6, modes[k].size()))), std::string::npos) << shown;
      }
      const QString header = QString::fromStdString(shown);
      EXPECT_LE(QFontMetrics(table->horizontalHeader()->font()).horizontalAdvance(header),
                table->columnWidth(section)) << shown;
    }
    const int last = table->model()->columnCount() - 1;
    EXPECT_LE(table->columnViewportPosition(last) + table->columnWidth(last), table->viewport()->width());
  }
}

// The widgets that ask for the most height, for a failure message.
std::string tallestChildren(const QWidget& window) {
  std::vector<std::pair<int, std::string>> heights;
  for (const QWidget* w : window.findChildren<QWidget*>()) {
    if (!w->isVisible()) continue;
    heights.push_back({std::max(w->minimumSizeHint().height(), w->minimumHeight()),
                       std::string(w->metaObject()->className()) + " " + w->objectName().toStdString()});
  }
  std::sort(heights.rbegin(), heights.rend());
  std::string text;
  for (std::size_t k = 0; k < std::min<std::size_t>(8, heights.size()); ++k)
    text += std::to_string(heights[k].first) + " " + heights[k].second + "\n";
  return text;
}

ChartsPanel* findCharts(const MainWindow& window) { return window.findChild<ChartsPanel*>("chartsPanel"); }

// A job of any number of ranks at 1280x800 (issue 34, item 2): the window stays the size it is given on
// every tab, and nothing in it asks for more height than the screen has; the ranks scroll inside.
TEST(WindowSizes, AJobOfAnySizeFitsA1280x800Window) {
  for (int ranks : {2, 8, 32}) {
    SCOPED_TRACE(ranks);
    TempDir dir;
    testing::JobSpec spec;
    spec.world_size = ranks;
    spec.steps = 4;
    spec.straggler = ranks - 1;
    QStringList files;
    for (int r = 0; r < ranks; ++r) {
      files << QString::fromStdString(dir.file("rank" + std::to_string(r) + ".json", testing::jobRankTrace(spec, r)));
    }
    MainWindow window{false};
    open(window, files, {1280, 800});
    ASSERT_EQ(window.document()->jobs.size(), 1u);
    // Up to ten ranks each have a colour of their own in the legend; past that the per-run legends
    // give way to names on hover (ChartsPanel::kMaxLegendRuns).
    QChart* steps = window.comparePanel() != nullptr ? findCharts(window)->stepTimeChart() : nullptr;
    ASSERT_NE(steps, nullptr);
    EXPECT_EQ(steps->legend()->isVisible(), ranks <= ChartsPanel::kMaxLegendRuns);
    EXPECT_EQ(steps->title().contains("hover for names"), ranks > ChartsPanel::kMaxLegendRuns);
    QSet<QRgb> colours;
    for (QAbstractSeries* series : steps->series()) colours.insert(qobject_cast<QLineSeries*>(series)->color().rgb());
    EXPECT_EQ(colours.size(), std::min(ranks, ChartsPanel::kMaxLegendRuns));
    for (const char* tab : {"timeline", "compare", "details", "tables", "run", "timeline"}) {
      ASSERT_TRUE(window.showTab(tab));
      QApplication::processEvents();
      EXPECT_EQ(window.size(), QSize(1280, 800)) << tab << "\n" << tallestChildren(window);
      EXPECT_LE(window.minimumSizeHint().height(), 800) << tab << "\n" << tallestChildren(window);
      EXPECT_LE(window.minimumSize().height(), 800) << tab;
    }
  }
}

}  // namespace
}  // namespace feedscope::ui
