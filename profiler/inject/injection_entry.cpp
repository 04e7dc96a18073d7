// libfeedscope-inject.so's entry point: the CUDA driver calls InitializeInjection during cuInit in every
// process whose environment has CUDA_INJECTION64_PATH. It starts the process recorder and the CUPTI
// collector once; whatever fails is written into the stream for `feedscope record` to report, and the
// program always goes on as if Feedscope were not there.
#include <cupti.h>

#include <exception>
#include <mutex>
#include <string>

#include "inject/cupti_source.h"
#include "inject/loaded_libraries.h"
#include "inject/process_recorder.h"

namespace {

using feedscope::rawstream::Severity;
namespace inject = feedscope::inject;

void reportLibcupti(inject::ProcessRecorder& recorder) {
  std::uint32_t version = 0;
  cuptiGetVersion(&version);
  auto loaded = inject::loadedLibraries("libcupti");
  std::string list;
  for (const auto& path : loaded) list += (list.empty() ? "" : ", ") + path;
  recorder.report(loaded.size() > 1 ? Severity::Warning : Severity::Info,
                  "CUPTI API version " + std::to_string(version) +
                      ", libcupti loaded: " + (list.empty() ? std::string("(not found)") : list) +
                      (loaded.size() > 1 ? " (more than one libcupti in the process)" : ""));
}

void startInjection() {
  auto config = inject::readRecorderConfig([](const char* name) { return std::getenv(name); });
  // Without FEEDSCOPE_RAW_DIR (not started by feedscope record) or a writable folder, record nothing:
  // there is nowhere to say why, and the program must not see a message of ours.
  inject::ProcessRecorder* recorder = inject::startProcessRecorder(config);
  if (recorder == nullptr) return;
  try {
    auto source = std::make_unique<inject::CuptiSource>(*recorder, inject::collectorOptionsFor(config));
    source->start();
    reportLibcupti(*recorder);
    recorder->attach(std::move(source));
  } catch (const std::exception& e) {
    recorder->report(Severity::Error,
                     std::string("CUPTI could not start, nothing of this process is recorded: ") + e.what());
  }
}

}  // namespace

extern "C" __attribute__((visibility("default"))) int InitializeInjection(void) {
  static std::once_flag once;
  try {
    std::call_once(once, &startInjection);
  } catch (...) {
    // A profiler never takes the program down.
  }
  return 1;  // the driver goes on either way; 1 says the library loaded
}
