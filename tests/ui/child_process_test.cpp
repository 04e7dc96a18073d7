// The run panel's child processes: command lines, progress lines, exit codes, the GPU probe, and
// real children (shell scripts standing in for `feedscope`) that report progress, fail, or are
// cancelled with SIGINT and killed when they ignore it.
#include <gtest/gtest.h>

#include <QDir>
#include <QFile>
#include <QGroupBox>
#include <QLabel>
#include <QSignalSpy>
#include <QTest>

#include "support/temp_dir.h"
#include "ui/child_commands.h"
#include "ui/child_job.h"
#include "ui/run_panel.h"
#include "ui_fixture.h"

namespace feedscope::ui {
namespace {

using testing::TempDir;
using testing::waitUntil;

// An executable shell script in `dir`.
QString script(const TempDir& dir, const std::string& name, const std::string& body) {
  std::string path = dir.file(name, "#!/bin/sh\n" + body);
  QFile::setPermissions(QString::fromStdString(path), QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
  return QString::fromStdString(path);
}

TEST(ChildCommands, ProgressLinesAreParsed) {
  struct Case {
    const char* line;
    std::optional<double> fraction;
    const char* message;
  } cases[] = {{"FEEDSCOPE-PROGRESS 0.25 loading batch 3", 0.25, "loading batch 3"},
               {"FEEDSCOPE-PROGRESS 1 done", 1.0, "done"},
               {"FEEDSCOPE-PROGRESS 0", 0.0, ""},
               {"FEEDSCOPE-PROGRESS 1.5 too far", std::nullopt, ""},
               {"FEEDSCOPE-PROGRESS abc", std::nullopt, ""},
               {"feedscope: error: no GPU", std::nullopt, ""}};
  for (const auto& c : cases) {
    auto p = parseProgressLine(c.line);
    ASSERT_EQ(p.has_value(), c.fraction.has_value()) << c.line;
    if (!p) continue;
    EXPECT_DOUBLE_EQ(p->fraction, *c.fraction);
    EXPECT_EQ(p->message, c.message);
  }
}

TEST(ChildCommands, DemoAndRecordCommandLinesFollowTheContract) {
  DemoOptions d;
  d.modes = {"off", "pinned", "on"};
  d.steps = 30;
  d.batch_mib = 32;
  d.compute_ms = 5.5;
  d.load_ms = 4;
  d.workers = 3;
  d.depth = 2;
  d.phase = "predict";
  d.output = "/tmp/out.feedscope";
  EXPECT_EQ(demoArguments(d).join(' '),
            "demo --modes off,pinned,on --steps 30 --batch-mib 32 --compute-ms 5.5 --load-ms 4 --workers 3 "
            "--depth 2 "
            "--phase predict -o /tmp/out.feedscope --progress machine");
  RecordOptions r;
  r.program = "python3";
  r.arguments = {"train.py", "--epochs", "1"};
  r.label = " prefetch on ";
  r.output = "/tmp/rec.feedscope";
  EXPECT_EQ(
      recordArguments(r).join(' '),
      "record -o /tmp/rec.feedscope --require-trace --label prefetch on --progress machine -- python3 train.py --epochs 1");
  r.label.clear();
  EXPECT_EQ(recordArguments(r).join(' '),
            "record -o /tmp/rec.feedscope --require-trace --progress machine -- python3 train.py --epochs 1");
}

TEST(ChildCommands, ArgumentsAreSplitAsAShellSplitsThem) {
  struct Case {
    const char* text;
    QStringList words;
  } cases[] = {
      {"train.py --epochs 1", {"train.py", "--epochs", "1"}},
      {"-c 'exit 5'", {"-c", "exit 5"}},
      {R"(--name "my run" --tag a\ b)", {"--name", "my run", "--tag", "a b"}},
      {R"('it'\''s' "say \"hi\"" "\n")", {"it's", "say \"hi\"", "\\n"}},
      {"  spaced   out  ", {"spaced", "out"}},
      {"''", {""}},
      {"", {}},
  };
  for (const auto& c : cases) {
    auto words = splitArguments(QString::fromUtf8(c.text));
    ASSERT_TRUE(words.has_value()) << c.text;
    EXPECT_EQ(*words, c.words) << c.text << " -> " << words->join('|').toStdString();
    // The log's line splits back into the same words.
    EXPECT_EQ(splitArguments(joinArguments(c.words)), c.words) << joinArguments(c.words).toStdString();
  }
  EXPECT_FALSE(splitArguments("-c 'exit 5").has_value());
  EXPECT_FALSE(splitArguments(R"(--name "my run)").has_value());
  EXPECT_EQ(joinArguments({"record", "--", "sh", "-c", "exit 5"}), "record -- sh -c 'exit 5'");
}

TEST(ChildCommands, EnvironmentLinesAreChecked) {
  QProcessEnvironment env;
  EXPECT_FALSE(applyEnvironment("A=1\n\n# comment\n  B=x=y  \nCUDA_VISIBLE_DEVICES=0", env));
  EXPECT_EQ(env.value("A"), "1");
  EXPECT_EQ(env.value("B"), "x=y");
  EXPECT_EQ(env.value("CUDA_VISIBLE_DEVICES"), "0");
  QProcessEnvironment env2;
  auto error = applyEnvironment("GOOD=1\nno equals sign", env2);
  ASSERT_TRUE(error.has_value());
  EXPECT_TRUE(error->contains("line 2")) << error->toStdString();
  EXPECT_TRUE(applyEnvironment("1BAD=x", env2).has_value());
  EXPECT_TRUE(applyEnvironment("SPACE IN NAME=x", env2).has_value());
}

TEST(ChildCommands, DevicesProbeDecidesWhetherRecordingIsPossible) {
  auto ok = interpretDevicesProbe(true, 0, "GPU 0: NVIDIA H200 (141 GiB)\nGPU 1: NVIDIA H200\n", "");
  EXPECT_TRUE(ok.available);
  EXPECT_EQ(ok.summary, "GPU 0: NVIDIA H200 (141 GiB)");
  // The CLI's reason, without the "feedscope: error: " the window does not need.
  auto noGpu =
      interpretDevicesProbe(true, 3, "", "feedscope: error: no CUDA driver found (libcuda.so.1 missing)\n");
  EXPECT_FALSE(noGpu.available);
  EXPECT_EQ(noGpu.summary, "no CUDA driver found (libcuda.so.1 missing)");
  auto noCuda = interpretDevicesProbe(true, 2, "", "The following argument was not expected: devices\n");
  EXPECT_FALSE(noCuda.available);
  EXPECT_EQ(noCuda.summary, "This build cannot record: no CUDA support.");
  auto missing = interpretDevicesProbe(false, -1, "", "");
  EXPECT_FALSE(missing.available);
  EXPECT_TRUE(missing.summary.contains("not found"));
  auto crashed = interpretDevicesProbe(true, 1, "", "boom\n");
  EXPECT_FALSE(crashed.available);
  EXPECT_TRUE(crashed.summary.contains("internal error")) << crashed.summary.toStdString();
  EXPECT_EQ(exitCodeMeaning(127), "the program to record does not exist");
}

TEST(ChildCommands, ExitCodesSayWhatTheReadmeSays) {
  EXPECT_EQ(exitCodeMeaning(0), "done");
  EXPECT_EQ(exitCodeMeaning(2), "bad input or usage");
  EXPECT_EQ(exitCodeMeaning(3), "no GPU, no CUDA driver, or no CUDA support in this feedscope");
  EXPECT_EQ(exitCodeMeaning(3, true), "no GPU or CUDA driver to record with, no injection library, or the program exited with status 3");
  EXPECT_EQ(exitCodeMeaning(126, true), "the program to record exists but cannot be executed");
  EXPECT_EQ(exitCodeMeaning(127, true), "the program to record does not exist");
  // 5: an output could not be written (the README's table); for record, or the program's own 5.
  EXPECT_EQ(exitCodeMeaning(5), "an output could not be written (a full disk, a closed pipe, a session another feedscope is writing)");
  EXPECT_EQ(exitCodeMeaning(5, true), "the recording could not be written (a full disk, a session another feedscope is writing), or the program exited with status 5");
  // Any other code of record is the recorded program's own status.
  EXPECT_EQ(exitCodeMeaning(6, true), "the program exited with status 6");
  EXPECT_EQ(exitCodeMeaning(137, true), "the program was killed by signal 9");
  EXPECT_EQ(exitCodeMeaning(6), "exit code 6");
  EXPECT_EQ(cliMessage("feedscope: error: cannot run 'x': No such file or directory"),
            "cannot run 'x': No such file or directory");
  EXPECT_EQ(cliMessage("feedscope: no process of the program initialised CUDA"),
            "no process of the program initialised CUDA");
  EXPECT_EQ(cliMessage("Traceback (most recent call last):"), "Traceback (most recent call last):");
  EXPECT_EQ(describeExit(127, "feedscope: error: cannot run 'x': No such file or directory\n", true),
            "cannot run 'x': No such file or directory (exit 127: the program to record does not exist)");
  EXPECT_EQ(describeExit(3, "", false),
            "no GPU, no CUDA driver, or no CUDA support in this feedscope (exit 3)");
}

TEST(ChildCommands, TheCliIsFoundBesideTheGui) {
  TempDir dir;
  QString bin = QString::fromStdString(dir.path.string());
  EXPECT_NE(findFeedscopeCli(bin), bin + "/feedscope");
  script(dir, "feedscope", "exit 0\n");
  EXPECT_EQ(findFeedscopeCli(bin), bin + "/feedscope");
}

TEST(ChildJob, StreamsProgressAndReportsTheWrittenFile) {
  TempDir dir;
  QString out = QString::fromStdString(dir.file("out.feedscope"));
  QString child = script(dir, "child.sh",
                         "echo 'FEEDSCOPE-PROGRESS 0.5 half way' >&2\n"
                         "echo 'FEEDSCOPE-PROGRESS 1 done' >&2\n"
                         "echo session > \"$2\"\n");
  ChildJob job;
  QSignalSpy progress(&job, &ChildJob::progress);
  QSignalSpy finished(&job, &ChildJob::finished);
  job.start(child, {"-o", out}, out);
  ASSERT_TRUE(waitUntil([&] { return finished.count() == 1; }));
  EXPECT_TRUE(finished.first().at(0).toBool()) << finished.first().at(2).toString().toStdString();
  EXPECT_EQ(finished.first().at(1).toString(), out);
  // "starting", then the two lines of the child.
  ASSERT_EQ(progress.count(), 3);
  EXPECT_DOUBLE_EQ(progress.at(1).at(0).toDouble(), 0.5);
  EXPECT_EQ(progress.at(1).at(1).toString(), "half way");
}

TEST(ChildJob, FailuresSayWhyInOneLine) {
  TempDir dir;
  QString out = QString::fromStdString(dir.file("never.feedscope"));
  ChildJob job;
  QSignalSpy finished(&job, &ChildJob::finished);
  job.start(script(dir, "nogpu.sh", "echo 'feedscope: error: no CUDA driver' >&2\nexit 3\n"), {}, out);
  ASSERT_TRUE(waitUntil([&] { return finished.count() == 1; }));
  EXPECT_FALSE(finished.last().at(0).toBool());
  EXPECT_EQ(finished.last().at(2).toString(),
            "no CUDA driver (exit 3: no GPU, no CUDA driver, or no CUDA support in this feedscope)");

  job.start(script(dir, "silent.sh", "exit 0\n"), {}, out);
  ASSERT_TRUE(waitUntil([&] { return finished.count() == 2; }));
  EXPECT_FALSE(finished.last().at(0).toBool());
  EXPECT_TRUE(finished.last().at(2).toString().startsWith("finished but wrote no"));

  job.start(QString::fromStdString(dir.file("does-not-exist")), {}, out);
  ASSERT_TRUE(waitUntil([&] { return finished.count() == 3; }));
  EXPECT_FALSE(finished.last().at(0).toBool());
  EXPECT_TRUE(finished.last().at(2).toString().startsWith("cannot start"))
      << finished.last().at(2).toString().toStdString();
}

TEST(ChildJob, ASessionWrittenDespiteAFailedProgramIsStillTheResult) {
  TempDir dir;
  QString out = QString::fromStdString(dir.file("rec.feedscope"));
  // `record` returns the recorded program's status: a training script that fails at its end (or is
  // killed) still leaves its recording, which is opened, saying how the program ended.
  QString failing = script(dir, "record.sh", "echo session > \"$3\"\nexit \"$4\"\n");
  ChildJob job;
  QSignalSpy finished(&job, &ChildJob::finished);
  job.start(failing, {"record", "-o", out, "7"}, out);
  ASSERT_TRUE(waitUntil([&] { return finished.count() == 1; }));
  EXPECT_TRUE(finished.last().at(0).toBool());
  EXPECT_EQ(finished.last().at(2).toString(), "the program exited with status 7");
  job.start(failing, {"record", "-o", out, "137"}, out);
  ASSERT_TRUE(waitUntil([&] { return finished.count() == 2; }));
  EXPECT_TRUE(finished.last().at(0).toBool());
  EXPECT_EQ(finished.last().at(2).toString(), "the program was killed by signal 9");
  // A session left from before is not this run's: nothing written, the failure is reported.
  QString nothing =
      script(dir, "fails.sh", "echo 'feedscope: error: the recording was not saved' >&2\nexit 2\n");
  QTest::qWait(20);  // a later write would change the file's time; this run writes nothing
  job.start(nothing, {"record", "-o", out}, out);
  ASSERT_TRUE(waitUntil([&] { return finished.count() == 3; }));
  EXPECT_FALSE(finished.last().at(0).toBool());
  EXPECT_TRUE(finished.last().at(2).toString().startsWith("the recording was not saved (exit 2: "))
      << finished.last().at(2).toString().toStdString();
}

TEST(ChildJob, CancelSendsSigintThenKills) {
  TempDir dir;
  QString out = QString::fromStdString(dir.file("x.feedscope"));
  ChildJob job;
  QSignalSpy finished(&job, &ChildJob::finished);
  // Stops on SIGINT, as feedscope does.
  QString polite = script(dir, "polite.sh",
                          "trap 'echo stopping >&2; exit 130' INT\n"
                          "echo 'FEEDSCOPE-PROGRESS 0.1 running' >&2\n"
                          "while true; do sleep 0.05; done\n");
  job.start(polite, {}, out);
  ASSERT_TRUE(waitUntil([&] { return job.isRunning(); }));
  QTest::qWait(200);  // let the shell install its trap
  job.cancel();
  ASSERT_TRUE(waitUntil([&] { return finished.count() == 1; }, 5000));
  EXPECT_EQ(finished.last().at(2).toString(), "cancelled");

  // Ignores SIGINT: killed after the grace period.
  QString stubborn = script(dir, "stubborn.sh", "trap '' INT\nwhile true; do sleep 0.05; done\n");
  job.setKillAfterMs(300);
  job.start(stubborn, {}, out);
  ASSERT_TRUE(waitUntil([&] { return job.isRunning(); }));
  QTest::qWait(200);
  QElapsedTimer timer;
  timer.start();
  job.cancel();
  ASSERT_TRUE(waitUntil([&] { return finished.count() == 2; }, 5000));
  EXPECT_GE(timer.elapsed(), 250);
  EXPECT_EQ(finished.last().at(2).toString(), "cancelled");
}

TEST(RunPanel, ControlsAreDisabledWithTheReasonWithoutAGpu) {
  TempDir dir;
  RunPanel panel;
  panel.setCliPath(
      script(dir, "feedscope", "echo 'feedscope: no NVIDIA driver on this machine' >&2\nexit 3\n"));
  QSignalSpy status(&panel, &RunPanel::gpuStatusChanged);
  EXPECT_FALSE(panel.findChild<QGroupBox*>("demoBox")->isEnabled());  // until the probe answers
  panel.probeGpu();
  ASSERT_TRUE(waitUntil([&] { return status.count() >= 1; }));
  EXPECT_FALSE(panel.gpuStatus().available);
  EXPECT_FALSE(panel.findChild<QGroupBox*>("demoBox")->isEnabled());
  EXPECT_FALSE(panel.findChild<QGroupBox*>("recordBox")->isEnabled());
  EXPECT_TRUE(panel.findChild<QLabel*>("gpuStatus")->text().contains("no NVIDIA driver on this machine"));

  // A feedscope without the devices command (built without CUDA).
  panel.setCliPath(
      script(dir, "old-feedscope", "echo 'The following argument was not expected: devices' >&2\nexit 2\n"));
  panel.probeGpu();
  ASSERT_TRUE(waitUntil([&] { return panel.gpuStatus().summary.contains("no CUDA support"); }));
  EXPECT_FALSE(panel.findChild<QGroupBox*>("demoBox")->isEnabled());
}

TEST(RunPanel, TheDemoRunsAsAChildAndItsSessionIsHandedOver) {
  TempDir dir;
  // A stand-in feedscope: `devices` finds a GPU; `demo ... -o FILE` reports progress and writes FILE.
  QString cli = script(dir, "feedscope",
                       "if [ \"$1\" = devices ]; then echo 'GPU 0: NVIDIA H200'; exit 0; fi\n"
                       "echo \"$@\" > \"$(dirname \"$0\")/args\"\n"
                       "while [ $# -gt 0 ]; do if [ \"$1\" = -o ]; then out=$2; fi; shift; done\n"
                       "echo 'FEEDSCOPE-PROGRESS 0.5 mode off' >&2\n"
                       "echo demo > \"$out\"\n");
  RunPanel panel;
  panel.setCliPath(cli);
  panel.probeGpu();
  ASSERT_TRUE(waitUntil([&] { return panel.gpuStatus().available; }));
  EXPECT_TRUE(panel.findChild<QGroupBox*>("demoBox")->isEnabled());
  EXPECT_TRUE(panel.findChild<QLabel*>("gpuStatus")->text().contains("NVIDIA H200"));
  QSignalSpy ready(&panel, &RunPanel::resultReady);
  panel.startDemo();
  ASSERT_TRUE(waitUntil([&] { return ready.count() == 1; }));
  QString written = ready.first().at(0).toString();
  EXPECT_TRUE(QFile::exists(written));
  QString args = QString::fromStdString(testing::readWholeFile(dir.file("args")));
  EXPECT_TRUE(args.startsWith("demo --modes")) << args.toStdString();
  EXPECT_TRUE(args.contains("--progress machine"));
  QFile::remove(written);
}

}  // namespace
}  // namespace feedscope::ui
