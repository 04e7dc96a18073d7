// Report assembly.
#include "report/report.h"

#include <fmt/format.h>

#include "io/input_error.h"
#include "trace/units.h"
#include "trace/utf8.h"

namespace feedscope::report {

Report buildReport(const trace::Session& session, const std::string& input, const analysis::AnalysisOptions& options,
                   const std::vector<std::string>& runNames) {
  Report report;
  report.input = trace::validUtf8(input);  // a path from the command line: any bytes
  if (runNames.empty()) {
    for (const auto& run : session.runs) report.runs.push_back(&run);
  } else {
    for (const auto& name : runNames) {
      const trace::Run* run = session.findRun(name);
      if (run == nullptr) {
        std::string known;
        for (const auto& r : session.runs) known += (known.empty() ? "" : ", ") + r.name;
        throw io::InputError(input + ": no run named '" + name + "' (runs: " + known + ")");
      }
      report.runs.push_back(run);
    }
  }
  for (const trace::Run* run : report.runs) {
    report.analyses.push_back(analysis::analyzeRun(*run, session.strings, options));
    report.run_strings.push_back(&session.strings);
  }
  return report;
}

void compareAgainst(Report& report, std::size_t baseline) {
  report.comparisons.clear();
  report.table.reset();
  if (report.analyses.size() < 2 || baseline >= report.analyses.size()) return;
  std::vector<const analysis::RunAnalysis*> all;
  for (const auto& a : report.analyses) all.push_back(&a);
  for (std::size_t i = 0; i < report.analyses.size(); ++i) {
    if (i != baseline) report.comparisons.push_back(analysis::compareRuns(report.analyses[baseline], report.analyses[i]));
  }
  report.table = analysis::compareAll(all, baseline);
}

}  // namespace feedscope::report
