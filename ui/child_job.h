// One child process of the run panel (`feedscope demo` or `feedscope record`): streams its progress
// lines, cancels with SIGINT and then kills it if it does not stop, and reports how it ended.
#pragma once

#include <QObject>
#include <QProcess>
#include <QTimer>

namespace feedscope::ui {

class ChildJob : public QObject {
  Q_OBJECT

 public:
  // After SIGINT the child gets this long to flush its session before it is killed.
  static constexpr int kKillAfterMs = 5000;

  explicit ChildJob(QObject* parent = nullptr);
  ~ChildJob() override;

  bool isRunning() const;
  // Starts `program args` writing `outputPath`; `environment` and `workingDir` may be empty.
  void start(const QString& program, const QStringList& args, const QString& outputPath,
             const QProcessEnvironment& environment = QProcessEnvironment::systemEnvironment(),
             const QString& workingDir = {});
  void cancel();
  void setKillAfterMs(int ms) { kill_timer_.setInterval(ms); }

 signals:
  void progress(double fraction, const QString& message);
  void logLine(const QString& line);
  // ok: exited 0 and wrote outputPath. message: one line for the user.
  void finished(bool ok, const QString& outputPath, const QString& message);

 private:
  void readStderr();
  void handleLine(const QString& line);
  void onFinished(int exitCode, QProcess::ExitStatus status);

  QProcess* process_;
  QTimer kill_timer_;
  QByteArray pending_;
  QString output_;
  QString last_error_;
  bool cancelled_ = false;
};

}  // namespace feedscope::ui
