// The CUDA driver asked directly through its C entry points, so the launcher needs no CUDA headers
// and builds (and answers) on machines without CUDA.
#include "launch/cuda_driver_probe.h"

#include <dlfcn.h>

#include <cstdlib>
#include <string>

namespace feedscope::launch {

namespace {

// CUresult values of the driver API (cuda.h); stable since CUDA 2.
constexpr int kCudaSuccess = 0;
constexpr int kCudaErrorNoDevice = 100;
constexpr int kCudaErrorInsufficientDriver = 35;

using CuInit = int (*)(unsigned int);
using CuDeviceGetCount = int (*)(int*);

class Library {
 public:
  explicit Library(const char* name) : handle_(::dlopen(name, RTLD_NOW | RTLD_LOCAL)) {}
  ~Library() {
    if (handle_ != nullptr) ::dlclose(handle_);
  }
  Library(const Library&) = delete;
  Library& operator=(const Library&) = delete;
  bool loaded() const { return handle_ != nullptr; }
  void* symbol(const char* name) const { return ::dlsym(handle_, name); }

 private:
  void* handle_;
};

}  // namespace

std::optional<std::string> cudaUnavailableReason() {
  const char* configured = std::getenv(kCudaDriverVar);
  const std::string name = configured != nullptr && *configured != '\0' ? configured : kCudaDriverLibrary;
  Library driver(name.c_str());
  if (!driver.loaded()) return "no CUDA driver on this machine (" + name + " was not found)";
  auto init = reinterpret_cast<CuInit>(driver.symbol("cuInit"));
  auto count = reinterpret_cast<CuDeviceGetCount>(driver.symbol("cuDeviceGetCount"));
  if (init == nullptr || count == nullptr) return name + " is not a CUDA driver (it has no cuInit)";
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

}  // namespace feedscope::launch
