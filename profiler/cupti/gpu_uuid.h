// GPU uuids as nvidia-smi writes them, from the 16 bytes CUDA and CUPTI give.
#pragma once

#include <cuda.h>

#include <string>

namespace feedscope::cupti {

// "GPU-5bd7dd7e-0b4c-a1cb-3ac1-1b3bdf86b0f8". The runtime's cudaUUID_t is the same struct.
std::string formatUuid(const CUuuid& uuid);

}  // namespace feedscope::cupti
