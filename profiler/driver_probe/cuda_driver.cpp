// The CUDA driver asked directly through its C entry points, so nothing here needs CUDA headers.
#include "driver_probe/cuda_driver.h"

#include <dlfcn.h>

#include <cstdlib>
#include <string>

namespace feedscope::driver_probe {

namespace {

// CUresult values of the driver API (cuda.h); stable since CUDA 2.
constexpr int kCudaSuccess = 0;
constexpr int kCudaErrorNoDevice = 100;
constexpr int kCudaErrorInsufficientDriver = 35;

using CuInit = int (*)(unsigned int);
using CuDeviceGetCount = int (*)(int*);
using CuDriverGetVersion = int (*)(int*);

class Library {
 public:
  explicit Library(const std::string& name) : name_(name), handle_(::dlopen(name.c_str(), RTLD_NOW | RTLD_LOCAL)) {}
  ~Library() {
    if (handle_ != nullptr) ::dlclose(handle_);
  }
  Library(const Library&) = delete;
  Library& operator=(const Library&) = delete;
  bool loaded() const { return handle_ != nullptr; }
  void* symbol(const char* name) const { return ::dlsym(handle_, name); }
  const std::string& name() const { return name_; }

 private:
  std::string name_;
  void* handle_;
};

std::string driverLibraryName() {
  const char* configured = std::getenv(kCudaDriverVar);
  return configured != nullptr && *configured != '\0' ? configured : kCudaDriverLibrary;
}

std::string noDriver(const std::string& name) {
  return "no CUDA driver on this machine (" + name + " was not found)";
}

}  // namespace

std::string cudaVersionText(int version) {
  return std::to_string(version / 1000) + "." + std::to_string((version % 1000) / 10);
}

std::optional<std::string> cudaUnavailableReason() {
  Library driver(driverLibraryName());
  if (!driver.loaded()) return noDriver(driver.name());
  auto init = reinterpret_cast<CuInit>(driver.symbol("cuInit"));
  auto count = reinterpret_cast<CuDeviceGetCount>(driver.symbol("cuDeviceGetCount"));
  if (init == nullptr || count == nullptr) return driver.name() + " is not a CUDA driver (it has no cuInit)";
  const int initialised = init(0);
  if (initialised == kCudaErrorNoDevice)
    return "the CUDA driver is installed but sees no GPU (check CUDA_VISIBLE_DEVICES and nvidia-smi)";
  if (initialised == kCudaErrorInsufficientDriver)
    return "the CUDA driver is too old for this machine's GPUs: update the NVIDIA driver";
  if (initialised != kCudaSuccess)
    return "the CUDA driver cannot start (cuInit returned " + std::to_string(initialised) + ")";
  int devices = 0;
  if (count(&devices) != kCudaSuccess || devices == 0)
    return "the CUDA driver is installed but sees no GPU (check CUDA_VISIBLE_DEVICES and nvidia-smi)";
  return std::nullopt;
}

std::string cuptiStartFailureReason(int neededMajor) {
  Library driver(driverLibraryName());
  if (!driver.loaded()) return noDriver(driver.name());
  auto getVersion = reinterpret_cast<CuDriverGetVersion>(driver.symbol("cuDriverGetVersion"));
  int version = 0;
  if (getVersion == nullptr || getVersion(&version) != kCudaSuccess || version <= 0) {
    return driver.name() + " does not say which CUDA version it supports: reinstall the NVIDIA driver";
  }
  if (version / 1000 < neededMajor) {
    return "the NVIDIA driver supports CUDA " + cudaVersionText(version) + ", and this Feedscope's CUPTI needs " +
           "a driver for CUDA " + std::to_string(neededMajor) + " or newer: update the NVIDIA driver";
  }
  return "the NVIDIA driver (CUDA " + cudaVersionText(version) +
         ") is loaded, yet CUPTI could not start: check that no other profiler or debugger holds the GPU and "
         "that this process may profile it (containers need the profiling capability)";
}

}  // namespace feedscope::driver_probe
