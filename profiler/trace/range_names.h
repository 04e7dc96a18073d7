// Classifies host range names (NVTX, user annotations) into steps, data loading and plain ranges,
// so every importer and the collector agree on what a step is.
#pragma once

#include <optional>
#include <string_view>

#include "trace/types.h"

namespace feedscope::trace {

// Step: "ProfilerStep#12", "step 3", "step#3", "train_step 7", "Step_3". Data loading: DataLoader
// iteration ranges ("enumerate(DataLoader)#_MultiProcessingDataLoaderIter.__next__"), "data_load",
// "load_batch", "wait for batch". Anything else is a plain Range.
IntervalKind classifyRangeName(std::string_view name);

// The step number in a step name, if it has one ("ProfilerStep#12" -> 12).
std::optional<long long> stepNumber(std::string_view name);

}  // namespace feedscope::trace
