// What an output path really names. A regular file (or a new one) is replaced atomically in its real
// folder, symlinks resolved, so `-o link` updates the file the link points to and keeps the link.
// Anything else (a character device such as /dev/null, a FIFO, a terminal, /dev/stdout) is written
// through, never replaced: renaming over it would turn a device node into a plain file.
#pragma once

#include <string>

namespace feedscope::io {

struct OutputTarget {
  enum class Kind {
    RegularFile,     // `path` is the real path (symlinks resolved); replaced by rename
    WriteThrough,    // `path` is opened for writing as it is, without creating or truncating
    StandardOutput,  // /dev/stdout and its aliases: written to file descriptor 1
  };
  Kind kind = Kind::RegularFile;
  std::string path;
};

// Throws InputError for a folder or a path whose folder does not exist.
OutputTarget resolveOutputTarget(const std::string& path);

}  // namespace feedscope::io
