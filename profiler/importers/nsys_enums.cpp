// nsys enum translation.
#include "importers/nsys_enums.h"

#include <array>
#include <utility>

namespace feedscope::io {

using trace::IntervalKind;
using trace::MemoryKind;

namespace {

constexpr std::array<std::pair<std::string_view, MemoryKind>, 8> kMemoryKinds = {{
    {"PAGEABLE", MemoryKind::Pageable},
    {"PINNED", MemoryKind::Pinned},
    {"DEVICE", MemoryKind::Device},
    {"ARRAY", MemoryKind::Array},
    {"MANAGED", MemoryKind::Managed},
    {"DEVICE_STATIC", MemoryKind::DeviceStatic},
    {"MANAGED_STATIC", MemoryKind::ManagedStatic},
    {"UNKNOWN", MemoryKind::Unknown},
}};

constexpr std::array<std::pair<std::string_view, IntervalKind>, 13> kCopyKinds = {{
    {"HTOD", IntervalKind::MemcpyHtoD},
    {"DTOH", IntervalKind::MemcpyDtoH},
    {"HTOA", IntervalKind::MemcpyHtoD},
    {"ATOH", IntervalKind::MemcpyDtoH},
    {"ATOA", IntervalKind::MemcpyDtoD},
    {"ATOD", IntervalKind::MemcpyDtoD},
    {"DTOA", IntervalKind::MemcpyDtoD},
    {"DTOD", IntervalKind::MemcpyDtoD},
    {"HTOH", IntervalKind::MemcpyHtoH},
    {"PTOP", IntervalKind::MemcpyPtoP},
    {"UVM_HTOD", IntervalKind::MemcpyHtoD},
    {"UVM_DTOH", IntervalKind::MemcpyDtoH},
    {"UVM_DTOD", IntervalKind::MemcpyDtoD},
}};

std::string_view withoutPrefix(std::string_view name, std::string_view prefix) {
  return name.substr(0, prefix.size()) == prefix ? name.substr(prefix.size()) : name;
}

}  // namespace

MemoryKind memoryKindFromNsysId(std::int64_t id) {
  if (id < 0 || id >= static_cast<std::int64_t>(kMemoryKinds.size())) return MemoryKind::Unknown;
  return kMemoryKinds[static_cast<std::size_t>(id)].second;
}

std::optional<MemoryKind> memoryKindFromNsysName(std::string_view name) {
  std::string_view symbol = withoutPrefix(name, "CUDA_MEMOPR_MEMORY_KIND_");
  for (const auto& [key, kind] : kMemoryKinds) {
    if (symbol == key) return kind;
  }
  return std::nullopt;
}

std::optional<IntervalKind> copyKindFromNsysId(std::int64_t id) {
  if (id < 1 || id > static_cast<std::int64_t>(kCopyKinds.size())) return std::nullopt;
  return kCopyKinds[static_cast<std::size_t>(id - 1)].second;
}

std::optional<IntervalKind> copyKindFromNsysName(std::string_view name) {
  std::string_view symbol = withoutPrefix(name, "CUDA_MEMCPY_KIND_");
  for (const auto& [key, kind] : kCopyKinds) {
    if (symbol == key) return kind;
  }
  return std::nullopt;
}

}  // namespace feedscope::io
