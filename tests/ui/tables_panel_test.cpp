// The Tables tab on a run with known answers: the events of the range, sorting by a header, the kernel
// and copy summaries' exact figures, Ctrl+C as TSV, and a double-click that asks to jump to the event.
#include "ui/tables_panel.h"

#include <gtest/gtest.h>

#include <QApplication>
#include <QClipboard>
#include <QHeaderView>
#include <QSignalSpy>
#include <QTableView>
#include <QTest>

#include "support/run_fixture.h"
#include "ui_fixture.h"

namespace feedscope::ui {
namespace {

using testing::RunFixture;

std::shared_ptr<Document> known() {
  RunFixture f;
  f.kernel(0, 10, 7, 0, 0, "gemm");
  f.kernel(100, 120, 7, 0, 0, "gemm");
  f.kernel(200, 230, 7, 0, 0, "gemm");
  f.kernel(300, 340, 7, 0, 0, "gemm");
  f.kernel(400, 500, 7, 0, 0, "relu");
  f.h2d(600, 700, 1000, trace::MemoryKind::Pinned, 9);
  f.h2d(700, 900, 3000, trace::MemoryKind::Pageable, 9);
  return testing::documentOf(f.finish());
}

struct TablesFixture : ::testing::Test {
  TablesPanel panel;
  void SetUp() override {
    panel.resize(1000, 300);
    panel.setDocument(known());
    panel.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&panel));
  }
  QString cell(QTableView* view, int row, int column) { return view->model()->index(row, column).data().toString(); }
};

TEST_F(TablesFixture, EventsOfEverythingThenOfTheSelection) {
  QTableView* events = panel.eventsView();
  EXPECT_EQ(events->model()->rowCount(), 7);
  EXPECT_EQ(cell(events, 0, 0), "gemm");
  panel.setRange(view::TimeRange{105, 310});
  EXPECT_EQ(events->model()->rowCount(), 3);
  EXPECT_TRUE(panel.rangeText().contains("3 events"));
}

TEST_F(TablesFixture, AHeaderClickSortsByItsColumn) {
  QTableView* events = panel.eventsView();
  events->sortByColumn(static_cast<int>(view::EventColumn::Duration), Qt::DescendingOrder);
  EXPECT_EQ(cell(events, 0, static_cast<int>(view::EventColumn::Duration)), "200 ns");
  EXPECT_EQ(cell(events, 6, static_cast<int>(view::EventColumn::Duration)), "10 ns");
  events->sortByColumn(static_cast<int>(view::EventColumn::Name), Qt::AscendingOrder);
  EXPECT_EQ(cell(events, 0, 0), "Memcpy HtoD (Pageable -> Device)");
}

TEST_F(TablesFixture, KernelAndCopySummariesHaveExactFigures) {
  QTableView* kernels = panel.kernelsView();
  ASSERT_EQ(kernels->model()->rowCount(), 2);
  kernels->sortByColumn(static_cast<int>(view::SummaryColumn::Name), Qt::AscendingOrder);
  auto col = [](view::SummaryColumn c) { return static_cast<int>(c); };
  EXPECT_EQ(cell(kernels, 0, col(view::SummaryColumn::Name)), "gemm");
  EXPECT_EQ(cell(kernels, 0, col(view::SummaryColumn::Count)), "4");
  EXPECT_EQ(cell(kernels, 0, col(view::SummaryColumn::Total)), "100 ns");
  EXPECT_EQ(cell(kernels, 0, col(view::SummaryColumn::Mean)), "25 ns");
  EXPECT_EQ(cell(kernels, 0, col(view::SummaryColumn::Median)), "25 ns");
  // The run spans 900 ns: 100 ns of gemm is 11.11 % of it.
  EXPECT_EQ(cell(kernels, 0, col(view::SummaryColumn::Share)), "11.11 %");
  QTableView* copies = panel.copiesView();
  ASSERT_EQ(copies->model()->rowCount(), 2);
  EXPECT_EQ(cell(copies, 0, col(view::SummaryColumn::Name)), "Memcpy HtoD (Pageable -> Device)");
  EXPECT_EQ(cell(copies, 0, col(view::SummaryColumn::Total)), "200 ns");
}

TEST_F(TablesFixture, CtrlCCopiesTheSelectedRowsAsTsv) {
  QTableView* kernels = panel.kernelsView();
  kernels->sortByColumn(static_cast<int>(view::SummaryColumn::Name), Qt::AscendingOrder);
  kernels->selectRow(0);
  kernels->setFocus();
  QApplication::clipboard()->clear();
  QTest::keyClick(kernels, Qt::Key_C, Qt::ControlModifier);
  const QString tsv = QApplication::clipboard()->text();
  EXPECT_EQ(tsv, TablesPanel::selectedRowsAsTsv(kernels));
  const QStringList lines = tsv.split('\n', Qt::SkipEmptyParts);
  ASSERT_EQ(lines.size(), 2);
  EXPECT_EQ(lines[0], "run\tname\tcount\ttotal\tmean\tmedian\tshare of range\tbytes");
  EXPECT_TRUE(lines[1].startsWith("run\tgemm\t4\t100 ns\t25 ns\t25 ns\t"));
}

TEST_F(TablesFixture, DoubleClickAsksForTheEvent) {
  QSignalSpy requested(&panel, &TablesPanel::eventRequested);
  QTableView* events = panel.eventsView();
  const QRect cellRect = events->visualRect(events->model()->index(4, 0));  // relu, the fifth by start
  // A double-click is a press and release, then a second press that arrives as a double-click.
  QTest::mouseClick(events->viewport(), Qt::LeftButton, Qt::NoModifier, cellRect.center());
  QTest::mouseDClick(events->viewport(), Qt::LeftButton, Qt::NoModifier, cellRect.center());
  ASSERT_EQ(requested.count(), 1);
  auto ref = requested.first().at(0).value<view::ItemRef>();
  EXPECT_EQ(ref.item, 4u);  // relu is the fifth kernel of its row
  EXPECT_EQ(panel.document()->timeline->lanes()[ref.lane].kind, view::LaneKind::Kernels);
}

// Five thousand kernels, the last ones starting seconds in: the start column is as wide as its
// widest number (Qt measures the first thousand rows only), the bytes column of a list without bytes
// is not shown, and "Kernels by name" has no bytes column.
TEST(TablesSizes, NumbersAreNeverCutAndEmptyColumnsAreNotShown) {
  RunFixture f;
  for (int k = 0; k < 5'000; ++k) f.kernel(k < 4'990 ? 100 * k : 3'000'000'000LL + 1'000 * k, (k < 4'990 ? 100 * k : 3'000'000'000LL + 1'000 * k) + 10);
  TablesPanel panel;
  panel.resize(1200, 300);
  panel.setDocument(testing::documentOf(f.finish()));
  panel.show();
  ASSERT_TRUE(QTest::qWaitForWindowExposed(&panel));
  QTableView* events = panel.eventsView();
  ASSERT_EQ(events->model()->rowCount(), 5'000);
  const QFontMetrics metrics(events->font());
  const int start = static_cast<int>(view::EventColumn::Start);
  const QString last = events->model()->index(4'999, start).data().toString();
  EXPECT_GE(events->columnWidth(start), metrics.horizontalAdvance(last) + 6) << last.toStdString();
  EXPECT_TRUE(events->isColumnHidden(static_cast<int>(view::EventColumn::Bytes)));
  EXPECT_TRUE(panel.kernelsView()->isColumnHidden(static_cast<int>(view::SummaryColumn::Bytes)));
  EXPECT_FALSE(panel.copiesView()->isColumnHidden(static_cast<int>(view::SummaryColumn::Bytes)));
}

}  // namespace
}  // namespace feedscope::ui
