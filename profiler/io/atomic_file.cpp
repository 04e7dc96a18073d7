// Atomic file replacement.
#include "io/atomic_file.h"

#include <fcntl.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <memory>

#include "io/input_error.h"

namespace feedscope::io {
namespace {
std::atomic<int> g_counter{0};
}

AtomicFile::AtomicFile(std::string target) : target_(std::move(target)) {
  temp_ = target_ + ".tmp-" + std::to_string(::getpid()) + "-" + std::to_string(++g_counter);
}

AtomicFile::~AtomicFile() {
  if (!committed_) ::unlink(temp_.c_str());
}

void AtomicFile::commit() {
  int fd = ::open(temp_.c_str(), O_RDONLY);
  if (fd >= 0) {
    ::fsync(fd);
    ::close(fd);
  }
  if (::rename(temp_.c_str(), target_.c_str()) != 0) {
    throw InputError(target_ + ": cannot write (" + std::strerror(errno) + ")");
  }
  committed_ = true;
}

void writeStreamAtomically(const std::string& path, const std::function<void(std::FILE*)>& write) {
  AtomicFile file(path);
  std::unique_ptr<FILE, int (*)(FILE*)> f(std::fopen(file.tempPath().c_str(), "wb"), &std::fclose);
  if (!f) throw InputError(path + ": cannot write (" + std::strerror(errno) + ")");
  write(f.get());
  if (std::fflush(f.get()) != 0 || std::ferror(f.get())) {
    throw InputError(path + ": write failed (" + std::strerror(errno) + ")");
  }
  if (std::fclose(f.release()) != 0) throw InputError(path + ": write failed (" + std::strerror(errno) + ")");
  file.commit();
}

void writeFileAtomically(const std::string& path, const std::string& contents) {
  writeStreamAtomically(path, [&](std::FILE* f) { std::fwrite(contents.data(), 1, contents.size(), f); });
}

}  // namespace feedscope::io
