// File ▸ Export: every format the core can write for the opened runs, as one table. Adding a format
// (the HTML report, once report::renderHtmlReport exists) is one more entry in exportFormats().
#pragma once

#include <QStringList>

#include <functional>
#include <string>
#include <vector>

#include "report/report.h"
#include "ui/document.h"

namespace feedscope::ui {

struct ExportFormat {
  std::string id;      // "chrome", "csv", ...
  std::string title;   // "Chrome trace (Perfetto)"
  std::string suffix;  // "json"
  using Writer = std::function<void(const Document& doc, const std::string& path)>;
  // Writes the document to `path` atomically, never over one of its inputs (ui/outputs.h); throws
  // io::InputError or io::OutputError with one line on failure.
  Writer write;
};

const std::vector<ExportFormat>& exportFormats();
const ExportFormat* findExportFormat(const std::string& id);

// The report of the opened runs, as `feedscope report` makes it of the same input (its jobs, the files
// not read, every run that is no rank of the first run's job compared with the first).
report::Report reportOf(const Document& doc);

// What an export of the document is about, for its proposed file name: each job once by its name
// (not its ranks), then the runs that are no rank of a job, in the document's order.
QStringList exportedNames(const Document& doc);

}  // namespace feedscope::ui
