// What an output path really names. A regular file (or a new one) is replaced atomically in its real
// folder, symlinks resolved, so `-o link` updates the file the link points to and keeps the link.
// Anything else (a character device such as /dev/null, a FIFO, a terminal) is written through, never
// replaced: renaming over it would turn a device node into a plain file. An output that names one of
// the process's descriptors (/dev/stdout, /dev/stderr, /dev/fd/N, /proc/self/fd/N) or is the very file
// an inherited writable descriptor has open (`-o build.log 2>>build.log`) is written through that
// descriptor: appending where it appends, and never renamed over, which would lose what the log held
// (docs/file-formats.md, "What Feedscope guarantees").
#pragma once

#include <string>

namespace feedscope::io {

struct OutputTarget {
  enum class Kind {
    RegularFile,   // `path` is the real path (symlinks resolved); replaced by rename
    WriteThrough,  // `path` is opened for writing as it is, without creating or truncating
    Descriptor,    // written through the process's open descriptor `fd` (a duplicate of it)
  };
  Kind kind = Kind::RegularFile;
  std::string path;
  int fd = -1;  // Descriptor only
};

// Throws InputError for a folder, a path whose folder does not exist, or a descriptor name
// (/dev/fd/N) whose descriptor is not open.
OutputTarget resolveOutputTarget(const std::string& path);

}  // namespace feedscope::io
