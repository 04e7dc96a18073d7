// Import of PyTorch-profiler (Kineto) chrome-trace JSON, plain or gzipped, current and legacy
// (2021) categories: kernels, memcpy (pageable/pinned from the name), memsets, runtime and driver
// calls with correlation, syncs, user annotations (ProfilerStep#N steps, DataLoader ranges), ops.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>

#include "read/byte_buffer.h"
#include "read/decompressed_stream.h"
#include "importers/kept_arguments.h"
#include "read/read_threads.h"
#include "trace/session.h"

namespace feedscope::io {

using ProgressFn = std::function<void(double fraction)>;

// Parses the JSON text `json` (already in memory) into a run named `runName`. `what` names the
// input in errors. Throws InputError for invalid JSON or JSON that is not a trace.
trace::Run importKinetoJson(const std::string& json, trace::StringTable& strings, const std::string& runName,
                            std::string_view what, const ProgressFn& progress = {});
trace::Run importKinetoJson(const ByteBuffer& json, trace::StringTable& strings, const std::string& runName,
                            std::string_view what, const ProgressFn& progress = {});

struct StreamImportOptions {
  bool threaded = true;                            // inflate on a second thread while parsing
  std::size_t chunk_bytes = std::size_t{1} << 20;  // decompressed bytes per chunk
  std::size_t batch_bytes = std::size_t{1} << 20;  // traceEvents entries parsed at a time
  std::uint64_t ratio_checked_after_bytes = kRatioCheckedAfterBytes;  // see kMaxStreamingRatio
  KeptArguments arguments = KeptArguments::All;  // whose args objects the run keeps (trace/arguments.h)
};
// Inputs at least this large (compressed) are read with the second thread, when there is a core for
// it (read/read_threads.h).
inline constexpr std::uint64_t kThreadedImportBytes = std::uint64_t{1} << 20;

// Imports a trace as it streams in, never holding the whole document: memory grows with the
// intervals kept, not with the JSON. `head` is what the caller already read from `in` (to
// recognise the format). Progress is the share of the compressed input consumed (0 for a pipe,
// whose size is unknown), reported once per chunk; a progress callback that throws (the GUI's
// cancellation) stops the import between two chunks.
trace::Run importKinetoStream(DecompressedStream& in, trace::StringTable& strings, const std::string& runName,
                              std::string_view what, const ProgressFn& progress = {}, std::string_view head = {},
                              const StreamImportOptions& options = {});

// Reads and imports a Kineto trace file (.json or .json.gz) as one new run of `session`, streaming;
// the run is named after the file ("trace" for "trace.pt.trace.json.gz") unless `runName` is given.
// `threads`: One when other reads run beside this one (read/read_threads.h).
trace::Run& importKinetoFile(const std::string& path, trace::Session& session, const std::string& runName = {},
                             const ProgressFn& progress = {}, KeptArguments kept = KeptArguments::All,
                             ReadThreads threads = ReadThreads::Auto);

// The run name a trace file gets: its file name without folders and without .json/.gz/.pt.trace.
std::string runNameFromPath(const std::string& path);

// Microseconds written as a JSON number ("5142957123825.025", "12", "1.5e3") to nanoseconds,
// exactly for plain decimals (no floating point rounding). nullopt when it is not a number.
std::optional<trace::TimeNs> microsTokenToNs(std::string_view token);

}  // namespace feedscope::io
