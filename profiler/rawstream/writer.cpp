// Raw stream writing: records into an in-memory chunk, chunks to the file with one writev each.
#include "rawstream/writer.h"

#include <fcntl.h>
#include <sys/uio.h>
#include <unistd.h>
#include <zlib.h>

#include <cerrno>
#include <cstring>

#include "rawstream/bytes.h"

namespace feedscope::rawstream {
namespace {

constexpr int kHighDescriptor = 400;

std::uint32_t crcOf(std::string_view bytes, std::uint32_t crc = 0) {
  return static_cast<std::uint32_t>(
      ::crc32(crc, reinterpret_cast<const Bytef*>(bytes.data()), static_cast<uInt>(bytes.size())));
}

// Writes all of `parts`, resuming after partial writes and interrupted calls.
bool writeAll(int fd, iovec* parts, int count) {
  while (count > 0) {
    ssize_t n = ::writev(fd, parts, count);
    if (n < 0) {
      if (errno == EINTR) continue;
      return false;
    }
    auto left = static_cast<std::size_t>(n);
    while (count > 0 && left >= parts->iov_len) {
      left -= parts->iov_len;
      ++parts;
      --count;
    }
    if (count > 0) {
      parts->iov_base = static_cast<char*>(parts->iov_base) + left;
      parts->iov_len -= left;
    }
  }
  return true;
}

std::string encodeHeader(const StreamIdentity& id) {
  std::string h;
  h.reserve(kHeaderBytes);
  h.append(kFileMagic);
  appendField(h, kFormatMajor);
  appendField(h, kFormatMinor);
  appendField(h, kHeaderBytes);
  appendField(h, id.pid);
  appendField(h, id.ppid);
  appendField(h, id.created_monotonic_ns);
  appendField(h, id.created_realtime_ns);
  appendField(h, std::uint32_t{0});
  appendField(h, crcOf(h));
  return h;
}

}  // namespace

std::string_view severityName(Severity s) {
  switch (s) {
    case Severity::Info:
      return "info";
    case Severity::Warning:
      return "warning";
    case Severity::Error:
      return "error";
  }
  return "unknown";
}

std::unique_ptr<RawStreamWriter> RawStreamWriter::create(const std::string& path,
                                                         const StreamIdentity& identity, std::string& error,
                                                         std::size_t chunkBytes) {
  int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_APPEND, 0644);
  if (fd < 0) {
    error = path + ": cannot create (" + std::strerror(errno) + ")";
    return nullptr;
  }
  // Keep clear of the low descriptor numbers a program reuses: if it closes ours (closerange after
  // fork, daemonising), our writes must fail rather than land in a file of its own opened under the
  // same number.
  if (int high = ::fcntl(fd, F_DUPFD_CLOEXEC, kHighDescriptor); high >= 0) {
    ::close(fd);
    fd = high;
  }
  std::string header = encodeHeader(identity);
  iovec part{header.data(), header.size()};
  if (!writeAll(fd, &part, 1)) {
    error = path + ": cannot write the header (" + std::strerror(errno) + ")";
    ::close(fd);
    return nullptr;
  }
  return std::unique_ptr<RawStreamWriter>(new RawStreamWriter(fd, path, chunkBytes));
}

RawStreamWriter::RawStreamWriter(int fd, std::string path, std::size_t chunkBytes)
    : fd_(fd), path_(std::move(path)), chunk_bytes_(chunkBytes) {
  payload_.reserve(chunk_bytes_ + 4096);
}

RawStreamWriter::~RawStreamWriter() {
  if (fd_ >= 0 && !disabled_.load()) ::close(fd_);
}

void RawStreamWriter::beginRecord(RecordType type, std::uint32_t bodyBytes) {
  appendField(payload_, static_cast<std::uint8_t>(type));
  appendField(payload_, bodyBytes);
  ++payload_records_;
}

std::uint32_t RawStreamWriter::internLocked(std::string_view text) {
  if (text.empty()) return 0;
  if (auto it = string_ids_.find(text); it != string_ids_.end()) return it->second;
  auto id = static_cast<std::uint32_t>(string_ids_.size() + 1);
  string_ids_.emplace(std::string(text), id);
  beginRecord(RecordType::String, static_cast<std::uint32_t>(sizeof(std::uint32_t) + text.size()));
  appendField(payload_, id);
  payload_.append(text);
  return id;
}

void RawStreamWriter::addProcessInfo(std::string_view hostname, std::string_view executable,
                                     std::string_view commandLine) {
  if (disabled()) return;  // before the lock: see disableWithoutLocking
  std::lock_guard lock(mutex_);
  if (!usable()) return;
  beginRecord(RecordType::ProcessInfo,
              static_cast<std::uint32_t>(12 + hostname.size() + executable.size() + commandLine.size()));
  appendText(payload_, hostname);
  appendText(payload_, executable);
  appendText(payload_, commandLine);
  flushIfFullLocked();
}

void RawStreamWriter::addEnvironment(const std::map<std::string, std::string>& variables) {
  if (disabled()) return;  // before the lock: see disableWithoutLocking
  std::lock_guard lock(mutex_);
  if (!usable()) return;
  std::size_t bytes = 4;
  for (const auto& [name, value] : variables) bytes += 8 + name.size() + value.size();
  beginRecord(RecordType::Environment, static_cast<std::uint32_t>(bytes));
  appendField(payload_, static_cast<std::uint32_t>(variables.size()));
  for (const auto& [name, value] : variables) {
    appendText(payload_, name);
    appendText(payload_, value);
  }
  flushIfFullLocked();
}

void RawStreamWriter::addInterval(const Placement& placement, const trace::Interval& iv,
                                  std::string_view name, std::string_view arguments) {
  if (disabled()) return;  // before the lock: see disableWithoutLocking
  std::lock_guard lock(mutex_);
  if (!usable()) return;
  std::uint32_t nameId = internLocked(name);
  std::uint32_t argumentsId = internLocked(arguments);
  beginRecord(RecordType::Interval, kIntervalBodyBytes);
  appendField(payload_, static_cast<std::uint8_t>(placement.track));
  appendField(payload_, static_cast<std::uint8_t>(iv.kind));
  appendField(payload_, static_cast<std::uint8_t>(iv.src));
  appendField(payload_, static_cast<std::uint8_t>(iv.dst));
  appendField(payload_, iv.flags);
  payload_.append(3, '\0');
  appendField(payload_, placement.device);
  appendField(payload_, placement.lane);
  appendField(payload_, iv.start_ns);
  appendField(payload_, iv.end_ns);
  appendField(payload_, iv.bytes);
  appendField(payload_, nameId);
  appendField(payload_, iv.correlation);
  if (argumentsId != 0) {
    // No flush between the two: the reader pairs them within a chunk.
    beginRecord(RecordType::IntervalArguments, sizeof(std::uint32_t));
    appendField(payload_, argumentsId);
  }
  flushIfFullLocked();
}

void RawStreamWriter::addClockSample(const ClockSample& sample) {
  if (disabled()) return;  // before the lock: see disableWithoutLocking
  std::lock_guard lock(mutex_);
  if (!usable()) return;
  beginRecord(RecordType::ClockSample, 26);
  appendField(payload_, static_cast<std::uint8_t>(sample.clock));
  appendField(payload_, sample.source_ns);
  appendField(payload_, sample.monotonic_ns);
  appendField(payload_, sample.realtime_ns);
  appendField(payload_, static_cast<std::uint8_t>(sample.when));
  flushIfFullLocked();
}

void RawStreamWriter::addDevice(const DeviceRecord& device) {
  if (disabled()) return;  // before the lock: see disableWithoutLocking
  std::lock_guard lock(mutex_);
  if (!usable()) return;
  beginRecord(RecordType::Device, static_cast<std::uint32_t>(12 + device.name.size() + device.uuid.size()));
  appendField(payload_, device.id);
  appendText(payload_, device.name);
  appendText(payload_, device.uuid);
  flushIfFullLocked();
}

void RawStreamWriter::addRecordCounts(std::uint64_t dropped, std::uint64_t invalid) {
  if (disabled()) return;  // before the lock: see disableWithoutLocking
  std::lock_guard lock(mutex_);
  if (!usable()) return;
  beginRecord(RecordType::RecordCounts, 16);
  appendField(payload_, dropped);
  appendField(payload_, invalid);
  flushIfFullLocked();
}

void RawStreamWriter::addMessage(Severity severity, std::string_view text) {
  if (disabled()) return;  // before the lock: see disableWithoutLocking
  std::lock_guard lock(mutex_);
  if (!usable()) return;
  beginRecord(RecordType::Message, static_cast<std::uint32_t>(1 + text.size()));
  appendField(payload_, static_cast<std::uint8_t>(severity));
  payload_.append(text);
  flushIfFullLocked();
}

void RawStreamWriter::flushIfFullLocked() {
  if (payload_.size() >= chunk_bytes_) flushLocked();
}

void RawStreamWriter::flushLocked() {
  if (payload_records_ == 0 || !usable()) return;
  if (!write_error_.empty()) {
    // A failed write may have left a torn chunk, after which a reader stops: writing on is useless.
    payload_.clear();
    payload_records_ = 0;
    return;
  }
  std::string header;
  appendField(header, kChunkMagic);
  appendField(header, static_cast<std::uint32_t>(payload_.size()));
  appendField(header, payload_records_);
  std::uint32_t crc = crcOf(payload_, crcOf(std::string_view(header).substr(4)));
  appendField(header, crc);
  iovec parts[2] = {{header.data(), header.size()}, {payload_.data(), payload_.size()}};
  if (writeAll(fd_, parts, 2)) {
    records_written_ += payload_records_;
  } else {
    write_error_ = path_ + ": write failed (" + std::strerror(errno) + ")";
  }
  payload_.clear();
  payload_records_ = 0;
}

void RawStreamWriter::flush() {
  if (disabled()) return;
  std::lock_guard lock(mutex_);
  flushLocked();
}

void RawStreamWriter::close(std::int64_t monotonicNs) {
  if (disabled()) return;  // before the lock: see disableWithoutLocking
  std::lock_guard lock(mutex_);
  if (!usable()) return;
  beginRecord(RecordType::End, 16);
  appendField(payload_, records_written_ + payload_records_ - 1);
  appendField(payload_, monotonicNs);
  flushLocked();
  ::close(fd_);
  fd_ = -1;
}

std::uint64_t RawStreamWriter::recordsWritten() const {
  std::lock_guard lock(mutex_);
  return records_written_;
}

std::uint32_t RawStreamWriter::recordsPending() const {
  std::lock_guard lock(mutex_);
  return payload_records_;
}

std::string RawStreamWriter::writeError() const {
  std::lock_guard lock(mutex_);
  return write_error_;
}

}  // namespace feedscope::rawstream
