// Incremental chunk-header scan of a folder of raw streams.
#include "rawstream/progress_scan.h"

#include <fcntl.h>
#include <unistd.h>

#include <filesystem>
#include <system_error>

#include "rawstream/bytes.h"
#include "rawstream/format.h"

namespace feedscope::rawstream {
namespace {

struct Fd {
  int fd;
  ~Fd() {
    if (fd >= 0) ::close(fd);
  }
};

bool readAt(int fd, char* out, std::size_t n, std::uint64_t offset) {
  return ::pread(fd, out, n, static_cast<off_t>(offset)) == static_cast<ssize_t>(n);
}

}  // namespace

ProgressScanner::Totals ProgressScanner::scan() {
  Totals totals;
  std::error_code ec;
  for (const auto& entry : std::filesystem::directory_iterator(folder_, ec)) {
    if (entry.path().extension() != ".fsraw") continue;
    FileState& state = files_[entry.path().string()];
    ++totals.streams;
    Fd file{::open(entry.path().c_str(), O_RDONLY | O_CLOEXEC)};
    if (file.fd < 0) continue;
    if (state.offset == 0) {
      char header[kHeaderBytes];
      if (readAt(file.fd, header, kHeaderBytes, 0) &&
          std::string_view(header, kFileMagic.size()) == kFileMagic) {
        state.offset = loadField<std::uint32_t>(header + 12);
      }
    }
    char chunk[kChunkHeaderBytes];
    while (state.offset > 0 && !state.stopped && readAt(file.fd, chunk, kChunkHeaderBytes, state.offset)) {
      auto payload = loadField<std::uint32_t>(chunk + 4);
      if (loadField<std::uint32_t>(chunk) != kChunkMagic || payload > kMaxChunkPayloadBytes) {
        state.stopped = true;
        break;
      }
      // Count a chunk only once all of it is on disk: a chunk being written is counted next time.
      char last;
      if (payload > 0 && !readAt(file.fd, &last, 1, state.offset + kChunkHeaderBytes + payload - 1)) break;
      state.records += loadField<std::uint32_t>(chunk + 8);
      state.offset += kChunkHeaderBytes + payload;
    }
    totals.records += state.records;
    totals.bytes += entry.file_size(ec);
  }
  return totals;
}

}  // namespace feedscope::rawstream
