// The session writers' lock.
#include "store/session_lock.h"

#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <climits>
#include <cstring>
#include <filesystem>

#include "io/errors.h"
#include "store/output_target.h"

namespace feedscope::io {

namespace {

namespace fs = std::filesystem;

std::string lockPathFor(const std::string& realSession) {
  fs::path session(realSession);
  std::string name = session.filename().string();
  if (name.size() + 5 > NAME_MAX) name.resize(NAME_MAX - 5);  // two such sessions share a lock: harmless
  return (session.parent_path() / (name + ".lock")).string();
}

// The pid the holder wrote into the lock file, for the message ("" when unknown).
std::string holderOf(int fd) {
  char buf[32] = {};
  ssize_t n = ::pread(fd, buf, sizeof buf - 1, 0);
  std::string pid(buf, n > 0 ? static_cast<std::size_t>(n) : 0);
  while (!pid.empty() && (pid.back() == '\n' || pid.back() == ' ')) pid.pop_back();
  return pid.empty() ? std::string() : " (pid " + pid + ")";
}

bool sameFile(int fd, const std::string& path) {
  struct stat open {}, named {};
  return ::fstat(fd, &open) == 0 && ::stat(path.c_str(), &named) == 0 && open.st_dev == named.st_dev &&
         open.st_ino == named.st_ino;
}

constexpr int kGoneAgain = -2;

// Opens the lock file, creating it when missing (`created` says so). -1 with errno on failure;
// kGoneAgain when it existed and was removed before we could open it (its holder released it).
int openLockFile(const std::string& path, bool& created) {
  created = false;
  int fd = ::open(path.c_str(), O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0666);
  if (fd >= 0) {
    created = true;
    return fd;
  }
  if (errno != EEXIST) return -1;
  fd = ::open(path.c_str(), O_RDWR | O_NOFOLLOW | O_CLOEXEC);
  if (fd < 0 && errno == ENOENT) return kGoneAgain;
  return fd;
}

// A lock file an earlier feedscope made and left (killed before it could remove it): a regular
// file of ours with no other name, holding nothing but a pid line. Anything else was not made by
// Feedscope and is never written into or removed.
bool isFeedscopeLockFile(int fd) {
  struct stat st {};
  if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode) || st.st_nlink != 1 || st.st_uid != ::geteuid() ||
      st.st_size > 24) {
    return false;
  }
  char buf[32] = {};
  ssize_t n = ::pread(fd, buf, sizeof buf, 0);
  if (n < 0 || n != st.st_size) return false;
  for (ssize_t i = 0; i < n; ++i) {
    if (!(buf[i] >= '0' && buf[i] <= '9') && !(buf[i] == '\n' && i == n - 1)) return false;
  }
  return true;
}

}  // namespace

SessionWriteLock::SessionWriteLock(const std::string& sessionPath, LockWait wait,
                                   const std::function<void(const std::string&)>& onWait) {
  OutputTarget target = resolveOutputTarget(sessionPath);
  if (target.kind != OutputTarget::Kind::RegularFile) return;
  lock_path_ = lockPathFor(target.path);
  bool told = false;
  for (;;) {
    bool created = false;
    int fd = openLockFile(lock_path_, created);
    if (fd == kGoneAgain) continue;
    if (fd < 0) {
      throw OutputError(sessionPath + ": cannot lock for writing (" + lock_path_ + ": " + std::strerror(errno) + ")");
    }
    if (::flock(fd, LOCK_EX | LOCK_NB) != 0) {
      if (errno != EWOULDBLOCK) {
        int error = errno;
        ::close(fd);
        throw OutputError(sessionPath + ": cannot lock for writing (" + std::strerror(error) + ")");
      }
      std::string holder = holderOf(fd);
      if (wait == LockWait::Fail) {
        ::close(fd);
        throw OutputError(sessionPath + ": another feedscope is writing this session" + holder +
                          "; try again when it is done (without --no-wait, feedscope waits for it)");
      }
      if (!told && onWait) onWait("waiting for another feedscope writing " + sessionPath + holder + " to finish");
      told = true;
      while (::flock(fd, LOCK_EX) != 0) {
        if (errno != EINTR) {
          int error = errno;
          ::close(fd);
          throw OutputError(sessionPath + ": cannot lock for writing (" + std::strerror(error) + ")");
        }
      }
    }
    // The previous holder removes the lock file on release: a lock on that removed file locks nothing.
    if (sameFile(fd, lock_path_)) {
      fd_ = fd;
      owned_ = created || isFeedscopeLockFile(fd);
      break;
    }
    ::close(fd);
  }
  // Only a lock file Feedscope made gets the pid and is removed later: one planted there (a hard link
  // to someone's file, which O_NOFOLLOW does not stop) still serves as the lock, untouched.
  if (!owned_) return;
  std::string pid = std::to_string(::getpid()) + "\n";
  if (::ftruncate(fd_, 0) == 0) (void)!::pwrite(fd_, pid.data(), pid.size(), 0);
}

SessionWriteLock::~SessionWriteLock() {
  if (fd_ < 0) return;
  // Unlink while still holding the lock, so a waiter that gets it next sees the file is gone and
  // retries. Only if the name still is our file: never remove what another made.
  if (owned_ && sameFile(fd_, lock_path_)) ::unlink(lock_path_.c_str());
  ::close(fd_);
}

}  // namespace feedscope::io
