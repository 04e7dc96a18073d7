// What each starvation cause is called and how causes group, for every report and the GUI: one
// grouping, one order, one name per cause (docs/metrics.md, gap attribution). The JSON keys stay in
// analysis/gap_cause.h: they are an interface for scripts, not words for people.
#pragma once

#include <array>
#include <cstdint>
#include <string_view>

#include "analysis/gap_cause.h"
#include "present/palette.h"

namespace feedscope::present {

// Copy wait: an input copy was running. Host wait: the host was late (data loading, blocked in
// CUDA, launch overhead, other host work). Other: a dependency, or nothing in the data explains it.
enum class CauseGroup : std::uint8_t { CopyWait = 0, HostWait = 1, Other = 2 };
inline constexpr int kCauseGroupCount = 3;

CauseGroup causeGroup(analysis::GapCause cause);
std::string_view causeGroupLabel(CauseGroup group);  // "copy wait", "host wait", "dependency / other"
Rgb causeGroupColor(CauseGroup group);

// Every cause in the order reports list them and the GUI stacks them.
inline constexpr std::array<analysis::GapCause, analysis::kGapCauseCount> kCausesInOrder = {
    analysis::GapCause::CopyWaitPageable,   analysis::GapCause::CopyWaitPinned,
    analysis::GapCause::HostDataLoading,    analysis::GapCause::HostBlockedInCuda,
    analysis::GapCause::HostLaunchOverhead, analysis::GapCause::HostOther,
    analysis::GapCause::DependencyOther};

std::string_view causeLabel(analysis::GapCause cause);        // "copy wait (pageable)", "host: other"
std::string_view causeWord(analysis::GapCause cause);         // legends: "pageable copy", "launch"
std::string_view causeExplanation(analysis::GapCause cause);  // a tooltip's "why"

}  // namespace feedscope::present
