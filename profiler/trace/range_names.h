// Classifies host range names (NVTX, user annotations) into steps, data loading and plain ranges,
// so every importer and the collector agree on what a step is.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "trace/types.h"

namespace feedscope::trace {

// Step: "ProfilerStep#12", "step 3", "step#3", "train_step 7", "Step_3". Data loading: DataLoader
// iteration ranges ("enumerate(DataLoader)#_MultiProcessingDataLoaderIter.__next__"), "data_load",
// "load_batch", "wait for batch". Anything else is a plain Range.
IntervalKind classifyRangeName(std::string_view name);

// The same rules in words, for messages that tell users how to name their ranges.
inline constexpr std::string_view kStepNamesHelp =
    "ranges named ProfilerStep#N (torch.profiler's prof.step()), step N, step#N, train_step N or "
    "training_step N "
    "as steps";
inline constexpr std::string_view kDataLoadingNamesHelp =
    "ranges whose names contain DataLoader, data_load, data load, load_batch, wait for batch or batch wait "
    "as "
    "data loading";

// A range's name with its instance number folded, so that one range repeated every step sums as one:
// a number after the last '#' becomes "N" ("ProfilerStep#12" and "ProfilerStep#13" are
// "ProfilerStep#N"), and so does a step name's number ("step 7" is "step N"). Other digits stay
// ("aten::conv2d", "layer_3" name different work).
std::string foldedRangeName(std::string_view name);

// Host ranges that are part of the input path although they are not data loading: the next batch's
// input distribution (TorchRec's "sparse_data_dist", "input_dist"), collating and pinning a batch.
// With a perfect input pipeline they run ahead of the step, off the GPU's path (docs/metrics.md,
// "Host work on the input path": the one table of these names).
bool isInputPathRangeName(std::string_view name);

// The step number in a step name, if it has one ("ProfilerStep#12" -> 12).
std::optional<long long> stepNumber(std::string_view name);

}  // namespace feedscope::trace
