// Why the GPU's compute engine was idle: the causes of the gap attribution, in report order.
#pragma once

#include <array>
#include <cstdint>
#include <string_view>

#include "trace/types.h"

namespace feedscope::analysis {

enum class GapCause : std::uint8_t {
  CopyWaitPageable = 0,    // an input copy from pageable memory was running
  CopyWaitPinned = 1,      // an input copy from pinned (or unknown host) memory was running
  HostDataLoading = 2,     // the host was late and inside a data-loading range
  HostBlockedInCuda = 3,   // the host was late, blocked in a synchronizing call or a pageable copy call
  HostLaunchOverhead = 4,  // the host was late by less than the launch-overhead threshold
  HostOther = 5,           // the host was late for another reason (Python, CPU work)
  DependencyOther = 6,     // the work was already issued: a dependency, or nothing to explain it
};
inline constexpr int kGapCauseCount = 7;

// "copy_wait_pageable": the key of a cause in JSON and CSV (an interface for scripts); what users read
// is present/causes.h.
std::string_view gapCauseKey(GapCause cause);

constexpr bool isCopyWait(GapCause c) { return c == GapCause::CopyWaitPageable || c == GapCause::CopyWaitPinned; }
constexpr bool isHostWait(GapCause c) {
  return c >= GapCause::HostDataLoading && c <= GapCause::HostOther;
}

// Time per cause; the parts of a gap sum to the gap.
struct GapBreakdown {
  std::array<trace::TimeNs, kGapCauseCount> ns{};

  trace::TimeNs& operator[](GapCause c) { return ns[static_cast<std::size_t>(c)]; }
  trace::TimeNs operator[](GapCause c) const { return ns[static_cast<std::size_t>(c)]; }
  trace::TimeNs total() const;
  trace::TimeNs copyWait() const;
  trace::TimeNs hostWait() const;
  GapBreakdown& operator+=(const GapBreakdown& other);
  friend bool operator==(const GapBreakdown&, const GapBreakdown&) = default;
};

}  // namespace feedscope::analysis
