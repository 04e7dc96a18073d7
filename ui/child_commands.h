// Command lines of the child processes the run panel starts (`feedscope demo`, `feedscope record`,
// `feedscope devices`), the progress lines they print, and what their exit codes mean.
#pragma once

#include <QProcessEnvironment>
#include <QString>
#include <QStringList>
#include <optional>

#include "workload_config/config.h"

namespace feedscope::ui {

// The prefetch modes `feedscope demo` runs by default, as the GUI lists them.
QStringList defaultDemoModes();

// The demo's knobs. The defaults are the workload's own (what `feedscope demo` uses when an option is
// left out), read from its CUDA-free config header rather than copied.
struct DemoOptions {
  QStringList modes = defaultDemoModes();  // `feedscope demo`'s default
  int steps = workload::WorkloadConfig{}.steps;
  double batch_mib = workload::WorkloadConfig{}.batch_mib;
  double compute_ms = workload::WorkloadConfig{}.compute_ms;
  double load_ms = workload::WorkloadConfig{}.load_ms;
  int workers = workload::WorkloadConfig{}.workers;
  int depth = workload::WorkloadConfig{}.depth;
  QString phase = "train";  // or "predict"
  QString output;
};
QStringList demoArguments(const DemoOptions& options);

struct RecordOptions {
  QString program;
  QStringList arguments;
  QString working_dir;
  QString environment;  // KEY=VALUE lines
  QString label;
  QString output;
};
QStringList recordArguments(const RecordOptions& options);
// The words of a command line as a POSIX shell splits them, without expansions: blanks separate words,
// '...' is literal, "..." keeps blanks and takes \" \\ \$ \` escapes, a backslash outside quotes keeps
// the next character. nullopt when a quote is not closed. (QProcess::splitCommand knows no single
// quotes: `-c 'exit 5'` would reach the program as three words.)
std::optional<QStringList> splitArguments(const QString& text);
// The arguments as one line that splitArguments (and a shell) turns back into them, for the log.
QString joinArguments(const QStringList& args);
// `base` with the KEY=VALUE lines of `lines` set; blank lines and lines starting with # are skipped.
// Returns an error message for a line that is not KEY=VALUE.
std::optional<QString> applyEnvironment(const QString& lines, QProcessEnvironment& base);

struct ProgressLine {
  double fraction = 0;
  QString message;
};
// "FEEDSCOPE-PROGRESS 0.25 loading batch 3" -> {0.25, "loading batch 3"}; nullopt for other lines.
std::optional<ProgressLine> parseProgressLine(const QString& line);

// What an exit code of the CLI means, in the README's words. For `record` (`recording`), codes that
// are not Feedscope's own are the recorded program's exit status (128 + N: killed by signal N).
QString exitCodeMeaning(int code, bool recording = false);
// The CLI's line without its "feedscope: error: " (or "feedscope: ") prefix (cli/error_line.h): the window already says
// who is speaking.
QString cliMessage(const QString& line);
// One line for a child that stopped with `exitCode`: the CLI's own last line when it printed one, then
// the code and what it means ("cannot run 'x': No such file or directory (exit 127: the program to
// record does not exist)").
QString describeExit(int exitCode, const QString& lastLine, bool recording);

// Where the `feedscope` CLI is: beside this program (installed), in the build tree's sibling folder,
// or on PATH. Empty when it is nowhere.
QString findFeedscopeCli(const QString& applicationDir);

// Whether this machine can record, from the result of `feedscope devices`.
struct GpuStatus {
  bool available = false;
  QString summary;  // the devices found, or why recording is disabled
};
GpuStatus interpretDevicesProbe(bool started, int exitCode, const QString& out, const QString& err);

}  // namespace feedscope::ui
