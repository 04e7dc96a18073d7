// libFuzzer target: arbitrary bytes as a .feedscope session image, then the analysis and reports of
// whatever loaded. A corrupt session must end in InputError, never a crash or a hang.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "io/input_error.h"
#include "report/report.h"
#include "store/session_store.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace feedscope;
  try {
    trace::Session session =
        io::loadSessionFromMemory(std::string_view(reinterpret_cast<const char*>(data), size), "fuzz");
    report::Report report = report::buildReport(session, "fuzz", {});
    (void)report::renderJsonReport(report);
    (void)report::renderTextReport(report);
  } catch (const io::InputError&) {
    // Expected for malformed input.
  }
  return 0;
}
