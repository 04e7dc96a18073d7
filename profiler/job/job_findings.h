// Findings about a job as a whole, each with its fix (docs/metrics.md, "Job findings"): the
// straggler by its cause, a rank that alone copies from pageable memory, ranks missing.
#pragma once
#include <vector>

#include "analysis/finding.h"
#include "analysis/run_analysis.h"
#include "job/job_analysis.h"

namespace feedscope::job {

// `analyses[i]` is the analysis of `job.ranks[i]`'s run.
std::vector<analysis::Finding> jobFindings(const JobAnalysis& job,
                                           const std::vector<const analysis::RunAnalysis*>& analyses);

}  // namespace feedscope::job
