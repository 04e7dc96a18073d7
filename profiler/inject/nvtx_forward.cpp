// NVTX's entry point in libfeedscope-inject.so. `feedscope record` points NVTX_INJECTION64_PATH at this
// library rather than at a libcupti, because only inside the process is it known which libcupti the
// program uses (PyTorch ships its own); this hands NVTX on to that one, the one the collector uses.
#include <cupti.h>
#include <dlfcn.h>

#include <cstdint>

namespace {

using NvtxGetExportTable = const void* (*)(std::uint32_t exportTableId);
using NvtxInitialize = int (*)(NvtxGetExportTable);

NvtxInitialize cuptiNvtxEntry() {
  Dl_info info{};
  if (dladdr(reinterpret_cast<void*>(&cuptiGetVersion), &info) == 0 || info.dli_fname == nullptr)
    return nullptr;
  // Already loaded (we link it): RTLD_NOLOAD only takes a reference, never loads a second copy.
  void* cupti = dlopen(info.dli_fname, RTLD_LAZY | RTLD_NOLOAD);
  if (cupti == nullptr) return nullptr;
  return reinterpret_cast<NvtxInitialize>(dlsym(cupti, "InitializeInjectionNvtx2"));
}

}  // namespace

// NVTX calls this once, at the program's first NVTX call; 0 tells NVTX to leave its calls as no-ops.
extern "C" __attribute__((visibility("default"))) int InitializeInjectionNvtx2(
    NvtxGetExportTable getExportTable) {
  NvtxInitialize entry = cuptiNvtxEntry();
  return entry != nullptr ? entry(getExportTable) : 0;
}
