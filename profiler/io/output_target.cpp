// Resolving an output path to what it names.
#include "io/output_target.h"

#include <sys/stat.h>

#include <cerrno>
#include <cstring>
#include <filesystem>

#include "io/errors.h"

namespace feedscope::io {

namespace {

namespace fs = std::filesystem;

bool namesStandardOutput(const std::string& path) {
  return path == "-" || path == "/dev/stdout" || path == "/dev/fd/1" || path == "/proc/self/fd/1";
}

// Follows a chain of symlinks whose last one may dangle (writing creates the file it points to).
fs::path followLinks(fs::path path, const std::string& shown) {
  for (int hops = 0; fs::is_symlink(fs::symlink_status(path)); ++hops) {
    if (hops == 40) throw InputError(shown + ": cannot write (too many levels of symbolic links)");
    fs::path target = fs::read_symlink(path);
    path = target.is_absolute() ? target : path.parent_path() / target;
  }
  return path;
}

}  // namespace

OutputTarget resolveOutputTarget(const std::string& path) {
  if (namesStandardOutput(path)) return {OutputTarget::Kind::StandardOutput, path};
  struct stat st {};
  if (::stat(path.c_str(), &st) == 0) {
    if (S_ISDIR(st.st_mode)) throw InputError(path + ": is a directory, not a file to write");
    if (!S_ISREG(st.st_mode)) return {OutputTarget::Kind::WriteThrough, path};
  } else if (errno != ENOENT) {
    throw InputError(path + ": cannot write (" + std::strerror(errno) + ")");
  }
  std::error_code ec;
  fs::path real = fs::weakly_canonical(fs::absolute(followLinks(fs::path(path), path)), ec);
  if (ec) throw InputError(path + ": cannot write (" + ec.message() + ")");
  fs::path folder = real.parent_path();
  if (!fs::is_directory(folder, ec)) {
    throw InputError(path + ": cannot write (the folder " + folder.string() + " does not exist)");
  }
  return {OutputTarget::Kind::RegularFile, real.string()};
}

}  // namespace feedscope::io
