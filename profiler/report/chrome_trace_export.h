// Chrome-trace JSON export (Trace Event Format) that Perfetto and chrome://tracing open: a process
// per run and device with a thread per stream, a process per host process, and a "starvation"
// thread per device whose slices are the idle gaps of compute, named and coloured by cause.
#pragma once

#include <cstdio>
#include <string>
#include <vector>

#include "analysis/run_analysis.h"
#include "trace/session.h"

namespace feedscope::report {

// `analyses[i]` belongs to `session.runs[i]`.
void writeChromeTrace(const trace::Session& session, const std::vector<analysis::RunAnalysis>& analyses,
                      std::FILE* out);
// Writes atomically to `path`.
void exportChromeTrace(const trace::Session& session, const std::vector<analysis::RunAnalysis>& analyses,
                       const std::string& path);

}  // namespace feedscope::report
