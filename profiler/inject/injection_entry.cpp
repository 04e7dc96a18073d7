// libfeedscope-inject.so's entry point: the CUDA driver calls InitializeInjection during cuInit in every
// process whose environment has CUDA_INJECTION64_PATH. It starts the process recorder and the CUPTI
// collector once; whatever fails is written into the stream for `feedscope record` to report, and the
// program always goes on as if Feedscope were not there.
#include <cupti.h>

#include <exception>
#include <mutex>
#include <string>

#include "inject/cupti_source.h"
#include "inject/injection_start.h"
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
  inject::SourceStarter cupti;
  cupti.start = [&config](inject::ProcessRecorder& recorder) -> std::unique_ptr<inject::ActivitySource> {
    auto source = std::make_unique<inject::CuptiSource>(recorder, inject::collectorOptionsFor(config));
    source->start();
    return source;
  };
  cupti.describe = &reportLibcupti;
  inject::startInjection(config, cupti);
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
