// The CUDA driver calls the collector records by default (CollectorOptions::driver_launches): the ones
// that put work on a GPU or wait for it. Libraries that launch without the runtime (cuBLAS, Triton,
// CUTLASS's launchers) call cuLaunchKernel and cuMemcpy*Async directly; their kernels and copies carry
// that call's correlation id, so without its record they have no launching call (docs/recording.md).
// Every other driver call (cuCtxGetCurrent, cuDeviceGetAttribute, ...) stays off: thousands a step.
#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

namespace feedscope::cupti {

// `plainName` without the version suffix (plainApiName: "cuMemcpyHtoDAsync", not "..._v2").
bool isRecordedDriverCall(std::string_view plainName);

// The CUPTI driver callback ids whose names isRecordedDriverCall keeps, read from CUPTI's own name
// table (cuptiGetCallbackName, which needs no driver), in increasing order.
std::vector<std::uint32_t> recordedDriverCallbacks();

}  // namespace feedscope::cupti
