// Temporary files for atomic replacement.
#include "store/temp_file.h"

#include <fcntl.h>
#include <signal.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <climits>
#include <cstring>
#include <filesystem>
#include <string_view>

#include "io/errors.h"
#include "store/temp_cleanup.h"

namespace feedscope::io {

namespace {

namespace fs = std::filesystem;

constexpr std::string_view kMarker = ".tmp-";
// ".tmp-" + a pid (at most 10 digits) + "-" + mkstemp's six characters.
constexpr std::size_t kLongestSuffix = kMarker.size() + 10 + 1 + 6;

[[noreturn]] void fail(const std::string& target, const std::string& what, int error) {
  throw OutputError(target + ": " + what + " (" + std::strerror(error) + ")");
}

mode_t currentUmask() {
  mode_t mask = ::umask(0);
  ::umask(mask);
  return mask;
}

// The pid in "<prefix>.tmp-<pid>-XXXXXX", or 0 when `name` is not such a temporary.
pid_t ownerOf(std::string_view name, std::string_view prefix) {
  if (name.substr(0, prefix.size()) != prefix) return 0;
  name.remove_prefix(prefix.size());
  if (name.substr(0, kMarker.size()) != kMarker) return 0;
  name.remove_prefix(kMarker.size());
  pid_t pid = 0;
  std::size_t digits = 0;
  while (digits < name.size() && digits < 10 && name[digits] >= '0' && name[digits] <= '9') {
    pid = pid * 10 + (name[digits] - '0');
    ++digits;
  }
  if (digits == 0 || name.size() != digits + 7 || name[digits] != '-') return 0;
  return pid;
}

bool ownerIsGone(const fs::path& file, pid_t pid) {
  if (::kill(pid, 0) == 0 || errno != ESRCH) return false;
  // A writer in another pid namespace sharing this folder looks dead by its pid: its lock says not.
  int fd = ::open(file.c_str(), O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
  if (fd < 0) return false;
  bool unlocked = ::flock(fd, LOCK_EX | LOCK_NB) == 0;
  ::close(fd);
  return unlocked;
}

}  // namespace

std::string temporaryPrefix(const std::string& targetName) {
  return targetName.substr(0, std::min<std::size_t>(targetName.size(), NAME_MAX - kLongestSuffix));
}

void removeStaleTemporaries(const std::string& realTarget) {
  fs::path target(realTarget);
  std::string prefix = temporaryPrefix(target.filename().string());
  std::error_code ec;
  for (fs::directory_iterator it(target.parent_path(), ec), end; !ec && it != end; it.increment(ec)) {
    pid_t pid = ownerOf(it->path().filename().string(), prefix);
    if (pid <= 0 || !it->is_regular_file(ec) || it->is_symlink(ec)) continue;
    if (ownerIsGone(it->path(), pid)) ::unlink(it->path().c_str());
  }
}

TempFile::TempFile(const std::string& realTarget) : target_(realTarget) {
  removeStaleTemporaries(target_);
  fs::path target(target_);
  std::string name =
      temporaryPrefix(target.filename().string()) + std::string(kMarker) + std::to_string(::getpid()) + "-XXXXXX";
  std::string pattern = (target.parent_path() / name).string();
  // mkostemp opens with O_CREAT|O_EXCL: an existing name, link or not, is never opened.
  fd_ = ::mkostemp(pattern.data(), O_CLOEXEC);
  if (fd_ < 0) fail(target_, "cannot write", errno);
  path_ = pattern;
  cleanup_slot_ = rememberTemporary(path_.c_str());
  ::flock(fd_, LOCK_EX | LOCK_NB);  // tells removeStaleTemporaries of other processes that we live
  // mkstemp makes 0600; the result should look like any file the user writes, or keep the mode of
  // the file it replaces.
  struct stat st {};
  mode_t mode = ::stat(target_.c_str(), &st) == 0 ? (st.st_mode & 07777) : (0666 & ~currentUmask());
  ::fchmod(fd_, mode);
}

TempFile::~TempFile() {
  if (!renamed_ && !path_.empty()) ::unlink(path_.c_str());
  forgetTemporary(cleanup_slot_);
  if (fd_ >= 0) ::close(fd_);
}

void TempFile::renameOntoTarget() {
  if (::fsync(fd_) != 0) fail(target_, "cannot write", errno);
  if (::rename(path_.c_str(), target_.c_str()) != 0) fail(target_, "cannot write", errno);
  renamed_ = true;
  forgetTemporary(cleanup_slot_);
  cleanup_slot_ = -1;
  // The rename is durable only once the folder is: a crash after "wrote S" must not bring back the old S.
  int folder = ::open(fs::path(target_).parent_path().c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (folder >= 0) {
    int rc = ::fsync(folder);
    int error = errno;
    ::close(folder);
    if (rc != 0 && error != EINVAL && error != EROFS) fail(target_, "cannot sync its folder", error);
  }
}

}  // namespace feedscope::io
