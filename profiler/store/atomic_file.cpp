// Atomic replacement of regular files, checked writes through anything else.
#include "store/atomic_file.h"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <system_error>

#include "io/errors.h"
#include "store/temp_file.h"

namespace feedscope::io {

namespace {

[[noreturn]] void failWrite(const std::string& target, int error) {
  throw OutputError(target + ": write failed (" + std::strerror(error) + ")");
}

// Opens a write-through target without creating or truncating it (a FIFO blocks until read, as with
// a shell redirection). The descriptor belongs to the caller.
int openWriteThrough(const OutputTarget& target) {
  if (target.kind == OutputTarget::Kind::Descriptor) {
    // What was printed before comes first. The duplicate shares the descriptor's offset and its
    // O_APPEND: `-o /dev/stderr 2>>log` appends to the log as the shell's redirection would.
    if (target.fd == STDOUT_FILENO) std::fflush(stdout);
    if (target.fd == STDERR_FILENO) std::fflush(stderr);
    int fd = ::fcntl(target.fd, F_DUPFD_CLOEXEC, 0);
    if (fd < 0) failWrite(target.path, errno);
    return fd;
  }
  int fd = ::open(target.path.c_str(), O_WRONLY | O_NOCTTY | O_CLOEXEC);
  if (fd < 0) throw OutputError(target.path + ": cannot write (" + std::strerror(errno) + ")");
  return fd;
}

void writeAll(int fd, const char* data, std::size_t size, const std::string& target) {
  while (size > 0) {
    ssize_t n = ::write(fd, data, size);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) failWrite(target, n < 0 ? errno : EIO);
    data += n;
    size -= static_cast<std::size_t>(n);
  }
}

void copyInto(int from, int to, const std::string& target) {
  if (::lseek(from, 0, SEEK_SET) != 0) failWrite(target, errno);
  char buf[1 << 16];
  for (;;) {
    ssize_t n = ::read(from, buf, sizeof buf);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) failWrite(target, errno);
    if (n == 0) return;
    writeAll(to, buf, static_cast<std::size_t>(n), target);
  }
}

std::string scratchFileFor(const std::string& target) {
  const char* dir = std::getenv("TMPDIR");
  std::string folder = dir && *dir ? dir : "/tmp";
  std::string name = target.substr(target.find_last_of('/') + 1);
  return folder + "/feedscope-" + (name.empty() ? "output" : name);
}

// Runs `write` on a stream over `fd`, then flushes and closes it, checking each step.
void streamInto(int fd, const std::string& target, const std::function<void(std::FILE*)>& write) {
  std::FILE* f = ::fdopen(fd, "wb");
  if (!f) {
    int error = errno;
    ::close(fd);
    failWrite(target, error);
  }
  try {
    write(f);
  } catch (const std::system_error& e) {
    // A formatting writer (fmt::print) reports a failed write of the stream as system_error: it is
    // this output failing (a full disk is exit 5), not an internal error.
    std::fclose(f);
    failWrite(target, e.code().category() == std::generic_category() || e.code().category() == std::system_category()
                          ? e.code().value()
                          : EIO);
  } catch (...) {
    std::fclose(f);
    throw;
  }
  int error = 0;
  if (std::fflush(f) != 0) error = errno;
  if (error == 0 && std::ferror(f)) error = EIO;
  if (std::fclose(f) != 0 && error == 0) error = errno;
  if (error != 0) failWrite(target, error);
}

}  // namespace

AtomicFile::AtomicFile(std::string target) : target_(std::move(target)), resolved_(resolveOutputTarget(target_)) {
  temp_ = std::make_unique<TempFile>(resolved_.kind == OutputTarget::Kind::RegularFile ? resolved_.path
                                                                                      : scratchFileFor(target_));
}

AtomicFile::~AtomicFile() = default;

const std::string& AtomicFile::tempPath() const { return temp_->path(); }

void AtomicFile::commit() {
  if (resolved_.kind == OutputTarget::Kind::RegularFile) {
    temp_->renameOntoTarget();
    return;
  }
  int fd = openWriteThrough(resolved_);
  try {
    copyInto(temp_->fd(), fd, target_);
  } catch (...) {
    ::close(fd);
    throw;
  }
  if (::close(fd) != 0) failWrite(target_, errno);
}

void writeStreamAtomically(const std::string& path, const std::function<void(std::FILE*)>& write) {
  OutputTarget target = resolveOutputTarget(path);
  if (target.kind != OutputTarget::Kind::RegularFile) {
    streamInto(openWriteThrough(target), path, write);
    return;
  }
  TempFile temp(target.path);
  int fd = ::fcntl(temp.fd(), F_DUPFD_CLOEXEC, 0);  // the stream closes its own descriptor
  if (fd < 0) failWrite(path, errno);
  streamInto(fd, path, write);
  temp.renameOntoTarget();
}

void writeFileAtomically(const std::string& path, const std::string& contents) {
  writeStreamAtomically(path, [&](std::FILE* f) { std::fwrite(contents.data(), 1, contents.size(), f); });
}

}  // namespace feedscope::io
