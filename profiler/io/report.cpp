// Report assembly.
#include "io/report.h"

#include "io/input_error.h"
#include "trace/units.h"

namespace feedscope::io {

Report buildReport(const trace::Session& session, const std::string& input, const analysis::AnalysisOptions& options,
                   const std::vector<std::string>& runNames) {
  Report report;
  report.input = input;
  if (runNames.empty()) {
    for (const auto& run : session.runs) report.runs.push_back(&run);
  } else {
    for (const auto& name : runNames) {
      const trace::Run* run = session.findRun(name);
      if (run == nullptr) {
        std::string known;
        for (const auto& r : session.runs) known += (known.empty() ? "" : ", ") + r.name;
        throw InputError(input + ": no run named '" + name + "' (runs: " + known + ")");
      }
      report.runs.push_back(run);
    }
  }
  for (const trace::Run* run : report.runs) report.analyses.push_back(analysis::analyzeRun(*run, session.strings, options));
  return report;
}

std::string relativeTime(trace::TimeNs t, trace::TimeNs origin) {
  return (t >= origin ? "+" : "-") + trace::formatDuration(t >= origin ? t - origin : origin - t);
}

}  // namespace feedscope::io
