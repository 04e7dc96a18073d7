// Host-side recording for the Python hooks.
#include "inject/host_recording.h"

#include <unistd.h>

#include <atomic>
#include <cstring>
#include <string_view>

#include "trace/types.h"

namespace feedscope::inject::host {

namespace {

using trace::IntervalKind;
using trace::TrackKind;

ProcessRecorder* recorderOfThisProcess() {
  ProcessRecorder* r = processRecorder();
  if (r == nullptr || r->inForkedChild() || r->ownerPid() != static_cast<std::uint32_t>(::getpid())) return nullptr;
  return r;
}

bool isHostKind(int kind) {
  switch (static_cast<IntervalKind>(kind)) {
    case IntervalKind::Range:
    case IntervalKind::Step:
    case IntervalKind::DataLoading:
    case IntervalKind::HostOp:
    case IntervalKind::LoaderWork:
      return true;
    default:
      return false;
  }
}

std::string_view bounded(const char* text, std::size_t limit) {
  if (text == nullptr) return {};
  return {text, ::strnlen(text, limit)};
}

}  // namespace

ProcessRecorder* start(const std::function<const char*(const char*)>& lookup) {
  ProcessRecorder* r = processRecorder();
  if (r != nullptr && (r->inForkedChild() || r->ownerPid() != static_cast<std::uint32_t>(::getpid()))) {
    r = startProcessRecorderInForkedChild(readRecorderConfig(lookup));
  } else if (r == nullptr) {
    r = startProcessRecorder(readRecorderConfig(lookup));
  }
  if (r != nullptr) r->startFlushThread();
  return r;
}

bool interval(int track, std::int64_t lane, int kind, std::int64_t start_ns, std::int64_t end_ns, const char* name,
              const char* arguments) {
  ProcessRecorder* r = recorderOfThisProcess();
  if (r == nullptr) return false;
  const bool hostTrack = track == static_cast<int>(TrackKind::HostThread) || track == static_cast<int>(TrackKind::Loader);
  if (!hostTrack || !isHostKind(kind) || start_ns <= 0 || end_ns < start_ns) {
    // The hooks send only what they measured; a bad one is a bug of ours, said once per process.
    static std::atomic<bool> said{false};
    if (!said.exchange(true)) {
      r->report(rawstream::Severity::Warning, "the Python hooks sent an interval that is not host work on a "
                                              "host lane, or that ends before it starts: left out");
    }
    return false;
  }
  std::string_view args = bounded(arguments, kMaxArgumentsBytes + 1);
  if (args.size() > kMaxArgumentsBytes) args = {};
  trace::Interval iv;
  iv.start_ns = start_ns;
  iv.end_ns = end_ns;
  iv.kind = static_cast<IntervalKind>(kind);
  r->record({static_cast<TrackKind>(track), -1, lane}, iv, bounded(name, kMaxNameBytes), args);
  return true;
}

void message(int severity, const char* text) {
  ProcessRecorder* r = recorderOfThisProcess();
  if (r == nullptr || severity < 0 || severity > 2) return;
  r->report(static_cast<rawstream::Severity>(severity), bounded(text, kMaxArgumentsBytes));
}

void finish() {
  if (ProcessRecorder* r = recorderOfThisProcess()) r->finish();
}

}  // namespace feedscope::inject::host
