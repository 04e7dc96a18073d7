// Which export format a typed file name asks for. The extension the user typed decides (x.csv is
// CSV even with the Chrome filter selected); the selected filter only breaks ties between formats
// sharing an extension (two CSVs, two JSONs) and supplies the extension when none was typed.
#pragma once

#include <QString>
#include <QStringList>

namespace feedscope::ui {

struct ExportChoice {
  QString format_id;  // empty: the typed extension names no format (see error)
  QString path;       // the path to write, with the format's extension added when none was typed
  QString error;      // one line for the user when format_id is empty
};

// Every export extension, and the one of a format id ("png" included).
QStringList exportSuffixes();
QString exportSuffixOf(const QString& formatId);
// The name the export dialog proposes: in the last export folder, else the folder of the first opened
// file (never "/"), named after every run ("a_vs_b"), with the format's extension.
QString proposedExportPath(const QString& lastExportDir, const QString& firstOpenedFile,
                           const QStringList& runNames, const QString& suffix);

ExportChoice chooseExportFormat(const QString& path, const QString& filterFormatId);

}  // namespace feedscope::ui
