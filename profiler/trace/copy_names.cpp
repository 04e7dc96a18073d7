// Copy display names.
#include "trace/copy_names.h"

namespace feedscope::trace {

std::string_view copyDirectionWord(IntervalKind kind) {
  switch (kind) {
    case IntervalKind::MemcpyHtoD:
      return "HtoD";
    case IntervalKind::MemcpyDtoH:
      return "DtoH";
    case IntervalKind::MemcpyHtoH:
      return "HtoH";
    case IntervalKind::MemcpyPtoP:
      return "PtoP";
    default:
      break;
  }
  return "DtoD";
}

std::string_view memoryDisplayWord(MemoryKind kind) {
  switch (kind) {
    case MemoryKind::Pageable:
      return "Pageable";
    case MemoryKind::Pinned:
      return "Pinned";
    case MemoryKind::Device:
      return "Device";
    case MemoryKind::Array:
      return "Array";
    case MemoryKind::Managed:
      return "Managed";
    case MemoryKind::DeviceStatic:
      return "Device Static";
    case MemoryKind::ManagedStatic:
      return "Managed Static";
    case MemoryKind::Host:
      return "Host";
    case MemoryKind::Unknown:
      break;
  }
  return "Unknown";
}

std::string copyDisplayName(IntervalKind kind, MemoryKind src, MemoryKind dst) {
  std::string out = "Memcpy ";
  out += copyDirectionWord(kind);
  out += " (";
  out += memoryDisplayWord(src);
  out += " -> ";
  out += memoryDisplayWord(dst);
  out += ")";
  return out;
}

}  // namespace feedscope::trace
