// Run name elision.
#include "ui/run_name_elision.h"

#include <QSet>
#include <algorithm>

namespace feedscope::ui {
namespace {

// Indices whose elided text another name shares.
QList<int> clashing(const QStringList& elided) {
  QList<int> out;
  for (int i = 0; i < elided.size(); ++i) {
    for (int j = 0; j < elided.size(); ++j) {
      if (i != j && elided[i] == elided[j]) {
        out << i;
        break;
      }
    }
  }
  return out;
}

}  // namespace

QStringList elideRunNames(const QStringList& names, const QFontMetrics& metrics, int widthPx) {
  widthPx = std::max(widthPx, metrics.horizontalAdvance(QStringLiteral("ab…yz")));
  QStringList elided;
  int widest = 0;
  for (const QString& name : names) {
    elided << metrics.elidedText(name, Qt::ElideMiddle, widthPx);
    widest = std::max(widest, metrics.horizontalAdvance(name));
  }
  const int step = std::max(1, metrics.averageCharWidth());
  for (int width = widthPx + step; width <= widest + step; width += step) {
    const QList<int> clash = clashing(elided);
    if (clash.isEmpty()) break;
    for (int i : clash) elided[i] = metrics.elidedText(names[i], Qt::ElideMiddle, width);
  }
  return elided;
}

}  // namespace feedscope::ui
