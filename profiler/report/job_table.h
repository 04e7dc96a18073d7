// What every report writer shows of a job, as text cells: the title line, the straggler sentence, the
// ranks table (a row per rank), the clock line and the notes. Text, Markdown and HTML lay these out
// their own way; the words and numbers have this one home (with present/ below it).
#pragma once
#include <string>
#include <vector>

#include "job/job_analysis.h"

namespace feedscope::report {

struct JobTable {
  std::string title;     // "Job train · 8 of 8 ranks · 36 collectives matched in 3 process groups"
  std::string headline;  // the straggler sentence, or why there is none
  std::string step;      // "Job step 20.5 ms (median of 12); without the straggler 12.5 ms; every rank fed 10.0 ms"
  std::vector<std::string> header;           // rank, device, step, compute, communication, peer wait, late in, starvation
  std::vector<std::vector<std::string>> rows;  // one per rank
  std::string clock;     // "Clocks aligned at the collective ends: rank 1 +1.20 ms, ...; largest residual 0 ns"
  std::vector<std::string> notes;
};

JobTable jobTable(const job::JobAnalysis& job);

// "waiting for rank 3 39.02 %, data loading 9.80 %": a rank's starvation causes in the job (its exposed
// wait by the rank it waited for, its own idle time by cause), largest first (at most three).
std::string rankStarvationCauses(const job::RankFigures& rank);

// Two jobs side by side (B against A): "job B steps in 12.5 ms against 20.5 ms for job A (1.64x faster)".
std::string jobComparisonSentence(const job::JobAnalysis& a, const job::JobAnalysis& b);

}  // namespace feedscope::report
