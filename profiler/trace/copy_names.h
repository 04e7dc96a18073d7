// What a copy is called wherever a user reads it: "Memcpy HtoD (Pageable -> Device)", the words
// Kineto (PyTorch's profiler) and Nsight Systems use (docs/gui.md, names). The CUPTI decoder, the
// Nsight Systems importer and the timeline name copies with these, so a copy reads the same whatever
// recorded it.
#pragma once

#include <string>
#include <string_view>

#include "trace/types.h"

namespace feedscope::trace {

// "HtoD", "DtoH", "DtoD", "HtoH", "PtoP" (any other kind reads as "DtoD": the device side).
std::string_view copyDirectionWord(IntervalKind kind);
// "Pageable", "Pinned", "Device", "Array", "Managed", "Device Static", "Managed Static", "Host" (ROCm's
// host memory of unknown kind), "Unknown".
std::string_view memoryDisplayWord(MemoryKind kind);
// "Memcpy HtoD (Pageable -> Device)".
std::string copyDisplayName(IntervalKind kind, MemoryKind src, MemoryKind dst);

}  // namespace feedscope::trace
