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
  QString title;
};

std::vector<ExportTarget> targets() {
  std::vector<ExportTarget> all;
  for (const auto& f : exportFormats())
    all.push_back({QString::fromStdString(f.id), QString::fromStdString(f.suffix), QString::fromStdString(f.title)});
  all.push_back({"png", "png", QObject::tr("PNG of the timeline")});
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

QString exportTitleOf(const QString& formatId) {
  for (const auto& t : targets()) {
    if (t.id == formatId) return t.title;
  }
  return formatId;
}

QString exportDoneMessage(const QString& path, const ExportChoice& choice) {
  QString line = QObject::tr("Exported to %1").arg(path);
  if (!choice.note.isEmpty()) line += QStringLiteral(": ") + choice.note;
  return line;
}

ExportChoice chooseExportFormat(const QString& path, const QString& filterFormatId) {
  const auto all = targets();
  QString suffix = QFileInfo(path).suffix().toLower();
  if (suffix.isEmpty()) {
    for (const auto& t : all) {
      if (t.id == filterFormatId) return {t.id, path + "." + t.suffix, {}, {}};
    }
    return {{}, path, QObject::tr("unknown export format %1").arg(filterFormatId), {}};
  }
  // The selected filter wins when its extension is the typed one (CSV of the steps vs of intervals).
  for (const auto& t : all) {
    if (t.id == filterFormatId && t.suffix == suffix) return {t.id, path, {}, {}};
  }
  for (const auto& t : all) {
    if (t.suffix != suffix) continue;
    ExportChoice choice{t.id, path, {}, {}};
    // The typed name wins, and the user is told: writing what was chosen under a name that says
    // another format would mislead whoever opens the file next.
    if (!filterFormatId.isEmpty() && filterFormatId != t.id)
      choice.note = QObject::tr("written as %1 because the name ends in .%2 (%3 was chosen)")
                        .arg(t.title, suffix, exportTitleOf(filterFormatId));
    return choice;
  }
  // An unknown extension is refused rather than guessed: the user sees why and types it again.
  return {{},
          path,
          QObject::tr("%1: .%2 is not an export format; end the name with one of .%3")
              .arg(QFileInfo(path).fileName(), suffix, exportSuffixes().join(", .")),
          {}};
}

}  // namespace feedscope::ui
