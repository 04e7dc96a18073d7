// Writes small Nsight Systems SQLite exports for tests, with the table layout `nsys export --type
// sqlite` publishes (StringIds, CUPTI_ACTIVITY_KIND_*, NVTX_EVENTS, ENUM_*, TARGET_INFO_*). Like
// nsys, a table is created only when something is written to it.
#pragma once

#include <sqlite3.h>

#include <cstdint>
#include <map>
#include <set>
#include <stdexcept>
#include <string>

namespace feedscope::testing {

// nsys packs process and thread ids into globalTid; the high bits carry other ids.
inline std::int64_t nsysGlobalTid(std::int64_t pid, std::int64_t tid) {
  return (std::int64_t{1} << 56) | (pid << 24) | tid;
}

// A kernel's launch configuration as nsys stores it.
struct NsysKernelLaunch {
  std::int64_t grid[3] = {1, 1, 1};
  std::int64_t block[3] = {128, 1, 1};
  std::int64_t registers = 32;
  std::int64_t static_shared = 0, dynamic_shared = 0;
};

class NsysExportWriter {
 public:
  explicit NsysExportWriter(const std::string& path) {
    if (sqlite3_open(path.c_str(), &db_) != SQLITE_OK) throw std::runtime_error("cannot create " + path);
    exec("CREATE TABLE StringIds (id INTEGER NOT NULL PRIMARY KEY, value TEXT NOT NULL);");
  }
  ~NsysExportWriter() { sqlite3_close(db_); }
  NsysExportWriter(const NsysExportWriter&) = delete;
  NsysExportWriter& operator=(const NsysExportWriter&) = delete;

  void exec(const std::string& sql) {
    char* message = nullptr;
    if (sqlite3_exec(db_, sql.c_str(), nullptr, nullptr, &message) != SQLITE_OK) {
      std::string text = message ? message : "?";
      sqlite3_free(message);
      throw std::runtime_error(text + " in: " + sql);
    }
  }

  std::int64_t string(const std::string& value) {
    auto it = ids_.find(value);
    if (it != ids_.end()) return it->second;
    std::int64_t id = static_cast<std::int64_t>(ids_.size()) + 1;
    exec("INSERT INTO StringIds VALUES(" + std::to_string(id) + ", " + quoted(value) + ");");
    ids_.emplace(value, id);
    return id;
  }

  void enums() {
    create("ENUM_CUDA_MEM_KIND", "id INTEGER NOT NULL PRIMARY KEY, name TEXT, label TEXT");
    const char* kinds[] = {"PAGEABLE", "PINNED",        "DEVICE",         "ARRAY",
                           "MANAGED",  "DEVICE_STATIC", "MANAGED_STATIC", "UNKNOWN"};
    for (int i = 0; i < 8; ++i) {
      exec("INSERT INTO ENUM_CUDA_MEM_KIND VALUES(" + std::to_string(i) + ", 'CUDA_MEMOPR_MEMORY_KIND_" +
           kinds[i] + "', '" + kinds[i] + "');");
    }
    create("ENUM_CUDA_MEMCPY_OPER", "id INTEGER NOT NULL PRIMARY KEY, name TEXT, label TEXT");
    const char* copies[] = {"UNKNOWN", "HTOD", "DTOH", "HTOA", "ATOH",     "ATOA",     "ATOD",
                            "DTOA",    "DTOD", "HTOH", "PTOP", "UVM_HTOD", "UVM_DTOH", "UVM_DTOD"};
    for (int i = 0; i < 14; ++i) {
      exec("INSERT INTO ENUM_CUDA_MEMCPY_OPER VALUES(" + std::to_string(i) + ", 'CUDA_MEMCPY_KIND_" +
           copies[i] + "', '" + copies[i] + "');");
    }
  }

  void kernel(std::int64_t start, std::int64_t end, int device, std::int64_t stream, std::int64_t correlation,
              const std::string& name, const NsysKernelLaunch& launch = NsysKernelLaunch()) {
    create(
        "CUPTI_ACTIVITY_KIND_KERNEL",
        "start INTEGER NOT NULL, end INTEGER NOT NULL, deviceId INTEGER NOT NULL, contextId INTEGER NOT "
        "NULL, "
        "greenContextId INTEGER, streamId INTEGER NOT NULL, correlationId INTEGER, globalPid INTEGER, "
        "demangledName INTEGER NOT NULL, shortName INTEGER NOT NULL, mangledName INTEGER, launchType "
        "INTEGER, "
        "cacheConfig INTEGER, registersPerThread INTEGER NOT NULL, gridX INTEGER NOT NULL, gridY INTEGER NOT "
        "NULL, "
        "gridZ INTEGER NOT NULL, blockX INTEGER NOT NULL, blockY INTEGER NOT NULL, blockZ INTEGER NOT NULL, "
        "staticSharedMemory INTEGER NOT NULL, dynamicSharedMemory INTEGER NOT NULL, localMemoryPerThread "
        "INTEGER "
        "NOT NULL, localMemoryTotal INTEGER NOT NULL, gridId INTEGER NOT NULL, sharedMemoryExecuted INTEGER, "
        "graphNodeId INTEGER, sharedMemoryLimitConfig INTEGER");
    std::int64_t id = string(name);
    exec(
        "INSERT INTO CUPTI_ACTIVITY_KIND_KERNEL (start, end, deviceId, contextId, streamId, correlationId, "
        "globalPid, "
        "demangledName, shortName, registersPerThread, gridX, gridY, gridZ, blockX, blockY, blockZ, "
        "staticSharedMemory, dynamicSharedMemory, localMemoryPerThread, localMemoryTotal, gridId) VALUES(" +
        list({start, end, device, 1, stream, correlation, std::int64_t{100} << 24,
              id, id, launch.registers, launch.grid[0], launch.grid[1], launch.grid[2], launch.block[0],
              launch.block[1], launch.block[2], launch.static_shared, launch.dynamic_shared, 0, 0, correlation}) +
        ");");
  }

  void memcpy(std::int64_t start, std::int64_t end, int device, std::int64_t stream, std::int64_t correlation,
              std::int64_t bytes, int copyKind, int srcKind, int dstKind) {
    create(
        "CUPTI_ACTIVITY_KIND_MEMCPY",
        "start INTEGER NOT NULL, end INTEGER NOT NULL, deviceId INTEGER NOT NULL, contextId INTEGER NOT "
        "NULL, "
        "greenContextId INTEGER, streamId INTEGER NOT NULL, correlationId INTEGER, globalPid INTEGER, bytes "
        "INTEGER NOT NULL, copyKind INTEGER NOT NULL, deprecatedSrcId INTEGER, srcKind INTEGER, dstKind "
        "INTEGER, "
        "srcDeviceId INTEGER, srcContextId INTEGER, dstDeviceId INTEGER, dstContextId INTEGER, "
        "migrationCause "
        "INTEGER, graphNodeId INTEGER, virtualAddress INTEGER");
    exec(
        "INSERT INTO CUPTI_ACTIVITY_KIND_MEMCPY (start, end, deviceId, contextId, streamId, correlationId, "
        "bytes, "
        "copyKind, srcKind, dstKind) VALUES(" +
        list({start, end, device, 1, stream, correlation, bytes, copyKind, srcKind, dstKind}) + ");");
  }

  void memset(std::int64_t start, std::int64_t end, int device, std::int64_t stream, std::int64_t correlation,
              std::int64_t bytes) {
    create(
        "CUPTI_ACTIVITY_KIND_MEMSET",
        "start INTEGER NOT NULL, end INTEGER NOT NULL, deviceId INTEGER NOT NULL, contextId INTEGER NOT "
        "NULL, "
        "greenContextId INTEGER, streamId INTEGER NOT NULL, correlationId INTEGER, globalPid INTEGER, value "
        "INTEGER NOT NULL, bytes INTEGER NOT NULL, graphNodeId INTEGER, memKind INTEGER");
    exec(
        "INSERT INTO CUPTI_ACTIVITY_KIND_MEMSET (start, end, deviceId, contextId, streamId, correlationId, "
        "value, "
        "bytes, memKind) VALUES(" +
        list({start, end, device, 1, stream, correlation, 0, bytes, 2}) + ");");
  }

  // eventClass 0 is the CUDA runtime, 1 the driver.
  void runtime(std::int64_t start, std::int64_t end, std::int64_t globalTid, std::int64_t correlation,
               const std::string& name, int eventClass = 0) {
    create(
        "CUPTI_ACTIVITY_KIND_RUNTIME",
        "start INTEGER NOT NULL, end INTEGER NOT NULL, eventClass INTEGER NOT NULL, globalTid INTEGER, "
        "correlationId INTEGER, nameId INTEGER NOT NULL, returnValue INTEGER NOT NULL, callchainId INTEGER");
    exec(
        "INSERT INTO CUPTI_ACTIVITY_KIND_RUNTIME (start, end, eventClass, globalTid, correlationId, nameId, "
        "returnValue) VALUES(" +
        list({start, end, eventClass, globalTid, correlation, string(name), 0}) + ");");
  }

  // NVTX with the name as text (registered = false) or through StringIds (textId); end < 0 writes NULL.
  void nvtx(std::int64_t start, std::int64_t end, int eventType, const std::string& name,
            std::int64_t globalTid, bool registered = false) {
    create(
        "NVTX_EVENTS",
        "start INTEGER NOT NULL, end INTEGER, eventType INTEGER NOT NULL, rangeId INTEGER, category INTEGER, "
        "color INTEGER, text TEXT, globalTid INTEGER, endGlobalTid INTEGER, textId INTEGER, domainId "
        "INTEGER, "
        "uint64Value INTEGER, int64Value INTEGER, doubleValue REAL, uint32Value INTEGER, int32Value INTEGER, "
        "floatValue REAL, jsonTextId INTEGER, jsonText TEXT, binaryData TEXT");
    std::string text = registered ? "NULL" : quoted(name);
    std::string textId = registered ? std::to_string(string(name)) : "NULL";
    exec("INSERT INTO NVTX_EVENTS (start, end, eventType, text, globalTid, textId) VALUES(" +
         std::to_string(start) + ", " + (end < 0 ? std::string("NULL") : std::to_string(end)) + ", " +
         std::to_string(eventType) + ", " + text + ", " + std::to_string(globalTid) + ", " + textId + ");");
  }

  void gpu(int gpuId, int cudaId, const std::string& name) {
    create("TARGET_INFO_GPU",
           "vmId INTEGER NOT NULL, id INTEGER NOT NULL, name TEXT, busLocation TEXT, isDiscrete INTEGER, "
           "l2CacheSize INTEGER, totalMemory INTEGER, memoryBandwidth INTEGER, clockRate INTEGER, smCount "
           "INTEGER, "
           "pwGpuId INTEGER, uuid TEXT, luid INTEGER, chipName TEXT, cuDevice INTEGER");
    create("TARGET_INFO_CUDA_DEVICE",
           "gpuId INTEGER, cudaId INTEGER, pid INTEGER, uuid TEXT, numMultiprocessors INTEGER");
    exec("INSERT INTO TARGET_INFO_GPU (vmId, id, name, uuid) VALUES(0, " + std::to_string(gpuId) + ", " +
         quoted(name) + ", 'GPU-1234');");
    exec("INSERT INTO TARGET_INFO_CUDA_DEVICE (gpuId, cudaId, pid) VALUES(" + std::to_string(gpuId) + ", " +
         std::to_string(cudaId) + ", 100);");
  }

  void process(std::int64_t pid, const std::string& name) {
    create("PROCESSES", "globalPid INTEGER, pid INTEGER, name TEXT");
    exec("INSERT INTO PROCESSES VALUES(" + std::to_string(pid << 24) + ", " + std::to_string(pid) + ", " +
         quoted(name) + ");");
  }

  void thread(std::int64_t globalTid, const std::string& name) {
    create("ThreadNames", "nameId INTEGER NOT NULL, priority INTEGER, globalTid INTEGER");
    exec("INSERT INTO ThreadNames VALUES(" + std::to_string(string(name)) + ", 0, " +
         std::to_string(globalTid) + ");");
  }

  void meta(std::int64_t utcEpochNs, const std::string& version) {
    create("TARGET_INFO_SESSION_START_TIME", "utcEpochNs INTEGER, utcTime TEXT, localTime TEXT");
    exec("INSERT INTO TARGET_INFO_SESSION_START_TIME VALUES(" + std::to_string(utcEpochNs) +
         ", NULL, NULL);");
    create("META_DATA_EXPORT", "name TEXT NOT NULL, value TEXT");
    exec("INSERT INTO META_DATA_EXPORT VALUES('EXPORT_PRODUCT_VERSION', " + quoted(version) + ");");
    exec("INSERT INTO META_DATA_EXPORT VALUES('EXPORT_SCHEMA_VERSION', '3.16.1');");
  }

 private:
  void create(const std::string& table, const std::string& columns) {
    if (!created_.insert(table).second) return;
    exec("CREATE TABLE " + table + " (" + columns + ");");
  }

  static std::string quoted(const std::string& text) {
    std::string out = "'";
    for (char c : text) out += c == '\'' ? std::string("''") : std::string(1, c);
    return out + "'";
  }

  static std::string list(std::initializer_list<std::int64_t> values) {
    std::string out;
    for (std::int64_t v : values) out += (out.empty() ? "" : ", ") + std::to_string(v);
    return out;
  }

  sqlite3* db_ = nullptr;
  std::map<std::string, std::int64_t> ids_;
  std::set<std::string> created_;
};

}  // namespace feedscope::testing
