// Child process command lines and results.
#include "ui/child_commands.h"

#include <QDir>
#include <QFileInfo>
#include <QRegularExpression>
#include <QStandardPaths>

#include "app/feedscope/exit_codes.h"

namespace feedscope::ui {

namespace {

QString number(double v) {
  return QString::number(v, 'g', 10);
}

QString firstLine(const QString& text) {
  for (const QString& line : text.split('\n')) {
    QString t = line.trimmed();
    if (!t.isEmpty() && !t.startsWith("FEEDSCOPE-PROGRESS")) return t;
  }
  return {};
}

}  // namespace

QStringList demoArguments(const DemoOptions& o) {
  return {"demo",
          "--modes",
          o.modes.join(','),
          "--steps",
          QString::number(o.steps),
          "--batch-mib",
          number(o.batch_mib),
          "--compute-ms",
          number(o.compute_ms),
          "--load-ms",
          number(o.load_ms),
          "--workers",
          QString::number(o.workers),
          "--depth",
          QString::number(o.depth),
          "--phase",
          o.phase,
          "-o",
          o.output,
          "--progress",
          "machine"};
}

QStringList recordArguments(const RecordOptions& o) {
  QStringList args{"record", "-o", o.output};
  if (!o.label.trimmed().isEmpty()) args << "--label" << o.label.trimmed();
  args << "--progress"
       << "machine"
       << "--" << o.program;
  args << o.arguments;
  return args;
}

std::optional<QString> applyEnvironment(const QString& lines, QProcessEnvironment& base) {
  static const QRegularExpression kName("^[A-Za-z_][A-Za-z0-9_]*$");
  int lineNo = 0;
  for (const QString& raw : lines.split('\n')) {
    ++lineNo;
    QString line = raw.trimmed();
    if (line.isEmpty() || line.startsWith('#')) continue;
    qsizetype eq = line.indexOf('=');
    QString name = eq > 0 ? line.left(eq) : QString();
    if (eq <= 0 || !kName.match(name).hasMatch()) {
      return QObject::tr("environment line %1 is not NAME=VALUE: %2").arg(lineNo).arg(line);
    }
    base.insert(name, line.mid(eq + 1));
  }
  return std::nullopt;
}

std::optional<ProgressLine> parseProgressLine(const QString& line) {
  static const QString kPrefix = QStringLiteral("FEEDSCOPE-PROGRESS ");
  if (!line.startsWith(kPrefix)) return std::nullopt;
  QString rest = line.mid(kPrefix.size()).trimmed();
  qsizetype space = rest.indexOf(' ');
  bool ok = false;
  double fraction = (space < 0 ? rest : rest.left(space)).toDouble(&ok);
  if (!ok || fraction < 0 || fraction > 1) return std::nullopt;
  return ProgressLine{fraction, space < 0 ? QString() : rest.mid(space + 1).trimmed()};
}

QString exitCodeMeaning(int code) {
  switch (code) {
    case cli::kExitOk:
      return QObject::tr("done");
    case cli::kExitInternalError:
      return QObject::tr("internal error in feedscope (please report it)");
    case cli::kExitBadInput:
      return QObject::tr("bad input or usage");
    case cli::kExitNoGpu:
      return QObject::tr("no GPU or no CUDA driver on this machine");
    case cli::kExitThresholdCrossed:
      return QObject::tr("a threshold was crossed");
    case cli::kExitProgramNotFound:
      return QObject::tr("the program to record does not exist");
    default:
      return QObject::tr("exit code %1").arg(code);
  }
}

QString findFeedscopeCli(const QString& applicationDir) {
  const QString candidates[] = {applicationDir + "/feedscope", applicationDir + "/../feedscope/feedscope"};
  for (const QString& c : candidates) {
    QFileInfo info(c);
    if (info.isFile() && info.isExecutable()) return QDir::cleanPath(info.absoluteFilePath());
  }
  return QStandardPaths::findExecutable("feedscope");
}

GpuStatus interpretDevicesProbe(bool started, int exitCode, const QString& out, const QString& err) {
  if (!started) {
    return {false,
            QObject::tr("The feedscope command-line tool was not found beside feedscope-gui or on PATH, so "
                        "nothing can be recorded.")};
  }
  switch (exitCode) {
    case cli::kExitOk: {
      QString found = firstLine(out);
      return {true, found.isEmpty() ? QObject::tr("A CUDA GPU is available.") : found};
    }
    case cli::kExitNoGpu: {
      QString why = firstLine(err).isEmpty() ? firstLine(out) : firstLine(err);
      return {false, why.isEmpty() ? exitCodeMeaning(exitCode) : why};
    }
    case cli::kExitBadInput:
      // This feedscope has no `devices` command: it was built without the CUDA parts.
      return {false, QObject::tr("This build cannot record: no CUDA support.")};
    default: {
      QString why = firstLine(err);
      return {false, QObject::tr("`feedscope devices` failed (%1)%2")
                         .arg(exitCodeMeaning(exitCode), why.isEmpty() ? QString() : ": " + why)};
    }
  }
}

}  // namespace feedscope::ui
