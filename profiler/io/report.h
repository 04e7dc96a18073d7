// What a report shows: the analysed runs of one input and, optionally, a comparison. Every report
// writer (text, JSON, Markdown, HTML) and the GUI's export take this.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "analysis/comparison.h"
#include "analysis/run_analysis.h"
#include "trace/session.h"

namespace feedscope::io {

struct Report {
  std::string input;  // the file the report is about
  std::vector<const trace::Run*> runs;
  std::vector<analysis::RunAnalysis> analyses;  // analyses[i] is of runs[i]
  std::vector<analysis::RunComparison> comparisons;  // B against A, in the order asked
};

// Analyses `session`'s runs (all, or those named) into a report.
Report buildReport(const trace::Session& session, const std::string& input, const analysis::AnalysisOptions& options,
                   const std::vector<std::string>& runNames = {});

std::string renderTextReport(const Report& report);
std::string renderMarkdownReport(const Report& report);
// The stable JSON interface documented in docs/report-json.md.
std::string renderJsonReport(const Report& report);

// "+12.35 ms" relative to `origin`.
std::string relativeTime(trace::TimeNs t, trace::TimeNs origin);

}  // namespace feedscope::io
