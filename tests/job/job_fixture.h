// A generated job imported and analysed as the report does: each rank's trace through the Kineto
// importer, each run through analyzeRun, the ranks found and analysed as one job.
#pragma once
#include <memory>
#include <string>
#include <vector>

#include "analysis/run_analysis.h"
#include "importers/kineto_import.h"
#include "job/job_analysis.h"
#include "support/job_generator.h"
#include "trace/session.h"

namespace feedscope::testing {

struct AnalysedJob {
  trace::Session session;
  std::vector<analysis::RunAnalysis> analyses;
  std::vector<job::JobGroup> groups;
  std::vector<job::JobAnalysis> jobs;
};

inline std::unique_ptr<AnalysedJob> analyseJobTraces(const std::vector<std::string>& traces,
                                                     const std::vector<std::string>& names) {
  auto out = std::make_unique<AnalysedJob>();
  for (std::size_t i = 0; i < traces.size(); ++i) {
    out->session.runs.push_back(io::importKinetoJson(traces[i], out->session.strings, names[i], names[i]));
  }
  std::vector<const trace::Run*> runs;
  for (const auto& r : out->session.runs) runs.push_back(&r);
  for (const auto* r : runs) out->analyses.push_back(analysis::analyzeRun(*r, out->session.strings));
  std::vector<const analysis::RunAnalysis*> analyses;
  std::vector<const trace::StringTable*> strings;
  for (const auto& a : out->analyses) analyses.push_back(&a);
  for (std::size_t i = 0; i < runs.size(); ++i) strings.push_back(&out->session.strings);
  out->groups = job::findJobs(runs, strings);
  for (const auto& g : out->groups) out->jobs.push_back(job::analyzeJob(g, runs, analyses, strings, "job"));
  return out;
}

inline std::unique_ptr<AnalysedJob> analyseGeneratedJob(const JobSpec& spec) {
  std::vector<std::string> traces, names;
  for (int r = 0; r < spec.world_size; ++r) {
    traces.push_back(jobRankTrace(spec, r));
    names.push_back("trace_rank" + std::to_string(r));
  }
  return analyseJobTraces(traces, names);
}

}  // namespace feedscope::testing
