// What the CUDA driver says about this machine, asked through its C entry points (dlopen, as the CUDA
// runtime does), so that it builds and answers everywhere, with no CUDA header and no driver:
//   - `record` asks when nothing was recorded, so the user hears "no driver" or "no GPU" instead of a
//     silent empty run (cudaUnavailableReason, which initialises the driver);
//   - the CUPTI collector asks when CUPTI failed to start with an unspecific error (999), so the user
//     hears whether the driver is missing, too old for CUPTI 13, or present and still refusing
//     (cuptiStartFailureReason, which never calls cuInit: the injection runs inside cuInit).
#pragma once

#include <optional>
#include <string>

namespace feedscope::driver_probe {

// The driver library asked, and the variable that names another one (a driver installed outside the
// loader's path, or a test's stand-in).
inline constexpr const char* kCudaDriverLibrary = "libcuda.so.1";
inline constexpr const char* kCudaDriverVar = "FEEDSCOPE_CUDA_DRIVER";

// "12.4" for cuDriverGetVersion's 12040.
std::string cudaVersionText(int version);

// Loads the driver and asks it for devices (cuInit, cuDeviceGetCount). std::nullopt when a GPU is
// usable; otherwise the reason, in the words `feedscope devices` uses.
std::optional<std::string> cudaUnavailableReason();

// Why CUPTI could not start although nothing more specific was said (CUPTI error 999), from the
// driver library and its version alone (cuDriverGetVersion needs no cuInit): no driver, a driver
// older than the CUDA major `neededMajor` this CUPTI was built for, or a driver that should do.
std::string cuptiStartFailureReason(int neededMajor);

}  // namespace feedscope::driver_probe
