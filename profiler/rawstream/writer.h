// Writes one process's raw stream: records are gathered into a chunk in memory and written with one
// write(2) per chunk, so a process killed at any moment leaves whole chunks behind it and at most the
// chunk being written torn. Thread-safe: the collector's completion callbacks run concurrently.
#pragma once

#include <atomic>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <unordered_map>

#include "rawstream/process_stream.h"

namespace feedscope::rawstream {

struct StreamIdentity {
  std::uint32_t pid = 0;
  std::uint32_t ppid = 0;
  std::int64_t created_monotonic_ns = 0;
  std::int64_t created_realtime_ns = 0;
};

class RawStreamWriter {
 public:
  // Gathered records are written as a chunk once they pass this many bytes (or on flush()).
  static constexpr std::size_t kDefaultChunkBytes = 1u << 20;

  // Creates `path` (it must not exist) and writes the header. On failure returns null and puts the
  // reason in `error`.
  static std::unique_ptr<RawStreamWriter> create(const std::string& path, const StreamIdentity& identity,
                                                 std::string& error,
                                                 std::size_t chunkBytes = kDefaultChunkBytes);
  ~RawStreamWriter();
  RawStreamWriter(const RawStreamWriter&) = delete;
  RawStreamWriter& operator=(const RawStreamWriter&) = delete;

  void addProcessInfo(std::string_view hostname, std::string_view executable, std::string_view commandLine);
  // The launcher variables the process has (name, value), all of them at once: a later call replaces
  // what an earlier one said.
  void addEnvironment(const std::map<std::string, std::string>& variables);
  // `name` is interned: the first use of a text writes a String record ahead of the interval.
  // `arguments` (a JSON object's text, "" for none) likewise, then follows the interval as an
  // IntervalArguments record in the same chunk.
  void addInterval(const Placement& placement, const trace::Interval& interval, std::string_view name,
                   std::string_view arguments = {});
  void addClockSample(const ClockSample& sample);
  void addDevice(const DeviceRecord& device);
  void addRecordCounts(std::uint64_t dropped, std::uint64_t invalid);
  void addMessage(Severity severity, std::string_view text);

  // Writes the gathered records as one chunk (nothing when there are none).
  void flush();
  // Writes the End record, flushes and closes; later calls do nothing.
  void close(std::int64_t monotonicNs);

  // For a forked child, which shares the file with its parent: from now on every call that writes
  // returns before it takes the lock, since a thread of the parent (the flush thread) may have held it
  // at the moment of fork() and no thread of the child will ever release it.
  void disableWithoutLocking() { disabled_.store(true, std::memory_order_relaxed); }

  const std::string& path() const { return path_; }
  // Records written to the file in whole chunks so far, and gathered but not yet written.
  std::uint64_t recordsWritten() const;
  std::uint32_t recordsPending() const;
  // Why writing stopped (a full disk...), or empty while all is well.
  std::string writeError() const;

 private:
  RawStreamWriter(int fd, std::string path, std::size_t chunkBytes);
  void beginRecord(RecordType type, std::uint32_t bodyBytes);
  std::uint32_t internLocked(std::string_view text);
  void flushLocked();
  void flushIfFullLocked();
  bool disabled() const { return disabled_.load(std::memory_order_relaxed); }
  bool usable() const { return !disabled() && fd_ >= 0; }

  struct TextHash {
    using is_transparent = void;
    std::size_t operator()(std::string_view s) const { return std::hash<std::string_view>{}(s); }
  };

  mutable std::mutex mutex_;
  int fd_;
  std::string path_;
  std::size_t chunk_bytes_;
  std::string payload_;
  std::uint32_t payload_records_ = 0;
  std::uint64_t records_written_ = 0;
  std::string write_error_;
  std::unordered_map<std::string, std::uint32_t, TextHash, std::equal_to<>> string_ids_;
  std::atomic<bool> disabled_{false};
};

}  // namespace feedscope::rawstream
