// The .fssum file: one rank's summary (job/rank_summary.h), made where the trace lives by
// `feedscope summarize`, joined into a job by `feedscope report *.fssum` without moving any trace.
// A versioned JSON document (docs/file-formats.md, "Rank summaries"), written atomically, read
// strictly: anything missing, mistyped or of a newer version is refused with one line naming the file.
#pragma once
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "importers/trace_folder.h"
#include "job/job_analysis.h"
#include "job/rank_summary.h"

namespace feedscope::report {

inline constexpr int kRankSummaryVersion = 2;
inline constexpr std::string_view kRankSummaryFormat = "feedscope-rank-summary";
// The most a summary may hold, inflated (docs/file-formats.md): about 250,000 collectives, far more
// than a profiled window has. A larger one is refused, inflating stops there (a gzip bomb), and
// `summarize` never writes one.
inline constexpr std::uint64_t kMaxRankSummaryBytes = std::uint64_t{64} << 20;

bool isRankSummaryPath(std::string_view path);  // ends with .fssum

std::string rankSummaryText(const job::RankSummary& summary);
// Throws io::InputError ("FILE: not a Feedscope rank summary (...)") for anything the format does not
// define: a missing or mistyped key, a number outside its range (the key named), keys that disagree
// (a collective outside the extent, a wait longer than the window), JSON nested too deep
// (report/rank_summary_reader.cpp).
job::RankSummary parseRankSummary(std::string_view text, const std::string& what);

void writeRankSummary(const std::string& path, const job::RankSummary& summary);
job::RankSummary readRankSummary(const std::string& path);

struct SummaryFiles {
  std::vector<job::RankSummary> summaries;  // those read, in the order given
  std::vector<io::UnreadFile> unread;       // those that could not be read, in the order given
};

// Reads every file on all cores (each summary is small: memory grows with the ranks' collectives, not
// their traces). A file that cannot be read (cut short, of another version) is left out and listed, so
// its job is read without that rank; throws the first file's InputError when none could be read.
SummaryFiles readRankSummaries(const std::vector<std::string>& paths);

// The .fssum files of a folder, sorted by name (not recursive).
std::vector<std::string> rankSummariesIn(const std::string& folder);

}  // namespace feedscope::report
