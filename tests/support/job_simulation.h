// A simulated distributed training job, built from how PyTorch's DDP, tensor parallelism and HSDP
// drive NCCL (not from how Feedscope reads traces), for exact tests of the job analysis:
//
// Each rank runs the same step program on its own host threads and GPU streams, on the true clock:
//   main thread   ProfilerStep#N ⊃ data loading · `## forward ##` (host work) · cudaMemcpyAsync (H2D on
//                 the compute stream 7) · per layer: a forward kernel, and with a TP or shard group an
//                 all-gather in that group (record_param_comms around its launch), the next kernel
//                 waiting for it (cudaStreamWaitEvent) · `## backward ##` while the autograd thread runs
//                 · the optimizer kernel after every gradient collective (the compute stream waits for
//                 the NCCL streams) · cudaStreamSynchronize until it ends; the next step begins there.
//   autograd      per gradient bucket: its backward kernels on stream 7, then the bucket's collective:
//                 DDP an all-reduce (data-parallel group, NCCL stream 20); HSDP a reduce-scatter in the
//                 shard group (stream 21) then an all-reduce of its output in the replicate group
//                 (stream 20). Backward kernels keep running beside the all-reduces.
// With `prefetch` (FSDP's and TP's forward prefetch), the all-gather of layer l+1 is issued before layer
// l's kernel, so it runs beside it; layer 0 needs none.
// TorchRec (DLRM with torchrec's sharded embeddings, every collective in the default group on stream 20):
//   main thread   after the copy: the embedding lookup (TBE forward), the all-to-all of the pooled
//                 embeddings (its input the lookup's output), beside it the dense bottom MLP's `layers`
//                 kernels; the awaitable's wait(), then what reads the all-to-all's output: a device copy
//                 (the permute of the pooled embeddings), the interaction and top MLP kernels.
//   autograd      the top MLP's and interaction's backward, the all-to-all of the embeddings' gradients,
//                 the bottom MLP's backward in `buckets` DDP buckets each all-reduced, then the wait for
//                 the gradients' all-to-all and the TBE backward (index linearize, sort, backward with its
//                 fused optimizer) beside the last all-reduce. Every collective has compute beside it.
// ProcessGroupNCCL makes its NCCL stream wait for the work queued before the call, so a collective
// kernel starts at max(its launch, its NCCL stream free, the end of the op launched just before it on
// the same thread); it ends when the last member has started it, plus its transfer. A GPU op that
// reads a collective's output is made to wait for it by work.wait() (`Wait`): cudaStreamWaitEvent on
// the compute stream, so the op starts at max(its launch, stream 7 free, the collective's end +
// `event_latency_ns`); with `Wait::HostSync` the host then synchronises (cudaStreamSynchronize, as a
// loss.item() or a .tolist() of the output does) and returns `sync_return_ns` after the stream's work
// is done, launching what follows only then. `wait_gap_ns` of host work (Python) lies between the wait
// and the next launch.
//
// Lateness adds time to one rank in one step (or every step): `load` its data loading, `host` its
// `## forward ##`, `copy` its input copy (then from pageable memory), `compute` its first forward
// kernel, `before_window` starts its first step that much later (its capture begins there). A rank's
// recorded times are the true ones plus its clock offset.
#pragma once

#include <fmt/format.h>

#include <algorithm>
#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace feedscope::testing::sim {

using Ns = std::int64_t;

// Which process groups the job has and which collective runs in which.
enum class Layout {
  DataParallel,        // one all-reduce per bucket over every rank (group "0")
  TensorData,          // TP groups of `group_size` consecutive ranks (all-gathers in forward), all-reduce over every rank
  TensorDataStrided,   // TP groups as above; the all-reduce in data-parallel groups of the ranks at one TP index
  Hsdp,                // shard groups (all-gathers in forward, reduce-scatter per bucket), replicate groups (all-reduce)
  TorchRec,            // DLRM: all-to-alls of pooled embeddings and of their gradients, DDP all-reduces, all in group "0"
};

// How a rank waits for a collective whose output it reads next (ProcessGroupNCCL's Work::wait()).
enum class Wait {
  Event,     // cudaStreamWaitEvent on the compute stream: the host goes on
  HostSync,  // then a host synchronisation on the compute stream: what follows is launched after it returns
};

struct Lateness {
  int rank = 0;
  int step = -1;  // the step's index in the capture; -1: every step
  std::string where = "load";  // load | host | copy | compute | before_window
  Ns extra_ns = 0;
};

struct Spec {
  int world_size = 8;
  int steps = 12;
  Layout layout = Layout::DataParallel;
  int group_size = 4;  // ranks of a TP or shard group (consecutive)
  int layers = 3;      // forward kernels per step; with a TP or shard group, an all-gather after each
  int buckets = 3;     // gradient buckets per step
  int kernels_per_bucket = 2;
  Ns load_ns = 2'000'000;
  Ns host_ns = 300'000;
  Ns copy_ns = 400'000;
  Ns forward_ns = 800'000;   // each forward kernel
  Ns backward_ns = 700'000;  // each backward kernel
  Ns optimizer_ns = 300'000;
  Ns allreduce_ns = 900'000;  // a bucket's all-reduce once its last member arrived
  Ns allgather_ns = 150'000;
  Ns reduce_scatter_ns = 400'000;
  Ns alltoall_ns = 1'200'000;  // TorchRec: an all-to-all once its last member arrived
  Ns permute_ns = 60'000;      // TorchRec: the device copy of the pooled embeddings
  Ns sort_ns = 40'000;         // TorchRec: each of the TBE backward's index kernels
  bool prefetch = false;       // all-gathers issued a layer ahead, beside the previous layer's kernel
  Wait wait = Wait::Event;
  Ns event_latency_ns = 0;  // from a collective's end to the start of an op waiting on its event
  Ns sync_return_ns = 0;    // from the end of the work a synchronisation waits for to its return
  Ns wait_gap_ns = 0;       // host work between work.wait() and the next launch
  // Balanced-job noise: rank r's backward kernels in step s are longer by ((r * 7 + s * 3) % 5) × this.
  Ns jitter_ns = 0;
  std::vector<Lateness> lateness;
  std::vector<Ns> clock_offset_ns;  // per rank; missing ranks 0
  Ns start_ns = 1'733'000'000'000'000'000;  // the capture's first step on the true clock (ns since 1970)
  int first_step_number = 0;  // ProfilerStep#N of the capture's first step; sequence numbers follow it
  // Where the collective's identity (group name, its ranks, sequence number) is written: on the kernel
  // and on its record_param_comms (current Kineto), only on record_param_comms (older traces), or the
  // group name and sequence number alone, with no `Process Group Ranks` and no pg_config (the group's
  // ranks are then known only from which ranks carry it).
  enum class Arguments { OnKernelAndRange, OnRangeOnly, NamesOnly };
  Arguments arguments = Arguments::OnKernelAndRange;
  // The trace keeps of the CUDA runtime only the calls that launch work (kernels, copies), as trace
  // filters keep them (HolisticTraceAnalysis's): no synchronisation, no cudaStreamWaitEvent.
  bool launches_only = false;

  static constexpr Ns kCallNs = 3'000;  // each CUDA runtime call

  Ns offset(int rank) const {
    return rank < static_cast<int>(clock_offset_ns.size()) ? clock_offset_ns[static_cast<std::size_t>(rank)] : 0;
  }
  // The lateness `where` adds to `rank` in step `step` (summed over entries).
  Ns extra(int rank, int step, std::string_view where) const {
    Ns sum = 0;
    for (const auto& l : lateness) {
      if (l.rank == rank && (l.step < 0 || l.step == step) && l.where == where) sum += l.extra_ns;
    }
    return sum;
  }
  // The same job with `rank`'s lateness removed (every rank when -1): what "on time" means.
  Spec without(int rank) const {
    Spec s = *this;
    std::erase_if(s.lateness, [rank](const Lateness& l) { return rank < 0 || l.rank == rank; });
    return s;
  }
  Spec withoutEntry(int rank, int step) const {
    Spec s = *this;
    std::erase_if(s.lateness, [&](const Lateness& l) { return l.rank == rank && (l.step == step || l.step < 0); });
    // An every-step entry keeps its other steps.
    for (const auto& l : lateness) {
      if (l.rank == rank && l.step < 0) {
        for (int t = 0; t < steps; ++t) {
          if (t != step) s.lateness.push_back({l.rank, t, l.where, l.extra_ns});
        }
      }
    }
    return s;
  }
};

struct Group {
  std::string name;  // PyTorch's: "0" the default group, then in creation order
  std::string desc;
  std::vector<int> ranks;
  bool has(int r) const { return std::find(ranks.begin(), ranks.end(), r) != ranks.end(); }
};

// The process groups, created on every rank in one order (new_group is collective), so their names
// agree across ranks.
struct Groups {
  Group world;
  std::vector<Group> inner;  // TP or shard groups
  std::vector<Group> outer;  // strided data-parallel or replicate groups

  explicit Groups(const Spec& spec) {
    world = {"0", "default_pg", {}};
    for (int r = 0; r < spec.world_size; ++r) world.ranks.push_back(r);
    if (spec.layout == Layout::DataParallel || spec.layout == Layout::TorchRec) return;
    const int n = spec.world_size / spec.group_size;
    int name = 1;
    for (int g = 0; g < n; ++g) {
      Group x{std::to_string(name++), spec.layout == Layout::Hsdp ? "shard" : "tp", {}};
      for (int i = 0; i < spec.group_size; ++i) x.ranks.push_back(g * spec.group_size + i);
      inner.push_back(x);
    }
    if (spec.layout == Layout::TensorData) return;
    for (int i = 0; i < spec.group_size; ++i) {
      Group x{std::to_string(name++), spec.layout == Layout::Hsdp ? "replicate" : "dp", {}};
      for (int g = 0; g < n; ++g) x.ranks.push_back(g * spec.group_size + i);
      outer.push_back(x);
    }
  }
  const Group* innerOf(int r) const {
    for (const auto& g : inner) {
      if (g.has(r)) return &g;
    }
    return nullptr;
  }
  // The group of the gradient all-reduce.
  const Group& allReduceOf(int r) const {
    for (const auto& g : outer) {
      if (g.has(r)) return g;
    }
    return world;
  }
  std::vector<const Group*> of(int r) const {
    std::vector<const Group*> out{&world};
    if (const Group* g = innerOf(r)) out.push_back(g);
    if (&allReduceOf(r) != &world) out.push_back(&allReduceOf(r));
    return out;
  }
};

struct HostEvent {
  int thread = 0;  // 0 main, 1 autograd
  std::string cat, name;
  Ns start = 0, end = 0;
  std::uint32_t correlation = 0;
  std::string args;  // extra JSON members, without braces
};

struct GpuOp {
  enum class Kind { Copy, Compute, Collective } kind = Kind::Compute;
  std::string name;
  int stream = 7;
  Ns start = 0, end = 0;
  std::uint32_t correlation = 0;
  bool pageable = false;
  std::uint64_t bytes = 0;  // copies
  // Collectives:
  std::string operation;        // AllReduce, AllGather, ReduceScatter
  std::string collective_name;  // allreduce, _allgather_base, _reduce_scatter_base
  Group group;
  std::int64_t seq = 0;
  Ns ready = 0;  // its inputs were ready (the truth the analysis infers)
  Ns duration() const { return end - start; }
};

struct RankRecord {
  std::vector<HostEvent> host;
  std::vector<GpuOp> gpu;
  struct Step {
    int number;
    Ns start, end;
  };
  std::vector<Step> steps;
};

struct Job {
  Spec spec;
  std::vector<RankRecord> ranks;
};

namespace detail {

struct RankState {
  Ns main = 0, autograd = 0;  // host cursors
  std::map<int, Ns> stream_free;
  Ns last_launched_end = 0;  // the end of the op launched last on the thread launching now
  Ns wait_for = 0;           // the collective the next compute kernel waits for
  std::uint32_t correlation = 1;
  std::map<std::string, std::int64_t> seq;  // per group
  Ns freeOf(int stream) const {
    auto it = stream_free.find(stream);
    return it == stream_free.end() ? 0 : it->second;
  }
};

inline std::string groupArgs(const Spec& spec, const GpuOp& op, int rank) {
  std::string ranks;
  for (int r : op.group.ranks) ranks += (ranks.empty() ? "" : ", ") + std::to_string(r);
  std::string out = fmt::format(R"("Collective name":"{}","Process Group Name":"{}","Process Group Description":"{}",)"
                                R"("Group size":{},"Seq":{},"dtype":"Float","In msg nelems":1048576,"Out msg nelems":1048576,"Rank":{})",
                                op.collective_name, op.group.name, op.group.desc, op.group.ranks.size(), op.seq, rank);
  if (spec.arguments != Spec::Arguments::NamesOnly) out += fmt::format(R"(,"Process Group Ranks":"[{}]")", ranks);
  return out;
}

}  // namespace detail

// The job `spec` describes, every rank on the true clock.
inline Job simulate(const Spec& spec) {
  const Groups groups(spec);
  Job job{spec, std::vector<RankRecord>(static_cast<std::size_t>(spec.world_size))};
  std::vector<detail::RankState> st(static_cast<std::size_t>(spec.world_size));
  const Ns c = Spec::kCallNs;
  auto rec = [&](int r) -> RankRecord& { return job.ranks[static_cast<std::size_t>(r)]; };
  auto state = [&](int r) -> detail::RankState& { return st[static_cast<std::size_t>(r)]; };
  auto cursor = [&](int r, int thread) -> Ns& { return thread == 0 ? state(r).main : state(r).autograd; };
  for (int r = 0; r < spec.world_size; ++r) state(r).main = spec.start_ns + spec.extra(r, 0, "before_window");

  // Launches a GPU op from `thread` at its cursor; returns its index. `waitFor`: the end of the
  // collective it waits on (0: none), seen by its stream `event_latency_ns` later.
  auto launch = [&](int r, int thread, GpuOp op, Ns duration, Ns waitFor, bool collective) {
    auto& s = state(r);
    Ns& h = cursor(r, thread);
    const std::uint32_t corr = s.correlation++;
    Ns callStart = h;
    if (collective) {
      // record_param_comms around the launch: its arguments name the collective.
      callStart = h + c;
      rec(r).host.push_back({thread, "cpu_op", "record_param_comms", h, h + 3 * c, 0, ""});
    }
    const bool copy = op.kind == GpuOp::Kind::Copy;
    rec(r).host.push_back({thread, "cuda_runtime", copy ? "cudaMemcpyAsync" : "cudaLaunchKernel", callStart, callStart + c, corr, ""});
    h = collective ? h + 3 * c : h + c;
    op.correlation = corr;
    Ns start = std::max({callStart + c, s.freeOf(op.stream), waitFor > 0 ? waitFor + spec.event_latency_ns : 0});
    if (collective) {
      op.ready = std::max(callStart + c, s.last_launched_end);
      start = std::max(start, op.ready);
      op.end = -1;  // resolved when every member has arrived
    } else {
      op.end = start + duration;
      s.stream_free[op.stream] = op.end;
      s.last_launched_end = op.end;
    }
    op.start = start;
    rec(r).gpu.push_back(op);
    return rec(r).gpu.size() - 1;
  };
  // Every member's kernel ends when the last member has started it, plus the transfer.
  auto resolve = [&](const std::vector<std::size_t>& index, const std::vector<const Group*>& groupOf, Ns transfer) {
    std::map<const Group*, Ns> last;
    for (int r = 0; r < spec.world_size; ++r) {
      const GpuOp& op = rec(r).gpu[index[static_cast<std::size_t>(r)]];
      last[groupOf[static_cast<std::size_t>(r)]] = std::max(last[groupOf[static_cast<std::size_t>(r)]], op.start);
    }
    for (int r = 0; r < spec.world_size; ++r) {
      GpuOp& op = rec(r).gpu[index[static_cast<std::size_t>(r)]];
      op.end = last[groupOf[static_cast<std::size_t>(r)]] + transfer;
      state(r).stream_free[op.stream] = op.end;
      state(r).last_launched_end = op.end;
    }
  };
  auto collective = [&](int r, const Group& g, const char* operation, const char* name, const char* kernel, int stream) {
    GpuOp op;
    op.kind = GpuOp::Kind::Collective;
    op.name = kernel;
    op.stream = stream;
    op.operation = operation;
    op.collective_name = name;
    op.group = g;
    auto& s = state(r);
    auto [it, added] = s.seq.try_emplace(g.name, 0);
    if (added) {
      // PyTorch's counter runs from the group's creation: the capture's first step is not the first.
      const int gathers = spec.prefetch ? spec.layers - 1 : spec.layers;
      int perStep = spec.buckets;
      if (spec.layout == Layout::TorchRec) perStep = spec.buckets + 2;
      if (spec.layout != Layout::DataParallel && spec.layout != Layout::TorchRec && &g == groups.innerOf(r)) {
        perStep = gathers + (spec.layout == Layout::Hsdp ? spec.buckets : 0);
      }
      it->second = static_cast<std::int64_t>(spec.first_step_number) * perStep;
    }
    op.seq = it->second++;
    return op;
  };
  // One collective on every rank: launched from `thread`, its group per rank, resolved.
  auto everyRank = [&](int thread, auto groupOf, const char* operation, const char* name, const char* kernel, int stream,
                       Ns transfer) {
    std::vector<std::size_t> index;
    std::vector<const Group*> of;
    for (int r = 0; r < spec.world_size; ++r) {
      const Group& g = groupOf(r);
      index.push_back(launch(r, thread, collective(r, g, operation, name, kernel, stream), 0, 0, true));
      of.push_back(&g);
    }
    resolve(index, of, transfer);
    return index;
  };
  // After the compute stream was made to wait for collectives ending at `end` (x.wait_for): with
  // Wait::HostSync the host synchronises on that stream; then the host's `wait_gap_ns`.
  auto thenHost = [&](int r, int thread, Ns end) {
    auto& x = state(r);
    Ns& h = cursor(r, thread);
    if (spec.wait == Wait::HostSync) {
      const Ns done = std::max(x.freeOf(7), end + spec.event_latency_ns);
      const Ns back = std::max(h + c, done + spec.sync_return_ns);
      rec(r).host.push_back({thread, "cuda_runtime", "cudaStreamSynchronize", h, back, x.correlation++, ""});
      h = back;
    }
    h += spec.wait_gap_ns;
  };
  // work.wait() on `thread` for the collective `op`: record_param_comms ("wait") around
  // cudaStreamWaitEvent, the compute stream waiting for its end.
  auto waitOn = [&](int r, int thread, const GpuOp& op) {
    auto& x = state(r);
    Ns& h = cursor(r, thread);
    rec(r).host.push_back({thread, "cpu_op", "record_param_comms", h, h + 3 * c, 0,
                           fmt::format(R"("Collective name":"wait","Seq":{})", op.seq)});
    rec(r).host.push_back({thread, "cuda_runtime", "cudaStreamWaitEvent", h + c, h + 2 * c, x.correlation++, ""});
    h += 3 * c;
    x.wait_for = op.end;
    thenHost(r, thread, op.end);
  };
  auto kernel = [](std::string name) {
    GpuOp k;
    k.name = std::move(name);
    return k;
  };
  const Group& world = groups.world;
  auto worldOf = [&](int) -> const Group& { return world; };
  auto innerOf = [&](int r) -> const Group& { return *groups.innerOf(r); };
  constexpr const char* kAllGather = "ncclDevKernel_AllGather_RING_LL(ncclDevKernelArgsStorage<4096ul>)";
  constexpr const char* kAllReduce = "ncclDevKernel_AllReduce_Sum_f32_RING_LL(ncclDevKernelArgsStorage<4096ul>)";
  constexpr const char* kSendRecv = "ncclDevKernel_SendRecv(ncclDevKernelArgsStorage<4096ul>)";

  const bool withInner = spec.layout != Layout::DataParallel && spec.layout != Layout::TorchRec;
  for (int s = 0; s < spec.steps; ++s) {
    std::vector<Ns> stepStart(static_cast<std::size_t>(spec.world_size));
    for (int r = 0; r < spec.world_size; ++r) {
      auto& x = state(r);
      Ns& h = x.main;
      stepStart[static_cast<std::size_t>(r)] = h;
      const Ns load = spec.load_ns + spec.extra(r, s, "load");
      rec(r).host.push_back({0, "user_annotation", "enumerate(DataLoader)#_SingleProcessDataLoaderIter.__next__", h, h + load, 0, ""});
      h += load;
      const Ns host = spec.host_ns + spec.extra(r, s, "host");
      rec(r).host.push_back({0, "user_annotation", "## forward ##", h, h + host, 0, ""});
      h += host;
      x.last_launched_end = 0;
      GpuOp copy;
      copy.kind = GpuOp::Kind::Copy;
      const Ns copyExtra = spec.extra(r, s, "copy");
      copy.pageable = copyExtra > 0;
      copy.name = copy.pageable ? "Memcpy HtoD (Pageable -> Device)" : "Memcpy HtoD (Pinned -> Device)";
      copy.bytes = 64u << 20;
      launch(r, 0, copy, spec.copy_ns + copyExtra, 0, false);
      x.wait_for = 0;
    }
    auto forwardKernel = [&](int r, int l, const std::string& name) {
      const Ns extra = l == 0 ? spec.extra(r, s, "compute") : 0;
      launch(r, 0, kernel(name), spec.forward_ns + extra, state(r).wait_for, false);
    };
    if (spec.layout == Layout::TorchRec) {
      // The embedding lookup, the all-to-all of its pooled output beside the bottom MLP, then what reads it.
      for (int r = 0; r < spec.world_size; ++r) {
        forwardKernel(r, 0, "void split_embedding_codegen_forward_unweighted_kernel<float>(float const*, float*)");
      }
      const auto pooled = everyRank(0, worldOf, "SendRecv", "all_to_allv", kSendRecv, 20, spec.alltoall_ns);
      for (int l = 0; l < spec.layers; ++l) {
        for (int r = 0; r < spec.world_size; ++r) forwardKernel(r, l + 1, fmt::format("void bottom_mlp_gemm_{}<float>(float const*, float*)", l));
      }
      for (int r = 0; r < spec.world_size; ++r) {
        waitOn(r, 0, rec(r).gpu[pooled[static_cast<std::size_t>(r)]]);
        GpuOp permute;
        permute.kind = GpuOp::Kind::Copy;
        permute.name = "Memcpy DtoD (Device -> Device)";
        permute.bytes = 4u << 20;
        launch(r, 0, permute, spec.permute_ns, state(r).wait_for, false);
        state(r).wait_for = 0;
        launch(r, 0, kernel("void interaction_kernel<float>(float const*, float*)"), spec.forward_ns, 0, false);
        launch(r, 0, kernel("void top_mlp_gemm<float>(float const*, float*)"), spec.forward_ns, 0, false);
      }
    } else if (withInner && spec.prefetch) {
      // Layer l+1's all-gather issued before layer l's kernel: it runs beside it. Layer 0 needs none.
      std::vector<std::size_t> gathered;
      for (int l = 0; l < spec.layers; ++l) {
        std::vector<std::size_t> next;
        if (l + 1 < spec.layers) next = everyRank(0, innerOf, "AllGather", "_allgather_base", kAllGather, 21, spec.allgather_ns);
        for (int r = 0; r < spec.world_size; ++r) {
          if (l > 0) waitOn(r, 0, rec(r).gpu[gathered[static_cast<std::size_t>(r)]]);
          forwardKernel(r, l, fmt::format("void forward_gemm_{}<float>(float const*, float*)", l));
        }
        gathered = std::move(next);
      }
    } else {
      for (int l = 0; l < spec.layers; ++l) {
        for (int r = 0; r < spec.world_size; ++r) forwardKernel(r, l, fmt::format("void forward_gemm_{}<float>(float const*, float*)", l));
        if (!withInner) continue;
        const auto gathered = everyRank(0, innerOf, "AllGather", "_allgather_base", kAllGather, 21, spec.allgather_ns);
        // The next layer's kernel waits for the all-gather.
        for (int r = 0; r < spec.world_size; ++r) waitOn(r, 0, rec(r).gpu[gathered[static_cast<std::size_t>(r)]]);
      }
    }
    std::vector<Ns> backwardStart(static_cast<std::size_t>(spec.world_size));
    for (int r = 0; r < spec.world_size; ++r) {
      auto& x = state(r);
      backwardStart[static_cast<std::size_t>(r)] = x.main;
      x.autograd = x.main + c;  // loss.backward() hands the graph to the autograd thread
    }
    std::vector<std::size_t> gradients;  // TorchRec: the all-to-all of the embeddings' gradients
    if (spec.layout == Layout::TorchRec) {
      for (int r = 0; r < spec.world_size; ++r) {
        launch(r, 1, kernel("void top_mlp_gemm_backward<float>(float const*, float*)"), spec.backward_ns, 0, false);
        launch(r, 1, kernel("void interaction_backward_kernel<float>(float const*, float*)"), spec.backward_ns, 0, false);
      }
      gradients = everyRank(1, worldOf, "SendRecv", "all_to_allv", kSendRecv, 20, spec.alltoall_ns);
    }
    for (int b = 0; b < spec.buckets; ++b) {
      for (int k = 0; k < spec.kernels_per_bucket; ++k) {
        for (int r = 0; r < spec.world_size; ++r) {
          const Ns jitter = ((r * 7 + s * 3) % 5) * spec.jitter_ns;
          launch(r, 1, kernel(fmt::format("void backward_gemm_{}<float>(float const*, float*)", k)), spec.backward_ns + jitter,
                 state(r).wait_for, false);
        }
      }
      if (spec.layout == Layout::Hsdp) {
        everyRank(1, innerOf, "ReduceScatter", "_reduce_scatter_base",
                  "ncclDevKernel_ReduceScatter_Sum_f32_RING_LL(ncclDevKernelArgsStorage<4096ul>)", 21, spec.reduce_scatter_ns);
      }
      everyRank(1, [&](int r) -> const Group& { return groups.allReduceOf(r); }, "AllReduce", "allreduce", kAllReduce, 20,
                spec.allreduce_ns);
    }
    if (spec.layout == Layout::TorchRec) {
      // The TBE backward reads the gradients' all-to-all: beside the last all-reduce.
      for (int r = 0; r < spec.world_size; ++r) {
        waitOn(r, 1, rec(r).gpu[gradients[static_cast<std::size_t>(r)]]);
        launch(r, 1, kernel("void linearize_index_kernel<long>(long const*, long*)"), spec.sort_ns, state(r).wait_for, false);
        state(r).wait_for = 0;
        launch(r, 1, kernel("void cub::DeviceRadixSortOnesweepKernel<long>(long const*, long*)"), spec.sort_ns, 0, false);
        launch(r, 1, kernel("void split_embedding_backward_codegen_rowwise_adagrad_kernel<float>(float const*, float*)"),
               spec.backward_ns, 0, false);
      }
    }
    for (int r = 0; r < spec.world_size; ++r) {
      auto& x = state(r);
      x.main = std::max(x.main, x.autograd);
      rec(r).host.push_back({0, "user_annotation", "## backward ##", backwardStart[static_cast<std::size_t>(r)], x.main, 0, ""});
      // DDP's end of backward: the compute stream waits for the gradient collectives.
      rec(r).host.push_back({0, "cuda_runtime", "cudaStreamWaitEvent", x.main, x.main + c, x.correlation++, ""});
      x.main += c;
      Ns gradientsDone = 0;
      for (int stream : {20, 21}) gradientsDone = std::max(gradientsDone, x.freeOf(stream));
      thenHost(r, 0, gradientsDone);
      launch(r, 0, kernel("void optimizer_step<float>(float*, float const*)"), spec.optimizer_ns, gradientsDone, false);
      const Ns syncStart = x.main;
      const Ns end = std::max(syncStart + c, x.freeOf(7) + spec.sync_return_ns);
      rec(r).host.push_back({0, "cuda_runtime", "cudaStreamSynchronize", syncStart, end, x.correlation++, ""});
      x.main = end;
      rec(r).steps.push_back({spec.first_step_number + s, stepStart[static_cast<std::size_t>(r)], end});
    }
  }
  return job;
}

namespace detail {

// Microseconds with three decimals: the nanoseconds exactly.
inline std::string micros(Ns ns) {
  const bool negative = ns < 0;
  const std::uint64_t v = negative ? static_cast<std::uint64_t>(-ns) : static_cast<std::uint64_t>(ns);
  return fmt::format("{}{}.{:03}", negative ? "-" : "", v / 1000, v % 1000);
}

}  // namespace detail

// Rank `rank`'s Kineto trace (what torch.profiler writes on that rank), on its own clock.
inline std::string kinetoTrace(const Job& job, int rank) {
  using detail::micros;
  const Spec& spec = job.spec;
  const RankRecord& rec = job.ranks[static_cast<std::size_t>(rank)];
  const Groups groups(spec);
  const int device = rank % 8;
  const Ns offset = spec.offset(rank);
  const int pid = 1000 + rank;
  std::vector<std::pair<Ns, std::string>> events;
  for (const auto& step : rec.steps) {
    events.emplace_back(step.start, fmt::format(R"({{"ph":"X","cat":"user_annotation","name":"ProfilerStep#{}","pid":{},"tid":{},"ts":{},"dur":{}}})",
                                                step.number, pid, pid, micros(step.start + offset), micros(step.end - step.start)));
  }
  // record_param_comms ranges carry the collective's arguments: the i-th range is the i-th collective's
  // launch on its thread (both in program order).
  std::vector<const GpuOp*> collectives;
  for (const auto& op : rec.gpu) {
    if (op.kind == GpuOp::Kind::Collective) collectives.push_back(&op);
  }
  std::size_t nextCollective = 0;
  for (const auto& h : rec.host) {
    if (spec.launches_only && h.cat == "cuda_runtime" && h.name != "cudaLaunchKernel" && h.name != "cudaMemcpyAsync") continue;
    const int tid = h.thread == 0 ? pid : 2000 + rank;
    std::string args = h.correlation != 0 ? fmt::format(R"("correlation":{})", h.correlation) : std::string();
    if (h.name == "record_param_comms") {
      // A wait's range carries its own arguments; a launch's, its collective's.
      args = h.args.empty() ? detail::groupArgs(spec, *collectives[nextCollective++], rank) : h.args;
    }
    events.emplace_back(h.start, fmt::format(R"({{"ph":"X","cat":"{}","name":"{}","pid":{},"tid":{},"ts":{},"dur":{},"args":{{{}}}}})",
                                             h.cat, h.name, pid, tid, micros(h.start + offset), micros(h.end - h.start), args));
  }
  for (const auto& op : rec.gpu) {
    std::string more;
    if (op.kind == GpuOp::Kind::Collective && spec.arguments != Spec::Arguments::OnRangeOnly) {
      more = "," + detail::groupArgs(spec, op, rank);
    }
    const bool copy = op.kind == GpuOp::Kind::Copy;
    events.emplace_back(op.start, fmt::format(
        R"({{"ph":"X","cat":"{}","name":"{}","pid":{},"tid":{},"ts":{},"dur":{},"args":{{"device":{},"stream":{},"correlation":{},"bytes":{}{}}}}})",
        copy ? "gpu_memcpy" : "kernel", op.name, device, op.stream, micros(op.start + offset), micros(op.end - op.start), device,
        op.stream, op.correlation, copy ? op.bytes : 0u, more));
  }
  std::stable_sort(events.begin(), events.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  std::string body;
  for (const auto& e : events) body += (body.empty() ? "" : ",\n") + e.second;
  std::string pgConfig;
  if (spec.arguments != Spec::Arguments::NamesOnly) {
    std::string list;
    for (const Group* g : groups.of(rank)) {
      std::string ranks;
      for (int r : g->ranks) ranks += (ranks.empty() ? "" : ", ") + std::to_string(r);
      list += fmt::format(R"({}{{"pg_name":"{}","pg_desc":"{}","backend_config":"cuda:nccl","pg_size":{},"ranks":[{}]}})",
                          list.empty() ? "" : ",", g->name, g->desc, g->ranks.size(), ranks);
    }
    pgConfig = fmt::format(R"(,"pg_count":{},"pg_config":[{}])", groups.of(rank).size(), list);
  }
  return fmt::format(
      R"({{"schemaVersion":1,"distributedInfo":{{"backend":"nccl","rank":{},"world_size":{}{},"nccl_version":"2.21.5"}},)"
      R"("deviceProperties":[{{"id":{},"name":"NVIDIA H100 80GB HBM3"}}],"traceEvents":[
{}
]}})",
      rank, spec.world_size, pgConfig, device, body);
}

}  // namespace feedscope::testing::sim
