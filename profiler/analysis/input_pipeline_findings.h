// The input pipeline's findings (docs/metrics.md, "The input pipeline"): the main thread waits for the
// DataLoader (with the number of workers that would keep up), a custom batch type that pin_memory()
// leaves unpinned, and the line whose .to() copies batch tensors from memory that is not pinned. They
// cost host time and are run findings: with or without a GPU in the recording.
#pragma once

#include <vector>

#include "analysis/finding.h"
#include "analysis/input_pipeline.h"

namespace feedscope::analysis {

void inputPipelineFindings(const InputPipeline& pipeline, std::vector<Finding>& out);

}  // namespace feedscope::analysis
