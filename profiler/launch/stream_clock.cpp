// The clock samples of a stream, checked against each other.
#include "launch/stream_clock.h"

#include <fmt/format.h>

#include <algorithm>
#include <vector>

namespace feedscope::launch {

namespace {

using rawstream::ClockSample;

// CLOCK_MONOTONIC minus the source clock at this sample; nullopt when the sample has no source reading.
std::optional<std::int64_t> offsetOf(const ClockSample& c) {
  std::int64_t offset = 0;
  if (c.source_ns == 0 || c.monotonic_ns == 0 || __builtin_sub_overflow(c.monotonic_ns, c.source_ns, &offset)) {
    return std::nullopt;
  }
  return offset;
}

bool agrees(std::int64_t offset, std::int64_t reference) {
  std::int64_t d = 0;
  if (__builtin_sub_overflow(offset, reference, &d)) return false;
  return d <= kClockAgreementNs && d >= -kClockAgreementNs;
}

std::string_view whenWord(rawstream::ClockWhen w) {
  switch (w) {
    case rawstream::ClockWhen::Start: return "at its start";
    case rawstream::ClockWhen::End: return "at its end";
    case rawstream::ClockWhen::Periodic: break;
  }
  return "during the run";
}

}  // namespace

StreamClockCheck checkStreamClock(const rawstream::ProcessStream& stream) {
  StreamClockCheck check;
  std::vector<const ClockSample*> samples;
  for (const auto& c : stream.clocks) {
    if (offsetOf(c)) samples.push_back(&c);
  }
  std::stable_sort(samples.begin(), samples.end(),
                   [](const ClockSample* a, const ClockSample* b) { return a->monotonic_ns < b->monotonic_ns; });
  if (samples.empty()) return check;
  // A stream on CLOCK_MONOTONIC must read it; one on another clock keeps the offset its first sample
  // showed (stream_merge shifts it by that offset).
  const bool monotonic = samples.front()->clock == rawstream::ClockId::Monotonic;
  const std::int64_t reference = monotonic ? 0 : *offsetOf(*samples.front());
  const ClockSample* lastGood = nullptr;
  for (const ClockSample* c : samples) {
    if (agrees(*offsetOf(*c), reference)) {
      lastGood = c;
      continue;
    }
    check.changed = true;
    check.trusted_until_ns = lastGood == nullptr ? std::numeric_limits<std::int64_t>::min() : lastGood->source_ns;
    const double apartS = static_cast<double>(*offsetOf(*c) - reference) / 1e9;
    check.problem = fmt::format(
        "CUPTI's clock was changed {} ({:+.3f} s from CLOCK_MONOTONIC, where it read {} ns against {} ns): "
        "another profiler in the process, such as torch.profiler, registered its own timestamps",
        whenWord(c->when), apartS, c->source_ns, c->monotonic_ns);
    break;
  }
  return check;
}

}  // namespace feedscope::launch
