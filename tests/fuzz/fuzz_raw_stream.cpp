// libFuzzer target: arbitrary bytes as a raw stream (*.fsraw), then what `feedscope record` does with
// what was recovered: merge into a run, analyse, report. A damaged stream must end in a recovery
// report, never a crash, a hang or an allocation beyond what its bytes can hold. Inputs whose first
// byte is even are taken as a chunk payload and framed with a valid header and CRC first, so the
// record decoder, the merge and the analysis see arbitrary records rather than only CRC failures.
#include <zlib.h>

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "report/report.h"
#include "launch/stream_merge.h"
#include "rawstream/bytes.h"
#include "rawstream/format.h"
#include "rawstream/reader.h"
#include "trace/session.h"

namespace {

using namespace feedscope;

std::uint32_t crcOf(std::string_view bytes, std::uint32_t crc = 0) {
  return static_cast<std::uint32_t>(
      ::crc32(crc, reinterpret_cast<const Bytef*>(bytes.data()), static_cast<uInt>(bytes.size())));
}

// A stream of one chunk holding `payload`, its record count as the decoder would count it.
std::string framed(std::string_view payload) {
  std::uint32_t count = 0;
  for (std::size_t at = 0; at + rawstream::kRecordHeaderBytes <= payload.size(); ++count) {
    at += std::size_t{rawstream::kRecordHeaderBytes} +
          rawstream::loadField<std::uint32_t>(payload.data() + at + 1);
  }
  std::string out(rawstream::kFileMagic);
  rawstream::appendField(out, rawstream::kFormatMajor);
  rawstream::appendField(out, rawstream::kFormatMinor);
  rawstream::appendField(out, rawstream::kHeaderBytes);
  out.append(28, '\x01');
  rawstream::appendField(out, crcOf(out));
  std::string header;
  rawstream::appendField(header, static_cast<std::uint32_t>(payload.size()));
  rawstream::appendField(header, count);
  rawstream::appendField(out, rawstream::kChunkMagic);
  out += header;
  rawstream::appendField(out, crcOf(payload, crcOf(header)));
  out.append(payload);
  return out;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string_view bytes(reinterpret_cast<const char*>(data), size);
  std::string stream = size > 0 && data[0] % 2 == 0 ? framed(bytes.substr(1)) : std::string(bytes);
  rawstream::ReadResult read = rawstream::readRawStreamBytes(stream, "fuzz.fsraw");
  if (!read.report.usable()) return 0;
  trace::Session session;
  session.runs.push_back(launch::mergeProcessStreams({read.stream}, session.strings, "fuzz"));
  report::Report report = report::buildReport(session, "fuzz", {});
  (void)report::renderJsonReport(report);
  (void)report::renderTextReport(report);
  return 0;
}
