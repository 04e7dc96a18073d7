// Labels the time of each idle gap with the first layer of spans that covers it (copies before host
// causes), else a fallback cause. Gaps arrive in time order, so each layer keeps a cursor and the
// whole labelling is linear in gaps plus spans.
#pragma once

#include <array>
#include <vector>

#include "analysis/gap_cause.h"
#include "analysis/span_set.h"

namespace feedscope::analysis {

struct CauseSegment {
  TimeNs start = 0;
  TimeNs end = 0;
  GapCause cause = GapCause::DependencyOther;
};

class GapLabeler {
 public:
  static constexpr std::size_t kMaxLayers = 4;
  struct Layer {
    const SpanList* spans = nullptr;
    GapCause cause = GapCause::DependencyOther;
  };

  explicit GapLabeler(std::array<Layer, kMaxLayers> layers) : layers_(layers) {}

  // Appends segments tiling `gap` to `out` in time order, using the first `layerCount` layers.
  // Gaps must be given in increasing time order.
  void label(Span gap, std::size_t layerCount, GapCause fallback, trace::LargeVector<CauseSegment>& out);

 private:
  std::array<Layer, kMaxLayers> layers_;
  std::array<std::size_t, kMaxLayers> cursors_{};
  SpanList remaining_;
  SpanList next_;
};

}  // namespace feedscope::analysis
