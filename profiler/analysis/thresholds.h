// Every threshold the verdict, the prefetch model and the finding rules use, in one table, with the
// reason for each. docs/metrics.md lists the same table; change both together.
#pragma once

#include <cstdint>

namespace feedscope::analysis::thresholds {

// Verdict on the input-bound figure (share of the step prefetching would remove): TensorFlow
// profiler's wording and cut-offs.
inline constexpr double kHighlyInputBoundPct = 20.0;
inline constexpr double kModeratelyInputBoundPct = 5.0;
// Input evidence (analysis/input_evidence.h): a host-to-device copy of at least this many bytes carries
// a batch (or part of one); smaller ones (token ids, a scalar, a 60-byte flag) alone are no input path.
inline constexpr std::uint64_t kBatchCopyMinBytes = 64 * 1024;
// The what-if without the synchronisations in the step is offered when it removes at least this share.
inline constexpr double kSyncWhatIfMinPct = 5.0;

// Prefetch model: unnamed host time inside an input gap counts as input path when at least this
// share of the other host time is named (a torch.profiler trace with operators names 68-82 % of it,
// a trace stripped to a few events under 1 %).
inline constexpr double kTrustedNamedHostCoverage = 0.5;

// Copies this large are bandwidth-bound; smaller ones are dominated by a fixed ~5 µs latency.
inline constexpr std::uint64_t kLargeCopyBytes = 1024 * 1024;

// pageable_h2d: pageable copies matter when they carry at least 1 MiB and either a tenth of the
// input bytes or 1 % of the window in copy wait (a few scalar read-backs never do); severity by the
// pageable copy wait's share of the window.
inline constexpr double kPageableMinByteShare = 0.10;
inline constexpr double kPageableMinWaitPct = 1.0;
inline constexpr double kPageableHighPct = 5.0;
inline constexpr double kPageableMediumPct = 1.0;

// pageable_async_copy: an asynchronous copy call from pageable memory "blocked as long as the copy"
// when the call lasted at least half the copy and returned after 90 % of it had run.
inline constexpr double kAsyncBlockedCallShare = 0.5;
inline constexpr double kAsyncBlockedReturnedAfter = 0.9;
inline constexpr double kAsyncBlockedHighPct = 5.0;
inline constexpr double kAsyncBlockedMediumPct = 1.0;

// sync_copies: medium from 1 % of the window.
inline constexpr double kSyncCopiesMediumPct = 1.0;

// copies_not_overlapped: less than half the copy time hidden and at least 2 % of the window exposed;
// high from 10 %.
inline constexpr double kOverlapLowPct = 50.0;
inline constexpr double kExposedMinPct = 2.0;
inline constexpr double kExposedHighPct = 10.0;

// host_bound: the GPU waited on the host for 10 % of the window (high from 25 %).
inline constexpr double kHostBoundPct = 10.0;
inline constexpr double kHostBoundHighPct = 25.0;

// sync_dataloader: a loader in the training process (num_workers=0) taking 5 % of the step time
// (high from 20 %).
inline constexpr double kSyncLoaderPct = 5.0;
inline constexpr double kSyncLoaderHighPct = 20.0;

// named_host_work: the GPU waited on host work the program's ranges or operators name for 10 % of the
// window (medium from 25 %).
inline constexpr double kNamedHostPct = 10.0;
inline constexpr double kNamedHostMediumPct = 25.0;

// unnamed_host_time: the GPU waited on host work no range names for 10 % of the window (medium from 25 %).
inline constexpr double kUnnamedHostPct = 10.0;
inline constexpr double kUnnamedHostMediumPct = 25.0;

// small_copies: at least 50 copies and half of all input copies below AnalysisOptions::small_copy_bytes;
// medium from 5 % of the window.
inline constexpr std::uint64_t kSmallCopiesMinCount = 50;
inline constexpr double kSmallCopiesMediumPct = 5.0;

// pinned_bandwidth_low: large pinned copies below half the calibrated peak.
inline constexpr double kPinnedBandwidthLowShare = 0.5;

// The input pipeline (analysis/input_pipeline.h): the main thread waited in next(loader) for at least
// this share of its steps (medium), or of this share (high).
inline constexpr double kLoaderWaitPct = 10.0;
inline constexpr double kLoaderWaitHighPct = 30.0;

// Jobs (docs/metrics.md, "The straggler and its cause"): a rank's cost is how much sooner the job
// would end had it been on time (the replayed dependency chain). The rank of the largest cost is the
// job's straggler when that cost is at least 2 % of the job's captured window (a balanced job's ranks
// differ by launch jitter, microseconds a collective, well under 1 % of a step; one late rank by a
// share of every step) and when its lateness persists beyond what the others show: its cost is more
// than half of all the ranks' costs summed. Lateness that moves between ranks (each late in a step
// or two) names no straggler. A rank is late in a step when having it on time would shorten that step
// by at least 2 %. Findings about the straggler: high from 20 % of the job's step, medium from 5 %.
inline constexpr double kStragglerMinDelayPct = 2.0;
inline constexpr double kStragglerLatenessSharePct = 50.0;
inline constexpr double kLateStepMinPct = 2.0;
// An op that waits on an event (cudaStreamWaitEvent on a collective's end: a kernel, the copy that
// reads an all-to-all's output) starts within a few microseconds of it (1-6 µs on A100 and V100,
// 9-18 µs on MI300X in the public traces of tests/data/multirank): one that starts within 20 µs of a
// collective's end, more than 20 µs later than its stream and its launch let it, waited for that
// collective (docs/metrics.md, "Collectives").
inline constexpr std::int64_t kDependentStartNs = 20'000;
// A host thread blocked in a synchronisation returns once the GPU work it waits for has ended and the
// thread is woken: within microseconds when it spins or yields, tens of microseconds when it sleeps
// (cudaDeviceScheduleBlockingSync). A blocking call open at a collective's end that returned within
// kDependentStartNs + 50 µs of it, nothing else of the device ending in between, waited for it.
inline constexpr std::int64_t kHostWakeNs = 50'000;
// Two traces of ranks are one capture when their recorded extents overlap within a minute: the
// clocks of one job's machines agree within milliseconds under NTP and drift seconds a day without
// it; captures of the same ranks closer than that are told apart by their step numbers.
inline constexpr std::int64_t kCaptureClockSlackNs = 60'000'000'000;
inline constexpr double kStragglerHighStepPct = 20.0;
inline constexpr double kStragglerMediumStepPct = 5.0;

// Comparisons: a change is within noise — neither better nor worse, shown grey — when a share moved
// by less than half a percentage point, or any other figure by less than 1 % of the larger of its two
// values (step times of one loop vary by about that much from run to run).
inline constexpr double kNoisePercentPoints = 0.5;
inline constexpr double kNoiseRelative = 0.01;

}  // namespace feedscope::analysis::thresholds
