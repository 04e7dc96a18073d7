// The raw stream (*.fsraw) layout: one file per recorded process, a header, then chunks that each
// carry their length, record count and CRC32, so a reader keeps everything before a torn or corrupt
// chunk. docs/raw-stream.md describes the same layout for people.
#pragma once

#include <bit>
#include <cstdint>
#include <string_view>

namespace feedscope::rawstream {

// Fields are stored little-endian, as x86_64 and aarch64 Linux store them; the writer and reader copy
// them with memcpy, so this is the one place that would need byte swaps on another machine.
static_assert(std::endian::native == std::endian::little, "raw streams are little-endian");

// "FSRAW", 0x1A, '\n', 0: a text-mode copy or a truncated download changes these bytes.
inline constexpr std::string_view kFileMagic{"FSRAW\x1a\n\0", 8};
// A new major version changes something an older reader would misread; a new minor version only
// adds record types, which older readers skip and count.
inline constexpr std::uint16_t kFormatMajor = 1;
// 1: the Environment record; 2: the IntervalArguments record.
inline constexpr std::uint16_t kFormatMinor = 2;

// File header, 48 bytes:
//   magic[8] major:u16 minor:u16 header_bytes:u32 pid:u32 ppid:u32
//   created_monotonic_ns:i64 created_realtime_ns:i64 reserved:u32 crc32:u32 (of the 44 bytes before)
inline constexpr std::uint32_t kHeaderBytes = 48;

// Chunk header, 16 bytes: magic:u32 payload_bytes:u32 record_count:u32 crc32:u32, where the CRC
// covers payload_bytes, record_count and the payload, so a flipped count is caught too.
inline constexpr std::uint32_t kChunkMagic = 0x4B435346;  // "FSCK" read as little-endian
inline constexpr std::uint32_t kChunkHeaderBytes = 16;
// Larger claims are corruption, not data: the writer never builds chunks this big.
inline constexpr std::uint32_t kMaxChunkPayloadBytes = 64u << 20;

// Every record in a chunk payload: type:u8 body_bytes:u32 body.
inline constexpr std::uint32_t kRecordHeaderBytes = 5;

enum class RecordType : std::uint8_t {
  ProcessInfo = 1,   // hostname, executable, command line
  String = 2,        // id:u32 text: names used by later intervals, local to this stream
  Interval = 3,      // one interval with its placement (track kind, device, stream or thread)
  ClockSample = 4,   // clock:u8 source_ns monotonic_ns realtime_ns when:u8
  Device = 5,        // id:i32 name uuid
  RecordCounts = 6,  // dropped:u64 invalid:u64, totals so far (the last one wins)
  Message = 7,       // severity:u8 text: every failure inside the recorder, for the launcher to report
  End = 8,           // records_written:u64 monotonic_ns: written by a clean exit only
  // count:u32 then count × (name, value), each u32 length + bytes: the launcher variables the process
  // had (trace/rank_environment.h, kLauncherVariables), which say which rank of a job it was. The last
  // one wins. Minor version 1; older readers skip it.
  Environment = 9,
  // arguments:u32, a String id: the JSON object text of the interval record just before it in the
  // same chunk (a kernel's launch configuration, trace/kernel_launch.h). Minor version 2; older
  // readers skip it and keep the interval without arguments.
  IntervalArguments = 10,
};

// Interval body, 52 bytes:
//   track_kind:u8 interval_kind:u8 src:u8 dst:u8 flags:u8 pad[3] device:i32 lane:i64 (stream for GPU
//   tracks, thread id for host tracks, worker for loader tracks) start_ns:i64 end_ns:i64 bytes:u64
//   name:u32 correlation:u32
inline constexpr std::uint32_t kIntervalBodyBytes = 52;

// Which clock a ClockSample's source_ns reads (the collector's timestamps are on that clock).
enum class ClockId : std::uint8_t { Unknown = 0, Monotonic = 1, Realtime = 2 };
enum class ClockWhen : std::uint8_t { Start = 0, End = 1, Periodic = 2 };

enum class Severity : std::uint8_t { Info = 0, Warning = 1, Error = 2 };
std::string_view severityName(Severity s);

}  // namespace feedscope::rawstream
