// Nsight Systems' numbering of memory kinds and copy kinds (ENUM_CUDA_MEM_KIND,
// ENUM_CUDA_MEMCPY_OPER of `nsys export --type sqlite`), translated to Feedscope's. nsys numbers
// memory kinds from PAGEABLE = 0, where CUPTI (and Feedscope) start with UNKNOWN = 0: reading an
// export with CUPTI's numbering would call every pinned copy pageable.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

#include "trace/types.h"

namespace feedscope::io {

// By the published numbering: 0 pageable, 1 pinned, 2 device, 3 array, 4 managed, 5 device
// static, 6 managed static, 7 unknown.
trace::MemoryKind memoryKindFromNsysId(std::int64_t id);
// By the symbol name an export's ENUM_CUDA_MEM_KIND gives ("CUDA_MEMOPR_MEMORY_KIND_PINNED");
// nullopt for a name it does not know.
std::optional<trace::MemoryKind> memoryKindFromNsysName(std::string_view name);

// By the published numbering: 1 HtoD, 2 DtoH, 3 HtoA, 4 AtoH, 5 AtoA, 6 AtoD, 7 DtoA, 8 DtoD,
// 9 HtoH, 10 PtoP, 11-13 unified-memory HtoD, DtoH, DtoD; nullopt for 0 (unknown) and others.
std::optional<trace::IntervalKind> copyKindFromNsysId(std::int64_t id);
// By symbol name ("CUDA_MEMCPY_KIND_HTOD"); nullopt for UNKNOWN and names it does not know.
std::optional<trace::IntervalKind> copyKindFromNsysName(std::string_view name);

}  // namespace feedscope::io
