// Reading whole input files, transparently gunzipped, with clear errors for every way it can fail.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <memory>
#include <string>
#include <string_view>

#include "read/byte_buffer.h"
#include "read/decompressed_stream.h"

namespace feedscope::io {

// Bytes of a file. `padding` extra bytes of capacity stay zeroed past size() (simdjson needs them).
struct FileBytes {
  ByteBuffer data;
  bool was_gzip = false;
  std::uint64_t file_size = 0;  // on disk, before decompression
};

inline constexpr std::size_t kDefaultPadding = 64;

// A regular file opened for reading, with its size. Throws InputError for a pipe (which
// open_input streams instead), a missing file, a folder or one that cannot be opened.
struct OpenedFile {
  std::unique_ptr<std::FILE, int (*)(std::FILE*)> file{nullptr, &std::fclose};
  std::uint64_t size = 0;
};
OpenedFile openRegularInput(const std::string& path);

// Reads `path`; throws InputError for a missing file, a directory, an empty file, a read error,
// gzip data that is truncated or corrupt, or more than `maxBytes` once inflated (as soon as it gets
// there: a gzip bomb never takes more memory than that; `limitReason` says why in the error).
FileBytes readInputFile(const std::string& path, std::size_t padding = kDefaultPadding,
                        std::uint64_t maxBytes = kMaxDecompressedBytes,
                        std::string_view limitReason = "the most the JSON parser takes");

// What an input path names: a regular file (read by path, SQLite may open it) or a pipe (a FIFO,
// `<(zcat t.json.gz)`, /dev/stdin from a pipe: read once, as a stream, never reopened). Throws
// InputError for a missing path, a folder, a device or a socket: reading /dev/zero or a terminal
// would never end.
enum class InputKind { RegularFile, Pipe };
InputKind inputKindOf(const std::string& path);

// Reads all of an opened input (gunzipped, like readInputFile); `what` names it in errors.
FileBytes readInputStream(std::FILE* f, const std::string& what, std::size_t padding = kDefaultPadding);

// The first `n` bytes of a file (fewer if it is shorter); throws InputError for a missing file,
// a directory or an empty file.
std::string readFileHead(const std::string& path, std::size_t n);

bool looksGzip(std::string_view bytes);
// Gunzips (all members of) `compressed`; throws InputError naming `what` when it is truncated or corrupt.
ByteBuffer gunzip(std::string_view compressed, std::string_view what, std::size_t padding = kDefaultPadding,
                   std::uint64_t maxBytes = kMaxDecompressedBytes, InflaterKind inflater = InflaterKind::Best);

}  // namespace feedscope::io
