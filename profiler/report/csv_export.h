// CSV exports: every interval of every run, or the per-step table (RFC 4180 quoting).
#pragma once

#include <cstdio>
#include <string>
#include <vector>

#include "analysis/run_analysis.h"
#include "trace/session.h"

namespace feedscope::report {

// run,track,track_kind,device,stream,pid,tid,kind,name,start_ns,end_ns,duration_ns,bytes,src_memory,dst_memory,correlation
void writeIntervalsCsv(const trace::Session& session, std::FILE* out);
// run,device,step,name,start_ns,duration_ns,compute_busy_ns,starvation_ns,starvation_pct,copy_wait_ns,...
void writeStepsCsv(const std::vector<analysis::RunAnalysis>& analyses, std::FILE* out);

// A CSV field, quoted when it holds a comma, quote or line break.
std::string csvField(std::string_view text);

}  // namespace feedscope::report
