// Reads a raw stream back: every good chunk before the first bad one is kept, and the report says how
// many records were recovered and, in one line, what was wrong with the rest.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>

#include "rawstream/process_stream.h"

namespace feedscope::rawstream {

enum class ReadStatus {
  Complete,      // every chunk good and the End record read: the process left through exit()
  Unfinished,    // every chunk good but no End record: killed, _exit, or still running
  Truncated,     // the file ends inside a chunk: the process died while writing it
  Corrupt,       // a chunk fails its CRC or does not decode; it and all after it are dropped
  Empty,         // a file of zero bytes
  NotRawStream,  // the magic bytes are wrong
  BadHeader,     // the header fails its CRC or is cut short
  NewerVersion,  // written by a Feedscope whose format this one cannot read
  Unreadable,    // cannot be opened or read
};
std::string_view readStatusName(ReadStatus status);

struct ReadReport {
  ReadStatus status = ReadStatus::Complete;
  std::uint64_t chunks = 0;           // good chunks kept
  std::uint64_t records = 0;          // records in the good chunks
  std::uint64_t skipped_records = 0;  // records of types or kinds this version does not know (newer minor)
  std::uint64_t discarded_bytes = 0;  // bytes from the first bad chunk to the end of the file
  std::uint16_t format_major = 0;
  std::uint16_t format_minor = 0;
  std::string problem;  // one line naming the file, empty when Complete

  // True when at least the header was read: the stream's data (possibly none) is usable.
  bool usable() const {
    return status == ReadStatus::Complete || status == ReadStatus::Unfinished ||
           status == ReadStatus::Truncated || status == ReadStatus::Corrupt;
  }
};

struct ReadResult {
  ProcessStream stream;
  ReadReport report;
};

// Reads the file at `path` in chunk-sized pieces; never throws for bad contents.
ReadResult readRawStream(const std::string& path);
// The same for bytes in memory; `what` names them in messages.
ReadResult readRawStreamBytes(std::string_view bytes, std::string_view what);

}  // namespace feedscope::rawstream
