// Whole-file reading and gzip decompression (zlib).
#include "io/file_bytes.h"

#include <sys/stat.h>
#include <zlib.h>

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

ByteBuffer gunzip(std::string_view compressed, std::string_view what, std::size_t padding, std::uint64_t maxBytes) {
  // Start from the size the gzip trailer states (mod 2^32), a good guess for one whole member; a
  // truncated file's "trailer" is arbitrary bytes, so never believe more than a plausible ratio.
  std::uint64_t guess = compressed.size() * 4;
  if (compressed.size() >= 18) {
    const auto* t = reinterpret_cast<const unsigned char*>(compressed.data() + compressed.size() - 4);
    std::uint64_t isize = t[0] | (t[1] << 8) | (t[2] << 16) | (static_cast<std::uint64_t>(t[3]) << 24);
    if (isize > guess) guess = std::min<std::uint64_t>({isize, compressed.size() * 64, maxBytes});
  }
  ByteBuffer out(static_cast<std::size_t>(std::min<std::uint64_t>(guess, maxBytes)) + padding + 1);

  z_stream zs{};
  if (inflateInit2(&zs, 16 + MAX_WBITS) != Z_OK) throw InputError(std::string(what) + ": cannot start gzip decoder");
  std::unique_ptr<z_stream, void (*)(z_stream*)> guard(&zs, [](z_stream* z) { inflateEnd(z); });
  zs.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(compressed.data()));
  zs.avail_in = static_cast<uInt>(std::min<std::size_t>(compressed.size(), UINT32_MAX));
  std::size_t inputLeft = compressed.size() - zs.avail_in;
  std::size_t produced = 0;
  for (;;) {
    if (produced + padding >= out.capacity()) {
      if (out.capacity() >= maxBytes) {
        throw InputError(std::string(what) + ": decompresses to more than " + std::to_string(maxBytes >> 20) +
                         " MiB, the most the JSON parser takes; refusing");
      }
      out.setSize(produced);
      out.reserve(static_cast<std::size_t>(std::min<std::uint64_t>(out.capacity() * 2, maxBytes + padding)));
    }
    zs.next_out = reinterpret_cast<Bytef*>(out.data() + produced);
    zs.avail_out = static_cast<uInt>(std::min<std::size_t>(out.capacity() - produced - padding, UINT32_MAX));
    std::size_t before = zs.avail_out;
    int rc = inflate(&zs, Z_NO_FLUSH);
    produced += before - zs.avail_out;
    if (zs.avail_in == 0 && inputLeft > 0) {
      std::size_t more = std::min<std::size_t>(inputLeft, UINT32_MAX);
      zs.avail_in = static_cast<uInt>(more);
      inputLeft -= more;
    }
    if (rc == Z_STREAM_END) {
      // Concatenated gzip members are one stream (gzip -c a b > c); trailing zero padding is fine.
      if (zs.avail_in == 0 && inputLeft == 0) break;
      bool onlyZeros = true;
      for (uInt i = 0; i < zs.avail_in && onlyZeros; ++i) onlyZeros = zs.next_in[i] == 0;
      if (onlyZeros && inputLeft == 0) break;
      if (inflateReset(&zs) != Z_OK) throw InputError(std::string(what) + ": corrupt gzip data");
      continue;
    }
    if (rc == Z_BUF_ERROR && zs.avail_in == 0 && inputLeft == 0 && zs.avail_out > 0) {
      throw InputError(std::string(what) + ": truncated gzip data (the file ends in the middle of the stream)");
    }
    if (rc != Z_OK && rc != Z_BUF_ERROR) {
      throw InputError(std::string(what) + ": corrupt gzip data (" + (zs.msg ? zs.msg : "inflate failed") + ")");
    }
  }
  out.setSize(produced);
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

FileBytes readAll(std::FILE* f, const std::string& what, std::size_t sizeHint, std::size_t padding) {
  ByteBuffer raw(sizeHint + padding + 1);
  char buf[1 << 16];
  std::size_t n;
  while ((n = std::fread(buf, 1, sizeof buf, f)) > 0) {
    if (raw.size() + n > kMaxDecompressedBytes) {
      throw InputError(what + ": more than " + std::to_string(kMaxDecompressedBytes >> 20) + " MiB; refusing");
    }
    raw.append(buf, n);
  }
  if (std::ferror(f)) throw InputError(what + ": read error (" + std::strerror(errno) + ")");
  if (raw.empty()) throw InputError(what + ": empty file");
  raw.reserve(raw.size() + padding + 1);
  FileBytes result;
  result.file_size = raw.size();
  if (looksGzip(raw.view())) {
    result.was_gzip = true;
    result.data = gunzip(raw.view(), what, padding);
    if (result.data.empty()) throw InputError(what + ": empty file (after decompression)");
  } else {
    raw.zeroPadding(padding);
    result.data = std::move(raw);
  }
  return result;
}

}  // namespace

FileBytes readInputFile(const std::string& path, std::size_t padding) {
  struct stat st {};
  FilePtr f = openRegularFile(path, st);
  return readAll(f.get(), path, static_cast<std::size_t>(st.st_size), padding);
}

FileBytes readInputStream(std::FILE* f, const std::string& what, std::size_t padding) {
  return readAll(f, what, 1 << 20, padding);
}

}  // namespace feedscope::io
