// The run panel: the demo workload's knobs and "Record a program", each started as a `feedscope`
// child process with live progress and cancel; the written session is then opened. Without a GPU
// (or without a CUDA build) the controls are disabled and say why.
#pragma once

#include <QWidget>
#include <string>
#include <vector>

#include "ui/child_commands.h"

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QGroupBox;
class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QProcess;
class QProgressBar;
class QPushButton;
class QSpinBox;

namespace feedscope::ui {

class ChildJob;

class RunPanel : public QWidget {
  Q_OBJECT

 public:
  explicit RunPanel(QWidget* parent = nullptr);
  ~RunPanel() override;

  // The `feedscope` CLI to run (empty: not found).
  void setCliPath(const QString& cli);
  const QString& cliPath() const { return cli_; }
  // Runs `feedscope devices` in the background; gpuStatusChanged() follows.
  void probeGpu();
  void setGpuStatus(const GpuStatus& status);
  const GpuStatus& gpuStatus() const { return gpu_; }

  DemoOptions demoOptions() const;
  RecordOptions recordOptions() const;
  void startDemo();
  void startRecord();
  void cancel();
  bool isRunning() const;
  // Ends the GPU probe and any demo or recording, waiting for each (ui/child_job.h endChildProcess):
  // before the window goes, never after.
  void endChildProcesses();
  // The files the window has open: a session the panel writes may not replace one (ui/outputs.h).
  void setOpenedFiles(std::vector<std::string> files) { opened_files_ = std::move(files); }

 signals:
  void gpuStatusChanged(const feedscope::ui::GpuStatus& status);
  // A child process wrote a session at `path`.
  void resultReady(const QString& path);

 private:
  void start(const QStringList& args, const QString& output, const QProcessEnvironment& env,
             const QString& dir);
  void setRunning(bool running);
  void loadSettings();
  void saveSettings() const;
  QString defaultOutput(const QString& stem) const;

  QString cli_;
  GpuStatus gpu_;
  QProcess* probe_ = nullptr;
  ChildJob* job_;
  std::vector<std::string> opened_files_;

  QLabel* gpu_label_;
  QGroupBox* demo_box_;
  QCheckBox* mode_off_;
  QCheckBox* mode_pinned_;
  QCheckBox* mode_on_;
  QCheckBox* mode_on_pageable_;
  QSpinBox* steps_;
  QDoubleSpinBox* batch_mib_;
  QDoubleSpinBox* compute_ms_;
  QDoubleSpinBox* load_ms_;
  QSpinBox* workers_;
  QSpinBox* depth_;
  QComboBox* phase_;
  QLineEdit* demo_output_;
  QPushButton* demo_start_;

  QGroupBox* record_box_;
  QLineEdit* program_;
  QLineEdit* arguments_;
  QLineEdit* working_dir_;
  QPlainTextEdit* environment_;
  QLineEdit* label_;
  QLineEdit* record_output_;
  QPushButton* record_start_;

  QProgressBar* progress_;
  QLabel* status_;
  QPushButton* cancel_;
  QPlainTextEdit* log_;
};

}  // namespace feedscope::ui
