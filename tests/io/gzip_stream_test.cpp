// Streaming gunzip: zlib and ISA-L give the same bytes, read whole or in pieces of any size;
// multi-member files, zero padding, truncation and corruption behave as whole-file reading did.
#include <gtest/gtest.h>
#include <zlib.h>

#include <string>
#include <vector>

#include "read/decompressed_stream.h"
#include "read/file_bytes.h"
#include "io/input_error.h"
#include "support/gzip_text.h"
#include "support/independent_kineto.h"
#include "support/temp_dir.h"

namespace feedscope::io {
namespace {

std::string dataPath(const std::string& rel) { return std::string(FEEDSCOPE_TEST_DATA_DIR) + "/" + rel; }

std::vector<InflaterKind> inflaters() {
  std::vector<InflaterKind> kinds{InflaterKind::Zlib};
  if (isalAvailable()) kinds.push_back(InflaterKind::Isal);
  return kinds;
}

std::string gzipOf(const std::string& text) { return testing::gzipString(text); }

// Reads `compressed` through a stream, `piece` bytes per read.
std::string readInPieces(const std::string& compressed, InflaterKind kind, std::size_t piece) {
  DecompressedStream::Options o;
  o.inflater = kind;
  DecompressedStream in(compressed, "t.gz", o);
  std::string out, buf(piece, '\0');
  while (std::size_t n = in.read(buf.data(), piece)) out.append(buf.data(), n);
  return out;
}

// The same through a file, so that input blocks (here 5 bytes) end anywhere, members included.
std::string readFileInBlocks(const std::string& path, InflaterKind kind, std::size_t block) {
  OpenedFile f = openRegularInput(path);
  DecompressedStream::Options o;
  o.inflater = kind;
  o.blockBytes = block;
  DecompressedStream in(f.file.get(), path, f.size, o);
  std::string out(1 << 16, '\0'), all;
  while (std::size_t n = in.read(out.data(), out.size())) all.append(out.data(), n);
  return all;
}

TEST(GzipStream, BothInflatersGiveTheBytesZlibGaveWhole) {
  testing::TempDir dir;
  const std::string a = testing::gunzipFile(dataPath("kineto/a100_simple_add.json.gz"));
  const std::string b = testing::gunzipFile(dataPath("kineto/compare_base.json.gz"));
  const std::string members = gzipOf(a) + gzipOf(b) + gzipOf("");
  const std::string padded = members + std::string(1000, '\0');
  const std::string path = dir.file("members.json.gz", padded);
  for (InflaterKind kind : inflaters()) {
    const std::string name = kind == InflaterKind::Isal ? "isa-l" : "zlib";
    EXPECT_EQ(readInPieces(gzipOf(a), kind, 1 << 20), a) << name;
    EXPECT_EQ(readInPieces(members, kind, 1 << 20), a + b) << name;
    EXPECT_EQ(readInPieces(members, kind, 3), a + b) << name;
    EXPECT_EQ(readInPieces(padded, kind, 4096), a + b) << name;
    EXPECT_EQ(readFileInBlocks(path, kind, 5), a + b) << name;
    EXPECT_EQ(readFileInBlocks(path, kind, 1 << 18), a + b) << name;
    EXPECT_EQ(gunzip(members, "t.gz", kDefaultPadding, kMaxDecompressedBytes, kind).view(), a + b) << name;
  }
  const std::string big = testing::readWholeFile(dataPath("kineto/ns_resolution_rank0.json.gz"));
  if (isalAvailable()) {
    EXPECT_EQ(readInPieces(big, InflaterKind::Isal, 1 << 20), readInPieces(big, InflaterKind::Zlib, 1 << 20));
  }
}

// gzip of `text` with the optional header fields (RFC 1952): a file name, a comment, extra bytes
// and the header CRC (FHCRC), written by zlib itself.
std::string gzipWithHeader(const std::string& text, const std::string& name, const std::string& comment,
                           const std::string& extra) {
  z_stream z{};
  EXPECT_EQ(deflateInit2(&z, 6, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY), Z_OK);
  gz_header h{};
  std::string nameZ = name, commentZ = comment, extraCopy = extra;
  h.name = reinterpret_cast<Bytef*>(nameZ.data());
  h.comment = reinterpret_cast<Bytef*>(commentZ.data());
  h.extra = reinterpret_cast<Bytef*>(extraCopy.data());
  h.extra_len = static_cast<uInt>(extraCopy.size());
  h.hcrc = 1;
  EXPECT_EQ(deflateSetHeader(&z, &h), Z_OK);
  std::string out(deflateBound(&z, text.size()) + name.size() + comment.size() + extra.size() + 64, '\0');
  z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(text.data()));
  z.avail_in = static_cast<uInt>(text.size());
  z.next_out = reinterpret_cast<Bytef*>(out.data());
  z.avail_out = static_cast<uInt>(out.size());
  EXPECT_EQ(deflate(&z, Z_FINISH), Z_STREAM_END);
  out.resize(z.total_out);
  deflateEnd(&z);
  return out;
}

// A header with FHCRC is valid gzip whatever its length and wherever the input blocks end: ISA-L's
// own header parser got the CRC wrong when the header crossed a read boundary ("incorrect data
// check"), so the header is read before ISA-L inflates.
TEST(GzipStream, HeaderFieldsAndHeaderCrcAcrossReadBoundaries) {
  testing::TempDir dir;
  const std::string text = testing::gunzipFile(dataPath("kineto/compare_base.json.gz"));
  const std::string longName(70000, 'n');  // past the 64 KiB block the stream reads
  const std::vector<std::string> files = {
      gzipWithHeader(text, "t.json", "", ""),
      gzipWithHeader(text, longName, "a comment", std::string(300, 'x')),
      gzipWithHeader(text, "t.json", std::string(65530, 'c'), ""),  // the CRC lands on the boundary
      gzipWithHeader(text, "", "", std::string(65000, 'e')) + gzipWithHeader("", "second", "", ""),
  };
  for (std::size_t i = 0; i < files.size(); ++i) {
    const std::string path = dir.file("h" + std::to_string(i) + ".json.gz", files[i]);
    for (InflaterKind kind : inflaters()) {
      const std::string name = (kind == InflaterKind::Isal ? "isa-l, file " : "zlib, file ") + std::to_string(i);
      EXPECT_EQ(readFileInBlocks(path, kind, 1 << 16), text) << name;
      EXPECT_EQ(readFileInBlocks(path, kind, 7), text) << name;
      EXPECT_EQ(readInPieces(files[i], kind, 1 << 20), text) << name;
    }
  }
  // A header CRC that does not match is refused by both.
  std::string bad = files[1];
  const std::size_t crcAt = 10 + 2 + 300 + longName.size() + 1 + std::string("a comment").size() + 1;
  bad[crcAt] = static_cast<char>(bad[crcAt] ^ 0x5A);
  const std::string badPath = dir.file("bad.json.gz", bad);
  for (InflaterKind kind : inflaters()) {
    EXPECT_THROW((void)readFileInBlocks(badPath, kind, 1 << 16), InputError);
  }
}

std::string errorOf(const std::string& compressed, InflaterKind kind) {
  try {
    (void)readInPieces(compressed, kind, 4096);
  } catch (const InputError& e) {
    return e.what();
  }
  return "(no error)";
}

TEST(GzipStream, TruncationCorruptionAndGarbageAreRefusedByBothInflaters) {
  const std::string gz = gzipOf(testing::gunzipFile(dataPath("kineto/compare_base.json.gz")));
  std::string corrupt = gz;
  for (std::size_t i = 100; i < 200; ++i) corrupt[i] = static_cast<char>(corrupt[i] ^ 0x5a);
  for (InflaterKind kind : inflaters()) {
    EXPECT_EQ(errorOf(gz.substr(0, gz.size() / 2), kind),
              "t.gz: truncated gzip data (the file ends in the middle of the stream)");
    EXPECT_EQ(errorOf(gz.substr(0, gz.size() - 3), kind),
              "t.gz: truncated gzip data (the file ends in the middle of the stream)");
    EXPECT_EQ(errorOf(corrupt, kind).rfind("t.gz: corrupt gzip data (", 0), 0u) << errorOf(corrupt, kind);
    EXPECT_EQ(errorOf(gz + std::string(10, '\0') + "x", kind), "t.gz: corrupt gzip data (incorrect header check)");
    EXPECT_EQ(errorOf(gz + "garbage", kind).rfind("t.gz: corrupt gzip data (", 0), 0u);
  }
}

}  // namespace
}  // namespace feedscope::io
