// Gap labelling with monotonic cursors.
#include "analysis/gap_labeler.h"

#include <algorithm>

namespace feedscope::analysis {

namespace {

// Layers are tried in the order of GapLayers, and a set is a prefix of them.
std::size_t layersIn(LayerSet set) {
  switch (set) {
    case LayerSet::Copies: return 2;
    case LayerSet::CopiesThenHost: return 4;
  }
  return 0;
}

}  // namespace

GapLabeler::GapLabeler(const GapLayers& layers)
    : layers_{{{layers.pageable_copies, GapCause::CopyWaitPageable},
               {layers.copies, GapCause::CopyWaitPinned},
               {layers.data_loading, GapCause::HostDataLoading},
               {layers.blocking_calls, GapCause::HostBlockedInCuda}}} {}

void GapLabeler::label(Span gap, LayerSet set, GapCause fallback, trace::LargeVector<CauseSegment>& out) {
  const std::size_t layerCount = layersIn(set);
  const std::size_t firstOut = out.size();
  bool touched = false;
  for (std::size_t l = 0; l < layerCount; ++l) {
    const SpanList& spans = *layers_[l].spans;
    std::size_t& c = cursors_[l];
    while (c < spans.size() && spans[c].end <= gap.start) ++c;
    touched |= c < spans.size() && spans[c].start < gap.end;
  }
  if (!touched) {  // the common case: nothing but the fallback explains this gap
    out.push_back({gap.start, gap.end, fallback});
    return;
  }
  remaining_.assign(1, gap);
  for (std::size_t l = 0; l < layerCount && !remaining_.empty(); ++l) {
    const SpanList& spans = *layers_[l].spans;
    const std::size_t first = cursors_[l];
    if (first >= spans.size() || spans[first].start >= gap.end) continue;
    next_.clear();
    std::size_t k = first;
    for (const Span& piece : remaining_) {
      TimeNs cursor = piece.start;
      while (k < spans.size() && spans[k].end <= piece.start) ++k;
      for (std::size_t j = k; j < spans.size() && spans[j].start < piece.end; ++j) {
        TimeNs s = std::max(spans[j].start, piece.start);
        TimeNs e = std::min(spans[j].end, piece.end);
        if (s > cursor) next_.push_back({cursor, s});
        out.push_back({s, e, layers_[l].cause});
        cursor = e;
      }
      if (cursor < piece.end) next_.push_back({cursor, piece.end});
    }
    remaining_.swap(next_);
  }
  for (const Span& piece : remaining_) out.push_back({piece.start, piece.end, fallback});
  std::sort(out.begin() + static_cast<std::ptrdiff_t>(firstOut), out.end(),
            [](const CauseSegment& a, const CauseSegment& b) { return a.start < b.start; });
}

}  // namespace feedscope::analysis
