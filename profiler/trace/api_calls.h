// What a host API call's name says about it, decided once, when a call enters a run (the Kineto and
// Nsight Systems importers, the CUPTI decoder, a session written before the flag existed): whether
// it was issued asynchronously (flags::kAsyncApi) and whether it blocks the calling thread until GPU
// work finishes (flags::kBlockingApi: synchronisations, synchronous copies and memsets). The analysis
// reads the flags, never the name (docs/metrics.md, sets).
#pragma once

#include <cstdint>
#include <string_view>

#include "trace/run.h"
#include "trace/string_table.h"

namespace feedscope::trace {

// kAsyncApi and/or kBlockingApi for a runtime, driver or HIP call of this name.
std::uint8_t apiCallFlags(std::string_view name);

// Sets those flags on every API call of `run` (calls read from a session written before
// kBlockingApi was set on import).
void markApiCalls(Run& run, const StringTable& strings);

}  // namespace feedscope::trace
