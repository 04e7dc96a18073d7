// The injection's start-up order, CUDA-free.
#include "inject/injection_start.h"

#include <exception>
#include <string>

namespace feedscope::inject {

ProcessRecorder* startInjection(const RecorderConfig& config, const SourceStarter& starter) {
  ProcessRecorder* recorder = nullptr;
  try {
    // Without a folder to write to, record nothing: there is nowhere to say why, and the program
    // must not see a message of ours.
    recorder = startProcessRecorder(config);
    if (recorder == nullptr) return nullptr;
    std::unique_ptr<ActivitySource> source = starter.start(*recorder);
    if (starter.describe) starter.describe(*recorder);
    recorder->attach(std::move(source));
  } catch (const std::exception& e) {
    if (recorder != nullptr) {
      recorder->report(rawstream::Severity::Error,
                       std::string("CUPTI could not start, nothing of this process is recorded: ") + e.what());
    }
  } catch (...) {
    if (recorder != nullptr)
      recorder->report(rawstream::Severity::Error, "CUPTI could not start, nothing of this process is recorded");
  }
  return recorder;
}

}  // namespace feedscope::inject
