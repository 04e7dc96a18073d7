// Application-level behaviour: versions in the About box, the bundled samples, recent files, the
// demo offered when a GPU is present, menu actions (F, Esc) and the dark palette.
#include <gtest/gtest.h>

#include <QAction>
#include <QApplication>
#include <QFile>
#include <QSignalSpy>

#include "support/temp_dir.h"
#include "ui/app_info.h"
#include "ui/main_window.h"
#include "ui/recent_files.h"
#include "ui/timeline_painter.h"
#include "ui/timeline_widget.h"
#include "ui_fixture.h"

namespace feedscope::ui {
namespace {

using testing::TempDir;
using testing::waitUntil;

TEST(AppInfo, AboutBoxNamesTheVersions) {
  QString text = versionText();
  EXPECT_TRUE(text.contains("Feedscope " FEEDSCOPE_TEST_VERSION)) << text.toStdString();
  EXPECT_TRUE(text.contains(QString("Qt ") + qVersion()));
  EXPECT_TRUE(text.contains("SQLite 3."));
  EXPECT_FALSE(applicationIcon().isNull());
}

TEST(AppInfo, TheBundledSamplesAreTheNaiveAndStreamLoops) {
  QStringList files = defaultSampleFiles(QCoreApplication::applicationDirPath());
  ASSERT_EQ(files.size(), 2);
  EXPECT_TRUE(files[0].endsWith("resources/samples/h200_naive.json.gz")) << files[0].toStdString();
  EXPECT_TRUE(files[1].endsWith("resources/samples/h200_stream.json.gz"));
  // An installed layout wins: <prefix>/bin beside <prefix>/share/feedscope/samples.
  TempDir prefix;
  QDir(QString::fromStdString(prefix.path.string())).mkpath("bin");
  QDir(QString::fromStdString(prefix.path.string())).mkpath("share/feedscope/samples");
  QString bin = QString::fromStdString((prefix.path / "bin").string());
  EXPECT_EQ(samplesDir(bin), QString::fromStdString((prefix.path / "share/feedscope/samples").string()));
  EXPECT_TRUE(defaultSampleFiles(bin).isEmpty());
}

TEST(RecentFiles, NewestFirstWithoutDuplicatesAndBounded) {
  QStringList list;
  for (int i = 0; i < 12; ++i) list = RecentFiles::pushFront(list, QString("/f%1").arg(i));
  ASSERT_EQ(list.size(), RecentFiles::kMax);
  EXPECT_EQ(list.front(), "/f11");
  EXPECT_EQ(list.back(), "/f2");
  list = RecentFiles::pushFront(list, "/f5");
  EXPECT_EQ(list.front(), "/f5");
  EXPECT_EQ(list.count("/f5"), 1);
  EXPECT_EQ(list.size(), RecentFiles::kMax);
}

TEST(MainWindowApp, OffersTheDemoWhenAGpuIsPresentAndTheSamplesAreShown) {
  TempDir dir;
  std::string cli = dir.file(
      "feedscope", "#!/bin/sh\n[ \"$1\" = devices ] && echo 'GPU 0: NVIDIA H200' && exit 0\nexit 2\n");
  QFile::setPermissions(QString::fromStdString(cli), QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
  MainWindow window(false);
  window.resize(1400, 900);
  window.show();
  QSignalSpy loaded(&window, &MainWindow::documentLoaded);
  window.openFiles(defaultSampleFiles(QCoreApplication::applicationDirPath()));
  ASSERT_TRUE(waitUntil([&] { return loaded.count() == 1; }));
  auto* offer = window.findChild<QWidget*>("gpuOffer");
  ASSERT_NE(offer, nullptr);
  EXPECT_FALSE(offer->isVisible());
  window.setCliPath(QString::fromStdString(cli));
  window.probeGpu();
  ASSERT_TRUE(waitUntil([&] { return offer->isVisible(); }));

  // F fits (or zooms to the selection), Esc clears the selection.
  TimelineWidget* timeline = window.timeline();
  timeline->selectRange(view::TimeRange{1e6, 2e6});
  window.findChild<QAction*>("actionFit")->trigger();
  EXPECT_NEAR(timeline->viewport().visible().start, 1e6, 1);
  EXPECT_NEAR(timeline->viewport().visible().end, 2e6, 1);
  for (QAction* a : window.findChildren<QAction*>()) {
    if (a->shortcut() == QKeySequence(Qt::Key_Escape)) a->trigger();
  }
  EXPECT_FALSE(timeline->viewport().selection());
}

TEST(MainWindowApp, TheDarkThemeGivesTheTimelineADarkPalette) {
  MainWindow window(false);
  window.setTheme("dark", false);
  TimelineTheme dark = TimelineTheme::fromPalette(QApplication::palette());
  EXPECT_TRUE(dark.dark);
  EXPECT_GT(dark.text.lightness(), 180);
  window.setTheme("light", false);
  TimelineTheme light = TimelineTheme::fromPalette(QApplication::palette());
  EXPECT_FALSE(light.dark);
  EXPECT_LT(light.text.lightness(), 80);
  window.setTheme("system", false);
}

}  // namespace
}  // namespace feedscope::ui
