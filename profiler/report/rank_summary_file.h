// The .fssum file: one rank's summary (job/rank_summary.h), made where the trace lives by
// `feedscope summarize`, joined into a job by `feedscope report *.fssum` without moving any trace.
// A versioned JSON document (docs/file-formats.md, "Rank summaries"), written atomically, read
// strictly: anything missing, mistyped or of a newer version is refused with one line naming the file.
#pragma once
#include <string>
#include <string_view>
#include <vector>

#include "job/job_analysis.h"
#include "job/rank_summary.h"

namespace feedscope::report {

inline constexpr int kRankSummaryVersion = 1;
inline constexpr std::string_view kRankSummaryFormat = "feedscope-rank-summary";

bool isRankSummaryPath(std::string_view path);  // ends with .fssum

std::string rankSummaryText(const job::RankSummary& summary);
// Throws io::InputError ("FILE: not a Feedscope rank summary (...)").
job::RankSummary parseRankSummary(std::string_view text, const std::string& what);

void writeRankSummary(const std::string& path, const job::RankSummary& summary);
job::RankSummary readRankSummary(const std::string& path);

// Reads every file on all cores (each summary is small: memory grows with the ranks' collectives, not
// their traces), in the order given.
std::vector<job::RankSummary> readRankSummaries(const std::vector<std::string>& paths);

// The .fssum files of a folder, sorted by name (not recursive).
std::vector<std::string> rankSummariesIn(const std::string& folder);

}  // namespace feedscope::report
