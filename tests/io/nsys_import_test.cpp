// Nsight Systems SQLite import: small exports with the published layout and known answers.
#include "importers/nsys_import.h"

#include <gtest/gtest.h>

#include <algorithm>

#include "analysis/run_analysis.h"
#include "analysis/steps.h"
#include "io/input_error.h"
#include "importers/nsys_enums.h"
#include "importers/open_input.h"
#include "store/session_store.h"
#include "support/nsys_export.h"
#include "support/temp_dir.h"

namespace feedscope::io {
namespace {

using testing::NsysExportWriter;
using testing::nsysGlobalTid;
using testing::TempDir;
using trace::IntervalKind;
using trace::MemoryKind;

constexpr std::int64_t kMs = 1'000'000;  // nsys times count from the capture start: start away from 0
const std::int64_t kMainThread = nsysGlobalTid(100, 101);
const std::int64_t kLoaderThread = nsysGlobalTid(100, 102);

// One GPU: three kernels on stream 7, a pageable input copy on stream 7 between the first two, a
// pinned one on stream 8 overlapping the second kernel by 5 µs, a memset, a D2H copy; host calls
// with nsys's versioned names; two NVTX steps and a data-loading range.
void writeExample(const std::string& path) {
  NsysExportWriter w(path);
  w.enums();
  w.gpu(0, 0, "NVIDIA H200");
  w.process(100, "python3");
  w.thread(kMainThread, "main");
  w.meta(1'700'000'000'000'000'000, "2024.6.2.225");
  w.kernel(kMs + 0, kMs + 10'000, 0, 7, 1, "gemm_kernel");
  w.memcpy(kMs + 10'000, kMs + 30'000, 0, 7, 2, 200'000, 1, 0, 2);  // HtoD, PAGEABLE -> DEVICE
  w.kernel(kMs + 30'000, kMs + 40'000, 0, 7, 3, "gemm_kernel");
  w.memcpy(kMs + 35'000, kMs + 45'000, 0, 8, 4, 400'000, 1, 1, 2);  // HtoD, PINNED -> DEVICE
  w.memset(kMs + 45'000, kMs + 46'000, 0, 7, 6, 4096);
  w.kernel(kMs + 50'000, kMs + 60'000, 0, 7, 5, "<script>alert(1)</script>");
  w.memcpy(kMs + 60'000, kMs + 62'000, 0, 7, 7, 1000, 2, 2, 1);  // DtoH, DEVICE -> PINNED
  w.runtime(kMs - 2'000, kMs - 1'000, kMainThread, 1, "cudaLaunchKernel_v7000");
  w.runtime(kMs + 9'000, kMs + 9'500, kMainThread, 2, "cudaMemcpyAsync_v3020");
  w.runtime(kMs + 29'000, kMs + 29'500, kMainThread, 3, "cudaLaunchKernel_v7000");
  w.runtime(kMs + 30'000, kMs + 30'500, kMainThread, 4, "cudaMemcpyAsync_v3020");
  w.runtime(kMs + 44'000, kMs + 44'500, kMainThread, 6, "cudaMemsetAsync_v3020");
  w.runtime(kMs + 49'000, kMs + 49'500, kMainThread, 5, "cuLaunchKernel", 1);
  w.runtime(kMs + 59'000, kMs + 62'500, kMainThread, 7, "cudaMemcpy_v3020");
  w.nvtx(kMs - 3'000, kMs + 29'000, 59, "step 1", kMainThread);
  w.nvtx(kMs + 29'000, kMs + 63'000, 59, "step 2", kMainThread, /*registered=*/true);
  w.nvtx(kMs + 40'000, kMs + 48'000, 60, "data_load", kLoaderThread);
  w.nvtx(kMs + 41'000, kMs + 41'000, 34, "a mark", kMainThread);  // marks are not ranges
  w.nvtx(kMs + 42'000, -1, 59, "never ended", kMainThread);
}

const trace::Track* findTrack(const trace::Run& run, trace::TrackKind kind, std::int64_t a,
                              std::int64_t b = -1) {
  for (const auto& t : run.tracks) {
    if (t.kind != kind) continue;
    if (kind == trace::TrackKind::GpuStream && t.stream == a) return &t;
    if (kind == trace::TrackKind::HostThread && t.pid == a && t.tid == b) return &t;
  }
  return nullptr;
}

TEST(NsysImport, ReadsEveryKindOfRecordWithItsNames) {
  TempDir dir;
  std::string path = dir.file("report1.sqlite");
  writeExample(path);
  trace::Session s;
  const trace::Run& run = importNsysFile(path, s);
  EXPECT_EQ(run.name, "report1");
  EXPECT_EQ(run.source, "nsys:report1.sqlite");
  EXPECT_EQ(run.clock.source, "nsys");
  EXPECT_EQ(run.clock.realtime_offset_ns, 1'700'000'000'000'000'000);
  EXPECT_EQ(run.labels.at("nsys_version"), "2024.6.2.225");
  ASSERT_EQ(run.devices.size(), 1u);
  EXPECT_EQ(run.devices[0].name, "NVIDIA H200");
  EXPECT_EQ(run.devices[0].uuid, "GPU-1234");
  EXPECT_EQ(run.records.invalid, 1u);  // the NVTX range that never ended

  const trace::Track* stream7 = findTrack(run, trace::TrackKind::GpuStream, 7);
  const trace::Track* stream8 = findTrack(run, trace::TrackKind::GpuStream, 8);
  ASSERT_TRUE(stream7 && stream8);
  ASSERT_EQ(stream7->intervals.size(), 6u);  // 3 kernels, pageable copy, memset, D2H copy
  trace::Interval pageable = stream7->intervals.at(1);
  EXPECT_EQ(pageable.kind, IntervalKind::MemcpyHtoD);
  EXPECT_EQ(pageable.src, MemoryKind::Pageable);
  EXPECT_EQ(pageable.dst, MemoryKind::Device);
  EXPECT_EQ(pageable.bytes, 200'000u);
  EXPECT_EQ(pageable.correlation, 2u);
  EXPECT_EQ(s.strings.get(pageable.name), "Memcpy HtoD (Pageable -> Device)");
  trace::Interval pinned = stream8->intervals.at(0);
  EXPECT_EQ(pinned.src, MemoryKind::Pinned);
  EXPECT_EQ(s.strings.get(stream7->intervals.at(0).name), "gemm_kernel");
  EXPECT_EQ(stream7->intervals.at(3).kind, IntervalKind::Memset);
  EXPECT_EQ(s.strings.get(stream7->intervals.at(4).name), "<script>alert(1)</script>");
  trace::Interval d2h = stream7->intervals.at(5);
  EXPECT_EQ(d2h.kind, IntervalKind::MemcpyDtoH);
  EXPECT_EQ(d2h.dst, MemoryKind::Pinned);

  const trace::Track* main = findTrack(run, trace::TrackKind::HostThread, 100, 101);
  const trace::Track* loader = findTrack(run, trace::TrackKind::HostThread, 100, 102);
  ASSERT_TRUE(main && loader);
  EXPECT_EQ(main->name, "python3 (pid 100) · main");
  EXPECT_EQ(loader->name, "python3 (pid 100) · thread 102");
  std::vector<std::string> apiNames;
  int driverCalls = 0, asyncCalls = 0, steps = 0;
  for (std::size_t i = 0; i < main->intervals.size(); ++i) {
    trace::Interval iv = main->intervals.at(i);
    if (trace::isApiCall(iv.kind)) apiNames.emplace_back(s.strings.get(iv.name));
    driverCalls += iv.kind == IntervalKind::DriverApi;
    asyncCalls += (iv.flags & trace::flags::kAsyncApi) != 0;
    steps += iv.kind == IntervalKind::Step;
  }
  EXPECT_EQ(apiNames,
            (std::vector<std::string>{"cudaLaunchKernel", "cudaMemcpyAsync", "cudaLaunchKernel",
                                      "cudaMemcpyAsync", "cudaMemsetAsync", "cuLaunchKernel", "cudaMemcpy"}));
  EXPECT_EQ(driverCalls, 1);
  EXPECT_EQ(asyncCalls, 3);
  EXPECT_EQ(steps, 2);
  ASSERT_EQ(loader->intervals.size(), 1u);
  EXPECT_EQ(loader->intervals.at(0).kind, IntervalKind::DataLoading);
}

TEST(NsysImport, AKernelKeepsItsLaunchConfigurationAsArguments) {
  TempDir dir;
  const std::string path = dir.file("launch.sqlite");
  {
    NsysExportWriter w(path);
    w.enums();
    w.gpu(0, 0, "NVIDIA H200");
    testing::NsysKernelLaunch launch;
    launch.grid[0] = 64;
    launch.grid[1] = 2;
    launch.block[0] = 256;
    launch.registers = 40;
    launch.static_shared = 1024;
    launch.dynamic_shared = 2048;
    w.kernel(kMs, kMs + 10'000, 0, 7, 1, "gemm_kernel", launch);
    w.kernel(kMs + 20'000, kMs + 30'000, 0, 7, 2, "ncclKernel_AllReduce_RING_LL_Sum_float");
  }
  trace::Session all;
  const trace::Run& run = importNsysFile(path, all);
  const trace::Track* stream = findTrack(run, trace::TrackKind::GpuStream, 7);
  ASSERT_TRUE(stream != nullptr);
  // Kineto's names for the same figures ("shared memory" = static + dynamic), so both read alike.
  EXPECT_EQ(run.arguments.get(stream->intervals.argumentsAt(0)),
            R"({"grid": [64, 2, 1], "block": [256, 1, 1], "registers per thread": 40, "shared memory": 3072, )"
            R"("static shared memory": 1024, "dynamic shared memory": 2048})");
  trace::Session report;
  const trace::Run& collectives = importNsysFile(path, report, {}, {}, KeptArguments::Collectives);
  const trace::Track* s7 = findTrack(collectives, trace::TrackKind::GpuStream, 7);
  ASSERT_TRUE(s7 != nullptr);
  EXPECT_EQ(s7->intervals.argumentsAt(0), 0u);  // a report keeps only the collective's
  EXPECT_NE(s7->intervals.argumentsAt(1), 0u);
}

TEST(NsysImport, MetricsHaveTheKnownAnswers) {
  TempDir dir;
  std::string path = dir.file("x.sqlite");
  writeExample(path);
  trace::Session s = openInput(path);
  ASSERT_EQ(s.runs.size(), 1u);
  analysis::RunAnalysis ra = analysis::analyzeRun(s.runs[0], s.strings);
  ASSERT_EQ(ra.devices.size(), 1u);
  const analysis::WindowMetrics& m = ra.devices[0].whole;
  EXPECT_EQ(m.window_ns, 62'000);        // first kernel start to the D2H copy's end
  EXPECT_EQ(m.compute_busy_ns, 30'000);  // three 10 µs kernels
  EXPECT_EQ(m.starvation_ns, 32'000);
  EXPECT_EQ(m.h2d.count, 2u);
  EXPECT_EQ(m.h2d.pageable_count, 1u);
  EXPECT_EQ(m.h2d.pinned_count, 1u);
  EXPECT_EQ(m.h2d.pageable_bytes, 200'000u);
  EXPECT_EQ(m.h2d.pinned_bytes, 400'000u);
  EXPECT_DOUBLE_EQ(*m.h2d.pageableGbps(), 10.0);  // 200 kB in 20 µs
  EXPECT_DOUBLE_EQ(*m.h2d.pinnedGbps(), 40.0);    // 400 kB in 10 µs
  EXPECT_EQ(m.h2d_ns, 30'000);
  EXPECT_EQ(m.hidden_h2d_ns, 5'000);
  EXPECT_NEAR(*m.h2dOverlapPct(), 100.0 / 6.0, 1e-9);
  EXPECT_EQ(m.gaps[analysis::GapCause::CopyWaitPageable], 20'000);
  EXPECT_EQ(m.gaps[analysis::GapCause::CopyWaitPinned], 5'000);
  EXPECT_EQ(m.gaps.total(), m.starvation_ns);
  EXPECT_EQ(m.gpu_busy_ns, 58'000);
  EXPECT_EQ(m.fully_idle_ns, 4'000);
  EXPECT_EQ(m.kernel_count, 3u);
  EXPECT_EQ(m.memset_count, 1u);
  EXPECT_EQ(m.d2h.count, 1u);
  EXPECT_EQ(m.d2h.sync_count, 1u);  // launched by cudaMemcpy (versioned name recognised as blocking)
  ASSERT_EQ(ra.devices[0].steps.size(), 2u);
  EXPECT_EQ(ra.devices[0].steps[0].step.name, "step 1");
  EXPECT_EQ(ra.devices[0].steps[1].step.name, "step 2");
  EXPECT_EQ(ra.devices[0].device_name, "NVIDIA H200");
}

TEST(NsysImport, UsesTheExportsOwnMemoryKindTable) {
  // Were the enum table ignored, srcKind 0 would read as pageable by the published numbering.
  TempDir dir;
  std::string path = dir.file("renumbered.sqlite");
  {
    NsysExportWriter w(path);
    w.exec("CREATE TABLE ENUM_CUDA_MEM_KIND (id INTEGER NOT NULL PRIMARY KEY, name TEXT, label TEXT);");
    w.exec(
        "INSERT INTO ENUM_CUDA_MEM_KIND VALUES(0, 'CUDA_MEMOPR_MEMORY_KIND_PINNED', 'Pinned'), "
        "(1, 'CUDA_MEMOPR_MEMORY_KIND_PAGEABLE', 'Pageable'), (2, 'CUDA_MEMOPR_MEMORY_KIND_DEVICE', "
        "'Device');");
    w.memcpy(kMs, kMs + 1000, 0, 7, 1, 4096, 1, 0, 2);
    w.memcpy(kMs + 2000, kMs + 3000, 0, 7, 2, 4096, 1, 1, 2);
  }
  trace::Session s = openInput(path);
  const auto& iv = s.runs.at(0).tracks.at(0).intervals;
  ASSERT_EQ(iv.size(), 2u);
  EXPECT_EQ(iv.at(0).src, MemoryKind::Pinned);
  EXPECT_EQ(iv.at(1).src, MemoryKind::Pageable);
}

TEST(NsysImport, CopyKindsWithUnknownEnumNamesFallBackToThePublishedIds) {
  // An ENUM_CUDA_MEMCPY_OPER whose names a newer nsys spells differently dropped every copy
  // and called it an invalid timestamp. Unknown names fall back to the published ids; a kind unknown by
  // both is counted under its own label, not as invalid.
  TempDir dir;
  std::string path = dir.file("renamed.sqlite");
  {
    NsysExportWriter w(path);
    w.exec("CREATE TABLE ENUM_CUDA_MEMCPY_OPER (id INTEGER NOT NULL PRIMARY KEY, name TEXT, label TEXT);");
    w.exec("INSERT INTO ENUM_CUDA_MEMCPY_OPER VALUES(1, 'CUDA_MEMCPY_DIRECTION_HOST_TO_DEVICE', 'HtoD'), "
           "(2, 'CUDA_MEMCPY_DIRECTION_DEVICE_TO_HOST', 'DtoH'), (99, 'SOMETHING_NEW', 'New');");
    w.memcpy(kMs, kMs + 1000, 0, 7, 1, 4096, 1, 0, 2);
    w.memcpy(kMs + 2000, kMs + 3000, 0, 7, 2, 4096, 2, 2, 0);
    w.memcpy(kMs + 4000, kMs + 5000, 0, 7, 3, 4096, 99, 2, 0);
  }
  trace::Session s = openInput(path);
  const trace::Run& run = s.runs.at(0);
  const auto& iv = run.tracks.at(0).intervals;
  ASSERT_EQ(iv.size(), 2u);
  EXPECT_EQ(iv.at(0).kind, trace::IntervalKind::MemcpyHtoD);
  EXPECT_EQ(iv.at(1).kind, trace::IntervalKind::MemcpyDtoH);
  EXPECT_EQ(run.records.invalid, 0u);
  EXPECT_EQ(run.labels.at("nsys_unknown_copy_kinds"), "1 copy of kind 99 (SOMETHING_NEW)");
}

TEST(NsysImport, MissingTablesAreFine) {
  TempDir dir;
  std::string path = dir.file("kernels_only.sqlite");
  {
    NsysExportWriter w(path);
    w.kernel(kMs, kMs + 500, 1, 3, 0, "k");
    w.kernel(kMs + 1000, kMs + 1500, 1, 3, 0, "k");
  }
  ASSERT_EQ(detectInputFormat(path), InputFormat::NsysSqlite);
  trace::Session s = openInput(path);
  const trace::Run& run = s.runs.at(0);
  ASSERT_EQ(run.devices.size(), 1u);
  EXPECT_EQ(run.devices[0].id, 1);
  EXPECT_EQ(run.devices[0].name, "");
  analysis::RunAnalysis ra = analysis::analyzeRun(run, s.strings);
  EXPECT_EQ(ra.devices.at(0).whole.starvation_ns, 500);
  EXPECT_FALSE(ra.devices.at(0).step_summary.has_value());
}

TEST(NsysImport, AnExportWithoutGpuWorkIsAHostOnlyRun) {
  TempDir dir;
  std::string path = dir.file("cpu.sqlite");
  {
    NsysExportWriter w(path);
    w.nvtx(kMs, kMs + 100, 59, "step 1", kMainThread);
  }
  trace::Session s = openInput(path);
  EXPECT_TRUE(s.runs.at(0).gpuDeviceIds().empty());
  EXPECT_EQ(s.runs.at(0).intervalCount(), 1u);
}

std::string errorOf(const std::string& path) {
  try {
    openInput(path);
  } catch (const InputError& e) {
    return e.what();
  }
  return "";
}

TEST(NsysImport, ForeignAndBrokenDatabasesAreRefusedInOneLine) {
  TempDir dir;
  std::string foreign = dir.file("foreign.sqlite");
  {
    NsysExportWriter w(foreign);  // StringIds alone is not enough
    w.exec("CREATE TABLE customers (id INTEGER, name TEXT);");
  }
  EXPECT_EQ(detectInputFormat(foreign), InputFormat::ForeignSqlite);
  std::string message = errorOf(foreign);
  EXPECT_EQ(message, foreign +
                         ": an SQLite database that is neither a Feedscope session nor an Nsight Systems "
                         "export (make one with `nsys export --type sqlite`)");
  EXPECT_EQ(message.find('\n'), std::string::npos);
  {
    SqliteDb db = openSqliteReadOnly(foreign);
    trace::StringTable strings;
    try {
      importNsysDatabase(db, strings, "x", foreign);
      ADD_FAILURE() << "a foreign database was imported";
    } catch (const InputError& e) {
      EXPECT_NE(std::string(e.what()).find("not an Nsight Systems export"), std::string::npos) << e.what();
    }
  }

  std::string noColumn = dir.file("old.sqlite");
  {
    NsysExportWriter w(noColumn);
    w.exec("CREATE TABLE CUPTI_ACTIVITY_KIND_KERNEL (start INTEGER, end INTEGER, deviceId INTEGER);");
    w.exec("INSERT INTO CUPTI_ACTIVITY_KIND_KERNEL VALUES (1000, 2000, 0);");
  }
  EXPECT_EQ(errorOf(noColumn), noColumn +
                                   ": not an Nsight Systems export this version can read (table "
                                   "CUPTI_ACTIVITY_KIND_KERNEL has no column 'streamId')");

  std::string good = dir.file("good.sqlite");
  writeExample(good);
  std::string bytes = testing::readWholeFile(good);
  std::string truncated = dir.file("cut.sqlite", bytes.substr(0, bytes.size() / 2));
  message = errorOf(truncated);
  EXPECT_FALSE(message.empty());
  EXPECT_EQ(message.rfind(truncated + ": ", 0), 0u) << message;
  EXPECT_EQ(message.find('\n'), std::string::npos);
}

TEST(NsysImport, SessionsAreStillRecognisedAsSessions) {
  TempDir dir;
  std::string path = dir.file("x.sqlite");
  writeExample(path);
  trace::Session s = openInput(path);
  std::string session = dir.file("s.feedscope");
  saveSession(s, session);
  EXPECT_EQ(detectInputFormat(session), InputFormat::Session);
  trace::Session back = openInput(session);
  EXPECT_EQ(back.intervalCount(), s.intervalCount());
}

TEST(NsysEnums, FollowThePublishedNumbering) {
  EXPECT_EQ(memoryKindFromNsysId(0), MemoryKind::Pageable);
  EXPECT_EQ(memoryKindFromNsysId(1), MemoryKind::Pinned);
  EXPECT_EQ(memoryKindFromNsysId(2), MemoryKind::Device);
  EXPECT_EQ(memoryKindFromNsysId(4), MemoryKind::Managed);
  EXPECT_EQ(memoryKindFromNsysId(7), MemoryKind::Unknown);
  EXPECT_EQ(memoryKindFromNsysId(42), MemoryKind::Unknown);
  EXPECT_EQ(memoryKindFromNsysName("CUDA_MEMOPR_MEMORY_KIND_DEVICE_STATIC"), MemoryKind::DeviceStatic);
  EXPECT_EQ(memoryKindFromNsysName("CUDA_MEMOPR_MEMORY_KIND_SOMETHING_NEW"), std::nullopt);
  EXPECT_EQ(copyKindFromNsysId(1), IntervalKind::MemcpyHtoD);
  EXPECT_EQ(copyKindFromNsysId(2), IntervalKind::MemcpyDtoH);
  EXPECT_EQ(copyKindFromNsysId(8), IntervalKind::MemcpyDtoD);
  EXPECT_EQ(copyKindFromNsysId(10), IntervalKind::MemcpyPtoP);
  EXPECT_EQ(copyKindFromNsysId(11), IntervalKind::MemcpyHtoD);
  EXPECT_EQ(copyKindFromNsysId(0), std::nullopt);
  EXPECT_EQ(copyKindFromNsysName("CUDA_MEMCPY_KIND_HTOA"), IntervalKind::MemcpyHtoD);
  EXPECT_EQ(copyKindFromNsysName("CUDA_MEMCPY_KIND_UNKNOWN"), std::nullopt);
}

TEST(NsysEnums, GlobalTidAndVersionedNames) {
  std::int64_t g = nsysGlobalTid(4242, 4343);
  EXPECT_EQ(pidOfGlobalTid(g), 4242);
  EXPECT_EQ(tidOfGlobalTid(g), 4343);
  EXPECT_EQ(withoutApiVersion("cudaMemcpyAsync_v3020"), "cudaMemcpyAsync");
  EXPECT_EQ(withoutApiVersion("cudaLaunchKernel"), "cudaLaunchKernel");
  EXPECT_EQ(withoutApiVersion("my_vector_v"), "my_vector_v");
  EXPECT_EQ(withoutApiVersion("cuda_vx12"), "cuda_vx12");
}

}  // namespace
}  // namespace feedscope::io
