// Child process command lines and results.
#include "ui/child_commands.h"

#include <QDir>
#include <QFileInfo>
#include <QRegularExpression>
#include <QStandardPaths>

#include "cli_contract/error_line.h"
#include "cli_contract/exit_codes.h"
#include "cli_contract/progress_line.h"

namespace feedscope::ui {

namespace {

QString number(double v) {
  return QString::number(v, 'g', 10);
}

QString firstLine(const QString& text) {
  for (const QString& line : text.split('\n')) {
    QString t = line.trimmed();
    if (!t.isEmpty() && !cli::parseProgressLine(t.toStdString())) return t;
  }
  return {};
}

}  // namespace

QStringList defaultDemoModes() {
  QStringList modes;
  for (const std::string& name : workload::defaultModeNames()) modes << QString::fromStdString(name);
  return modes;
}

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
  // The panel opens what was recorded: nothing recorded is a failure there (exit 3 with the reason).
  QStringList args{"record", "-o", o.output, "--require-trace"};
  if (!o.label.trimmed().isEmpty()) args << "--label" << o.label.trimmed();
  args << "--progress"
       << "machine"
       << "--" << o.program;
  args << o.arguments;
  return args;
}

std::optional<QStringList> splitArguments(const QString& text) {
  QStringList words;
  QString word;
  bool inWord = false;
  enum class Quote { None, Single, Double } quote = Quote::None;
  for (qsizetype i = 0; i < text.size(); ++i) {
    const QChar c = text[i];
    if (quote == Quote::Single) {
      if (c == '\'') {
        quote = Quote::None;
      } else {
        word += c;
      }
      continue;
    }
    if (quote == Quote::Double) {
      if (c == '"') {
        quote = Quote::None;
      } else if (c == '\\' && i + 1 < text.size() && QStringLiteral("\"\\$`").contains(text[i + 1])) {
        word += text[++i];
      } else {
        word += c;
      }
      continue;
    }
    if (c.isSpace()) {
      if (inWord) words << word;
      word.clear();
      inWord = false;
      continue;
    }
    inWord = true;
    if (c == '\'') {
      quote = Quote::Single;
    } else if (c == '"') {
      quote = Quote::Double;
    } else if (c == '\\') {
      if (i + 1 < text.size()) word += text[++i];
    } else {
      word += c;
    }
  }
  if (quote != Quote::None) return std::nullopt;
  if (inWord) words << word;
  return words;
}

QString joinArguments(const QStringList& args) {
  static const QRegularExpression kPlain(QStringLiteral("^[A-Za-z0-9_@%+=:,./-]+$"));
  QStringList quoted;
  for (const QString& a : args) {
    if (!a.isEmpty() && kPlain.match(a).hasMatch()) {
      quoted << a;
    } else {
      // In single quotes everything is literal but the quote itself, which closes, is escaped, reopens.
      quoted << "'" + QString(a).replace("'", "'\\''") + "'";
    }
  }
  return quoted.join(' ');
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
  auto parsed = cli::parseProgressLine(line.toStdString());
  if (!parsed) return std::nullopt;
  return ProgressLine{parsed->fraction, QString::fromStdString(parsed->message)};
}

QString exitCodeMeaning(int code, bool recording) {
  switch (code) {
    case cli::kExitOk:
      return QObject::tr("done");
    case cli::kExitInternalError:
      return recording ? QObject::tr("the program exited with status 1, or feedscope failed")
                       : QObject::tr("internal error in feedscope (please report it)");
    case cli::kExitBadInput:
      return recording ? QObject::tr(
                             "bad usage, the recording could not be saved, or the program exited "
                             "with status 2")
                       : QObject::tr("bad input or usage");
    case cli::kExitNoGpu:
      return recording ? QObject::tr(
                             "no GPU or CUDA driver to record with, no injection library, or the program "
                             "exited with status 3")
                       : QObject::tr("no GPU, no CUDA driver, or no CUDA support in this feedscope");
    case cli::kExitThresholdCrossed:
      return recording ? QObject::tr("the program exited with status 4")
                       : QObject::tr("a threshold was crossed");
    case cli::kExitOutputFailed:
      return recording ? QObject::tr(
                             "the recording could not be written (a full disk, a session another "
                             "feedscope is writing), or the program exited with status 5")
                       : QObject::tr("an output could not be written (a full disk, a closed pipe, a session "
                                     "another feedscope is writing)");
    case cli::kExitProgramNotExecutable:
      return QObject::tr("the program to record exists but cannot be executed");
    case cli::kExitProgramNotFound:
      return QObject::tr("the program to record does not exist");
    default:
      break;
  }
  if (recording && code > 128 && code < 128 + 65) {
    return QObject::tr("the program was killed by signal %1").arg(code - 128);
  }
  return recording ? QObject::tr("the program exited with status %1").arg(code)
                   : QObject::tr("exit code %1").arg(code);
}

QString cliMessage(const QString& line) {
  for (std::string_view prefix : {cli::kErrorPrefix, cli::kLinePrefix}) {
    const QString p = QString::fromUtf8(prefix.data(), static_cast<qsizetype>(prefix.size()));
    if (line.startsWith(p)) return line.mid(p.size());
  }
  return line;
}

QString describeExit(int exitCode, const QString& lastLine, bool recording) {
  QString meaning = exitCodeMeaning(exitCode, recording);
  QString said = cliMessage(lastLine.trimmed());
  if (said.isEmpty()) return QObject::tr("%1 (exit %2)").arg(meaning).arg(exitCode);
  return QObject::tr("%1 (exit %2: %3)").arg(said).arg(exitCode).arg(meaning);
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
      QString why = cliMessage(firstLine(err).isEmpty() ? firstLine(out) : firstLine(err));
      return {false, why.isEmpty() ? exitCodeMeaning(exitCode) : why};
    }
    case cli::kExitBadInput:
      // This feedscope has no `devices` command: it was built without the CUDA parts.
      return {false, QObject::tr("This build cannot record: no CUDA support.")};
    default: {
      QString why = cliMessage(firstLine(err));
      return {false, QObject::tr("`feedscope devices` failed (%1)%2")
                         .arg(exitCodeMeaning(exitCode), why.isEmpty() ? QString() : ": " + why)};
    }
  }
}

}  // namespace feedscope::ui
