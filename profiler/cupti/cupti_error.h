// CUPTI failures in plain words: the one line a user reads when recording cannot start.
#pragma once

#include <string>
#include <string_view>

namespace feedscope::cupti {

// CUPTI result codes this file speaks about (values of CUptiResult, fixed by the CUPTI ABI).
inline constexpr int kCuptiNotInitialized = 15;
inline constexpr int kCuptiInsufficientPrivileges = 35;
inline constexpr int kCuptiMultipleSubscribers = 39;

// `call` failed with `result`; `cuptiText` is cuptiGetResultString's text and `otherSubscriber` the
// name CUPTI gave for the profiler already subscribed (cuptiSubscribe_v2), when it gave one.
std::string describeCuptiFailure(std::string_view call, int result, std::string_view cuptiText,
                                 std::string_view otherSubscriber = {});

}  // namespace feedscope::cupti
