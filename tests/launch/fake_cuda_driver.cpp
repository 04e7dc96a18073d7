// A stand-in for libcuda.so.1 with the entry points Feedscope asks (driver_probe/cuda_driver.h), so the
// tests can say "a driver and a GPU are here" (the program just used no CUDA), or any other case, on
// machines that have neither. FAKE_CUINIT sets cuInit's result, FAKE_CUDA_DEVICES the device count,
// FAKE_DRIVER_VERSION what cuDriverGetVersion says (default 13000: CUDA 13.0).
#include <cstdlib>

namespace {
int fromEnvironment(const char* name, int fallback) {
  const char* text = std::getenv(name);
  return text != nullptr ? std::atoi(text) : fallback;
}
}  // namespace

extern "C" __attribute__((visibility("default"))) int cuInit(unsigned int /*flags*/) {
  return fromEnvironment("FAKE_CUINIT", 0);
}

extern "C" __attribute__((visibility("default"))) int cuDeviceGetCount(int* count) {
  *count = fromEnvironment("FAKE_CUDA_DEVICES", 1);
  return 0;
}

extern "C" __attribute__((visibility("default"))) int cuDriverGetVersion(int* version) {
  *version = fromEnvironment("FAKE_DRIVER_VERSION", 13000);
  return 0;
}
