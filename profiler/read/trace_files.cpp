// Which files of a folder are traces (read/trace_files.h).
#include "read/trace_files.h"

#include <algorithm>
#include <filesystem>

#include "io/input_error.h"

namespace feedscope::io {

namespace {

namespace fs = std::filesystem;

bool endsWith(const std::string& s, const std::string& suffix) {
  return s.size() >= suffix.size() && s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

bool isTraceName(const std::string& name) {
  return endsWith(name, ".json") || endsWith(name, ".json.gz");
}

}  // namespace

std::vector<std::string> traceFilesIn(const std::string& folder) {
  std::vector<std::string> files;
  std::error_code ec;
  fs::directory_iterator it(folder, ec);
  if (ec) throw InputError(folder + ": " + ec.message());
  for (; it != fs::directory_iterator(); it.increment(ec)) {
    // The entry's own status check has its own error code: a dangling link or a link loop (an
    // editor's lock link) is not a trace file and is skipped wherever it comes in the listing,
    // instead of its ENOENT/ELOOP being taken for a failure to list the folder.
    std::error_code statusError;
    if (isTraceName(it->path().filename().string()) && it->is_regular_file(statusError)) {
      files.push_back(it->path().string());
    }
  }
  if (ec) throw InputError(folder + ": " + ec.message());
  std::sort(files.begin(), files.end());
  return files;
}

std::vector<std::string> requireTraceFilesIn(const std::string& folder) {
  std::vector<std::string> files = traceFilesIn(folder);
  if (files.empty()) throw InputError(folder + ": a folder with no trace files (*.json, *.json.gz) in it");
  return files;
}

}  // namespace feedscope::io
