// Words for what the mouse points at: an interval (name, start, duration, bytes, GB/s, stream,
// device, correlation, pageable or pinned) or a fold ("1,284 kernels, busy 63 %"), as a title and
// key/value fields that the tooltip and the details panel show and users can copy.
#pragma once

#include <string>
#include <vector>

#include "analysis/run_analysis.h"
#include "view/hit_test.h"
#include "view/timeline_model.h"
#include "view/viewport.h"

namespace feedscope::view {

struct Field {
  std::string key;
  std::string value;
  friend bool operator==(const Field&, const Field&) = default;
};

struct Description {
  std::string title;
  std::vector<Field> fields;
  const std::string* find(std::string_view key) const;
};

Description describeInterval(const TimelineModel& model, std::size_t lane, std::size_t row, std::size_t item);
// A fold column: how many intervals start in it and how busy the row was there.
Description describeFold(const TimelineModel& model, const Hit& hit, const Viewport& viewport);
Description describeHit(const TimelineModel& model, const Hit& hit, const Viewport& viewport);

// Title then "key: value" lines.
std::string toText(const Description& d);

// "kernel"/"kernels", "copy"/"copies", ... for a lane.
std::string itemNoun(LaneKind kind, std::uint64_t count);

}  // namespace feedscope::view
