// Loads libfeedscope-inject.so and calls its entry point as the CUDA driver does during cuInit (twice,
// as two threads racing to initialise would), then says hello and exits with code 5.
//   inject_host LIBRARY
#include <dlfcn.h>

#include <cstdio>

int main(int argc, char** argv) {
  if (argc != 2) return 2;
  void* library = dlopen(argv[1], RTLD_NOW | RTLD_LOCAL);
  if (library == nullptr) {
    std::fprintf(stderr, "inject_host: %s\n", dlerror());
    return 3;
  }
  auto initialize = reinterpret_cast<int (*)()>(dlsym(library, "InitializeInjection"));
  if (initialize == nullptr || dlsym(library, "InitializeInjectionNvtx2") == nullptr) return 4;
  if (initialize() != 1 || initialize() != 1) return 6;
  std::printf("hello\n");
  return 5;
}
