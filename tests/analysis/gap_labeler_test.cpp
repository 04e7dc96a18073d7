// The gap labeler's named layer sets: copies explain any gap, the host's layers only with the host set,
// and the first layer covering a moment names its cause.
#include "analysis/gap_labeler.h"

#include <gtest/gtest.h>

#include <tuple>
#include <vector>

namespace feedscope::analysis {
namespace {

SpanList spans(std::initializer_list<Span> list) {
  SpanList out;
  for (const Span& s : list) out.push_back(s);
  return out;
}

using Segment = std::tuple<TimeNs, TimeNs, GapCause>;

std::vector<Segment> segments(const trace::LargeVector<CauseSegment>& out) {
  std::vector<Segment> v;
  for (const auto& s : out) v.emplace_back(s.start, s.end, s.cause);
  return v;
}

struct Evidence {
  SpanList pageable = spans({{10, 20}});
  SpanList copies = spans({{10, 40}});
  SpanList loading = spans({{30, 60}});
  SpanList blocking = spans({{50, 80}});
  GapLayers layers() const { return {&pageable, &copies, &loading, &blocking}; }
};

TEST(GapLabeler, CopiesExplainAGapTheHostWasNotLateFor) {
  Evidence e;
  GapLabeler labeler(e.layers());
  trace::LargeVector<CauseSegment> out;
  labeler.label({0, 100}, LayerSet::Copies, GapCause::DependencyOther, out);
  EXPECT_EQ(segments(out), (std::vector<Segment>{{0, 10, GapCause::DependencyOther},
                                                 {10, 20, GapCause::CopyWaitPageable},
                                                 {20, 40, GapCause::CopyWaitPinned},
                                                 {40, 100, GapCause::DependencyOther}}));
}

TEST(GapLabeler, TheHostLayersFollowTheCopiesWhenTheHostWasLate) {
  Evidence e;
  GapLabeler labeler(e.layers());
  trace::LargeVector<CauseSegment> out;
  labeler.label({0, 100}, LayerSet::CopiesThenHost, GapCause::HostOther, out);
  EXPECT_EQ(segments(out), (std::vector<Segment>{{0, 10, GapCause::HostOther},
                                                 {10, 20, GapCause::CopyWaitPageable},
                                                 {20, 40, GapCause::CopyWaitPinned},
                                                 {40, 60, GapCause::HostDataLoading},
                                                 {60, 80, GapCause::HostBlockedInCuda},
                                                 {80, 100, GapCause::HostOther}}));
  // A later gap nothing covers is the fallback alone.
  out.clear();
  labeler.label({200, 300}, LayerSet::CopiesThenHost, GapCause::HostLaunchOverhead, out);
  EXPECT_EQ(segments(out), (std::vector<Segment>{{200, 300, GapCause::HostLaunchOverhead}}));
}

}  // namespace
}  // namespace feedscope::analysis
