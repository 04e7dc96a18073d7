// Versions, icon and samples.
#include "ui/app_info.h"

#include <sqlite3.h>
#include <zlib.h>

#include <QDir>
#include <QFileInfo>
#include <QPainter>
#include <QPixmap>
#include <QtGlobal>

namespace feedscope::ui {

QString versionText() {
  return QStringLiteral(
             "<h3>Feedscope %1</h3>"
             "<p>Is your GPU starving for input, why, and how much does prefetching help?</p>"
             "<p>Qt %2 (built with %3) · SQLite %4 · zlib %5 · C++ %6</p>")
      .arg(QStringLiteral(FEEDSCOPE_VERSION_STRING), QString::fromLatin1(qVersion()),
           QStringLiteral(QT_VERSION_STR), QString::fromLatin1(sqlite3_libversion()),
           QString::fromLatin1(zlibVersion()), QString::number(__cplusplus / 100));
}

QIcon applicationIcon() {
  QIcon icon;
  for (int size : {16, 32, 64, 128, 256}) {
    QPixmap pm(size, size);
    pm.fill(Qt::transparent);
    QPainter p(&pm);
    p.setRenderHint(QPainter::Antialiasing);
    double s = size / 64.0;
    p.setPen(Qt::NoPen);
    p.setBrush(QColor(0x26, 0x2c, 0x36));
    p.drawRoundedRect(QRectF(2 * s, 2 * s, 60 * s, 60 * s), 10 * s, 10 * s);
    // Kernels (blue) with one gap where a copy (red) holds the GPU up: starvation at a glance.
    p.setBrush(QColor(0x3f, 0x7f, 0xd9));
    p.drawRect(QRectF(8 * s, 20 * s, 16 * s, 12 * s));
    p.drawRect(QRectF(40 * s, 20 * s, 16 * s, 12 * s));
    p.setBrush(QColor(0xd8, 0x45, 0x2c));
    p.drawRect(QRectF(24 * s, 36 * s, 16 * s, 10 * s));
    p.setBrush(QColor(0xe3, 0xbe, 0x1f));
    p.drawRect(QRectF(24 * s, 20 * s, 16 * s, 3 * s));
    p.end();
    icon.addPixmap(pm);
  }
  return icon;
}

QString samplesDir(const QString& applicationDir) {
  const QString installed = QDir::cleanPath(applicationDir + "/../share/feedscope/samples");
  if (QFileInfo(installed).isDir()) return installed;
#ifdef FEEDSCOPE_SOURCE_SAMPLES_DIR
  if (QFileInfo(QStringLiteral(FEEDSCOPE_SOURCE_SAMPLES_DIR)).isDir())
    return QStringLiteral(FEEDSCOPE_SOURCE_SAMPLES_DIR);
#endif
  return {};
}

QStringList defaultSampleFiles(const QString& applicationDir) {
  QString dir = samplesDir(applicationDir);
  if (dir.isEmpty()) return {};
  QStringList files;
  for (const char* name : {"h200_naive.json.gz", "h200_stream.json.gz"}) {
    QString path = dir + "/" + name;
    if (QFileInfo::exists(path)) files << path;
  }
  return files;
}

}  // namespace feedscope::ui
