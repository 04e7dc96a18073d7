// Raw stream reading with recovery: header checks, then chunk by chunk until the first bad one.
#include "rawstream/reader.h"

#include <sys/stat.h>
#include <zlib.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <map>
#include <memory>

#include "rawstream/bytes.h"
#include "trace/utf8.h"

namespace feedscope::rawstream {
namespace {

// Pulls up to `n` bytes into `out`; returns how many it got (fewer at the end of the input).
using ReadFn = std::function<std::size_t(char* out, std::size_t n)>;

std::uint32_t crcOf(std::string_view bytes, std::uint32_t crc = 0) {
  return static_cast<std::uint32_t>(
      ::crc32(crc, reinterpret_cast<const Bytef*>(bytes.data()), static_cast<uInt>(bytes.size())));
}

// Sizes of everything a chunk may add to, so a chunk that fails half-way can be taken back out.
struct Checkpoint {
  std::size_t strings, intervals, clocks, devices, messages;
  std::uint64_t dropped, invalid;
  std::string hostname, executable, command_line;
  std::map<std::string, std::string> launcher_environment;
  bool environment_recorded;
  bool ended_cleanly;

  explicit Checkpoint(const ProcessStream& s)
      : strings(s.strings.size()),
        intervals(s.intervals.size()),
        clocks(s.clocks.size()),
        devices(s.devices.size()),
        messages(s.messages.size()),
        dropped(s.dropped),
        invalid(s.invalid),
        hostname(s.hostname),
        executable(s.executable),
        command_line(s.command_line),
        launcher_environment(s.launcher_environment),
        environment_recorded(s.environment_recorded),
        ended_cleanly(s.ended_cleanly) {}

  void restore(ProcessStream& s) const {
    s.strings.resize(strings);
    s.intervals.resize(intervals);
    s.clocks.resize(clocks);
    s.devices.resize(devices);
    s.messages.resize(messages);
    s.dropped = dropped;
    s.invalid = invalid;
    s.hostname = hostname;
    s.executable = executable;
    s.command_line = command_line;
    s.launcher_environment = launcher_environment;
    s.environment_recorded = environment_recorded;
    s.ended_cleanly = ended_cleanly;
  }
};

enum class RecordOutcome { Kept, Skipped, Bad };

RecordOutcome decodeInterval(ByteCursor& body, ProcessStream& s) {
  auto trackKind = body.field<std::uint8_t>();
  auto kind = body.field<std::uint8_t>();
  auto src = body.field<std::uint8_t>();
  auto dst = body.field<std::uint8_t>();
  auto flags = body.field<std::uint8_t>();
  body.skip(3);
  PlacedInterval p;
  p.placement.device = body.field<std::int32_t>();
  p.placement.lane = body.field<std::int64_t>();
  p.interval.start_ns = body.field<std::int64_t>();
  p.interval.end_ns = body.field<std::int64_t>();
  p.interval.bytes = body.field<std::uint64_t>();
  p.interval.name = body.field<std::uint32_t>();
  p.interval.correlation = body.field<std::uint32_t>();
  if (body.failed() || p.interval.name >= s.strings.size()) return RecordOutcome::Bad;
  // Kinds added by a newer minor version have no meaning here: skip them rather than guess.
  if (trackKind > static_cast<std::uint8_t>(trace::TrackKind::Loader) || kind >= trace::kIntervalKindCount ||
      src >= trace::kMemoryKindCount || dst >= trace::kMemoryKindCount) {
    return RecordOutcome::Skipped;
  }
  p.placement.track = static_cast<trace::TrackKind>(trackKind);
  p.interval.kind = static_cast<trace::IntervalKind>(kind);
  p.interval.src = static_cast<trace::MemoryKind>(src);
  p.interval.dst = static_cast<trace::MemoryKind>(dst);
  p.interval.flags = flags;
  s.intervals.push_back(p);
  return RecordOutcome::Kept;
}

// `afterInterval`: the record before this one, in the same chunk, was an interval that was kept.
RecordOutcome decodeRecord(RecordType type, std::string_view bytes, ProcessStream& s, bool afterInterval) {
  ByteCursor body(bytes);
  switch (type) {
    case RecordType::ProcessInfo: {
      auto host = body.text();
      auto exe = body.text();
      auto cmd = body.text();
      if (body.failed()) return RecordOutcome::Bad;
      // A hostname or an argument of the program may hold any bytes; downstream wants UTF-8.
      s.hostname = trace::validUtf8(host);
      s.executable = trace::validUtf8(exe);
      s.command_line = trace::validUtf8(cmd);
      return RecordOutcome::Kept;
    }
    case RecordType::String: {
      auto id = body.field<std::uint32_t>();
      if (body.failed() || id != s.strings.size()) return RecordOutcome::Bad;
      s.strings.emplace_back(body.rest());
      return RecordOutcome::Kept;
    }
    case RecordType::Interval:
      return decodeInterval(body, s);
    case RecordType::ClockSample: {
      ClockSample c;
      auto clock = body.field<std::uint8_t>();
      c.source_ns = body.field<std::int64_t>();
      c.monotonic_ns = body.field<std::int64_t>();
      c.realtime_ns = body.field<std::int64_t>();
      auto when = body.field<std::uint8_t>();
      if (body.failed()) return RecordOutcome::Bad;
      if (clock > static_cast<std::uint8_t>(ClockId::Realtime) ||
          when > static_cast<std::uint8_t>(ClockWhen::Periodic)) {
        return RecordOutcome::Skipped;
      }
      c.clock = static_cast<ClockId>(clock);
      c.when = static_cast<ClockWhen>(when);
      s.clocks.push_back(c);
      return RecordOutcome::Kept;
    }
    case RecordType::Device: {
      DeviceRecord d;
      d.id = body.field<std::int32_t>();
      d.name = trace::validUtf8(body.text());
      d.uuid = trace::validUtf8(body.text());
      if (body.failed()) return RecordOutcome::Bad;
      s.devices.push_back(std::move(d));
      return RecordOutcome::Kept;
    }
    case RecordType::RecordCounts: {
      auto dropped = body.field<std::uint64_t>();
      auto invalid = body.field<std::uint64_t>();
      if (body.failed()) return RecordOutcome::Bad;
      s.dropped = dropped;
      s.invalid = invalid;
      return RecordOutcome::Kept;
    }
    case RecordType::Message: {
      auto severity = body.field<std::uint8_t>();
      if (body.failed()) return RecordOutcome::Bad;
      Message m;
      m.severity = severity > static_cast<std::uint8_t>(Severity::Error) ? Severity::Error
                                                                         : static_cast<Severity>(severity);
      m.text = trace::validUtf8(body.rest());
      s.messages.push_back(std::move(m));
      return RecordOutcome::Kept;
    }
    case RecordType::Environment: {
      auto count = body.field<std::uint32_t>();
      std::map<std::string, std::string> variables;
      for (std::uint32_t i = 0; i < count && !body.failed(); ++i) {
        auto name = body.text();
        auto value = body.text();
        variables[trace::validUtf8(name)] = trace::validUtf8(value);
      }
      if (body.failed()) return RecordOutcome::Bad;
      s.launcher_environment = std::move(variables);
      s.environment_recorded = true;
      return RecordOutcome::Kept;
    }
    case RecordType::IntervalArguments: {
      auto id = body.field<std::uint32_t>();
      if (body.failed() || id >= s.strings.size()) return RecordOutcome::Bad;
      // Of an interval this reader skipped (a kind of a newer minor version): skipped with it.
      if (!afterInterval) return RecordOutcome::Skipped;
      s.intervals.back().arguments = id;
      return RecordOutcome::Kept;
    }
    case RecordType::End: {
      body.field<std::uint64_t>();
      body.field<std::int64_t>();
      if (body.failed()) return RecordOutcome::Bad;
      s.ended_cleanly = true;
      return RecordOutcome::Kept;
    }
  }
  return RecordOutcome::Skipped;  // a record type from a newer minor version
}

// Decodes a whole chunk; false when it does not hold exactly `count` well-formed records.
bool decodeChunk(std::string_view payload, std::uint32_t count, ProcessStream& s, std::uint64_t& skipped) {
  ByteCursor cursor(payload);
  std::uint32_t seen = 0;
  bool afterInterval = false;
  while (cursor.remaining() > 0) {
    if (s.ended_cleanly) return false;  // nothing may follow the End record
    auto type = cursor.field<std::uint8_t>();
    auto bodyBytes = cursor.field<std::uint32_t>();
    std::string_view body = cursor.take(bodyBytes);
    if (cursor.failed()) return false;
    ++seen;
    RecordOutcome outcome = decodeRecord(static_cast<RecordType>(type), body, s, afterInterval);
    if (outcome == RecordOutcome::Bad) return false;
    afterInterval = static_cast<RecordType>(type) == RecordType::Interval && outcome == RecordOutcome::Kept;
    if (outcome == RecordOutcome::Skipped) ++skipped;
  }
  return seen == count;
}

std::string keptSummary(const ReadReport& r) {
  return "kept " + std::to_string(r.chunks) + " chunk" + (r.chunks == 1 ? "" : "s") + ", " +
         std::to_string(r.records) + " record" + (r.records == 1 ? "" : "s");
}

// `sizeHint`: the input's size in bytes, to reserve room for the intervals it can hold at most.
ReadResult readFrom(const ReadFn& read, std::string_view what, std::uint64_t sizeHint) {
  ReadResult result;
  result.stream.intervals.reserve(
      static_cast<std::size_t>(sizeHint / (kRecordHeaderBytes + kIntervalBodyBytes)));
  ReadReport& r = result.report;
  auto fail = [&](ReadStatus status, std::string problem) {
    r.status = status;
    r.problem = std::string(what) + ": " + std::move(problem);
    return std::move(result);
  };

  char header[kHeaderBytes];
  std::size_t got = read(header, kHeaderBytes);
  if (got == 0) return fail(ReadStatus::Empty, "empty file (the process wrote nothing)");
  if (got < kFileMagic.size() || std::string_view(header, kFileMagic.size()) != kFileMagic) {
    return fail(ReadStatus::NotRawStream, "not a Feedscope raw stream (.fsraw)");
  }
  if (got < 16) return fail(ReadStatus::BadHeader, "header cut short (" + std::to_string(got) + " bytes)");
  r.format_major = loadField<std::uint16_t>(header + 8);
  r.format_minor = loadField<std::uint16_t>(header + 10);
  if (r.format_major > kFormatMajor) {
    return fail(ReadStatus::NewerVersion, "raw stream format " + std::to_string(r.format_major) + "." +
                                              std::to_string(r.format_minor) +
                                              " is newer than this Feedscope reads (" +
                                              std::to_string(kFormatMajor) + ".x): update Feedscope");
  }
  if (r.format_major < 1) return fail(ReadStatus::BadHeader, "unknown raw stream format version 0");
  if (got < kHeaderBytes)
    return fail(ReadStatus::BadHeader, "header cut short (" + std::to_string(got) + " bytes)");
  auto headerBytes = loadField<std::uint32_t>(header + 12);
  if (headerBytes < kHeaderBytes || headerBytes > 4096) {
    return fail(ReadStatus::BadHeader, "header claims " + std::to_string(headerBytes) + " bytes");
  }
  // A newer minor version may lengthen the header: its CRC still closes it, so read it all first.
  std::string fullHeader(header, kHeaderBytes);
  if (headerBytes > kHeaderBytes) {
    fullHeader.resize(headerBytes);
    if (read(fullHeader.data() + kHeaderBytes, headerBytes - kHeaderBytes) != headerBytes - kHeaderBytes) {
      return fail(ReadStatus::BadHeader, "header cut short");
    }
  }
  std::string_view h = fullHeader;
  if (crcOf(h.substr(0, headerBytes - 4)) != loadField<std::uint32_t>(h.data() + headerBytes - 4)) {
    return fail(ReadStatus::BadHeader, "header is corrupt (CRC mismatch)");
  }
  ProcessStream& s = result.stream;
  s.pid = loadField<std::uint32_t>(h.data() + 16);
  s.ppid = loadField<std::uint32_t>(h.data() + 20);
  s.created_monotonic_ns = loadField<std::int64_t>(h.data() + 24);
  s.created_realtime_ns = loadField<std::int64_t>(h.data() + 32);

  std::uint64_t offset = headerBytes;
  std::string payload;
  auto countRest = [&] {
    char sink[1 << 16];
    std::size_t n;
    while ((n = read(sink, sizeof sink)) > 0) r.discarded_bytes += n;
  };
  for (std::uint64_t index = 1;; ++index) {
    char chunkHeader[kChunkHeaderBytes];
    std::size_t n = read(chunkHeader, kChunkHeaderBytes);
    if (n == 0) break;
    std::string where = "chunk " + std::to_string(index) + " at byte " + std::to_string(offset);
    if (n < kChunkHeaderBytes) {
      r.discarded_bytes = n;
      return fail(
          ReadStatus::Truncated,
          "truncated in " + where + " (the process was probably killed while writing it); " + keptSummary(r));
    }
    auto magic = loadField<std::uint32_t>(chunkHeader);
    auto payloadBytes = loadField<std::uint32_t>(chunkHeader + 4);
    auto count = loadField<std::uint32_t>(chunkHeader + 8);
    auto crc = loadField<std::uint32_t>(chunkHeader + 12);
    if (magic != kChunkMagic || payloadBytes > kMaxChunkPayloadBytes) {
      r.discarded_bytes = n;
      countRest();
      return fail(ReadStatus::Corrupt, where + " is corrupt (" +
                                           (magic != kChunkMagic ? "bad chunk marker" : "impossible length") +
                                           "); " + keptSummary(r) + ", discarded " +
                                           std::to_string(r.discarded_bytes) + " bytes");
    }
    payload.resize(payloadBytes);
    std::size_t p = read(payload.data(), payloadBytes);
    if (p < payloadBytes) {
      r.discarded_bytes = n + p;
      return fail(
          ReadStatus::Truncated,
          "truncated in " + where + " (the process was probably killed while writing it); " + keptSummary(r));
    }
    Checkpoint checkpoint(s);
    std::uint64_t skipped = 0;
    bool crcOk = crcOf(payload, crcOf(std::string_view(chunkHeader + 4, 8))) == crc;
    if (!crcOk || !decodeChunk(payload, count, s, skipped)) {
      checkpoint.restore(s);
      r.discarded_bytes = n + p;
      countRest();
      return fail(ReadStatus::Corrupt,
                  where + " is corrupt (" + (crcOk ? "records do not decode" : "CRC mismatch") + "); " +
                      keptSummary(r) + ", discarded " + std::to_string(r.discarded_bytes) + " bytes");
    }
    ++r.chunks;
    r.records += count;
    r.skipped_records += skipped;
    offset += n + p;
  }
  if (!s.ended_cleanly) {
    return fail(
        ReadStatus::Unfinished,
        "no end record (the process was killed, left through _exit, or is still running); " + keptSummary(r));
  }
  r.status = ReadStatus::Complete;
  return result;
}

}  // namespace

std::string_view readStatusName(ReadStatus status) {
  switch (status) {
    case ReadStatus::Complete:
      return "complete";
    case ReadStatus::Unfinished:
      return "unfinished";
    case ReadStatus::Truncated:
      return "truncated";
    case ReadStatus::Corrupt:
      return "corrupt";
    case ReadStatus::Empty:
      return "empty";
    case ReadStatus::NotRawStream:
      return "not a raw stream";
    case ReadStatus::BadHeader:
      return "bad header";
    case ReadStatus::NewerVersion:
      return "newer version";
    case ReadStatus::Unreadable:
      return "unreadable";
  }
  return "unknown";
}

ReadResult readRawStream(const std::string& path) {
  struct stat st {};
  if (::stat(path.c_str(), &st) == 0 && !S_ISREG(st.st_mode) && !S_ISFIFO(st.st_mode)) {
    // A device (/dev/zero) or a folder would be read for ever or not at all.
    ReadResult result;
    result.report.status = ReadStatus::Unreadable;
    result.report.problem = path + ": neither a regular file nor a pipe; refusing to read it";
    return result;
  }
  std::unique_ptr<FILE, int (*)(FILE*)> file(std::fopen(path.c_str(), "rbe"), &std::fclose);
  if (!file) {
    ReadResult result;
    result.report.status = ReadStatus::Unreadable;
    result.report.problem = path + ": cannot open (" + std::strerror(errno) + ")";
    return result;
  }
  bool readError = false;
  std::error_code ec;
  auto size = std::filesystem::file_size(path, ec);
  ReadResult result = readFrom(
      [&](char* out, std::size_t n) {
        std::size_t got = std::fread(out, 1, n, file.get());
        if (got < n && std::ferror(file.get())) readError = true;
        return got;
      },
      path, ec ? 0 : size);
  if (readError) {
    result.report.status = ReadStatus::Unreadable;
    result.report.problem =
        path + ": read error (" + std::strerror(errno) + "); " + keptSummary(result.report);
  }
  return result;
}

ReadResult readRawStreamBytes(std::string_view bytes, std::string_view what) {
  std::size_t pos = 0;
  return readFrom(
      [&](char* out, std::size_t n) {
        std::size_t got = std::min(n, bytes.size() - pos);
        std::memcpy(out, bytes.data() + pos, got);
        pos += got;
        return got;
      },
      what, bytes.size());
}

}  // namespace feedscope::rawstream
