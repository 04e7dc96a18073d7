// Runs loadDocument() on a worker thread and reports back on the GUI thread: progress, the loaded
// document, the core's one-line error, or that it was cancelled.
#pragma once

#include <QFutureWatcher>
#include <QObject>
#include <QStringList>
#include <atomic>
#include <memory>

#include "ui/document.h"

namespace feedscope::ui {

struct LoadOutcome {
  std::shared_ptr<Document> document;  // set on success
  QString error;                       // set on failure
  bool cancelled = false;
};

class DocumentLoader : public QObject {
  Q_OBJECT

 public:
  explicit DocumentLoader(QObject* parent = nullptr);
  ~DocumentLoader() override;

  bool isLoading() const { return watcher_.isRunning(); }
  // Loads `files` after the runs of `base` (null: a fresh document). Ignored while a load runs.
  void load(const QStringList& files, std::shared_ptr<const Document> base);
  void cancel();

 signals:
  void progress(double fraction, const QString& what);
  void loaded(std::shared_ptr<feedscope::ui::Document> document, const QStringList& files);
  void failed(const QString& error, const QStringList& files);
  void cancelled();

 private:
  QFutureWatcher<LoadOutcome> watcher_;
  std::shared_ptr<std::atomic<bool>> cancel_flag_;
  QStringList files_;
};

}  // namespace feedscope::ui
