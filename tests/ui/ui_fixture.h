// Shared helpers of the GUI tests: the H200 sample document, waiting for signals, catching Qt
// warnings (QAbstractItemModelTester reports through them).
#pragma once

#include <gtest/gtest.h>

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QSignalSpy>
#include <atomic>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include <QApplication>
#include <QTest>

#include "ui/document.h"
#include "ui/main_window.h"
#include "ui/timeline_widget.h"

namespace feedscope::testing {

inline const std::string kNaive = FEEDSCOPE_TEST_DATA_DIR "/h200/h200_naive.json.gz";
inline const std::string kStream = FEEDSCOPE_TEST_DATA_DIR "/h200/h200_stream.json.gz";

// naive and stream loaded once for all tests (loading is what document_test checks).
inline std::shared_ptr<ui::Document> sampleDocument() {
  static std::shared_ptr<ui::Document> doc = [] {
    std::atomic<bool> cancelled{false};
    return ui::loadDocument(
        {kNaive, kStream}, nullptr, [](double, const std::string&) {}, cancelled);
  }();
  return doc;
}

// A document of one in-memory session (every run analysed), as the loader would build it.
inline std::shared_ptr<ui::Document> documentOf(trace::Session session, const std::string& file = "memory") {
  auto doc = std::make_shared<ui::Document>();
  auto shared = std::make_shared<trace::Session>(std::move(session));
  for (std::size_t r = 0; r < shared->runs.size(); ++r) {
    doc->runs.push_back({0, r, file});
    doc->analyses.push_back(analysis::analyzeRun(shared->runs[r], shared->strings));
  }
  doc->sessions.push_back(shared);
  doc->files.push_back(file);
  std::vector<view::RunInput> inputs;
  std::vector<const analysis::RunAnalysis*> analyses;
  for (std::size_t i = 0; i < doc->runs.size(); ++i) {
    inputs.push_back({&doc->run(i), &doc->strings(i), &doc->analyses[i]});
    analyses.push_back(&doc->analyses[i]);
  }
  doc->timeline = std::make_unique<view::TimelineModel>(view::TimelineModel::build(inputs));
  doc->compare = view::buildCompareTable(analyses);
  return doc;
}

// Processes events until `done()` or the timeout; true when done.
template <typename Pred>
bool waitUntil(Pred done, int timeoutMs = 20000) {
  QElapsedTimer timer;
  timer.start();
  while (!done()) {
    if (timer.elapsed() > timeoutMs) return false;
    QCoreApplication::processEvents(QEventLoop::AllEvents, 20);
  }
  return true;
}

// Collects Qt warnings while alive.
class WarningCatcher {
 public:
  WarningCatcher() {
    instance() = this;
    previous_ = qInstallMessageHandler([](QtMsgType type, const QMessageLogContext&, const QString& msg) {
      if (type == QtWarningMsg || type == QtCriticalMsg || type == QtFatalMsg) {
        std::lock_guard<std::mutex> lock(instance()->mutex_);
        instance()->messages_.push_back(msg.toStdString());
      }
    });
  }
  ~WarningCatcher() {
    qInstallMessageHandler(previous_);
    instance() = nullptr;
  }
  std::vector<std::string> messages() {
    std::lock_guard<std::mutex> lock(mutex_);
    return messages_;
  }

 private:
  static WarningCatcher*& instance() {
    static WarningCatcher* current = nullptr;
    return current;
  }
  QtMessageHandler previous_ = nullptr;
  std::mutex mutex_;
  std::vector<std::string> messages_;
};

// The key tests' window: 1400x900, shown and active, its timeline showing `doc` and holding the
// keyboard. False when the window never became active.
inline bool showWithKeyboard(ui::MainWindow& window, std::shared_ptr<ui::Document> doc) {
  window.resize(1400, 900);
  window.show();
  window.activateWindow();
  if (!QTest::qWaitForWindowActive(&window)) return false;
  window.timeline()->setDocument(std::move(doc));
  window.timeline()->setFocus();
  QApplication::processEvents();
  return true;
}

}  // namespace feedscope::testing
