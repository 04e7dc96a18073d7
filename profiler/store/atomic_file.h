// Writing outputs so that nothing is lost or clobbered: a regular file is written to a temporary beside
// its real path (symlinks resolved), synced, then renamed over it, so a crash never leaves half a file;
// a device, FIFO or /dev/stdout is written through, never replaced (see OutputTarget). Every write,
// flush, sync and close is checked: a failure throws OutputError and leaves the old file as it was.
#pragma once

#include <cstdio>
#include <functional>
#include <memory>
#include <string>

#include "store/output_target.h"

namespace feedscope::io {

class TempFile;

// A file to fill through tempPath() (SQLite, an image writer), then commit(). For a regular target the
// temporary lies beside it; for a write-through target it lies in $TMPDIR and commit() copies it.
class AtomicFile {
 public:
  explicit AtomicFile(std::string target);
  ~AtomicFile();
  AtomicFile(const AtomicFile&) = delete;
  AtomicFile& operator=(const AtomicFile&) = delete;

  const std::string& tempPath() const;
  const std::string& target() const { return target_; }
  // Puts the temporary's contents in place; throws OutputError on failure.
  void commit();

 private:
  std::string target_;
  OutputTarget resolved_;
  std::unique_ptr<TempFile> temp_;
};

// Writes `contents` to `path` atomically (or through, for a device or FIFO).
void writeFileAtomically(const std::string& path, const std::string& contents);
// Streams into `path` through a FILE* given to `write`: atomically for a regular file, directly
// for a device, FIFO or /dev/stdout.
void writeStreamAtomically(const std::string& path, const std::function<void(std::FILE*)>& write);

}  // namespace feedscope::io
