// The run panel against the feedscope built beside it, not a stand-in: the reason it shows without a
// GPU is the CLI's own line, its demo defaults are `feedscope demo`'s, every argument list its
// controls can make is one the CLI accepts, and a record that cannot start says why in the CLI's words.
// No GPU is needed; where one is present, the tests that would start the demo skip.
#include <gtest/gtest.h>

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFile>
#include <QGroupBox>
#include <QLabel>
#include <QLineEdit>
#include <QProcess>
#include <QRegularExpression>
#include <QSettings>
#include <QSpinBox>

#include "support/temp_dir.h"
#include "ui/child_commands.h"
#include "ui/run_panel.h"
#include "ui_fixture.h"

namespace feedscope::ui {
namespace {

using testing::TempDir;
using testing::waitUntil;

const QString kCli = QStringLiteral(FEEDSCOPE_CLI);

struct CliRun {
  int code = -1;
  QString out;
  QString err;
};

CliRun runCli(const QStringList& args) {
  QProcess p;
  p.start(kCli, args);
  if (!p.waitForFinished(60000)) return {};
  return {p.exitCode(), QString::fromUtf8(p.readAllStandardOutput()),
          QString::fromUtf8(p.readAllStandardError())};
}

bool hasGpu() {
  static const bool gpu = runCli({"devices"}).code == 0;
  return gpu;
}

// A run panel as a first start shows it: no remembered knobs from an earlier test.
std::unique_ptr<RunPanel> freshPanel() {
  QSettings().remove("run");
  auto panel = std::make_unique<RunPanel>();
  panel->setCliPath(kCli);
  return panel;
}

TEST(RealCli, DisabledControlsShowTheCliOwnReason) {
  CliRun devices = runCli({"devices"});
  auto panel = freshPanel();
  QSignalSpy status(panel.get(), &RunPanel::gpuStatusChanged);
  panel->probeGpu();
  ASSERT_TRUE(waitUntil([&] { return status.count() == 1; }));
  if (devices.code == 0) {
    EXPECT_TRUE(panel->gpuStatus().available);
    EXPECT_TRUE(panel->findChild<QGroupBox*>("demoBox")->isEnabled());
    return;
  }
  // "feedscope: error: no CUDA driver on this machine (...)": one line, exit 3.
  ASSERT_EQ(devices.code, 3) << devices.err.toStdString();
  QString line = devices.err.trimmed();
  ASSERT_FALSE(line.contains('\n')) << line.toStdString();
  ASSERT_TRUE(line.startsWith("feedscope: error: ")) << line.toStdString();
  const QString reason = line.mid(QStringLiteral("feedscope: error: ").size());
  EXPECT_FALSE(panel->gpuStatus().available);
  EXPECT_EQ(panel->gpuStatus().summary, reason);
  EXPECT_EQ(panel->findChild<QLabel*>("gpuStatus")->text(), "Recording is disabled: " + reason);
  for (const char* box : {"demoBox", "recordBox"}) {
    EXPECT_FALSE(panel->findChild<QGroupBox*>(box)->isEnabled()) << box;
    EXPECT_EQ(panel->findChild<QGroupBox*>(box)->toolTip(), reason) << box;
  }
}

TEST(RealCli, DemoKnobsStartAtTheDemosOwnDefaults) {
  CliRun help = runCli({"demo", "--help"});
  ASSERT_EQ(help.code, 0) << help.err.toStdString();
  // "--steps INT:INT in [1 - 1000000]\n   training steps per mode (default 200)"
  auto defaultOf = [&](const QString& option) {
    QRegularExpression re(QRegularExpression::escape(option) + R"(\b[^(]*?\(default ([^)]+)\))");
    QRegularExpressionMatch m = re.match(help.out);
    return m.hasMatch() ? m.captured(1) : QString();
  };
  auto panel = freshPanel();
  DemoOptions o = panel->demoOptions();
  EXPECT_EQ(o.modes.join(','), defaultOf("--modes"));
  EXPECT_EQ(QString::number(o.steps), defaultOf("--steps"));
  EXPECT_EQ(QString::number(o.batch_mib), defaultOf("--batch-mib"));
  EXPECT_EQ(QString::number(o.compute_ms), defaultOf("--compute-ms"));
  EXPECT_EQ(QString::number(o.load_ms), defaultOf("--load-ms"));
  EXPECT_EQ(QString::number(o.workers), defaultOf("--workers"));
  EXPECT_EQ(QString::number(o.depth), defaultOf("--depth"));
  EXPECT_EQ(o.phase, "train");
  EXPECT_FALSE(defaultOf("--steps").isEmpty()) << help.out.toStdString();
}

TEST(RealCli, EveryArgumentListTheControlsCanMakeIsAccepted) {
  if (hasGpu()) GTEST_SKIP() << "with a GPU these arguments would run the demo";
  TempDir dir;
  const QString out = QString::fromStdString(dir.file("demo.feedscope"));
  auto panel = freshPanel();
  // Accepted: the CLI gets past its checks and stops at the missing GPU (3), never bad usage (2).
  auto expectAccepted = [&](const char* what) {
    DemoOptions o = panel->demoOptions();
    o.output = out;
    QStringList args = demoArguments(o);
    CliRun r = runCli(args);
    EXPECT_EQ(r.code, 3) << what << ": feedscope " << args.join(' ').toStdString() << "\n"
                         << r.err.toStdString();
    EXPECT_FALSE(QFile::exists(out)) << what;
  };
  expectAccepted("defaults");
  QList<QSpinBox*> ints;
  for (const char* name : {"demoSteps", "demoWorkers", "demoDepth"})
    ints << panel->findChild<QSpinBox*>(name);
  QList<QDoubleSpinBox*> doubles;
  for (const char* name : {"demoBatchMib", "demoComputeMs", "demoLoadMs"})
    doubles << panel->findChild<QDoubleSpinBox*>(name);
  for (auto* s : ints) ASSERT_NE(s, nullptr);
  for (auto* s : doubles) ASSERT_NE(s, nullptr);
  for (auto* s : ints) s->setValue(s->minimum());
  for (auto* s : doubles) s->setValue(s->minimum());
  panel->findChild<QComboBox*>("demoPhase")->setCurrentText("predict");
  expectAccepted("every knob at its minimum");
  for (auto* s : ints) s->setValue(s->maximum());
  for (auto* s : doubles) s->setValue(s->maximum());
  expectAccepted("every knob at its maximum");
  // One step past a control's range is what the CLI refuses: the ranges are the CLI's own, not
  // narrower (except the batch, which stops at the 0.1 MiB its one decimal can show).
  DemoOptions base = panel->demoOptions();
  base.output = out;
  auto refused = [&](DemoOptions o) { return runCli(demoArguments(o)).code == 2; };
  DemoOptions o = base;
  o.steps = ints[0]->maximum() + 1;
  EXPECT_TRUE(refused(o)) << "steps";
  o = base;
  o.workers = ints[1]->minimum() - 1;
  EXPECT_TRUE(refused(o)) << "workers";
  o = base;
  o.depth = ints[2]->minimum() - 1;
  EXPECT_TRUE(refused(o)) << "depth";
  o = base;
  o.depth = ints[2]->maximum() + 1;
  EXPECT_TRUE(refused(o)) << "depth";
  o = base;
  o.batch_mib = doubles[0]->maximum() + 0.1;
  EXPECT_TRUE(refused(o)) << "batch";
  o = base;
  o.compute_ms = doubles[1]->minimum() - 0.01;
  EXPECT_TRUE(refused(o)) << "compute";
  o = base;
  o.load_ms = doubles[2]->maximum() + 0.1;
  EXPECT_TRUE(refused(o)) << "load";
  o = base;
  o.load_ms = doubles[2]->minimum() - 0.1;
  EXPECT_TRUE(refused(o)) << "load";
  o = base;
  o.modes = QStringList{"off", "warp"};
  EXPECT_TRUE(refused(o)) << "modes";
}

// Records `program arguments` through the panel and the real CLI; returns the status line.
QString recordThroughThePanel(const QString& program, const QString& arguments, const TempDir& dir) {
  auto panel = freshPanel();
  // Recording needs a GPU only to record something: the failures below happen before that.
  panel->setGpuStatus({true, "test"});
  panel->findChild<QLineEdit*>("recordProgram")->setText(program);
  panel->findChild<QLineEdit*>("recordArguments")->setText(arguments);
  panel->findChild<QLineEdit*>("recordOutput")->setText(QString::fromStdString(dir.file("rec.feedscope")));
  panel->startRecord();
  if (!waitUntil([&] { return !panel->isRunning(); }, 60000)) return "still running";
  return panel->findChild<QLabel*>("runStatus")->text();
}

TEST(RealCli, ARecordThatCannotStartSaysWhyInTheCliWords) {
  TempDir dir;
  // A driver that sees one GPU (a test stand-in): the program below simply uses no CUDA.
  setenv("FEEDSCOPE_CUDA_DRIVER", FEEDSCOPE_FAKE_CUDA_DRIVER, 1);
  QString missing = recordThroughThePanel("/nonexistent/feedscope-test-program", "", dir);
  const QString notExecutable = QString::fromStdString(dir.file("not-executable.sh", "echo hi\n"));
  QString denied = recordThroughThePanel(notExecutable, "", dir);
  QString noCuda = recordThroughThePanel("sh", "-c 'exit 6'", dir);
  EXPECT_FALSE(QFile::exists(QString::fromStdString(dir.file("rec.feedscope"))));
#if FEEDSCOPE_CLI_CAN_RECORD
  EXPECT_EQ(missing.toStdString(),
            "Stopped: cannot run '/nonexistent/feedscope-test-program': No such file or directory (exit 127: "
            "the program to record does not exist)");
  EXPECT_EQ(denied.toStdString(),
            ("Stopped: cannot run '" + notExecutable +
             "': Permission denied (exit 126: the program to record exists but cannot be executed)")
                .toStdString());
  // The program ran and failed, using no CUDA: its status and the CLI's note, no session.
  EXPECT_EQ(noCuda.toStdString(),
            "Stopped: no process of the program initialised CUDA: nothing was recorded (exit 6: the program "
            "exited with status 6)");
  // No driver at all: the CLI's reason and the no-GPU exit code reach the panel.
  setenv("FEEDSCOPE_CUDA_DRIVER", "/nonexistent/libcuda.so.1", 1);
  QString noDriver = recordThroughThePanel("sh", "-c 'exit 0'", dir);
  EXPECT_EQ(noDriver.toStdString(),
            "Stopped: nothing was recorded: no CUDA driver on this machine (/nonexistent/libcuda.so.1 was not "
            "found) (exit 3: no GPU or CUDA driver to record with, no injection library, or the program exited "
            "with status 3)");
#else
  // A feedscope without the injection library says so before anything runs.
  for (const QString& status : {missing, denied, noCuda}) {
    EXPECT_TRUE(status.startsWith("Stopped: ")) << status.toStdString();
    EXPECT_TRUE(status.endsWith("(exit 3: no GPU or CUDA driver to record with, no injection library, or the program exited with status 3)"))
        << status.toStdString();
  }
#endif
  unsetenv("FEEDSCOPE_CUDA_DRIVER");
}

}  // namespace
}  // namespace feedscope::ui
