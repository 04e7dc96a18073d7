// Findings about a job as a whole, each with its fix (docs/metrics.md, "Job figures and findings"): the
// straggler by its cause, lateness that moves between ranks, a rank that alone copies from pageable
// memory, ranks missing.
#pragma once
#include <vector>

#include "analysis/finding.h"
#include "job/job_analysis.h"

namespace feedscope::job {

// `ranks[i]` is the summary of `job.ranks[i]`.
std::vector<analysis::Finding> jobFindings(const JobAnalysis& job, const std::vector<RankSummary>& ranks);

}  // namespace feedscope::job
