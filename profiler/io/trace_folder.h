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
trace::Session openTraceFolder(const std::string& folder, const ProgressFn& progress = {},
                               KeptArguments kept = KeptArguments::All);

// Every trace file of `folder` opened into a session of its own, its run named as openTraceFolder
// names it, `workers` files at a time, each on one thread (io/read_threads.h; a lone file may use two):
// the ranks of a job read on all cores. Sessions in file-name order; the same errors as openTraceFolder.
std::vector<trace::Session> openTraceFolderFiles(const std::string& folder, std::size_t workers,
                                                 KeptArguments kept = KeptArguments::All);

}  // namespace feedscope::io
