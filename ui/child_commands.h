// Command lines of the child processes the run panel starts (`feedscope demo`, `feedscope record`,
// `feedscope devices`), the progress lines they print, and what their exit codes mean.
#pragma once

#include <QProcessEnvironment>
#include <QString>
#include <QStringList>
#include <optional>

namespace feedscope::ui {

struct DemoOptions {
  QStringList modes{"off", "on"};  // of off, pinned, on, on-pageable
  int steps = 40;
  double batch_mib = 64;
  double compute_ms = 8;
  double load_ms = 6;
  int workers = 2;
  int depth = 2;
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
// `base` with the KEY=VALUE lines of `lines` set; blank lines and lines starting with # are skipped.
// Returns an error message for a line that is not KEY=VALUE.
std::optional<QString> applyEnvironment(const QString& lines, QProcessEnvironment& base);

struct ProgressLine {
  double fraction = 0;
  QString message;
};
// "FEEDSCOPE-PROGRESS 0.25 loading batch 3" -> {0.25, "loading batch 3"}; nullopt for other lines.
std::optional<ProgressLine> parseProgressLine(const QString& line);

// What an exit code of the CLI means, in the README's words.
QString exitCodeMeaning(int code);

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
