// A stand-in for libcuda.so.1 with the two entry points `record` asks when nothing was recorded, so
// the tests can say "a driver and a GPU are here" (the program just used no CUDA) on machines that
// have neither. FAKE_CUINIT sets cuInit's result, FAKE_CUDA_DEVICES the device count.
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
