// nsys SQLite export import. Columns are looked up by name (PRAGMA table_info), so exports of
// other nsys versions that add or drop columns still import; only the columns used are required.
#include "importers/nsys_import.h"

#include "trace/kernel_launch.h"
#include "trace/api_calls.h"
#include "trace/copy_names.h"

#include <array>
#include <cctype>
#include <map>
#include <set>
#include <unordered_map>
#include <vector>

#include "io/input_error.h"
#include "importers/nsys_enums.h"
#include "trace/range_names.h"
#include "trace/run_builder.h"
#include "trace/utf8.h"

namespace feedscope::io {

using trace::IntervalKind;
using trace::MemoryKind;

namespace {

// NVTX_EVENTS.eventType of ranges: push/pop and start/end, plain (59, 60) and with a registered
// string or domain (70, 71). Marks (34) have no duration.
constexpr std::array<std::int64_t, 4> kNvtxRangeTypes = {59, 60, 70, 71};
// CUPTI_ACTIVITY_KIND_RUNTIME.eventClass of driver API calls (ENUM_NSYS_EVENT_CLASS); 0 is runtime.
constexpr std::int64_t kDriverEventClass = 1;

constexpr std::array<const char*, 9> kNsysMarkerTables = {"CUPTI_ACTIVITY_KIND_KERNEL",
                                                          "CUPTI_ACTIVITY_KIND_MEMCPY",
                                                          "CUPTI_ACTIVITY_KIND_MEMSET",
                                                          "CUPTI_ACTIVITY_KIND_RUNTIME",
                                                          "CUPTI_ACTIVITY_KIND_SYNCHRONIZATION",
                                                          "NVTX_EVENTS",
                                                          "TARGET_INFO_GPU",
                                                          "META_DATA_EXPORT",
                                                          "ENUM_CUDA_MEM_KIND"};

std::set<std::string> columnsOf(const SqliteDb& db, const std::string& table, const std::string& what) {
  std::set<std::string> columns;
  SqliteStatement st(db, ("PRAGMA table_info(\"" + table + "\")").c_str(), what);
  while (st.step()) columns.insert(st.text(1));
  return columns;
}

// A SELECT of `wanted` columns from `table`, NULL for the optional ones the table lacks; throws
// when a required one (marked with a leading '!') is missing.
std::string selectOf(const SqliteDb& db, const std::string& table,
                     std::initializer_list<std::string_view> wanted, const std::string& what,
                     std::string_view where = {}) {
  std::set<std::string> have = columnsOf(db, table, what);
  std::string sql = "SELECT ";
  bool first = true;
  for (std::string_view w : wanted) {
    bool required = !w.empty() && w.front() == '!';
    std::string name(required ? w.substr(1) : w);
    if (!first) sql += ", ";
    first = false;
    if (have.count(name)) {
      sql += "\"" + name + "\"";
    } else if (required) {
      throw InputError(what + ": not an Nsight Systems export this version can read (table " + table +
                       " has no column '" + name + "')");
    } else {
      sql += "NULL";
    }
  }
  sql += " FROM \"" + table + "\"";
  if (!where.empty()) sql += " WHERE " + std::string(where);
  return sql;
}

std::optional<std::int64_t> optionalInt(const SqliteStatement& st, int col) {
  if (st.isNull(col)) return std::nullopt;
  return st.integer(col);
}

class NsysReader {
 public:
  NsysReader(const SqliteDb& db, trace::StringTable& strings, const std::string& runName,
             const std::string& what, const ProgressFn& progress, KeptArguments kept)
      : db_(db), strings_(strings), builder_(runName), what_(what), progress_(progress), kept_(kept) {}

  trace::Run read() {
    if (!looksLikeNsysExport(db_)) {
      throw InputError(what_ +
                       ": not an Nsight Systems export (no StringIds or CUDA tables; make one with "
                       "`nsys export --type sqlite`)");
    }
    loadStrings();
    loadEnums();
    const std::array<void (NsysReader::*)(), 6> steps = {&NsysReader::readKernels, &NsysReader::readMemcpys,
                                                         &NsysReader::readMemsets, &NsysReader::readSyncs,
                                                         &NsysReader::readRuntime, &NsysReader::readNvtx};
    for (std::size_t i = 0; i < steps.size(); ++i) {
      (this->*steps[i])();
      if (progress_) progress_(static_cast<double>(i + 1) / static_cast<double>(steps.size() + 1));
    }
    trace::Run run = finish();
    if (progress_) progress_(1.0);
    return run;
  }

 private:
  bool has(const char* table) const { return db_.hasTable(table, what_); }

  void loadStrings() {
    SqliteStatement st(db_, selectOf(db_, "StringIds", {"!id", "!value"}, what_).c_str(), what_);
    while (st.step()) nsys_strings_.emplace(st.integer(0), st.text(1));
  }

  trace::StringId intern(std::optional<std::int64_t> nsysId) {
    if (!nsysId) return 0;
    auto cached = interned_.find(*nsysId);
    if (cached != interned_.end()) return cached->second;
    auto it = nsys_strings_.find(*nsysId);
    trace::StringId id = it == nsys_strings_.end() ? 0 : strings_.intern(it->second);
    interned_.emplace(*nsysId, id);
    return id;
  }

  // The export's own enum tables when present (robust to renumbering), else the published numbers.
  void loadEnums() {
    if (has("ENUM_CUDA_MEM_KIND")) {
      SqliteStatement st(db_, selectOf(db_, "ENUM_CUDA_MEM_KIND", {"!id", "name"}, what_).c_str(), what_);
      while (st.step()) {
        if (auto kind = memoryKindFromNsysName(st.text(1))) memory_kinds_[st.integer(0)] = *kind;
      }
    }
    if (has("ENUM_CUDA_MEMCPY_OPER")) {
      SqliteStatement st(db_, selectOf(db_, "ENUM_CUDA_MEMCPY_OPER", {"!id", "name"}, what_).c_str(), what_);
      while (st.step()) {
        // A name this build does not know (a newer nsys) leaves the id to the published numbering.
        copy_kind_names_[st.integer(0)] = st.text(1);
        if (auto kind = copyKindFromNsysName(st.text(1))) copy_kinds_by_name_[st.integer(0)] = *kind;
      }
    }
  }

  MemoryKind memoryKind(std::optional<std::int64_t> id) const {
    if (!id) return MemoryKind::Unknown;
    auto it = memory_kinds_.find(*id);
    return it != memory_kinds_.end() ? it->second : memoryKindFromNsysId(*id);
  }

  std::optional<IntervalKind> copyKind(std::int64_t id) const {
    auto it = copy_kinds_by_name_.find(id);
    return it != copy_kinds_by_name_.end() ? it->second : copyKindFromNsysId(id);
  }

  trace::Interval interval(const SqliteStatement& st, IntervalKind kind) const {
    trace::Interval iv;
    iv.start_ns = st.integer(0);
    iv.end_ns = st.integer(1);
    iv.kind = kind;
    return iv;
  }

  std::size_t gpuTrack(const SqliteStatement& st) {
    return builder_.gpuTrack(static_cast<std::int32_t>(st.integer(2)), st.integer(3));
  }

  void readKernels() {
    if (!has("CUPTI_ACTIVITY_KIND_KERNEL")) return;
    SqliteStatement st(
        db_,
        selectOf(db_, "CUPTI_ACTIVITY_KIND_KERNEL",
                 {"!start", "!end", "!deviceId", "!streamId", "correlationId", "demangledName", "shortName",
                  "gridX", "gridY", "gridZ", "blockX", "blockY", "blockZ", "registersPerThread",
                  "staticSharedMemory", "dynamicSharedMemory"},
                 what_)
            .c_str(),
        what_);
    while (st.step()) {
      trace::Interval iv = interval(st, IntervalKind::Kernel);
      iv.correlation = static_cast<std::uint32_t>(st.integer(4));
      iv.name = intern(optionalInt(st, 5));
      if (iv.name == 0) iv.name = intern(optionalInt(st, 6));
      if (keepsArgumentsOf(kept_, IntervalKind::Kernel, strings_.get(iv.name))) {
        iv.arguments = builder_.addArguments(kernelArguments(st, 7));
      }
      builder_.add(gpuTrack(st), iv);
    }
  }

  // The launch configuration of a kernel, from the columns starting at `first` (trace/kernel_launch.h).
  static std::string kernelArguments(const SqliteStatement& st, int first) {
    trace::KernelLaunch launch;
    auto triple = [&](int col) -> std::optional<std::array<std::int64_t, 3>> {
      if (st.isNull(col) || st.isNull(col + 1) || st.isNull(col + 2)) return std::nullopt;
      return std::array<std::int64_t, 3>{st.integer(col), st.integer(col + 1), st.integer(col + 2)};
    };
    launch.grid = triple(first);
    launch.block = triple(first + 3);
    launch.registers_per_thread = optionalInt(st, first + 6);
    launch.static_shared_bytes = optionalInt(st, first + 7);
    launch.dynamic_shared_bytes = optionalInt(st, first + 8);
    return trace::kernelLaunchArguments(launch);
  }

  void readMemcpys() {
    if (!has("CUPTI_ACTIVITY_KIND_MEMCPY")) return;
    SqliteStatement st(db_,
                       selectOf(db_, "CUPTI_ACTIVITY_KIND_MEMCPY",
                                {"!start", "!end", "!deviceId", "!streamId", "correlationId", "!bytes",
                                 "!copyKind", "srcKind", "dstKind"},
                                what_)
                           .c_str(),
                       what_);
    while (st.step()) {
      auto kind = copyKind(st.integer(6));
      if (!kind) {
        ++unknown_copies_[st.integer(6)];
        continue;
      }
      trace::Interval iv = interval(st, *kind);
      iv.correlation = static_cast<std::uint32_t>(st.integer(4));
      iv.bytes = static_cast<std::uint64_t>(std::max<std::int64_t>(0, st.integer(5)));
      iv.src = memoryKind(optionalInt(st, 7));
      iv.dst = memoryKind(optionalInt(st, 8));
      iv.name = strings_.intern(trace::copyDisplayName(*kind, iv.src, iv.dst));
      builder_.add(gpuTrack(st), iv);
    }
  }

  void readMemsets() {
    if (!has("CUPTI_ACTIVITY_KIND_MEMSET")) return;
    SqliteStatement st(db_,
                       selectOf(db_, "CUPTI_ACTIVITY_KIND_MEMSET",
                                {"!start", "!end", "!deviceId", "!streamId", "correlationId", "bytes"}, what_)
                           .c_str(),
                       what_);
    trace::StringId name = strings_.intern("Memset (Device)");
    while (st.step()) {
      trace::Interval iv = interval(st, IntervalKind::Memset);
      iv.correlation = static_cast<std::uint32_t>(st.integer(4));
      iv.bytes = static_cast<std::uint64_t>(std::max<std::int64_t>(0, st.integer(5)));
      iv.name = name;
      builder_.add(gpuTrack(st), iv);
    }
  }

  void readSyncs() {
    if (!has("CUPTI_ACTIVITY_KIND_SYNCHRONIZATION")) return;
    SqliteStatement st(db_,
                       selectOf(db_, "CUPTI_ACTIVITY_KIND_SYNCHRONIZATION",
                                {"!start", "!end", "!deviceId", "!streamId", "correlationId"}, what_)
                           .c_str(),
                       what_);
    trace::StringId name = strings_.intern("Synchronization");
    while (st.step()) {
      trace::Interval iv = interval(st, IntervalKind::Synchronization);
      iv.correlation = static_cast<std::uint32_t>(st.integer(4));
      iv.name = name;
      builder_.add(gpuTrack(st), iv);
    }
  }

  std::size_t hostTrack(std::int64_t globalTid) {
    std::int64_t pid = pidOfGlobalTid(globalTid), tid = tidOfGlobalTid(globalTid);
    std::size_t track = builder_.hostTrack(pid, tid);
    host_global_tids_.emplace(track, globalTid);
    return track;
  }

  void readRuntime() {
    if (!has("CUPTI_ACTIVITY_KIND_RUNTIME")) return;
    SqliteStatement st(
        db_,
        selectOf(db_, "CUPTI_ACTIVITY_KIND_RUNTIME",
                 {"!start", "!end", "!globalTid", "correlationId", "!nameId", "eventClass"}, what_)
            .c_str(),
        what_);
    std::unordered_map<std::int64_t, trace::StringId> apiNames;
    while (st.step()) {
      bool driver = optionalInt(st, 5).value_or(0) == kDriverEventClass;
      trace::Interval iv = interval(st, driver ? IntervalKind::DriverApi : IntervalKind::RuntimeApi);
      iv.correlation = static_cast<std::uint32_t>(st.integer(3));
      std::int64_t nameId = st.integer(4);
      auto it = apiNames.find(nameId);
      if (it == apiNames.end()) {
        auto text = nsys_strings_.find(nameId);
        std::string_view name =
            text == nsys_strings_.end() ? std::string_view() : withoutApiVersion(text->second);
        it = apiNames.emplace(nameId, strings_.intern(name)).first;
      }
      iv.name = it->second;
      iv.flags |= trace::apiCallFlags(strings_.get(iv.name));
      builder_.add(hostTrack(st.integer(2)), iv);
    }
  }

  void readNvtx() {
    if (!has("NVTX_EVENTS")) return;
    std::string types;
    for (std::int64_t t : kNvtxRangeTypes) types += (types.empty() ? "" : ",") + std::to_string(t);
    SqliteStatement st(
        db_,
        selectOf(db_, "NVTX_EVENTS", {"!start", "end", "!eventType", "text", "textId", "globalTid"}, what_,
                 "eventType IN (" + types + ")")
            .c_str(),
        what_);
    while (st.step()) {
      trace::Interval iv = interval(st, IntervalKind::Range);
      if (st.isNull(1)) iv.end_ns = -1;  // a range that never ended: invalid, counted
      std::string text = st.isNull(3) ? std::string() : st.text(3);
      if (text.empty()) {
        if (auto id = optionalInt(st, 4)) {
          auto it = nsys_strings_.find(*id);
          if (it != nsys_strings_.end()) text = it->second;
        }
      }
      iv.kind = trace::classifyRangeName(text);
      iv.name = strings_.intern(text);
      builder_.add(hostTrack(optionalInt(st, 5).value_or(0)), iv);
    }
  }

  void nameHostTracks(trace::Run& run) {
    std::map<std::int64_t, std::string> processNames;
    if (has("PROCESSES")) {
      SqliteStatement st(db_, selectOf(db_, "PROCESSES", {"!pid", "name"}, what_).c_str(), what_);
      while (st.step()) {
        if (!st.isNull(1)) processNames[st.integer(0)] = st.text(1);
      }
    }
    std::map<std::int64_t, std::string> threadNames;  // by globalTid
    if (has("ThreadNames")) {
      SqliteStatement st(db_, selectOf(db_, "ThreadNames", {"!nameId", "!globalTid"}, what_).c_str(), what_);
      while (st.step()) {
        auto it = nsys_strings_.find(st.integer(0));
        if (it != nsys_strings_.end()) threadNames[st.integer(1)] = it->second;
      }
    }
    for (const auto& [track, globalTid] : host_global_tids_) {
      trace::Track& t = run.tracks[track];
      auto process = processNames.find(t.pid);
      auto thread = threadNames.find(globalTid);
      t.name = (process != processNames.end() ? process->second : std::string("process")) + " (pid " +
               std::to_string(t.pid) + ") · " +
               (thread != threadNames.end() ? thread->second : "thread " + std::to_string(t.tid));
    }
  }

  // GPU names: TARGET_INFO_CUDA_DEVICE maps a CUDA device id to a GPU of TARGET_INFO_GPU; exports
  // without it carry the CUDA id in TARGET_INFO_GPU.cuDevice, or use it as TARGET_INFO_GPU.id.
  std::map<std::int64_t, trace::DeviceInfo> gpuInfo() {
    std::map<std::int64_t, trace::DeviceInfo> byGpu;
    std::map<std::int64_t, trace::DeviceInfo> byCudaId;
    if (!has("TARGET_INFO_GPU")) return byCudaId;
    SqliteStatement gpus(
        db_, selectOf(db_, "TARGET_INFO_GPU", {"!id", "name", "uuid", "cuDevice"}, what_).c_str(), what_);
    while (gpus.step()) {
      trace::DeviceInfo info;
      info.name = gpus.isNull(1) ? "" : gpus.text(1);
      info.uuid = gpus.isNull(2) ? "" : gpus.text(2);
      byGpu[gpus.integer(0)] = info;
      std::int64_t cudaId = gpus.isNull(3) ? gpus.integer(0) : gpus.integer(3);
      byCudaId[cudaId] = info;
    }
    if (has("TARGET_INFO_CUDA_DEVICE")) {
      std::map<std::int64_t, trace::DeviceInfo> mapped;
      SqliteStatement st(db_, selectOf(db_, "TARGET_INFO_CUDA_DEVICE", {"!cudaId", "!gpuId"}, what_).c_str(),
                         what_);
      while (st.step()) {
        auto it = byGpu.find(st.integer(1));
        if (it != byGpu.end()) mapped[st.integer(0)] = it->second;
      }
      if (!mapped.empty()) return mapped;
    }
    return byCudaId;
  }

  std::string metaValue(const char* name) {
    if (!has("META_DATA_EXPORT")) return {};
    SqliteStatement st(db_, "SELECT value FROM META_DATA_EXPORT WHERE name = ?", what_);
    st.bind(1, std::string_view(name));
    return st.step() && !st.isNull(0) ? st.text(0) : std::string();
  }

  trace::Run finish() {
    trace::Run& run = builder_.run();
    run.source = "nsys";
    run.clock.source = "nsys";
    // nsys times count from the start of the capture; the capture's UTC start maps them to wall time.
    if (has("TARGET_INFO_SESSION_START_TIME")) {
      SqliteStatement st(db_, selectOf(db_, "TARGET_INFO_SESSION_START_TIME", {"utcEpochNs"}, what_).c_str(),
                         what_);
      if (st.step() && !st.isNull(0)) run.clock.realtime_offset_ns = st.integer(0);
    }
    if (std::string version = metaValue("EXPORT_PRODUCT_VERSION"); !version.empty())
      run.labels["nsys_version"] = version;
    if (std::string schema = metaValue("EXPORT_SCHEMA_VERSION"); !schema.empty())
      run.labels["nsys_schema"] = schema;
    // Copies of a kind neither the enum table nor the published ids explain: not invalid records
    // (their times are fine), counted under their own name.
    std::string unknown;
    for (const auto& [id, count] : unknown_copies_) {
      auto name = copy_kind_names_.find(id);
      unknown += (unknown.empty() ? "" : ", ") + std::to_string(count) + (count == 1 ? " copy" : " copies") +
                 " of kind " + std::to_string(id) +
                 (name != copy_kind_names_.end() ? " (" + name->second + ")" : std::string());
    }
    if (!unknown.empty()) run.labels["nsys_unknown_copy_kinds"] = unknown;
    nameHostTracks(run);
    std::map<std::int64_t, trace::DeviceInfo> infos = gpuInfo();
    for (std::int32_t id : run.gpuDeviceIds()) {
      trace::DeviceInfo info;
      if (auto it = infos.find(id); it != infos.end()) info = it->second;
      info.id = id;
      run.devices.push_back(info);
    }
    return builder_.finish();
  }

  const SqliteDb& db_;
  trace::StringTable& strings_;
  trace::RunBuilder builder_;
  std::string what_;
  const ProgressFn& progress_;
  KeptArguments kept_;
  std::unordered_map<std::int64_t, std::string> nsys_strings_;
  std::unordered_map<std::int64_t, trace::StringId> interned_;
  std::map<std::int64_t, MemoryKind> memory_kinds_;
  std::map<std::int64_t, IntervalKind> copy_kinds_by_name_;
  std::map<std::int64_t, std::string> copy_kind_names_;
  std::map<std::size_t, std::int64_t> host_global_tids_;  // track index -> globalTid
  std::map<std::int64_t, std::uint64_t> unknown_copies_;  // by copyKind id
};

std::string runNameOfExport(const std::string& path) {
  std::string name =
      path.substr(path.find_last_of('/') == std::string::npos ? 0 : path.find_last_of('/') + 1);
  for (std::string_view suffix : {".sqlite", ".db", ".sqlite3"}) {
    if (name.size() > suffix.size() &&
        name.compare(name.size() - suffix.size(), suffix.size(), suffix) == 0) {
      name.resize(name.size() - suffix.size());
      break;
    }
  }
  return trace::validUtf8(name);  // a file name may hold any bytes
}

}  // namespace

std::string_view withoutApiVersion(std::string_view name) {
  std::size_t v = name.rfind("_v");
  if (v == std::string_view::npos || v + 2 == name.size()) return name;
  for (std::size_t i = v + 2; i < name.size(); ++i) {
    if (!std::isdigit(static_cast<unsigned char>(name[i]))) return name;
  }
  return name.substr(0, v);
}

bool looksLikeNsysExport(const SqliteDb& db) {
  if (db.objectType("StringIds") != "table") return false;
  for (const char* table : kNsysMarkerTables) {
    if (db.objectType(table) == "table") return true;
  }
  return false;
}

trace::Run importNsysDatabase(const SqliteDb& db, trace::StringTable& strings, const std::string& runName,
                              const std::string& what, const ProgressFn& progress, KeptArguments kept) {
  return NsysReader(db, strings, runName, what, progress, kept).read();
}

trace::Run& importNsysFile(const std::string& path, trace::Session& session, const std::string& runName,
                           const ProgressFn& progress, KeptArguments kept) {
  SqliteDb db = openSqliteReadOnly(path);
  trace::Run run = importNsysDatabase(db, session.strings, runName.empty() ? runNameOfExport(path) : runName,
                                      path, progress, kept);
  run.source = trace::validUtf8(
      "nsys:" + path.substr(path.find_last_of('/') == std::string::npos ? 0 : path.find_last_of('/') + 1));
  session.runs.push_back(std::move(run));
  return session.runs.back();
}

}  // namespace feedscope::io
