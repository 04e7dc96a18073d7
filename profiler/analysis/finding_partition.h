// How the findings of one GPU become one diagnosis: each idle cause is explained by at most one root
// finding, and findings about the same idle time from another angle (not overlapped, host blocked by
// the copy, the host work's names) become its parts. The root findings' costs then add up to at most
// the starvation; what no root explains is told as unexplained (docs/metrics.md, "Findings partition
// the starvation").
#pragma once

#include <string_view>
#include <vector>

#include "analysis/finding.h"

namespace feedscope::analysis {

// The root a finding prefers to be a part of when that root fired on the same GPU ("" for none):
// the async-pageable trap is an angle of the pageable copies, a loader in the training process an
// angle of the GPU waiting for the host. One table, in finding_partition.cpp.
std::string_view preferredRoot(std::string_view findingId);

// Marks parts and sets cost_ns / cost_pct from `explains`. `findings` arrive in rule order, roots
// first; a finding becomes a part of its preferred root when that fired and explains all the causes
// this one explains, else of the root already explaining one of its causes, else a root claiming its
// causes. Returns them in display order: roots
// most severe first (larger cost first among equals), each followed by its parts.
std::vector<Finding> partitionFindings(std::vector<Finding> findings, TimeNs windowNs);

// The GPU idle time no root finding explains: starvation − Σ root costs.
TimeNs unexplainedNs(const std::vector<Finding>& findings, TimeNs starvationNs);

}  // namespace feedscope::analysis
