// What a trace shows that could make a GPU wait for input (docs/metrics.md, "Input evidence"): whether
// it has a host side at all, and whether an input path exists (data loading, host work on the input
// path, or batches copied to the GPU), and whether it trains (a backward pass, an optimizer step) or
// only infers. The verdict is a share of the step only where the input path exists; a GPU-only trace
// cannot tell, and an inference or serving trace without an input path has nothing for prefetching
// to remove.
#pragma once

#include <cstdint>

#include "analysis/device_timeline.h"
#include "analysis/prefetch_model.h"
#include "trace/run.h"
#include "trace/string_table.h"

namespace feedscope::analysis {

struct InputEvidence {
  bool host_side = false;         // any host interval: an API call, a range, an operator
  bool data_loading = false;      // data-loading ranges (DataLoader, load_batch, ...)
  bool input_ranges = false;      // host work on the input path by name (collate, pin_memory, ...)
  std::uint64_t batch_copies = 0;  // host-to-device copies of at least kBatchCopyMinBytes
  bool backward = false;          // a backward pass (autograd's *Backward operators, "backward" ranges)
  bool optimizer = false;         // an optimizer step

  bool hasInputPath() const { return data_loading || input_ranges || batch_copies > 0; }
  bool trains() const { return backward || optimizer; }
};

InputEvidence gatherInputEvidence(const trace::Run& run, const trace::StringTable& strings,
                                  const DeviceTimeline& timeline, const HostInputPath& host);

}  // namespace feedscope::analysis
