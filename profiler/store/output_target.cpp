// Resolving an output path to what it names.
#include "store/output_target.h"

#include <dirent.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <charconv>
#include <cstring>
#include <filesystem>
#include <string_view>
#include <vector>

#include "io/errors.h"

namespace feedscope::io {

namespace {

namespace fs = std::filesystem;

// The descriptors this process was started with (the shell's redirections: `2>>build.log`,
// `3>>log`), taken before main() opens anything of its own, so that an input or a lock Feedscope
// opened later is never mistaken for a place the user asked output to go.
struct InheritedDescriptor {
  int fd;
  dev_t dev;
  ino_t ino;
};

std::vector<InheritedDescriptor> scanInheritedDescriptors() {
  std::vector<InheritedDescriptor> found;
  DIR* dir = ::opendir("/proc/self/fd");
  if (!dir) return found;
  const int own = ::dirfd(dir);
  while (const dirent* entry = ::readdir(dir)) {
    int fd = -1;
    std::string_view name(entry->d_name);
    if (std::from_chars(name.data(), name.data() + name.size(), fd).ptr != name.data() + name.size()) continue;
    struct stat st {};
    if (fd == own || ::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) continue;
    found.push_back({fd, st.st_dev, st.st_ino});
  }
  ::closedir(dir);
  return found;
}

const std::vector<InheritedDescriptor> kInherited = scanInheritedDescriptors();

bool writable(int fd) {
  int flags = ::fcntl(fd, F_GETFL);
  return flags >= 0 && (flags & O_ACCMODE) != O_RDONLY;
}

// The descriptor a path names by itself: "-", /dev/stdout, /dev/stderr, /dev/stdin, /dev/fd/N,
// /proc/self/fd/N and /proc/PID/fd/N with our own pid; -1 for any other path.
int namedDescriptor(const std::string& path) {
  if (path == "-" || path == "/dev/stdout") return STDOUT_FILENO;
  if (path == "/dev/stderr") return STDERR_FILENO;
  if (path == "/dev/stdin") return STDIN_FILENO;
  std::string_view rest(path);
  const std::string ownProc = "/proc/" + std::to_string(::getpid()) + "/fd/";
  for (std::string_view prefix : {std::string_view("/dev/fd/"), std::string_view("/proc/self/fd/"),
                                  std::string_view("/proc/thread-self/fd/"), std::string_view(ownProc)}) {
    if (rest.substr(0, prefix.size()) != prefix) continue;
    rest.remove_prefix(prefix.size());
    int fd = -1;
    auto [end, error] = std::from_chars(rest.data(), rest.data() + rest.size(), fd);
    if (error == std::errc() && end == rest.data() + rest.size() && fd >= 0) return fd;
    return -1;
  }
  return -1;
}

// An inherited writable descriptor that has the regular file `st` open, or -1.
int inheritedDescriptorOf(const struct stat& st) {
  for (const auto& d : kInherited) {
    struct stat now {};
    if (d.dev != st.st_dev || d.ino != st.st_ino) continue;
    if (::fstat(d.fd, &now) == 0 && now.st_dev == st.st_dev && now.st_ino == st.st_ino && writable(d.fd)) {
      return d.fd;
    }
  }
  return -1;
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
  if (int fd = namedDescriptor(path); fd >= 0) {
    if (::fcntl(fd, F_GETFD) < 0) {
      throw InputError(path + ": cannot write (descriptor " + std::to_string(fd) + " is not open)");
    }
    return {OutputTarget::Kind::Descriptor, path, fd};
  }
  struct stat st {};
  if (::stat(path.c_str(), &st) == 0) {
    if (S_ISDIR(st.st_mode)) throw InputError(path + ": is a directory, not a file to write");
    if (!S_ISREG(st.st_mode)) return {OutputTarget::Kind::WriteThrough, path};
    if (int fd = inheritedDescriptorOf(st); fd >= 0) return {OutputTarget::Kind::Descriptor, path, fd};
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
