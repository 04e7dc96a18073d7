// Child process handling.
#include "ui/child_job.h"

#include <algorithm>

#include <signal.h>

#include <QFileInfo>

#include "ui/child_commands.h"

namespace feedscope::ui {

ChildJob::ChildJob(QObject* parent) : QObject(parent), process_(new QProcess(this)) {
  process_->setProcessChannelMode(QProcess::SeparateChannels);
  kill_timer_.setSingleShot(true);
  kill_timer_.setInterval(kKillAfterMs);
  connect(&kill_timer_, &QTimer::timeout, process_, &QProcess::kill);
  connect(process_, &QProcess::readyReadStandardError, this, &ChildJob::readStderr);
  connect(process_, &QProcess::readyReadStandardOutput, this, [this] {
    for (const QByteArray& line : process_->readAllStandardOutput().split('\n')) {
      if (!line.trimmed().isEmpty()) emit logLine(QString::fromUtf8(line).trimmed());
    }
  });
  connect(process_, &QProcess::finished, this, &ChildJob::onFinished);
  connect(process_, &QProcess::errorOccurred, this, [this](QProcess::ProcessError error) {
    if (error != QProcess::FailedToStart) return;
    emit finished(false, output_,
                  tr("cannot start %1: %2").arg(process_->program(), process_->errorString()));
  });
}

void endChildProcess(QProcess* process, int graceMs) {
  if (process == nullptr) return;
  process->disconnect();  // nothing it says from here on reaches anyone
  if (process->state() == QProcess::NotRunning) return;
  // A child whose start the event loop has not taken in yet is running all the same (it may already
  // be recording): it gets its SIGINT too.
  if (process->state() == QProcess::Starting) process->waitForStarted(std::max(graceMs, 1000));
  if (process->state() == QProcess::Running && graceMs > 0) {
    ::kill(static_cast<pid_t>(process->processId()), SIGINT);
    if (process->waitForFinished(graceMs)) return;
  }
  process->kill();
  process->waitForFinished(-1);  // SIGKILL cannot be ignored: this returns
}

ChildJob::~ChildJob() { end(); }

void ChildJob::end() {
  kill_timer_.stop();
  // A child already asked to stop (cancel) keeps what is left of its delay, no more.
  endChildProcess(process_, kill_timer_.interval());
}

bool ChildJob::isRunning() const {
  return process_->state() != QProcess::NotRunning;
}

void ChildJob::start(const QString& program, const QStringList& args, const QString& outputPath,
                     const QProcessEnvironment& environment, const QString& workingDir) {
  if (isRunning()) return;
  output_ = outputPath;
  output_before_ = QFileInfo(outputPath).lastModified();
  // The first argument is the subcommand: record's exit codes are mostly its program's.
  recording_ = args.value(0) == QStringLiteral("record");
  last_error_.clear();
  pending_.clear();
  cancelled_ = false;
  process_->setProcessEnvironment(environment);
  process_->setWorkingDirectory(workingDir);
  emit progress(0, tr("starting"));
  process_->start(program, args);
}

void ChildJob::cancel() {
  if (!isRunning()) return;
  cancelled_ = true;
  // SIGINT lets the child stop its program and write what it has; kill only if it does not.
  ::kill(static_cast<pid_t>(process_->processId()), SIGINT);
  kill_timer_.start();
}

void ChildJob::readStderr() {
  pending_ += process_->readAllStandardError();
  qsizetype nl;
  while ((nl = pending_.indexOf('\n')) >= 0) {
    handleLine(QString::fromUtf8(pending_.left(nl)).trimmed());
    pending_.remove(0, nl + 1);
  }
}

void ChildJob::handleLine(const QString& line) {
  if (line.isEmpty()) return;
  if (auto p = parseProgressLine(line)) {
    emit progress(p->fraction, p->message);
    return;
  }
  last_error_ = line;
  emit logLine(line);
}

void ChildJob::onFinished(int exitCode, QProcess::ExitStatus status) {
  kill_timer_.stop();
  if (!pending_.isEmpty()) handleLine(QString::fromUtf8(pending_).trimmed());
  pending_.clear();
  QFileInfo written(output_);
  written.refresh();
  const bool wroteOutput =
      written.exists() && (!output_before_.isValid() || written.lastModified() != output_before_);
  if (cancelled_) {
    emit finished(false, output_, tr("cancelled"));
  } else if (status == QProcess::CrashExit) {
    emit finished(false, output_, tr("%1 crashed").arg(QFileInfo(process_->program()).fileName()));
  } else if (exitCode == 0 && wroteOutput) {
    emit finished(true, output_, exitCodeMeaning(0));
  } else if (wroteOutput) {
    emit finished(true, output_, exitCodeMeaning(exitCode, recording_));
  } else if (exitCode != 0) {
    emit finished(false, output_, describeExit(exitCode, last_error_, recording_));
  } else {
    QString why = cliMessage(last_error_);
    emit finished(false, output_,
                  why.isEmpty() ? tr("finished but wrote no %1").arg(output_)
                                : tr("finished but wrote no %1: %2").arg(output_, why));
  }
}

}  // namespace feedscope::ui
