// libfeedscope-inject.so's entry points for the Python hooks (profiler/inject/python/feedscope_hooks):
// what they record goes into this process's raw stream, through the same recorder the CUPTI collector
// writes through. A process that never initialises CUDA (a CPU run, a DataLoader worker) records its
// Python side all the same; a child forked from a recording process gets a stream of its own. Every
// entry point is safe to call in any order and never throws.
#include <unistd.h>

#include <cstdlib>
#include <exception>

#include "inject/host_recording.h"

namespace host = feedscope::inject::host;

extern "C" {

// 1 when this process records (FEEDSCOPE_RAW_DIR set and its stream made), else 0.
__attribute__((visibility("default"))) int feedscope_host_start(void) {
  try {
    return host::start([](const char* name) { return std::getenv(name); }) != nullptr ? 1 : 0;
  } catch (...) {
    return 0;
  }
}

// One interval on a host lane: `track` 1 (a host thread: `lane` is its thread id) or 3 (a loader
// worker: `lane` is its worker id); `kind` an IntervalKind of host work; times on CLOCK_MONOTONIC;
// `arguments` a JSON object's text or null.
__attribute__((visibility("default"))) void feedscope_host_interval(int track, long long lane, int kind,
                                                                      long long start_ns, long long end_ns,
                                                                      const char* name, const char* arguments) {
  try {
    host::interval(track, lane, kind, start_ns, end_ns, name, arguments);
  } catch (...) {
  }
}

// A line for `record` to print: 0 info, 1 warning, 2 error.
__attribute__((visibility("default"))) void feedscope_host_message(int severity, const char* text) {
  try {
    host::message(severity, text);
  } catch (...) {
  }
}

// Everything written and the stream closed: for processes that leave through os._exit.
__attribute__((visibility("default"))) void feedscope_host_finish(void) {
  try {
    host::finish();
  } catch (...) {
  }
}

}  // extern "C"
