// libFuzzer target: arbitrary bytes as a Kineto trace (plain or gzipped JSON) through the streaming
// import a file or pipe goes through (gunzip in chunks, the splitter, simdjson per piece), in
// chunks and batches whose sizes come from the input's length so that cuts fall everywhere; then
// the whole analysis and every report writer on whatever imported. Bad input must end in
// InputError only, and reading it whole must agree with streaming it.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>

#include "analysis/run_analysis.h"
#include "read/decompressed_stream.h"
#include "read/file_bytes.h"
#include "io/input_error.h"
#include "importers/kineto_import.h"
#include "report/report.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace feedscope;
  const std::string_view bytes(reinterpret_cast<const char*>(data), size);
  io::StreamImportOptions options;
  options.threaded = false;
  options.chunk_bytes = 1 + size % 97;
  options.batch_bytes = 1 + size % 13;
  io::DecompressedStream::Options streamOptions;
  streamOptions.maxBytes = 64ull << 20;  // the fuzzer must not spend its time on gzip bombs
  bool streamed = false;
  trace::Session session;
  try {
    io::DecompressedStream in(bytes, "fuzz", streamOptions);
    session.runs.push_back(io::importKinetoStream(in, session.strings, "fuzz", "fuzz", {}, {}, options));
    streamed = true;
    report::Report report = report::buildReport(session, "fuzz", {});
    report::compareAgainst(report, 0);
    (void)report::renderTextReport(report);
    (void)report::renderJsonReport(report);
    (void)report::renderMarkdownReport(report);
  } catch (const io::InputError&) {
    // Expected for malformed input.
  }
  // The same bytes, decompressed whole and split in one go, are accepted or refused alike.
  if (!io::looksGzip(bytes)) {
    bool whole = false;
    try {
      trace::StringTable strings;
      trace::Run run = io::importKinetoJson(std::string(bytes), strings, "fuzz", "fuzz");
      whole = true;
      if (streamed && run.intervalCount() != session.runs[0].intervalCount()) std::abort();
    } catch (const io::InputError&) {
    }
    if (whole != streamed && size > 0) std::abort();
  }
  return 0;
}
