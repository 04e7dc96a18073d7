// A folder of traces as one session: what torch.profiler.tensorboard_trace_handler writes (one
// <worker>.<time>.pt.trace.json[.gz] per rank or per run), each file a run.
#pragma once

#include <string>
#include <vector>

#include "importers/kineto_import.h"
#include "read/trace_files.h"
#include "trace/session.h"

namespace feedscope::io {

// Opens every trace file of `folder` as a run named after its file (suffixes .pt.trace.json.gz and the
// like removed), in name order. Throws InputError naming the folder when it holds none or one is bad.
trace::Session openTraceFolder(const std::string& folder, const ProgressFn& progress = {},
                               KeptArguments kept = KeptArguments::All);

// A trace file of a folder that could not be read, and why (its InputError's line).
struct UnreadFile {
  std::string path;
  std::string error;
};
// `path` with its error `what` (a one-line message that may begin with the path, as InputError's do).
UnreadFile unreadFile(const std::string& path, const std::string& what);

struct FolderFiles {
  std::vector<trace::Session> sessions;  // the files read, in file-name order
  std::vector<UnreadFile> unread;        // the files that could not be read, in file-name order
};

// Every trace file of `folder` opened into a session of its own, its run named as openTraceFolder
// names it, `workers` files at a time, each on one thread (read/read_threads.h; a lone file may use two):
// the ranks of a job read on all cores. A file that cannot be read (cut short, not a trace) is left
// out and listed, so a job is read without that rank; throws InputError naming the folder when it
// holds no trace file or none could be read (the first file's error).
FolderFiles openTraceFolderFiles(const std::string& folder, std::size_t workers, KeptArguments kept = KeptArguments::All);

}  // namespace feedscope::io
