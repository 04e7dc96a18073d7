// A folder of traces as one session: what torch.profiler.tensorboard_trace_handler writes (one
// <worker>.<time>.pt.trace.json[.gz] per rank or per run), each file a run.
#pragma once

#include <string>
#include <vector>

#include "io/kineto_import.h"
#include "trace/session.h"

namespace feedscope::io {

// The trace files of `folder` (*.json, *.json.gz; not recursive), sorted by name.
std::vector<std::string> traceFilesIn(const std::string& folder);

// Opens every trace file of `folder` as a run named after its file (suffixes .pt.trace.json.gz and the
// like removed), in name order. Throws InputError naming the folder when it holds none or one is bad.
trace::Session openTraceFolder(const std::string& folder, const ProgressFn& progress = {});

}  // namespace feedscope::io
