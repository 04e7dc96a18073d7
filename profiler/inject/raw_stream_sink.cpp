// Decoded batches into the raw stream.
#include "inject/raw_stream_sink.h"

namespace feedscope::inject {

rawstream::Placement RawStreamSink::placementOf(const cupti::TrackKey& key) {
  switch (key.kind) {
    case trace::TrackKind::GpuStream:
      return {key.kind, key.device, key.stream};
    case trace::TrackKind::GpuMarkers:
      return {key.kind, key.device, 0};
    case trace::TrackKind::HostThread:
    case trace::TrackKind::Loader:
      return {key.kind, -1, key.tid};
  }
  return {key.kind, key.device, key.tid};
}

void RawStreamSink::consume(const cupti::DecodedBatch& batch) {
  if (batch.unreadable_tail != 0 && !cut_short_reported_) {
    cut_short_reported_ = true;
    recorder_.report(rawstream::Severity::Warning,
                     "CUPTI could not read a record of a completed buffer (CUPTI error " +
                         std::to_string(batch.unreadable_tail) +
                         "): the records after it in that buffer are lost and not counted");
  }
  for (const auto& s : batch.new_strings) {
    if (s.id >= names_.size()) names_.resize(s.id + 1);
    names_[s.id] = s.text;
  }
  for (const auto& d : batch.devices) recorder_.recordDevice({d.id, d.name, d.uuid});
  for (const auto& decoded : batch.intervals) {
    std::string_view name =
        decoded.interval.name < names_.size() ? names_[decoded.interval.name] : std::string_view{};
    recorder_.record(placementOf(decoded.track), decoded.interval, name, decoded.arguments);
  }
}

}  // namespace feedscope::inject
