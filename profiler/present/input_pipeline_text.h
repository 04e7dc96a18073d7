// The input pipeline (analysis/input_pipeline.h) in words, one home for every report format and the
// GUI: a title, rows of figures, and the step with N workers.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "analysis/input_pipeline.h"

namespace feedscope::present {

// "Input pipeline (Python hooks) · 2 workers · 12 steps"
std::string inputPipelineTitle(const analysis::InputPipeline& p);
// (label, value) rows: the waits, a worker's batch, a step, the cores.
std::vector<std::pair<std::string, std::string>> inputPipelineRows(const analysis::InputPipeline& p);
// "1: 33.1 ms · 2: 16.5 ms (today) · 3: 11.0 ms · ... · 35: 956 µs (keeps up)"; "" without predictions.
std::string workerPredictionsText(const analysis::InputPipeline& p);

}  // namespace feedscope::present
