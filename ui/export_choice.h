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
  // When the typed extension picked another format than the chosen one ("JSON report" chosen, x.csv
  // typed: the CSV of every interval is written), the sentence that says so; else empty.
  QString note;
};

// The title of a format id as the export dialog lists it ("JSON report"; "png" included).
QString exportTitleOf(const QString& formatId);
// The status bar's line after an export: "Exported to PATH", with the choice's note when it has one.
QString exportDoneMessage(const QString& path, const ExportChoice& choice);

// Every export extension, and the one of a format id ("png" included).
QStringList exportSuffixes();
QString exportSuffixOf(const QString& formatId);
// The name the export dialog proposes: in the last export folder, else the folder of the first opened
// file (never "/"), named after every run ("a_vs_b"), with the format's extension.
QString proposedExportPath(const QString& lastExportDir, const QString& firstOpenedFile,
                           const QStringList& runNames, const QString& suffix);

ExportChoice chooseExportFormat(const QString& path, const QString& filterFormatId);

}  // namespace feedscope::ui
