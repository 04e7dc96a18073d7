// libFuzzer target: arbitrary bytes as a Kineto trace (plain or gzipped JSON), then the whole
// analysis and every report writer on whatever imported. Bad input must end in InputError only.
#include <cstddef>
#include <cstdint>
#include <string>

#include "analysis/run_analysis.h"
#include "io/file_bytes.h"
#include "io/input_error.h"
#include "io/kineto_import.h"
#include "report/report.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace feedscope;
  std::string bytes(reinterpret_cast<const char*>(data), size);
  try {
    io::ByteBuffer json;
    if (io::looksGzip(bytes)) {
      // Cap the output: the fuzzer must not spend its time on gzip bombs.
      json = io::gunzip(bytes, "fuzz", io::kDefaultPadding, 64ull << 20);
    } else {
      json.append(bytes.data(), bytes.size());
      json.zeroPadding(io::kDefaultPadding);
    }
    trace::Session session;
    session.runs.push_back(io::importKinetoJson(json, session.strings, "fuzz", "fuzz"));
    report::Report report = report::buildReport(session, "fuzz", {});
    report::compareAgainst(report, 0);
    (void)report::renderTextReport(report);
    (void)report::renderJsonReport(report);
    (void)report::renderMarkdownReport(report);
  } catch (const io::InputError&) {
    // Expected for malformed input.
  }
  return 0;
}
