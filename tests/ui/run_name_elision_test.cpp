// Run names cut in the middle to a width in pixels: whole when they fit, cut otherwise,
// and never cut into the same text.
#include "ui/run_name_elision.h"

#include <gtest/gtest.h>

#include <QApplication>
#include <QSet>

namespace feedscope::ui {
namespace {

TEST(RunNameElision, ShortNamesStayWholeLongOnesKeepStartAndEnd) {
  const QFontMetrics metrics(QApplication::font());
  const QStringList names{"a", "h200_input_pipeline_sweep_pinned_stream_run2"};
  const int room = metrics.horizontalAdvance("h200_input_pip");
  const QStringList cut = elideRunNames(names, metrics, room);
  EXPECT_EQ(cut[0], "a");
  EXPECT_LE(metrics.horizontalAdvance(cut[1]), room);
  const qsizetype dots = cut[1].indexOf(QChar(0x2026));
  ASSERT_GT(dots, 0) << cut[1].toStdString();
  EXPECT_TRUE(names[1].startsWith(cut[1].left(dots)));
  EXPECT_TRUE(names[1].endsWith(cut[1].mid(dots + 1)));
}

TEST(RunNameElision, NamesThatWouldReadTheSameGetMoreRoomUntilTheyDiffer) {
  const QFontMetrics metrics(QApplication::font());
  // They differ only in the middle: cut short, both read "sweep_…_pinned".
  const QStringList names{"sweep_workers_4_batch_64_pinned", "sweep_workers_8_batch_64_pinned", "short"};
  const int room = metrics.horizontalAdvance("sweep_…pinned");
  const QStringList tight{metrics.elidedText(names[0], Qt::ElideMiddle, room),
                          metrics.elidedText(names[1], Qt::ElideMiddle, room)};
  ASSERT_EQ(tight[0], tight[1]) << "the test needs names that clash when cut";
  const QStringList cut = elideRunNames(names, metrics, room);
  EXPECT_EQ(QSet<QString>(cut.begin(), cut.end()).size(), 3);
  EXPECT_EQ(cut[2], "short");
}

TEST(RunNameElision, TheSameNameTwiceIsLeftWholeRatherThanLooping) {
  const QFontMetrics metrics(QApplication::font());
  const QStringList cut = elideRunNames({"same_long_name_here", "same_long_name_here"}, metrics, 10);
  EXPECT_EQ(cut[0], "same_long_name_here");
  EXPECT_EQ(cut[1], "same_long_name_here");
}

}  // namespace
}  // namespace feedscope::ui
