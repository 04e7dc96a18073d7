// The typed extension decides the export format; the filter follows it.
#include "ui/export_choice.h"

#include <QFileInfo>
#include <QObject>
#include <vector>

#include "ui/exporters.h"

namespace feedscope::ui {
namespace {

// Format ids and their extensions: exportFormats() plus "png".
struct ExportTarget {
  QString id;
  QString suffix;
};

std::vector<ExportTarget> targets() {
  std::vector<ExportTarget> all;
  for (const auto& f : exportFormats())
    all.push_back({QString::fromStdString(f.id), QString::fromStdString(f.suffix)});
  all.push_back({"png", "png"});
  return all;
}

}  // namespace

QStringList exportSuffixes() {
  QStringList suffixes;
  for (const auto& t : targets()) {
    if (!suffixes.contains(t.suffix)) suffixes << t.suffix;
  }
  return suffixes;
}

QString exportSuffixOf(const QString& formatId) {
  for (const auto& t : targets()) {
    if (t.id == formatId) return t.suffix;
  }
  return {};
}

QString proposedExportPath(const QString& lastExportDir, const QString& firstOpenedFile,
                           const QStringList& runNames, const QString& suffix) {
  QString dir = lastExportDir;
  if (dir.isEmpty() || !QFileInfo(dir).isDir()) dir = QFileInfo(firstOpenedFile).absolutePath();
  QStringList names;
  for (const QString& n : runNames) {
    if (!names.contains(n)) names << n;
  }
  // More than three runs: the first three and how many more, so the name stays readable.
  QString base = names.mid(0, 3).join("_vs_");
  if (names.size() > 3) base += QStringLiteral("_and_%1_more").arg(names.size() - 3);
  base.replace('/', '_').replace(' ', '_');
  if (base.isEmpty()) base = QStringLiteral("feedscope");
  return dir + "/" + base + "." + suffix;
}

ExportChoice chooseExportFormat(const QString& path, const QString& filterFormatId) {
  const auto all = targets();
  QString suffix = QFileInfo(path).suffix().toLower();
  if (suffix.isEmpty()) {
    for (const auto& t : all) {
      if (t.id == filterFormatId) return {t.id, path + "." + t.suffix, {}};
    }
    return {{}, path, QObject::tr("unknown export format %1").arg(filterFormatId)};
  }
  // The selected filter wins when its extension is the typed one (CSV of the steps vs of intervals).
  for (const auto& t : all) {
    if (t.id == filterFormatId && t.suffix == suffix) return {t.id, path, {}};
  }
  for (const auto& t : all) {
    if (t.suffix == suffix) return {t.id, path, {}};
  }
  // An unknown extension is refused rather than guessed: the user sees why and types it again.
  return {{},
          path,
          QObject::tr("%1: .%2 is not an export format; end the name with one of .%3")
              .arg(QFileInfo(path).fileName(), suffix, exportSuffixes().join(", ."))};
}

}  // namespace feedscope::ui
