// Writing files so that a crash never leaves half a file: write to a temporary name beside the
// target, flush to disk, then rename over the target.
#pragma once

#include <functional>
#include <string>

namespace feedscope::io {

// A temporary path in the target's folder ("out.feedscope.tmp-12345-1"); removed on destruction
// unless commit() renamed it into place.
class AtomicFile {
 public:
  explicit AtomicFile(std::string target);
  ~AtomicFile();
  AtomicFile(const AtomicFile&) = delete;
  AtomicFile& operator=(const AtomicFile&) = delete;

  const std::string& tempPath() const { return temp_; }
  const std::string& target() const { return target_; }
  // fsyncs the temporary file and renames it to the target; throws InputError on failure.
  void commit();

 private:
  std::string target_;
  std::string temp_;
  bool committed_ = false;
};

// Writes `contents` to `path` atomically.
void writeFileAtomically(const std::string& path, const std::string& contents);
// Streams into `path` atomically through a FILE* given to `write`.
void writeStreamAtomically(const std::string& path, const std::function<void(std::FILE*)>& write);

}  // namespace feedscope::io
