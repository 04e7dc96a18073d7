// The trace files of a folder: what torch.profiler.tensorboard_trace_handler and a job's ranks leave
// (*.json, *.json.gz). One rule for every reader of folders (importers/trace_folder.h) and for the
// outputs that must not replace a folder's member (store/output_check.h).
#pragma once

#include <string>
#include <vector>

namespace feedscope::io {

// The trace files of `folder` (*.json, *.json.gz; not recursive), sorted by name.
std::vector<std::string> traceFilesIn(const std::string& folder);
// The same, throwing InputError naming the folder when it holds none: a folder given to read.
std::vector<std::string> requireTraceFilesIn(const std::string& folder);

}  // namespace feedscope::io
