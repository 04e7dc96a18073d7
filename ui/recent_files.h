// The recent-files list kept in QSettings: newest first, no duplicates, at most kMax entries.
#pragma once

#include <QString>
#include <QStringList>

namespace feedscope::ui {

class RecentFiles {
 public:
  static constexpr int kMax = 10;
  static QStringList load();
  // Puts `path` first (made absolute) and saves; returns the new list.
  static QStringList add(const QString& path);
  static QStringList remove(const QString& path);
  // The pure list operation behind add().
  static QStringList pushFront(QStringList list, const QString& path);
};

}  // namespace feedscope::ui
