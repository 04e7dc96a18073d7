// libFuzzer target: arbitrary bytes as an Nsight Systems SQLite export (read as `report <(cat x)`
// reads one: deserialised in memory), then the analysis and reports of whatever imported. A corrupt or
// hostile export (views in place of tables included) must end in InputError, never a crash or a hang.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "io/input_error.h"
#include "importers/nsys_import.h"
#include "report/report.h"
#include "store/sqlite_handle.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace feedscope;
  try {
    io::SqliteDb db = io::openSqliteFromMemory(std::string_view(reinterpret_cast<const char*>(data), size), "fuzz");
    if (!io::looksLikeNsysExport(db)) return 0;
    trace::Session session;
    session.runs.push_back(io::importNsysDatabase(db, session.strings, "fuzz", "fuzz"));
    report::Report report = report::buildReport(session, "fuzz", {});
    (void)report::renderJsonReport(report);
  } catch (const io::InputError&) {
    // Expected for malformed input.
  }
  return 0;
}
