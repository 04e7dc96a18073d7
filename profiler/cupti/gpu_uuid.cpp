// GPU uuid text.
#include "cupti/gpu_uuid.h"

namespace feedscope::cupti {

std::string formatUuid(const CUuuid& uuid) {
  static constexpr char kHex[] = "0123456789abcdef";
  std::string out = "GPU-";
  for (int i = 0; i < 16; ++i) {
    if (i == 4 || i == 6 || i == 8 || i == 10) out += '-';
    auto b = static_cast<unsigned char>(uuid.bytes[i]);
    out += kHex[b >> 4];
    out += kHex[b & 0xF];
  }
  return out;
}

}  // namespace feedscope::cupti
