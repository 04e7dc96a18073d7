// One child process of the run panel (`feedscope demo` or `feedscope record`): streams its progress
// lines, cancels with SIGINT and then kills it if it does not stop, and reports how it ended. A session
// written during the run is a result even when the exit status is not 0: `record` returns the recorded
// program's own status, and a training script that fails at the end still leaves a useful recording.
#pragma once

#include <QDateTime>
#include <QObject>
#include <QProcess>
#include <QTimer>

namespace feedscope::ui {

// Ends `process` (which may be null or not running) and waits for it, without any of its signals
// reaching their receivers: a QProcess destroyed while its child runs warns, and the signals it then
// sends reach objects half destroyed (feedscope-gui crashed at exit). `graceMs` > 0: SIGINT first and
// that long to finish before SIGKILL.
void endChildProcess(QProcess* process, int graceMs = 0);

class ChildJob : public QObject {
  Q_OBJECT

 public:
  // After SIGINT the child gets this long to flush its session before it is killed.
  static constexpr int kKillAfterMs = 5000;

  explicit ChildJob(QObject* parent = nullptr);
  ~ChildJob() override;

  bool isRunning() const;
  // Ends the child before this job goes: it gets SIGINT and the kill delay to write what it has (a
  // recording saves its session), then is killed, and is waited for. No signal of this job follows.
  void end();
  // Starts `program args` writing `outputPath`; `environment` and `workingDir` may be empty.
  void start(const QString& program, const QStringList& args, const QString& outputPath,
             const QProcessEnvironment& environment = QProcessEnvironment::systemEnvironment(),
             const QString& workingDir = {});
  void cancel();
  void setKillAfterMs(int ms) { kill_timer_.setInterval(ms); }

 signals:
  void progress(double fraction, const QString& message);
  void logLine(const QString& line);
  // ok: wrote outputPath during this run. message: one line for the user ("done", or how it ended).
  void finished(bool ok, const QString& outputPath, const QString& message);

 private:
  void readStderr();
  void handleLine(const QString& line);
  void onFinished(int exitCode, QProcess::ExitStatus status);

  QProcess* process_;
  QTimer kill_timer_;
  QByteArray pending_;
  QString output_;
  QDateTime output_before_;  // the output's modification time before the start (invalid: none)
  QString last_error_;
  bool recording_ = false;
  bool cancelled_ = false;
};

}  // namespace feedscope::ui
