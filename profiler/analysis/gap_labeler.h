// Labels the time of each idle gap with the first layer of evidence that covers it (copies before host
// causes), else a fallback cause. Gaps arrive in time order, so each layer keeps a cursor and the
// whole labelling is linear in gaps plus spans.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "analysis/gap_cause.h"
#include "analysis/span_set.h"

namespace feedscope::analysis {

// No host range names a segment (or its cause is not host work).
inline constexpr trace::StringId kUnnamedSegment = 0xffffffffu;

struct CauseSegment {
  TimeNs start = 0;
  TimeNs end = 0;
  GapCause cause = GapCause::DependencyOther;
  // Host-other segments: the host range the launching thread was in (analysis/host_wait_names.h).
  trace::StringId name = kUnnamedSegment;
};

// What may explain a gap, in the order it is tried: the first layer covering a moment names its cause.
struct GapLayers {
  const SpanList* pageable_copies = nullptr;  // H2D from pageable memory: CopyWaitPageable
  const SpanList* copies = nullptr;           // every H2D (pageable ones are taken first): CopyWaitPinned
  const SpanList* data_loading = nullptr;     // the host loading data: HostDataLoading
  const SpanList* blocking_calls = nullptr;   // the host blocked in a CUDA call: HostBlockedInCuda
};

// Which layers may explain a gap. A copy explains any gap it covers; the host's layers only a gap the
// host was late for (docs/metrics.md, gap causes).
enum class LayerSet : std::uint8_t {
  Copies,          // pageable copies, copies
  CopiesThenHost,  // pageable copies, copies, data loading, blocking calls
};

class GapLabeler {
 public:
  explicit GapLabeler(const GapLayers& layers);

  // Appends segments tiling `gap` to `out` in time order, from the layers of `set`, and `fallback`
  // where none covers it. Gaps must be given in increasing time order.
  void label(Span gap, LayerSet set, GapCause fallback, trace::LargeVector<CauseSegment>& out);

 private:
  static constexpr std::size_t kLayerCount = 4;
  struct Layer {
    const SpanList* spans = nullptr;
    GapCause cause = GapCause::DependencyOther;
  };

  std::array<Layer, kLayerCount> layers_;
  std::array<std::size_t, kLayerCount> cursors_{};
  SpanList remaining_;
  SpanList next_;
};

}  // namespace feedscope::analysis
