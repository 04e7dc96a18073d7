// A temporary file beside an output: `<name>.tmp-<pid>-XXXXXX` in the target's real folder, made with
// O_CREAT|O_EXCL (a link planted under that name is never followed), its name kept within NAME_MAX
// however long the target's name, flock-ed while its owner lives, removed unless renamed into place.
#pragma once

#include <string>

namespace feedscope::io {

class TempFile {
 public:
  // `realTarget`: the file the temporary will replace (resolved, see OutputTarget). Removes the
  // temporaries of that target whose writers are gone first. Throws OutputError.
  explicit TempFile(const std::string& realTarget);
  ~TempFile();
  TempFile(const TempFile&) = delete;
  TempFile& operator=(const TempFile&) = delete;

  const std::string& path() const { return path_; }
  int fd() const { return fd_; }
  // fsyncs the data, renames it onto the target, fsyncs the folder; throws OutputError.
  void renameOntoTarget();

 private:
  std::string target_;
  std::string path_;
  int fd_ = -1;
  int cleanup_slot_ = -1;
  bool renamed_ = false;
};

// The name prefix of `targetName`'s temporaries, short enough for the suffix to fit in NAME_MAX.
std::string temporaryPrefix(const std::string& targetName);
// Removes temporaries of `realTarget` left by writers that died (SIGKILL, power loss): those whose
// process is gone and whose lock nobody holds.
void removeStaleTemporaries(const std::string& realTarget);

}  // namespace feedscope::io
