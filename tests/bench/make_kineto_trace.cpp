// Writes a realistic synthetic PyTorch-profiler (Kineto) trace of N events as .json.gz, for the
// streaming-import benchmark (tools/bench-import.sh): the shape of a real training loop's trace.
//   make_kineto_trace N out.json.gz [gzip level, default 6 as gzip's]
// Each ProfilerStep#i holds: a DataLoader range with python_function calls; the batch's host-to-
// device copy (aten::to / cudaMemcpyAsync / Memcpy HtoD, from pageable memory on even steps and
// pinned memory on a copy stream on odd ones) with its ac2g flow; forward/backward as cpu_op +
// cudaLaunchKernel + kernel on three streams, each launch with its flow pair; a cudaMemsetAsync
// and memset; the loss read back (Memcpy DtoH of 4 bytes) and a stream synchronisation. Metadata
// comes as Kineto writes it: device properties first, baseTimeNanoseconds after the events.
#include <zlib.h>

#include <algorithm>
#include <cstdarg>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

namespace {

class TraceWriter {
 public:
  TraceWriter(const char* path, int level) {
    char mode[8];
    std::snprintf(mode, sizeof mode, "wb%d", level);
    gz_ = gzopen(path, mode);
    if (gz_ == nullptr) {
      std::fprintf(stderr, "cannot write %s\n", path);
      std::exit(1);
    }
    gzbuffer(gz_, 1 << 20);
    buf_.reserve(1 << 21);
  }
  ~TraceWriter() {
    flush();
    gzclose(gz_);
  }
  void raw(const std::string& s) { append(s.data(), s.size()); }
  // One traceEvents entry, a comma before all but the first.
  void event(const char* fmt, ...) __attribute__((format(printf, 2, 3))) {
    char line[1024];
    va_list ap;
    va_start(ap, fmt);
    int n = std::vsnprintf(line, sizeof line, fmt, ap);
    va_end(ap);
    if (count_ > 0) append(",\n", 2);
    append("    ", 4);
    append(line, static_cast<std::size_t>(n));
    ++count_;
  }
  std::uint64_t count() const { return count_; }

 private:
  void append(const char* p, std::size_t n) {
    buf_.append(p, n);
    if (buf_.size() >= (1u << 20)) flush();
  }
  void flush() {
    if (!buf_.empty() && gzwrite(gz_, buf_.data(), static_cast<unsigned>(buf_.size())) == 0) {
      std::fprintf(stderr, "write failed\n");
      std::exit(1);
    }
    buf_.clear();
  }
  gzFile gz_;
  std::string buf_;
  std::uint64_t count_ = 0;
};

constexpr int kPid = 4242;        // the training process
constexpr int kMainTid = 4242;    // its main thread
constexpr const char* kKernels[] = {
    "void at::native::vectorized_elementwise_kernel<4, at::native::CUDAFunctor_add<float>, at::detail::Array<char*, 3> >(int, at::native::CUDAFunctor_add<float>, at::detail::Array<char*, 3>)",
    "sm90_xmma_gemm_f32f32_tf32f32_f32_nn_n_tilesize128x128x32_warpgroupsize1x1x1_execute_segment_k_off_kernel__5x_cublas",
    "void cudnn::bn_fw_tr_1C11_kernel_NCHW<float, float, int, 512, true, 1>(cudnnTensorStruct, float const*, cudnnTensorStruct, float*, float const*, float const*, float, float, float*, float*, float*, float*, float, float)",
    "void at::native::(anonymous namespace)::softmax_warp_forward<float, float, float, 10, false, false>(float*, float const*, int, int, int, bool const*, int, bool)",
};
constexpr const char* kOps[] = {"aten::add", "aten::mm", "aten::batch_norm", "aten::softmax"};

}  // namespace

int main(int argc, char** argv) {
  if (argc < 3) {
    std::fprintf(stderr, "usage: %s N out.json.gz [gzip level 1-9]\n", argv[0]);
    return 2;
  }
  const std::uint64_t target = std::strtoull(argv[1], nullptr, 10);
  const int level = argc > 3 ? std::atoi(argv[3]) : 6;
  TraceWriter w(argv[2], level);
  w.raw("{\n  \"schemaVersion\": 1,\n  \"deviceProperties\": [\n    {\"id\": 0, \"name\": \"NVIDIA H200\", "
        "\"totalGlobalMem\": 150012411904, \"computeMajor\": 9, \"computeMinor\": 0, \"maxThreadsPerBlock\": 1024, "
        "\"numSms\": 132, \"sharedMemPerBlock\": 49152}\n  ],\n  \"distributedInfo\": {\"backend\": \"nccl\", "
        "\"rank\": 0, \"world_size\": 8},\n  \"record_shapes\": 1,\n  \"with_stack\": 0,\n  \"traceEvents\": [\n");
  w.event(R"J({"ph": "M", "name": "process_name", "pid": %d, "tid": 0, "args": {"name": "python3"}})J", kPid);
  w.event(R"J({"ph": "M", "name": "thread_name", "pid": %d, "tid": %d, "args": {"name": "thread %d (python3)"}})J",
          kPid, kMainTid, kMainTid);
  w.event(R"J({"ph": "M", "name": "process_name", "pid": 0, "tid": 0, "args": {"name": "python3"}})J");

  double t = 5142957000000.0;  // µs, as Kineto writes them next to baseTimeNanoseconds
  std::uint64_t correlation = 1000;
  std::uint64_t rng = 0x9e3779b97f4a7c15ull;
  auto jitter = [&](double lo, double hi) {
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return lo + (hi - lo) * static_cast<double>(rng % 10000) / 10000.0;
  };
  // A host call, the GPU operation it enqueued and their flow pair (ac2g) as Kineto links them.
  auto launched = [&](double hostTs, const char* api, double gpuTs, double gpuDur, const char* gpuCat,
                      const char* gpuName, int stream, const char* extraArgs) {
    const std::uint64_t c = correlation++;
    w.event(R"J({"ph": "X", "cat": "cuda_runtime", "name": "%s", "pid": %d, "tid": %d, "ts": %.3f, "dur": %.3f, "args": {"cbid": 211, "correlation": %llu, "external id": %llu}})J",
            api, kPid, kMainTid, hostTs, jitter(3, 9), static_cast<unsigned long long>(c), static_cast<unsigned long long>(c / 2));
    w.event(R"J({"ph": "s", "id": %llu, "pid": %d, "tid": %d, "ts": %.3f, "cat": "ac2g", "name": "ac2g"})J",
            static_cast<unsigned long long>(c), kPid, kMainTid, hostTs);
    w.event(R"J({"ph": "X", "cat": "%s", "name": "%s", "pid": 0, "tid": %d, "ts": %.3f, "dur": %.3f, "args": {"device": 0, "context": 1, "stream": %d, "correlation": %llu, "external id": %llu%s}})J",
            gpuCat, gpuName, stream, gpuTs, gpuDur, stream, static_cast<unsigned long long>(c),
            static_cast<unsigned long long>(c / 2), extraArgs);
    w.event(R"J({"ph": "f", "id": %llu, "pid": 0, "tid": %d, "ts": %.3f, "cat": "ac2g", "name": "ac2g", "bp": "e"})J",
            static_cast<unsigned long long>(c), stream, gpuTs);
  };

  for (std::uint64_t step = 0; w.count() < target; ++step) {
    const double stepStart = t;
    // Data loading on the host.
    const double load = jitter(800, 2500);
    w.event(R"J({"ph": "X", "cat": "user_annotation", "name": "enumerate(DataLoader)#_SingleProcessDataLoaderIter.__next__", "pid": %d, "tid": %d, "ts": %.3f, "dur": %.3f, "args": {"External id": %llu}})J",
            kPid, kMainTid, t, load, static_cast<unsigned long long>(correlation));
    w.event(R"J({"ph": "X", "cat": "python_function", "name": "torch/utils/data/dataloader.py(623): __next__", "pid": %d, "tid": %d, "ts": %.3f, "dur": %.3f, "args": {"Python parent id": 12, "Python id": 13}})J",
            kPid, kMainTid, t + 1, load - 2);
    w.event(R"J({"ph": "X", "cat": "python_function", "name": "torch/utils/data/_utils/collate.py(138): default_collate", "pid": %d, "tid": %d, "ts": %.3f, "dur": %.3f, "args": {"Python parent id": 13, "Python id": 14}})J",
            kPid, kMainTid, t + load * 0.6, load * 0.35);
    t += load;
    // The batch to the GPU: pageable on the compute stream, or pinned on a copy stream.
    const bool pinned = step % 2 == 1;
    const double copyDur = pinned ? jitter(230, 260) : jitter(2300, 2600);
    w.event(R"J({"ph": "X", "cat": "cpu_op", "name": "aten::to", "pid": %d, "tid": %d, "ts": %.3f, "dur": %.3f, "args": {"External id": %llu, "Sequence number": %llu, "Fwd thread id": 0}})J",
            kPid, kMainTid, t, pinned ? 20.0 : copyDur + 30, static_cast<unsigned long long>(correlation / 2),
            static_cast<unsigned long long>(step));
    launched(t + 5, "cudaMemcpyAsync", t + 12, copyDur, "gpu_memcpy",
             pinned ? "Memcpy HtoD (Pinned -> Device)" : "Memcpy HtoD (Pageable -> Device)", pinned ? 13 : 7,
             ", \"bytes\": 12582912, \"memory bandwidth (GB/s)\": 5.1");
    t += pinned ? 25 : copyDur + 35;
    // Forward and backward: kernels on three streams, launched back to back.
    double gpu = t + 10;
    for (int k = 0; k < 24; ++k) {
      const int kind = k % 4;
      const double dur = jitter(8, 90);
      w.event(R"J({"ph": "X", "cat": "cpu_op", "name": "%s", "pid": %d, "tid": %d, "ts": %.3f, "dur": %.3f, "args": {"External id": %llu, "Sequence number": %llu, "Fwd thread id": 0, "Record function id": 0}})J",
              kOps[kind], kPid, kMainTid, t, 14.0, static_cast<unsigned long long>(correlation / 2),
              static_cast<unsigned long long>(step * 24 + k));
      launched(t + 2, "cudaLaunchKernel", gpu, dur, "kernel", kKernels[kind], k % 8 == 7 ? 21 : 7,
               ", \"registers per thread\": 32, \"shared memory\": 0, \"grid\": [640, 1, 1], \"block\": [128, 1, 1], \"est. achieved occupancy %\": 100");
      t += 15;
      gpu = std::max(gpu + dur + 1, t + 8);
    }
    launched(t + 1, "cudaMemsetAsync", gpu, 2.5, "gpu_memset", "Memset (Device)", 7, ", \"bytes\": 4096");
    t += 8;
    gpu += 4;
    // The loss read back: a 4-byte copy to pageable memory and a synchronisation.
    launched(t + 1, "cudaMemcpyAsync", gpu, 1.8, "gpu_memcpy", "Memcpy DtoH (Device -> Pageable)", 7,
             ", \"bytes\": 4, \"memory bandwidth (GB/s)\": 0.002");
    const double wait = std::max(2.0, gpu + 2 - t);
    w.event(R"J({"ph": "X", "cat": "cuda_runtime", "name": "cudaStreamSynchronize", "pid": %d, "tid": %d, "ts": %.3f, "dur": %.3f, "args": {"cbid": 131, "correlation": %llu, "external id": 0}})J",
            kPid, kMainTid, t + 8, wait, static_cast<unsigned long long>(correlation++));
    w.event(R"J({"ph": "X", "cat": "cuda_sync", "name": "Stream Sync", "pid": 0, "tid": 7, "ts": %.3f, "dur": %.3f, "args": {"cuda_sync_kind": "stream_sync", "stream": 7, "correlation": %llu, "device": 0}})J",
            t + 8, wait, static_cast<unsigned long long>(correlation - 1));
    t += 8 + wait + 5;
    w.event(R"J({"ph": "X", "cat": "user_annotation", "name": "ProfilerStep#%llu", "pid": %d, "tid": %d, "ts": %.3f, "dur": %.3f, "args": {"External id": %llu}})J",
            static_cast<unsigned long long>(step), kPid, kMainTid, stepStart, t - stepStart,
            static_cast<unsigned long long>(step));
    t += 3;
  }
  w.raw("\n  ],\n  \"traceName\": \"synthetic.pt.trace.json\",\n  \"displayTimeUnit\": \"ms\",\n"
        "  \"baseTimeNanoseconds\": 1790857026000000000\n}\n");
  std::printf("%llu events\n", static_cast<unsigned long long>(w.count()));
  return 0;
}
