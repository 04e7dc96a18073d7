// Training steps of a run: where each step begins and ends on the host.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "analysis/span_set.h"
#include "trace/run.h"
#include "trace/string_table.h"

namespace feedscope::analysis {

struct StepWindow {
  std::int64_t number = 0;  // from the name when it has one ("ProfilerStep#12" -> 12), else 0-based index
  std::string name;
  Span span;
};

// Step intervals (ProfilerStep#N, NVTX step ranges, the demo's markers) of the host thread that has
// the most of them, in time order. Several processes each with steps (ranks): the first such thread.
std::vector<StepWindow> findSteps(const trace::Run& run, const trace::StringTable& strings);

}  // namespace feedscope::analysis
