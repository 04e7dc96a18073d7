// The colours of the HTML report, shared by its charts and timeline strips so a cause or a kind of
// work has one colour everywhere. Kernels blue, copies red to orange (as in Nsight Systems).
#pragma once

#include <cstddef>
#include <string_view>

#include "analysis/gap_cause.h"

namespace feedscope::report::palette {

inline constexpr std::string_view kKernel = "#3b73c8";
inline constexpr std::string_view kKernelPeak = "#b7cdef";
inline constexpr std::string_view kH2dPinned = "#d63b2f";
inline constexpr std::string_view kH2dPageable = "#f28c28";
inline constexpr std::string_view kD2h = "#e8a33d";
inline constexpr std::string_view kMemset = "#8a6fb3";
inline constexpr std::string_view kDataLoading = "#3a9b5b";
inline constexpr std::string_view kAxis = "#8c8c8c";
inline constexpr std::string_view kGrid = "#e6e6e6";
inline constexpr std::string_view kText = "#222222";

// The colour of a starvation cause.
std::string_view causeColor(analysis::GapCause cause);
// A lighter shade of a lane colour, for the per-column maximum drawn behind the average.
std::string_view lighter(std::string_view color);
// The colour of the i-th run in charts that compare runs (A, B, ...).
std::string_view runColor(std::size_t index);

}  // namespace feedscope::report::palette
