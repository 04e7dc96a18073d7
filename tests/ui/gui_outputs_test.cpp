// What the GUI writes goes through the CLI's checks (ui/outputs.h, store/output_check.h): no export, PNG
// or range export, and no session the run panel starts, replaces a file the window opened, whatever
// name reaches it; each refusal is one line and leaves the file byte for byte. And the window's child
// processes end before it goes: none is destroyed running (feedscope-gui crashed at exit).
#include <gtest/gtest.h>
#include <signal.h>

#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QSignalSpy>
#include <filesystem>
#include <memory>

#include "support/temp_dir.h"
#include "ui/exporters.h"
#include "ui/main_window.h"
#include "ui/run_panel.h"
#include "ui_fixture.h"

namespace feedscope::ui {
namespace {

using testing::readWholeFile;
using testing::TempDir;
using testing::waitUntil;
namespace fs = std::filesystem;

struct OpenedFiles : ::testing::Test {
  TempDir dir;
  MainWindow window{false};
  std::string trace, folderMember, original;
  void SetUp() override {
    trace = dir.file("naive.json.gz");
    fs::copy_file(testing::kNaive, trace);
    fs::create_directory(dir.path / "ranks");
    folderMember = dir.file("ranks/rank0.json.gz");
    fs::copy_file(FEEDSCOPE_TEST_DATA_DIR "/kineto/compare_base.json.gz", folderMember);
    fs::create_symlink(trace, dir.path / "link.json.gz");
    fs::create_hard_link(trace, dir.path / "hard.json.gz");
    original = readWholeFile(trace);
    window.resize(1200, 800);
    window.show();
    QSignalSpy loaded(&window, &MainWindow::documentLoaded);
    window.openFiles({QString::fromStdString(trace), QString::fromStdString(dir.file("ranks"))});
    ASSERT_TRUE(waitUntil([&] { return loaded.count() == 1; }));
  }
  // Every name that reaches an opened file.
  std::vector<std::string> namesOfInputs() const {
    return {trace, dir.file("link.json.gz"), dir.file("hard.json.gz"), dir.file("./naive.json.gz"), folderMember};
  }
};

std::vector<QString> everyFormat() {
  std::vector<QString> ids;
  for (const auto& f : exportFormats()) ids.push_back(QString::fromStdString(f.id));
  ids.push_back("png");
  return ids;
}

TEST_F(OpenedFiles, NoExportReplacesAnOpenedFile) {
  const std::string memberBefore = readWholeFile(folderMember);
  for (const QString& id : everyFormat()) {
    for (const std::string& name : namesOfInputs()) {
      const QString error = window.exportTo(id, QString::fromStdString(name));
      EXPECT_TRUE(error.contains("is the same file as the input")) << id.toStdString() << " " << name << ": "
                                                                    << error.toStdString();
      EXPECT_FALSE(error.contains('\n'));
    }
  }
  EXPECT_EQ(readWholeFile(trace), original);
  EXPECT_EQ(readWholeFile(folderMember), memberBefore);
  EXPECT_TRUE(fs::is_symlink(dir.path / "link.json.gz"));
}

TEST_F(OpenedFiles, NoRangeExportReplacesAnOpenedFile) {
  const view::TimeRange range = window.timeline()->viewport().visible();
  for (const QString& id : everyFormat()) {
    const QString error = window.exportRange(id, range, QString::fromStdString(dir.file("link.json.gz")));
    EXPECT_TRUE(error.contains("is the same file as the input")) << id.toStdString() << ": " << error.toStdString();
  }
  EXPECT_EQ(readWholeFile(trace), original);
  // Any other name is written.
  EXPECT_TRUE(window.exportRange("csv", range, QString::fromStdString(dir.file("range.csv"))).isEmpty());
  EXPECT_EQ(readWholeFile(dir.file("range.csv")).rfind("run,track,", 0), 0u);
}

// The run panel starts `feedscope record -o PATH`: a stand-in that would overwrite PATH shows the
// panel never starts it for an opened file.
TEST_F(OpenedFiles, NoRecordingReplacesAnOpenedFile) {
  const std::string cli = dir.file("feedscope", "#!/bin/sh\necho clobbered > \"$3\"\n");
  QFile::setPermissions(QString::fromStdString(cli), QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
  auto* panel = window.findChild<RunPanel*>("runPanel");
  ASSERT_NE(panel, nullptr);
  panel->setCliPath(QString::fromStdString(cli));
  panel->findChild<QLineEdit*>("recordProgram")->setText("true");
  panel->findChild<QLineEdit*>("recordOutput")->setText(QString::fromStdString(dir.file("link.json.gz")));
  panel->startRecord();
  EXPECT_FALSE(panel->isRunning());
  EXPECT_TRUE(panel->findChild<QLabel*>("runStatus")->text().contains("is the same file as the input"))
      << panel->findChild<QLabel*>("runStatus")->text().toStdString();
  QTest::qWait(200);
  EXPECT_EQ(readWholeFile(trace), original);
  // A new file is the stand-in's to write.
  panel->findChild<QLineEdit*>("recordOutput")->setText(QString::fromStdString(dir.file("new.feedscope")));
  panel->startRecord();
  ASSERT_TRUE(waitUntil([&] { return !panel->isRunning(); }));
  EXPECT_EQ(readWholeFile(dir.file("new.feedscope")), "clobbered\n");
}

// A GPU probe that never answers: the window goes while it runs, the probe ends first, no warning.
TEST(ChildProcesses, AWindowClosedWhileItsProbeRunsEndsItFirst) {
  TempDir dir;
  const std::string pidFile = dir.file("pid");
  const std::string cli = dir.file("feedscope", "#!/bin/sh\necho $$ > " + pidFile + ".tmp; mv " + pidFile +
                                                    ".tmp " + pidFile + "\nexec sleep 60\n");
  QFile::setPermissions(QString::fromStdString(cli), QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
  testing::WarningCatcher warnings;
  {
    auto window = std::make_unique<MainWindow>(false);
    window->setCliPath(QString::fromStdString(cli));
    window->probeGpu();
    ASSERT_TRUE(waitUntil([&] { return fs::exists(pidFile); }));
    const pid_t pid = std::stoi(readWholeFile(pidFile));
    window.reset();
    EXPECT_NE(::kill(pid, 0), 0) << "the probe still runs";
  }
  for (const auto& m : warnings.messages()) EXPECT_EQ(m.find("QProcess"), std::string::npos) << m;
}

// A recording when the window goes: SIGINT first (record saves what it has), waited for.
TEST(ChildProcesses, AWindowClosedWhileARecordingRunsLetsItFinish) {
  TempDir dir;
  const std::string done = dir.file("saved");
  const std::string cli =
      dir.file("feedscope", "#!/bin/sh\ntrap 'echo saved > " + done + "; exit 130' INT\necho started > " + done +
                                ".started\nwhile :; do sleep 0.05; done\n");
  QFile::setPermissions(QString::fromStdString(cli), QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
  testing::WarningCatcher warnings;
  auto window = std::make_unique<MainWindow>(false);
  auto* panel = window->findChild<RunPanel*>("runPanel");
  panel->setCliPath(QString::fromStdString(cli));
  panel->findChild<QLineEdit*>("recordProgram")->setText("true");
  panel->findChild<QLineEdit*>("recordOutput")->setText(QString::fromStdString(dir.file("r.feedscope")));
  panel->startRecord();
  ASSERT_TRUE(waitUntil([&] { return fs::exists(done + ".started"); }));
  window.reset();
  EXPECT_EQ(readWholeFile(done), "saved\n");
  for (const auto& m : warnings.messages()) EXPECT_EQ(m.find("QProcess"), std::string::npos) << m;
}

}  // namespace
}  // namespace feedscope::ui
