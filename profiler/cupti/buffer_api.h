// The two CUPTI calls the buffer path makes, as a table: the collector passes CUPTI's own; tests pass
// CUPTI's real record iterator (it reads synthetic buffers without a driver) with a drop counter they
// control. kineto keeps the same seam (CuptiActivityApi) for the same reason.
#pragma once

#include <cupti.h>

#include <cstddef>
#include <cstdint>

namespace feedscope::cupti {

struct BufferApi {
  // cuptiActivityGetNextRecord: the next record of a completed buffer; CUPTI_ERROR_MAX_LIMIT_REACHED
  // at the end of its valid bytes, another error when a record cannot be read.
  CUptiResult (*next_record)(std::uint8_t* buffer, std::size_t valid_size, CUpti_Activity** record);
  // cuptiActivityGetNumDroppedRecords: records lost for want of buffer space since the last call
  // for the same context and stream (nullptr, 0: the global queue).
  CUptiResult (*dropped_records)(CUcontext context, std::uint32_t stream_id, std::size_t* dropped);
};

// CUPTI's own functions.
BufferApi cuptiBufferApi();

}  // namespace feedscope::cupti
