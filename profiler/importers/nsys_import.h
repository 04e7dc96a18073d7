// Import of Nsight Systems SQLite exports (`nsys export --type sqlite report.nsys-rep`): kernels,
// memory copies (with nsys's own memory-kind numbering), memsets, synchronizations, CUDA runtime and
// driver calls with their correlation ids, and NVTX ranges (classified into steps, data loading and
// plain ranges); names through StringIds. Tables nsys left out because they were empty are fine.
// Copies of unknown direction (copyKind 0) are left out and counted as invalid records.
#pragma once

#include <cstdint>
#include <string>

#include "importers/kineto_import.h"
#include "store/sqlite_handle.h"
#include "trace/session.h"

namespace feedscope::io {

// True when the database has the tables of an nsys export: StringIds and at least one CUDA
// activity, NVTX, target-info or export-metadata table.
bool looksLikeNsysExport(const SqliteDb& db);

// Reads an export as a run named `runName`. `what` names the input in errors. Throws InputError
// for a database that is not an nsys export, or one whose tables lack the columns needed.
trace::Run importNsysDatabase(const SqliteDb& db, trace::StringTable& strings, const std::string& runName,
                              const std::string& what, const ProgressFn& progress = {},
                              KeptArguments kept = KeptArguments::All);

// Opens and imports an export file as one new run of `session`, named after the file ("report1"
// for "report1.sqlite") unless `runName` is given.
trace::Run& importNsysFile(const std::string& path, trace::Session& session, const std::string& runName = {},
                           const ProgressFn& progress = {}, KeptArguments kept = KeptArguments::All);

// nsys's globalTid packs the process id in bits 24-47 and the thread id in bits 0-23.
inline std::int64_t pidOfGlobalTid(std::int64_t globalTid) {
  return (globalTid >> 24) & 0xFFFFFF;
}
inline std::int64_t tidOfGlobalTid(std::int64_t globalTid) {
  return globalTid & 0xFFFFFF;
}

// "cudaMemcpyAsync_v3020" -> "cudaMemcpyAsync": nsys names API calls with their version suffix.
std::string_view withoutApiVersion(std::string_view name);

}  // namespace feedscope::io
