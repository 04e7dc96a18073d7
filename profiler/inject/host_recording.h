// What the Python hooks record (profiler/inject/python/feedscope_hooks), written into the process's raw
// stream through the process's one recorder: the same stream the CUPTI collector writes, on the same
// clock. CUDA-free: a process that never initialises CUDA records its Python side all the same, and a
// child forked from a recording process (a DataLoader worker) gets a stream of its own. The C entry
// points in libfeedscope-inject.so (python_entry.cpp) are thin wrappers of these.
#pragma once

#include <cstdint>
#include <functional>

#include "inject/process_recorder.h"

namespace feedscope::inject::host {

// The recorder this process writes through, its flush thread running: the process's own (started if
// it was not yet), or in a forked child a new one of the child's own. Null when the process does not
// record (no FEEDSCOPE_RAW_DIR, or its stream cannot be made). `lookup` reads the environment.
ProcessRecorder* start(const std::function<const char*(const char*)>& lookup);

// Largest name and arguments text accepted from the hooks; longer ones are cut (a name) or dropped
// (arguments), never written unbounded.
inline constexpr std::size_t kMaxNameBytes = 1024;
inline constexpr std::size_t kMaxArgumentsBytes = 16 * 1024;

// One interval on a host lane: `track` a trace::TrackKind of the host (HostThread: `lane` is the thread
// id; Loader: the worker id), `kind` an IntervalKind of host work (Range, Step, DataLoading, HostOp,
// LoaderWork), times on CLOCK_MONOTONIC with end >= start > 0. Anything else is left out (and said once
// in the stream's messages). False when nothing was written.
bool interval(int track, std::int64_t lane, int kind, std::int64_t start_ns, std::int64_t end_ns, const char* name,
              const char* arguments);
// A line for `record` to print: 0 info, 1 warning, 2 error.
void message(int severity, const char* text);
// Everything written and the stream closed (a process leaving through _exit runs no exit handler).
void finish();

}  // namespace feedscope::inject::host
