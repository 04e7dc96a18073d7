// Serialising the writers of one session: `import --append`, `record --append` and every other save
// of the same file take an advisory lock (flock on "<session>.lock" beside the session's real path)
// from before they read the session to after they renamed the new one into place, so two appends at
// once both land. The lock file is removed on release; a writer that waited re-checks that the file
// it locked is still the lock file. A file at the lock's name that Feedscope did not make (a hard
// link planted there) is locked but never written into or removed.
#pragma once

#include <functional>
#include <string>

namespace feedscope::io {

enum class LockWait { Wait, Fail };

class SessionWriteLock {
 public:
  // Blocks while another process holds the lock, calling `onWait` once with a line to show; with
  // LockWait::Fail throws OutputError instead. A session path that is not a regular file (-o
  // /dev/null) needs no lock.
  SessionWriteLock(const std::string& sessionPath, LockWait wait,
                   const std::function<void(const std::string&)>& onWait = {});
  ~SessionWriteLock();
  SessionWriteLock(const SessionWriteLock&) = delete;
  SessionWriteLock& operator=(const SessionWriteLock&) = delete;

  const std::string& lockPath() const { return lock_path_; }

 private:
  std::string lock_path_;
  int fd_ = -1;
  bool owned_ = false;  // a lock file Feedscope made: written with the pid and removed on release
};

}  // namespace feedscope::io
