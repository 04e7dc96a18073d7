// What InitializeInjection does, apart from CUPTI: start this process's recorder (once), start the
// activity source, describe it, attach it; a source that cannot start is written into the stream as
// an error for `feedscope record` to print, and the program goes on untraced. The entry point passes
// the CUPTI collector; tests pass a fake source (tests/inject/injection_start_test.cpp).
#pragma once

#include <functional>
#include <memory>

#include "inject/activity_source.h"
#include "inject/environment.h"
#include "inject/process_recorder.h"

namespace feedscope::inject {

struct SourceStarter {
  // Makes and starts the source; throws std::exception saying why it cannot (another profiler
  // holds CUPTI, a driver too old...).
  std::function<std::unique_ptr<ActivitySource>(ProcessRecorder&)> start;
  // Facts worth knowing in the stream once the source runs (which libcupti was loaded); may be empty.
  std::function<void(ProcessRecorder&)> describe;
};

// The recorder of this process, or null when it records nothing (no FEEDSCOPE_RAW_DIR: not started
// by `feedscope record`, or nowhere to write). Never throws.
ProcessRecorder* startInjection(const RecorderConfig& config, const SourceStarter& starter);

}  // namespace feedscope::inject
