// Whole-file reading, gunzipped through DecompressedStream.
#include "read/file_bytes.h"

#include <sys/stat.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <algorithm>
#include <memory>

#include "io/input_error.h"

namespace feedscope::io {

bool looksGzip(std::string_view bytes) {
  return bytes.size() >= 2 && static_cast<unsigned char>(bytes[0]) == 0x1f &&
         static_cast<unsigned char>(bytes[1]) == 0x8b;
}

ByteBuffer gunzip(std::string_view compressed, std::string_view what, std::size_t padding, std::uint64_t maxBytes,
                  InflaterKind inflater) {
  // Start from the size the gzip trailer states (mod 2^32), a good guess for one whole member; a
  // truncated file's "trailer" is arbitrary bytes, so never believe more than a plausible ratio.
  std::uint64_t guess = compressed.size() * 4;
  if (compressed.size() >= 18) {
    const auto* t = reinterpret_cast<const unsigned char*>(compressed.data() + compressed.size() - 4);
    std::uint64_t isize = t[0] | (t[1] << 8) | (t[2] << 16) | (static_cast<std::uint64_t>(t[3]) << 24);
    if (isize > guess) guess = std::min<std::uint64_t>({isize, compressed.size() * 64, maxBytes});
  }
  DecompressedStream::Options options;
  options.format = DecompressedStream::Format::Gzip;
  options.inflater = inflater;
  options.maxBytes = maxBytes;
  DecompressedStream in(compressed, std::string(what), options);
  ByteBuffer out(static_cast<std::size_t>(std::min<std::uint64_t>(guess, maxBytes)) + padding + 1);
  for (;;) {
    if (out.size() + padding + 1 >= out.capacity()) out.reserve(out.capacity() * 2);
    std::size_t n = in.read(out.data() + out.size(), out.capacity() - out.size() - padding - 1);
    if (n == 0) break;
    out.setSize(out.size() + n);
  }
  out.zeroPadding(padding);
  return out;
}

namespace {

using FilePtr = std::unique_ptr<FILE, int (*)(FILE*)>;

FilePtr openRegularFile(const std::string& path, struct stat& st) {
  if (inputKindOf(path) != InputKind::RegularFile || ::stat(path.c_str(), &st) != 0) {
    // A pipe read here would be read again by whoever reads the file next: open_input streams it.
    throw InputError(path + ": a pipe, where a regular file is needed");
  }
  FilePtr f(std::fopen(path.c_str(), "rb"), &std::fclose);
  if (!f) throw InputError(path + ": cannot open (" + std::strerror(errno) + ")");
  return f;
}

}  // namespace

OpenedFile openRegularInput(const std::string& path) {
  struct stat st {};
  FilePtr f = openRegularFile(path, st);
  OpenedFile opened;
  opened.file.reset(f.release());
  opened.size = static_cast<std::uint64_t>(st.st_size);
  return opened;
}

std::string readFileHead(const std::string& path, std::size_t n) {
  struct stat st {};
  FilePtr f = openRegularFile(path, st);
  std::string head(n, '\0');
  head.resize(std::fread(head.data(), 1, n, f.get()));
  if (head.empty()) throw InputError(path + ": empty file");
  return head;
}

InputKind inputKindOf(const std::string& path) {
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0) {
    if (errno == ENOENT) throw InputError(path + ": no such file");
    throw InputError(path + ": cannot open (" + std::strerror(errno) + ")");
  }
  if (S_ISREG(st.st_mode)) return InputKind::RegularFile;
  if (S_ISFIFO(st.st_mode)) return InputKind::Pipe;
  if (S_ISDIR(st.st_mode)) throw InputError(path + ": is a directory, not a file");
  throw InputError(path + ": neither a regular file nor a pipe (a device or socket); refusing to read it");
}

namespace {

FileBytes readAll(std::FILE* f, const std::string& what, std::uint64_t fileSize, std::size_t sizeHint,
                  std::size_t padding, const DecompressedStream::Options& options = {}) {
  DecompressedStream in(f, what, fileSize, options);
  FileBytes result;
  result.was_gzip = in.isGzip();
  ByteBuffer& data = result.data;
  // Room for one byte past the bound at most: the stream refuses that byte, so the buffer never grows
  // beyond what the input may hold (a summary's 64 MiB bomb takes 64 MiB, not the next power of two).
  const std::uint64_t most = options.maxBytes + padding + 2;
  auto grown = [&](std::uint64_t capacity) { return static_cast<std::size_t>(std::min(capacity, most)); };
  data.reserve(grown(sizeHint + padding + 1));
  for (;;) {
    if (data.size() + padding + 1 >= data.capacity()) data.reserve(grown(std::uint64_t{data.capacity()} * 2));
    std::size_t n = in.read(data.data() + data.size(), data.capacity() - data.size() - padding - 1);
    if (n == 0) break;
    data.setSize(data.size() + n);
  }
  result.file_size = in.compressedConsumed();
  if (result.file_size == 0) throw InputError(what + ": empty file");
  if (data.empty()) throw InputError(what + ": empty file (after decompression)");
  data.zeroPadding(padding);
  return result;
}

}  // namespace

FileBytes readInputFile(const std::string& path, std::size_t padding, std::uint64_t maxBytes,
                        std::string_view limitReason) {
  struct stat st {};
  FilePtr f = openRegularFile(path, st);
  DecompressedStream::Options options;
  options.maxBytes = maxBytes;
  options.limitReason = limitReason;
  // Room for the file as it is, up to the bound: a larger one is refused before it is all read.
  const auto hint = static_cast<std::size_t>(std::min<std::uint64_t>(static_cast<std::uint64_t>(st.st_size), maxBytes));
  return readAll(f.get(), path, static_cast<std::uint64_t>(st.st_size), hint, padding, options);
}

FileBytes readInputStream(std::FILE* f, const std::string& what, std::size_t padding) {
  return readAll(f, what, 0, 1 << 20, padding);
}

}  // namespace feedscope::io
