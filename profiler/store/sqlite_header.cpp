// SQLite header checks.
#include "store/sqlite_header.h"

namespace feedscope::io {

namespace {

std::uint32_t bigEndian(std::string_view bytes, std::size_t at, std::size_t width) {
  std::uint32_t value = 0;
  for (std::size_t i = 0; i < width; ++i) value = (value << 8) | static_cast<unsigned char>(bytes[at + i]);
  return value;
}

std::uint32_t pageSize(std::string_view header) {
  std::uint32_t size = bigEndian(header, 16, 2);
  return size == 1 ? 65536 : size;  // 1 stands for 65536, which does not fit two bytes
}

}  // namespace

std::string sqliteHeaderProblem(std::string_view header) {
  if (header.size() < kSqliteHeaderBytes) return "shorter than an SQLite header (100 bytes)";
  std::uint32_t page = pageSize(header);
  if (page < 512 || page > 65536 || (page & (page - 1)) != 0) return "an SQLite header with an invalid page size";
  auto byte = [&](std::size_t at) { return static_cast<unsigned char>(header[at]); };
  if (byte(18) < 1 || byte(18) > 2 || byte(19) < 1 || byte(19) > 2) {
    return "an SQLite header with an unknown file format version";
  }
  // The payload fractions are fixed by the format; anything else is not a database SQLite wrote.
  if (byte(21) != 64 || byte(22) != 32 || byte(23) != 32) return "an SQLite header with invalid payload fractions";
  if (byte(20) > page - 480) return "an SQLite header with invalid reserved space";
  return "";
}

std::optional<std::uint64_t> sqliteSizeFromHeader(std::string_view header) {
  if (!sqliteHeaderProblem(header).empty()) return std::nullopt;
  std::uint32_t pages = bigEndian(header, 28, 4);
  if (pages == 0 || bigEndian(header, 24, 4) != bigEndian(header, 92, 4)) return std::nullopt;
  return std::uint64_t{pages} * pageSize(header);
}

}  // namespace feedscope::io
