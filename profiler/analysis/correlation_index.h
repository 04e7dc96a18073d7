// Host API calls by correlation id, for the two questions the analysis asks of every GPU
// operation: when was it launched, and by which call. Correlation ids are usually dense (CUPTI
// counts up from 1), so a direct array is used when it is; a sorted vector otherwise.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "trace/large_page_allocator.h"
#include "trace/run.h"

namespace feedscope::analysis {

struct ApiCall {
  trace::TimeNs start = 0;
  trace::TimeNs end = 0;
  trace::StringId name = 0;
  std::uint32_t track = 0;  // index into the run's tracks: the thread that made the call
  std::uint8_t flags = 0;   // trace::flags: kAsyncApi, kBlockingApi (trace/api_calls.h)
};

// A set of correlation ids, one bit each: every API call of a run is looked up in O(1). Ids are
// 32-bit and dense in practice (CUPTI counts up from 1), so the bits stay small.
class CorrelationBits {
 public:
  void set(std::uint32_t id) {
    if (id == 0) return;
    const std::size_t word = id >> 6;
    if (word >= bits_.size()) bits_.resize(word + 1, 0);
    bits_[word] |= std::uint64_t{1} << (id & 63);
  }
  bool has(std::uint32_t id) const {
    const std::size_t word = id >> 6;
    return id != 0 && word < bits_.size() && ((bits_[word] >> (id & 63)) & 1) != 0;
  }

 private:
  std::vector<std::uint64_t> bits_;
};

class CorrelationIndex {
 public:
  // Indexes every runtime and driver API call with a correlation id on the run's host tracks.
  explicit CorrelationIndex(const trace::Run& run);

  bool empty() const { return count_ == 0; }
  // The call with this correlation id (the first one if several share it), or nullopt (id 0: none).
  std::optional<ApiCall> find(std::uint32_t correlation) const;

 private:
  struct Ref {
    std::uint32_t track = 0;
    std::uint32_t index = 0;
  };
  ApiCall callAt(Ref ref) const;

  const trace::Run& run_;
  std::size_t count_ = 0;
  // Dense ids: slot_[correlation - base_] refers to the call; track == UINT32_MAX marks a hole.
  trace::LargeVector<Ref> slot_;
  std::uint32_t base_ = 0;
  // Sparse ids: (correlation, ref) sorted by correlation.
  trace::LargeVector<std::pair<std::uint32_t, Ref>> sorted_;
};

}  // namespace feedscope::analysis
