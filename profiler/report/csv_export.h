// CSV exports: every interval of every run, or the per-step table (RFC 4180 quoting, text cells a
// spreadsheet shows as text).
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

// A CSV text field: with a leading ' when a spreadsheet would take it for a formula (it starts with =
// + - @, a tab or a carriage return: present/spreadsheet_text.h), quoted when it holds a comma, quote
// or line break. Numbers are written as they are, never through this.
std::string csvField(std::string_view cell);

}  // namespace feedscope::report
