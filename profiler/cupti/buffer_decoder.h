// A completed CUPTI buffer turned into one DecodedBatch for the sink: the records read through the
// BufferApi, contexts learnt before anything is decoded, the strings first used, dropped and invalid
// records counted, and a buffer that ends in an unreadable record reported instead of lost silently.
// The collector calls it under its decode lock; tests call it with synthetic buffers laid out as
// CUPTI 13's structs (tests/cupti/buffer_decoder_test.cpp).
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "cupti/api_names.h"
#include "cupti/buffer_api.h"
#include "cupti/decoded_batch.h"
#include "cupti/record_decoder.h"
#include "trace/string_table.h"

namespace feedscope::cupti {

// Counts since the decoder was made, readable from any thread.
struct BufferCounts {
  std::atomic<std::uint64_t> records{0};
  std::atomic<std::uint64_t> dropped{0};
  std::atomic<std::uint64_t> invalid{0};
  std::atomic<std::uint64_t> untimed_events{0};
  std::atomic<std::uint64_t> buffers{0};
  std::atomic<std::uint64_t> buffers_cut_short{0};  // ended in a record CUPTI could not read
  std::atomic<std::uint64_t> open_markers{0};
};

class BufferDecoder {
 public:
  BufferDecoder(ActivitySink& sink, BufferApi api);
  BufferDecoder(const BufferDecoder&) = delete;
  BufferDecoder& operator=(const BufferDecoder&) = delete;

  // Decodes the buffer CUPTI completed for `context` and `stream_id` (null and 0 for the global
  // queue) and hands the batch to the sink. Not thread-safe: one call at a time. Never throws: a
  // sink that throws loses that batch, counted as dropped.
  void decode(std::uint8_t* buffer, std::size_t valid_size, CUcontext context = nullptr,
              std::uint32_t stream_id = 0);
  // A context CUPTI announced (its resource callback), so records naming only the context land on
  // the right device.
  void noteContext(std::uint32_t context_id, std::uint32_t device_id) { decoder_.noteContext(context_id, device_id); }

  const BufferCounts& counts() const { return counts_; }

 private:
  std::uint64_t droppedSinceLastBuffer(CUcontext context, std::uint32_t stream_id);

  ActivitySink& sink_;
  BufferApi api_;
  trace::StringTable strings_;
  ApiNameCache api_names_;
  RecordDecoder decoder_;
  DecodedBatch batch_;
  std::vector<const CUpti_Activity*> records_in_buffer_;
  BufferCounts counts_;
};

}  // namespace feedscope::cupti
