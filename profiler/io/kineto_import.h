// Import of PyTorch-profiler (Kineto) chrome-trace JSON, plain or gzipped, current and legacy
// (2021) categories: kernels, memcpy (pageable/pinned from the name), memsets, runtime and driver
// calls with correlation, syncs, user annotations (ProfilerStep#N steps, DataLoader ranges), ops.
#pragma once

#include <functional>
#include <string>
#include <string_view>

#include "io/byte_buffer.h"
#include "trace/session.h"

namespace feedscope::io {

using ProgressFn = std::function<void(double fraction)>;

// Parses `json` (which must have zeroed capacity for 64 bytes of padding past its size, as
// readInputFile leaves it) into a run named `runName`. `what` names the input in errors.
// Throws InputError for invalid JSON or JSON that is not a trace.
trace::Run importKinetoJson(const std::string& json, trace::StringTable& strings, const std::string& runName,
                            std::string_view what, const ProgressFn& progress = {});
// The same over a buffer whose capacity leaves the padding (readInputFile, gunzip).
trace::Run importKinetoJson(const ByteBuffer& json, trace::StringTable& strings, const std::string& runName,
                            std::string_view what, const ProgressFn& progress = {});

// Reads and imports a Kineto trace file (.json or .json.gz) as one new run of `session`; the run
// is named after the file ("trace" for "trace.pt.trace.json.gz") unless `runName` is given.
trace::Run& importKinetoFile(const std::string& path, trace::Session& session, const std::string& runName = {},
                             const ProgressFn& progress = {});

// The run name a trace file gets: its file name without folders and without .json/.gz/.pt.trace.
std::string runNameFromPath(const std::string& path);

// Microseconds written as a JSON number ("5142957123825.025", "12", "1.5e3") to nanoseconds,
// exactly for plain decimals (no floating point rounding). nullopt when it is not a number.
std::optional<trace::TimeNs> microsTokenToNs(std::string_view token);

}  // namespace feedscope::io
