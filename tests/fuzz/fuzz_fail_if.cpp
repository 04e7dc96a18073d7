// libFuzzer target: arbitrary text as a --fail-if expression. Anything it cannot read must end in
// InputError (exit 2), never a crash: std::regex once overflowed the stack on a long expression.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "io/input_error.h"
#include "report/report_gate.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace feedscope;
  try {
    report::Threshold t = report::parseThreshold(std::string_view(reinterpret_cast<const char*>(data), size));
    (void)t.keyName();
    (void)t.crossedBy(1.0);
  } catch (const io::InputError&) {
    // Expected for malformed expressions.
  }
  return 0;
}
