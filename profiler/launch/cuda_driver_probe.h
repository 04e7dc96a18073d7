// Why a program recorded by `feedscope record` could not have initialised CUDA: asked only when
// nothing was recorded, so the user hears "no driver" or "no GPU" instead of a silent empty run.
#pragma once

#include <optional>
#include <string>

namespace feedscope::launch {

// The driver library record checks, and the variable that names another one (a driver installed
// outside the loader's path, or a test's stand-in).
inline constexpr const char* kCudaDriverLibrary = "libcuda.so.1";
inline constexpr const char* kCudaDriverVar = "FEEDSCOPE_CUDA_DRIVER";

// Loads the CUDA driver library (dlopen, as the CUDA runtime does) and asks it for devices
// (cuInit, cuDeviceGetCount). std::nullopt when a GPU is usable; otherwise the reason, in the words
// `feedscope devices` uses.
std::optional<std::string> cudaUnavailableReason();

}  // namespace feedscope::launch
