// Recent files.
#include "ui/recent_files.h"

#include <QFileInfo>
#include <QSettings>

namespace feedscope::ui {

namespace {
constexpr const char* kKey = "recentFiles";
}

QStringList RecentFiles::load() {
  return QSettings().value(kKey).toStringList();
}

QStringList RecentFiles::pushFront(QStringList list, const QString& path) {
  list.removeAll(path);
  list.prepend(path);
  while (list.size() > kMax) list.removeLast();
  return list;
}

QStringList RecentFiles::add(const QString& path) {
  QStringList list = pushFront(load(), QFileInfo(path).absoluteFilePath());
  QSettings().setValue(kKey, list);
  return list;
}

QStringList RecentFiles::remove(const QString& path) {
  QStringList list = load();
  list.removeAll(QFileInfo(path).absoluteFilePath());
  QSettings().setValue(kKey, list);
  return list;
}

}  // namespace feedscope::ui
