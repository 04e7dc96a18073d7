// Completed buffers into batches.
#include "cupti/buffer_decoder.h"

#include <exception>

namespace feedscope::cupti {

BufferApi cuptiBufferApi() { return {&cuptiActivityGetNextRecord, &cuptiActivityGetNumDroppedRecords}; }

BufferDecoder::BufferDecoder(ActivitySink& sink, BufferApi api)
    : sink_(sink),
      api_(api),
      decoder_(strings_, [this](trace::IntervalKind kind, std::uint32_t cbid) { return api_names_.name(kind, cbid); }) {}

std::uint64_t BufferDecoder::droppedSinceLastBuffer(CUcontext context, std::uint32_t stream_id) {
  // Each read resets CUPTI's count. With per-context buffers (CUDA 13) the records lost by this
  // buffer's context are counted there; records lost before any context existed, in the global queue.
  std::uint64_t total = 0;
  std::size_t lost = 0;
  if (context != nullptr && api_.dropped_records(context, stream_id, &lost) == CUPTI_SUCCESS) total += lost;
  lost = 0;
  if (api_.dropped_records(nullptr, 0, &lost) == CUPTI_SUCCESS) total += lost;
  return total;
}

void BufferDecoder::decode(std::uint8_t* buffer, std::size_t valid_size, CUcontext context, std::uint32_t stream_id) {
  batch_.clear();
  const std::size_t knownStrings = strings_.size();
  records_in_buffer_.clear();
  CUpti_Activity* record = nullptr;
  CUptiResult end = CUPTI_ERROR_MAX_LIMIT_REACHED;
  if (buffer != nullptr && valid_size > 0) {
    while ((end = api_.next_record(buffer, valid_size, &record)) == CUPTI_SUCCESS) records_in_buffer_.push_back(record);
  }
  // The iterator stops at the end of the valid bytes; any other result means it met a record it
  // could not read, and whatever followed it in the buffer is lost.
  batch_.unreadable_tail = end != CUPTI_ERROR_MAX_LIMIT_REACHED ? static_cast<int>(end) : 0;
  // Contexts first: a synchronization record may precede the first kernel that names its device.
  for (const CUpti_Activity* r : records_in_buffer_) decoder_.learnContext(*r);
  for (const CUpti_Activity* r : records_in_buffer_) decoder_.decode(*r, batch_);
  batch_.records = records_in_buffer_.size();
  batch_.dropped = droppedSinceLastBuffer(context, stream_id);
  for (std::size_t id = knownStrings; id < strings_.size(); ++id) {
    auto sid = static_cast<trace::StringId>(id);
    batch_.new_strings.push_back({sid, std::string(strings_.get(sid))});
  }
  counts_.records += batch_.records;
  counts_.dropped += batch_.dropped;
  counts_.invalid += batch_.invalid;
  counts_.untimed_events += batch_.untimed_events;
  ++counts_.buffers;
  if (batch_.unreadable_tail != 0) ++counts_.buffers_cut_short;
  counts_.open_markers = decoder_.openMarkers();
  try {
    sink_.consume(batch_);
  } catch (const std::exception&) {
    // A profiler must never take the observed program down: this batch's records are lost and
    // counted as dropped.
    counts_.dropped += batch_.intervals.size();
  }
}

}  // namespace feedscope::cupti
