// Opens traces in the GUI's main window, as `feedscope-gui FILE...` does, and quits once the document is
// shown and its first frame painted: what a user waits for, for tools/bench-open.sh to time against
// `feedscope report` on the same files (docs/performance.md, "Opening in the GUI").
//   open_in_gui FILE...   (QT_QPA_PLATFORM=offscreen where there is no display)
#include <QApplication>
#include <QImage>
#include <QStringList>
#include <QTimer>
#include <cstdio>

#include "ui/main_window.h"

int main(int argc, char** argv) {
  QApplication app(argc, argv);
  QStringList files = QApplication::arguments().mid(1);
  if (files.isEmpty()) {
    std::fprintf(stderr, "usage: open_in_gui FILE...\n");
    return 2;
  }
  feedscope::ui::MainWindow window{false};
  window.resize(1280, 800);
  int code = 0;
  QObject::connect(&window, &feedscope::ui::MainWindow::documentLoaded, &window, [&] {
    // The first frame of the timeline with the document in it, then done.
    (void)window.grab();
    app.quit();
  });
  QObject::connect(&window, &feedscope::ui::MainWindow::loadFailed, &window, [&](const QString& error) {
    std::fprintf(stderr, "open_in_gui: %s\n", qPrintable(error));
    code = 1;
    app.quit();
  });
  window.show();
  window.openFiles(files);
  const int rc = app.exec();
  return code != 0 ? code : rc;
}
