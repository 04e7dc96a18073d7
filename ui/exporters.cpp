// Export formats, all written through the core's writers.
#include "ui/exporters.h"

#include "store/atomic_file.h"
#include "report/chrome_trace_export.h"
#include "report/csv_export.h"
#include "ui/outputs.h"

namespace feedscope::ui {
namespace {

// Writers that take a session get the opened file's own session when there is one, else a merged copy.
template <typename Fn>
void withSession(const Document& doc, Fn&& fn) {
  if (doc.sessions.size() == 1 && doc.runs.size() == doc.sessions.front()->runs.size()) {
    fn(*doc.sessions.front());
  } else {
    fn(mergedSession(doc));
  }
}

// Every format's writer, after the check every output of the GUI passes (ui/outputs.h): an export
// never replaces one of the files the document was opened from.
ExportFormat::Writer checked(ExportFormat::Writer write) {
  return [write = std::move(write)](const Document& doc, const std::string& path) {
    checkOutput(path, doc.inputs);
    write(doc, path);
  };
}

}  // namespace

report::Report reportOf(const Document& doc) {
  std::vector<const trace::Run*> runs;
  std::vector<const trace::StringTable*> strings;
  for (std::size_t i = 0; i < doc.runs.size(); ++i) {
    runs.push_back(&doc.run(i));
    strings.push_back(&doc.strings(i));
  }
  // The report `feedscope report` makes of the same input (report::assembleReport): its jobs, the
  // files not read, every run that is no rank of the first run's job compared with the first.
  report::Report report = report::assembleReport(doc.input, std::move(runs), std::move(strings), doc.analyses, doc.unread);
  report::compareAgainst(report, 0);
  return report;
}

QStringList exportedNames(const Document& doc) {
  QStringList names;
  std::vector<const job::JobAnalysis*> jobOfRun(doc.runs.size(), nullptr);
  for (const auto& j : doc.jobs) {
    for (const auto& r : j.ranks) {
      if (r.run < jobOfRun.size()) jobOfRun[r.run] = &j;
    }
  }
  for (std::size_t i = 0; i < doc.runs.size(); ++i) {
    const QString name = QString::fromStdString(jobOfRun[i] ? jobOfRun[i]->name : doc.analyses[i].run_name);
    if (!names.contains(name)) names << name;
  }
  return names;
}

const std::vector<ExportFormat>& exportFormats() {
  static const std::vector<ExportFormat> formats = {
      {"chrome", "Chrome trace for Perfetto and chrome://tracing", "json",
       checked([](const Document& doc, const std::string& path) {
         withSession(doc, [&](const trace::Session& s) { report::exportChromeTrace(s, doc.analyses, path); });
       })},
      {"csv", "CSV of every interval", "csv",
       checked([](const Document& doc, const std::string& path) {
         withSession(doc, [&](const trace::Session& s) {
           io::writeStreamAtomically(path, [&](std::FILE* f) { report::writeIntervalsCsv(s, f); });
         });
       })},
      {"csv-steps", "CSV of the steps", "csv",
       checked([](const Document& doc, const std::string& path) {
         io::writeStreamAtomically(path, [&](std::FILE* f) { report::writeStepsCsv(doc.analyses, f); });
       })},
      {"json", "JSON report", "json",
       checked([](const Document& doc, const std::string& path) {
         io::writeFileAtomically(path, report::renderJsonReport(reportOf(doc)));
       })},
      {"md", "Markdown report", "md",
       checked([](const Document& doc, const std::string& path) {
         io::writeFileAtomically(path, report::renderMarkdownReport(reportOf(doc)));
       })},
      {"html", "HTML report (one self-contained page)", "html",
       checked([](const Document& doc, const std::string& path) {
         io::writeFileAtomically(path, report::renderHtmlReport(reportOf(doc)));
       })},
  };
  return formats;
}

const ExportFormat* findExportFormat(const std::string& id) {
  for (const auto& f : exportFormats()) {
    if (f.id == id) return &f;
  }
  return nullptr;
}

}  // namespace feedscope::ui
