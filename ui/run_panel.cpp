// Run panel.
#include "ui/run_panel.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDateTime>
#include <QDir>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QProcess>
#include <QProgressBar>
#include <QPushButton>
#include <QSettings>
#include <QSpinBox>
#include <QStandardPaths>
#include <QVBoxLayout>
#include <utility>

#include "io/errors.h"
#include "ui/child_job.h"
#include "ui/outputs.h"

namespace feedscope::ui {
namespace {

QDoubleSpinBox* doubleSpin(double min, double max, int decimals, double value, const QString& suffix,
                           const QString& name) {
  auto* s = new QDoubleSpinBox;
  s->setDecimals(decimals);
  s->setRange(min, max);
  s->setValue(value);
  s->setSuffix(suffix);
  s->setObjectName(name);
  return s;
}

QSpinBox* intSpin(int min, int max, int value, const QString& name) {
  auto* s = new QSpinBox;
  s->setRange(min, max);
  s->setValue(value);
  s->setObjectName(name);
  return s;
}

QWidget* withBrowse(QLineEdit* edit, QWidget* parent, bool folder) {
  auto* row = new QWidget(parent);
  auto* h = new QHBoxLayout(row);
  h->setContentsMargins(0, 0, 0, 0);
  auto* browse = new QPushButton(QObject::tr("Browse…"), row);
  h->addWidget(edit, 1);
  h->addWidget(browse);
  QObject::connect(browse, &QPushButton::clicked, row, [edit, row, folder] {
    QString picked = folder
                         ? QFileDialog::getExistingDirectory(row, QObject::tr("Working folder"), edit->text())
                         : QFileDialog::getSaveFileName(row, QObject::tr("Session file"), edit->text(),
                                                        QObject::tr("Feedscope session (*.feedscope)"));
    if (!picked.isEmpty()) edit->setText(picked);
  });
  return row;
}

}  // namespace

RunPanel::RunPanel(QWidget* parent) : QWidget(parent), job_(new ChildJob(this)) {
  setObjectName("runPanel");
  DemoOptions defaults;
  gpu_label_ = new QLabel(tr("Checking for a GPU…"), this);
  gpu_label_->setObjectName("gpuStatus");
  gpu_label_->setWordWrap(true);

  demo_box_ = new QGroupBox(tr("Run the demo workload"), this);
  demo_box_->setObjectName("demoBox");
  auto* modes = new QWidget(demo_box_);
  auto* modesRow = new QHBoxLayout(modes);
  modesRow->setContentsMargins(0, 0, 0, 0);
  mode_off_ = new QCheckBox(tr("prefetch off"), modes);
  mode_pinned_ = new QCheckBox(tr("pinned"), modes);
  mode_on_ = new QCheckBox(tr("prefetch on"), modes);
  mode_on_pageable_ = new QCheckBox(tr("on, pageable"), modes);
  mode_off_->setObjectName("modeOff");
  mode_pinned_->setObjectName("modePinned");
  mode_on_->setObjectName("modeOn");
  mode_on_pageable_->setObjectName("modeOnPageable");
  for (auto [box, mode] : {std::pair{mode_off_, "off"},
                           {mode_pinned_, "pinned"},
                           {mode_on_, "on"},
                           {mode_on_pageable_, "on-pageable"}}) {
    box->setChecked(defaults.modes.contains(QLatin1String(mode)));
    modesRow->addWidget(box);
  }
  mode_off_->setToolTip(tr("pageable buffer, synchronous copy: the plain for-loop"));
  mode_pinned_->setToolTip(tr("pinned buffer, still a synchronous copy"));
  mode_on_->setToolTip(tr("pinned ring, copies on a copy stream while the previous batch trains"));
  mode_on_pageable_->setToolTip(
      tr("the prefetching loop from pageable memory: what happens when pinning silently fails"));
  // The ranges `feedscope demo` accepts (see its --help), except that the batch stops at the 0.1 MiB
  // its one decimal shows where the CLI goes down to 1 KiB.
  steps_ = intSpin(1, 1'000'000, defaults.steps, "demoSteps");
  batch_mib_ = doubleSpin(0.1, 4096, 1, defaults.batch_mib, " MiB", "demoBatchMib");
  compute_ms_ = doubleSpin(0.01, 10'000, 2, defaults.compute_ms, " ms", "demoComputeMs");
  load_ms_ = doubleSpin(0, 60'000, 1, defaults.load_ms, " ms", "demoLoadMs");
  workers_ = intSpin(1, 256, defaults.workers, "demoWorkers");
  depth_ = intSpin(2, 64, defaults.depth, "demoDepth");
  phase_ = new QComboBox(demo_box_);
  phase_->setObjectName("demoPhase");
  phase_->addItems({"train", "predict"});
  demo_output_ = new QLineEdit(defaultOutput("demo"), demo_box_);
  demo_output_->setObjectName("demoOutput");
  demo_start_ = new QPushButton(tr("Run demo"), demo_box_);
  demo_start_->setObjectName("demoStart");
  auto* demoForm = new QFormLayout(demo_box_);
  demoForm->addRow(tr("Modes"), modes);
  demoForm->addRow(tr("Steps"), steps_);
  demoForm->addRow(tr("Batch"), batch_mib_);
  demoForm->addRow(tr("Compute per step"), compute_ms_);
  demoForm->addRow(tr("Load per batch"), load_ms_);
  demoForm->addRow(tr("Loader workers"), workers_);
  demoForm->addRow(tr("Prefetch depth"), depth_);
  demoForm->addRow(tr("Phase"), phase_);
  demoForm->addRow(tr("Write to"), withBrowse(demo_output_, demo_box_, false));
  demoForm->addRow(QString(), demo_start_);

  record_box_ = new QGroupBox(tr("Record a program"), this);
  record_box_->setObjectName("recordBox");
  program_ = new QLineEdit(record_box_);
  program_->setObjectName("recordProgram");
  program_->setPlaceholderText("python3");
  arguments_ = new QLineEdit(record_box_);
  arguments_->setObjectName("recordArguments");
  arguments_->setPlaceholderText("train.py --epochs 1");
  working_dir_ = new QLineEdit(QDir::homePath(), record_box_);
  environment_ = new QPlainTextEdit(record_box_);
  environment_->setObjectName("recordEnvironment");
  environment_->setPlaceholderText("CUDA_VISIBLE_DEVICES=0");
  environment_->setMaximumHeight(60);
  label_ = new QLineEdit(record_box_);
  label_->setObjectName("recordLabel");
  label_->setPlaceholderText(tr("prefetch on"));
  record_output_ = new QLineEdit(defaultOutput("record"), record_box_);
  record_output_->setObjectName("recordOutput");
  record_start_ = new QPushButton(tr("Record"), record_box_);
  record_start_->setObjectName("recordStart");
  auto* recordForm = new QFormLayout(record_box_);
  recordForm->addRow(tr("Command"), program_);
  recordForm->addRow(tr("Arguments"), arguments_);
  recordForm->addRow(tr("Working folder"), withBrowse(working_dir_, record_box_, true));
  recordForm->addRow(tr("Environment"), environment_);
  recordForm->addRow(tr("Label"), label_);
  recordForm->addRow(tr("Write to"), withBrowse(record_output_, record_box_, false));
  recordForm->addRow(QString(), record_start_);

  progress_ = new QProgressBar(this);
  progress_->setObjectName("runProgress");
  progress_->setRange(0, 1000);
  progress_->setValue(0);
  status_ = new QLabel(this);
  status_->setObjectName("runStatus");
  status_->setWordWrap(true);
  cancel_ = new QPushButton(tr("Cancel"), this);
  cancel_->setObjectName("runCancel");
  cancel_->setEnabled(false);
  log_ = new QPlainTextEdit(this);
  log_->setObjectName("runLog");
  log_->setReadOnly(true);
  log_->setMaximumBlockCount(500);

  auto* forms = new QHBoxLayout;
  forms->addWidget(demo_box_, 1);
  forms->addWidget(record_box_, 1);
  auto* progressRow = new QHBoxLayout;
  progressRow->addWidget(progress_, 1);
  progressRow->addWidget(cancel_);
  auto* layout = new QVBoxLayout(this);
  layout->addWidget(gpu_label_);
  layout->addLayout(forms);
  layout->addLayout(progressRow);
  layout->addWidget(status_);
  layout->addWidget(log_, 1);

  connect(demo_start_, &QPushButton::clicked, this, &RunPanel::startDemo);
  connect(record_start_, &QPushButton::clicked, this, &RunPanel::startRecord);
  connect(cancel_, &QPushButton::clicked, this, &RunPanel::cancel);
  connect(job_, &ChildJob::progress, this, [this](double fraction, const QString& message) {
    progress_->setValue(static_cast<int>(fraction * 1000));
    status_->setText(message);
  });
  connect(job_, &ChildJob::logLine, log_, &QPlainTextEdit::appendPlainText);
  connect(job_, &ChildJob::finished, this, [this](bool ok, const QString& path, const QString& message) {
    setRunning(false);
    // A recording whose program failed is still opened, and the status says how the program ended.
    QString wrote =
        message == exitCodeMeaning(0) ? tr("Wrote %1").arg(path) : tr("Wrote %1; %2").arg(path, message);
    status_->setText(ok ? wrote : tr("Stopped: %1").arg(message));
    log_->appendPlainText(ok ? tr("done: %1").arg(path) : tr("stopped: %1").arg(message));
    if (ok) {
      progress_->setValue(1000);
      emit resultReady(path);
    }
  });
  loadSettings();
  // Until `feedscope devices` answers, nothing can be started.
  demo_box_->setEnabled(false);
  record_box_->setEnabled(false);
}

QString RunPanel::defaultOutput(const QString& stem) const {
  QString dir = QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation);
  if (dir.isEmpty() || !QDir(dir).exists()) dir = QDir::homePath();
  return dir + "/feedscope-" + stem + "-" + QDateTime::currentDateTime().toString("yyyyMMdd-HHmmss") +
         ".feedscope";
}

RunPanel::~RunPanel() { endChildProcesses(); }

void RunPanel::endChildProcesses() {
  endChildProcess(probe_);  // `feedscope devices` only reads: nothing to finish
  job_->end();
}

void RunPanel::setCliPath(const QString& cli) {
  cli_ = cli;
}

void RunPanel::probeGpu() {
  if (cli_.isEmpty()) {
    setGpuStatus(interpretDevicesProbe(false, -1, {}, {}));
    return;
  }
  endChildProcess(probe_);  // an earlier probe still running
  delete probe_;
  probe_ = new QProcess(this);
  connect(probe_, &QProcess::finished, this, [this](int code, QProcess::ExitStatus status) {
    setGpuStatus(interpretDevicesProbe(status == QProcess::NormalExit, code,
                                       QString::fromUtf8(probe_->readAllStandardOutput()),
                                       QString::fromUtf8(probe_->readAllStandardError())));
  });
  connect(probe_, &QProcess::errorOccurred, this, [this](QProcess::ProcessError e) {
    if (e == QProcess::FailedToStart) setGpuStatus(interpretDevicesProbe(false, -1, {}, {}));
  });
  probe_->start(cli_, {"devices"});
}

void RunPanel::setGpuStatus(const GpuStatus& status) {
  gpu_ = status;
  gpu_label_->setText(status.available ? tr("GPU: %1").arg(status.summary)
                                       : tr("Recording is disabled: %1").arg(status.summary));
  bool idle = !job_->isRunning();
  demo_box_->setEnabled(status.available && idle);
  record_box_->setEnabled(status.available && idle);
  QString why = status.available ? QString() : status.summary;
  demo_box_->setToolTip(why);
  record_box_->setToolTip(why);
  emit gpuStatusChanged(status);
}

DemoOptions RunPanel::demoOptions() const {
  DemoOptions o;
  o.modes.clear();
  if (mode_off_->isChecked()) o.modes << "off";
  if (mode_pinned_->isChecked()) o.modes << "pinned";
  if (mode_on_->isChecked()) o.modes << "on";
  if (mode_on_pageable_->isChecked()) o.modes << "on-pageable";
  o.steps = steps_->value();
  o.batch_mib = batch_mib_->value();
  o.compute_ms = compute_ms_->value();
  o.load_ms = load_ms_->value();
  o.workers = workers_->value();
  o.depth = depth_->value();
  o.phase = phase_->currentText();
  o.output = demo_output_->text().trimmed();
  return o;
}

RecordOptions RunPanel::recordOptions() const {
  RecordOptions o;
  o.program = program_->text().trimmed();
  o.arguments = splitArguments(arguments_->text()).value_or(QStringList{});
  o.working_dir = working_dir_->text().trimmed();
  o.environment = environment_->toPlainText();
  o.label = label_->text();
  o.output = record_output_->text().trimmed();
  return o;
}

void RunPanel::startDemo() {
  DemoOptions o = demoOptions();
  if (o.modes.isEmpty()) {
    status_->setText(tr("Pick at least one mode."));
    return;
  }
  if (o.output.isEmpty()) o.output = defaultOutput("demo");
  start(demoArguments(o), o.output, QProcessEnvironment::systemEnvironment(), {});
}

void RunPanel::startRecord() {
  RecordOptions o = recordOptions();
  if (o.program.isEmpty()) {
    status_->setText(tr("Name the program to record."));
    return;
  }
  if (!splitArguments(arguments_->text())) {
    status_->setText(tr("The arguments have a quote that is not closed."));
    return;
  }
  QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
  if (auto error = applyEnvironment(o.environment, env)) {
    status_->setText(*error);
    return;
  }
  if (o.output.isEmpty()) o.output = defaultOutput("record");
  start(recordArguments(o), o.output, env, o.working_dir);
}

void RunPanel::start(const QStringList& args, const QString& output, const QProcessEnvironment& env,
                     const QString& dir) {
  if (cli_.isEmpty() || job_->isRunning()) return;
  try {
    // The child resolves a relative -o in its working folder.
    checkOutput((dir.isEmpty() ? output : QDir(dir).absoluteFilePath(output)).toStdString(), opened_files_);
  } catch (const io::Failure& e) {
    status_->setText(QString::fromUtf8(e.what()));
    return;
  }
  saveSettings();
  log_->appendPlainText("$ feedscope " + joinArguments(args));
  setRunning(true);
  job_->start(cli_, args, output, env, dir);
}

void RunPanel::cancel() {
  status_->setText(tr("Stopping…"));
  job_->cancel();
}

bool RunPanel::isRunning() const {
  return job_->isRunning();
}

void RunPanel::setRunning(bool running) {
  cancel_->setEnabled(running);
  demo_box_->setEnabled(!running && gpu_.available);
  record_box_->setEnabled(!running && gpu_.available);
  if (running) progress_->setValue(0);
}

void RunPanel::loadSettings() {
  QSettings s;
  s.beginGroup("run");
  QStringList modes = s.value("modes", DemoOptions{}.modes).toStringList();
  mode_off_->setChecked(modes.contains("off"));
  mode_pinned_->setChecked(modes.contains("pinned"));
  mode_on_->setChecked(modes.contains("on"));
  mode_on_pageable_->setChecked(modes.contains("on-pageable"));
  steps_->setValue(s.value("steps", steps_->value()).toInt());
  batch_mib_->setValue(s.value("batchMib", batch_mib_->value()).toDouble());
  compute_ms_->setValue(s.value("computeMs", compute_ms_->value()).toDouble());
  load_ms_->setValue(s.value("loadMs", load_ms_->value()).toDouble());
  workers_->setValue(s.value("workers", workers_->value()).toInt());
  depth_->setValue(s.value("depth", depth_->value()).toInt());
  phase_->setCurrentText(s.value("phase", "train").toString());
  program_->setText(s.value("program").toString());
  arguments_->setText(s.value("arguments").toString());
  working_dir_->setText(s.value("workingDir", working_dir_->text()).toString());
  environment_->setPlainText(s.value("environment").toString());
  label_->setText(s.value("label").toString());
}

void RunPanel::saveSettings() const {
  QSettings s;
  s.beginGroup("run");
  s.setValue("modes", demoOptions().modes);
  s.setValue("steps", steps_->value());
  s.setValue("batchMib", batch_mib_->value());
  s.setValue("computeMs", compute_ms_->value());
  s.setValue("loadMs", load_ms_->value());
  s.setValue("workers", workers_->value());
  s.setValue("depth", depth_->value());
  s.setValue("phase", phase_->currentText());
  s.setValue("program", program_->text());
  s.setValue("arguments", arguments_->text());
  s.setValue("workingDir", working_dir_->text());
  s.setValue("environment", environment_->toPlainText());
  s.setValue("label", label_->text());
}

}  // namespace feedscope::ui
