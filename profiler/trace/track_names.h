// The one place a track gets its name, for every way a run is made (imports through RunBuilder, the
// raw-stream merge of `record`, a session join): the GUI's lane labels, the reports and the tables all
// read Track::name, so the same track must be called the same thing whatever its source.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "trace/types.h"

namespace feedscope::trace {

// `lane` is the stream of a GPU stream (the collector's stream -1 holds the context's own
// synchronizations, cudaDeviceSynchronize), the thread of a host thread, the worker of a loader;
// unused for a GPU's annotations. `process` ("python3 4242") prefixes the name where a run holds
// several processes; empty for an imported trace.
std::string trackName(TrackKind kind, std::int32_t device, std::int64_t lane, std::string_view process = {});

// A host thread a trace names ("python (pid 4242) · MainThread"): `process` and `thread` are the trace's
// own names, empty where it gives none ("process", "thread 7").
std::string namedThreadTrackName(std::string_view process, std::int64_t pid, std::string_view thread,
                                 std::int64_t tid);

// A track of device `from` renumbered to `to` (devices of another machine joined into a run): the
// device's number in its name follows. Names without it are returned as they are.
std::string renumberedTrackName(std::string name, std::int32_t from, std::int32_t to);

}  // namespace feedscope::trace
