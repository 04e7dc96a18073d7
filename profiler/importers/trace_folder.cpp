// Folder input: sorted by name so the run order, and so the comparison baseline, is stable.
#include "importers/trace_folder.h"

#include <algorithm>
#include <atomic>
#include <exception>
#include <filesystem>
#include <thread>

#include "io/input_error.h"
#include "importers/open_input.h"
#include "trace/session_merge.h"

namespace feedscope::io {

namespace {

namespace fs = std::filesystem;

bool endsWith(const std::string& s, const std::string& suffix) {
  return s.size() >= suffix.size() && s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

std::string runNameOf(std::string file) {
  for (const char* suffix : {".gz", ".json", ".pt.trace"}) {
    if (endsWith(file, suffix)) file.resize(file.size() - std::string(suffix).size());
  }
  return file;
}

}  // namespace

UnreadFile unreadFile(const std::string& path, const std::string& what) {
  std::string why = what;
  if (why.rfind(path + ": ", 0) == 0) why.erase(0, path.size() + 2);
  return {path, why};
}

FolderFiles openTraceFolderFiles(const std::string& folder, std::size_t workers, KeptArguments kept) {
  const std::vector<std::string> files = requireTraceFilesIn(folder);
  std::vector<trace::Session> sessions(files.size());
  std::vector<std::exception_ptr> errors(files.size());
  // Every core has a file of its own: each read on one thread, which costs less CPU than two.
  const ReadThreads readThreads = std::min(workers, files.size()) > 1 ? ReadThreads::One : ReadThreads::Auto;
  std::atomic<std::size_t> next{0};
  auto work = [&] {
    for (std::size_t i = next++; i < files.size(); i = next++) {
      try {
        sessions[i] = openInput(files[i], {}, kept, readThreads);
        if (sessions[i].runs.size() == 1) sessions[i].runs[0].name = runNameOf(fs::path(files[i]).filename().string());
      } catch (...) {
        errors[i] = std::current_exception();
      }
    }
  };
  std::vector<std::thread> threads;
  for (std::size_t w = 1; w < std::min(workers, files.size()); ++w) threads.emplace_back(work);
  work();
  for (auto& t : threads) t.join();
  FolderFiles out;
  std::exception_ptr first;
  for (std::size_t i = 0; i < files.size(); ++i) {
    if (!errors[i]) {
      out.sessions.push_back(std::move(sessions[i]));
      continue;
    }
    try {
      std::rethrow_exception(errors[i]);
    } catch (const InputError& e) {
      // A file that is not a trace, or one cut short: the others are still the job.
      if (!first) first = std::make_exception_ptr(InputError(folder + ": " + e.what()));
      out.unread.push_back(unreadFile(files[i], e.what()));
    }  // anything else (no memory, a bug) ends the read
  }
  if (out.sessions.empty()) std::rethrow_exception(first);
  return out;
}

trace::Session openTraceFolder(const std::string& folder, const ProgressFn& progress, KeptArguments kept) {
  const std::vector<std::string> files = requireTraceFilesIn(folder);
  trace::Session session;
  for (const auto& file : files) {
    trace::Session one;
    try {
      one = openInput(file, progress, kept);
    } catch (const InputError& e) {
      throw InputError(folder + ": " + e.what());
    }
    for (auto& run : one.runs) {
      if (one.runs.size() == 1) run.name = runNameOf(fs::path(file).filename().string());
      trace::appendRun(session, std::move(run), one.strings);
    }
  }
  return session;
}

}  // namespace feedscope::io
