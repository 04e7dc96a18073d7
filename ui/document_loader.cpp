// Off-thread loading.
#include "ui/document_loader.h"

#include <QPointer>
#include <QtConcurrent/QtConcurrentRun>
#include <new>

#include "io/input_error.h"

namespace feedscope::ui {

DocumentLoader::DocumentLoader(QObject* parent) : QObject(parent) {
  connect(&watcher_, &QFutureWatcher<LoadOutcome>::finished, this, [this] {
    LoadOutcome outcome = watcher_.result();
    if (outcome.document) {
      emit loaded(outcome.document, files_);
    } else if (outcome.cancelled) {
      emit cancelled();
    } else {
      emit failed(outcome.error, files_);
    }
  });
}

DocumentLoader::~DocumentLoader() {
  cancel();
  watcher_.waitForFinished();
}

void DocumentLoader::load(const QStringList& files, std::shared_ptr<const Document> base) {
  if (watcher_.isRunning()) return;
  files_ = files;
  cancel_flag_ = std::make_shared<std::atomic<bool>>(false);
  std::vector<std::string> paths;
  for (const QString& f : files) paths.push_back(f.toStdString());
  QPointer<DocumentLoader> self(this);
  auto flag = cancel_flag_;
  auto report = [self, flag](double fraction, const std::string& what) {
    if (flag->load()) return;
    QString text = QString::fromStdString(what);
    // Queued onto the GUI thread; dropped if the loader is gone by then.
    QMetaObject::invokeMethod(
        self.data(),
        [self, fraction, text] {
          if (self) emit self->progress(fraction, text);
        },
        Qt::QueuedConnection);
  };
  watcher_.setFuture(QtConcurrent::run([paths, base, report, flag]() -> LoadOutcome {
    LoadOutcome out;
    try {
      out.document = loadDocument(paths, base, report, *flag);
    } catch (const LoadCancelled&) {
      out.cancelled = true;
    } catch (const io::Failure& e) {
      out.error = QString::fromUtf8(e.what());
    } catch (const std::bad_alloc&) {
      out.error = QObject::tr("out of memory while loading");
    } catch (const std::exception& e) {
      out.error = QObject::tr("internal error: %1 (please report this)").arg(QString::fromUtf8(e.what()));
    }
    return out;
  }));
}

void DocumentLoader::cancel() {
  if (cancel_flag_) cancel_flag_->store(true);
}

}  // namespace feedscope::ui
