// What a simulated job's figures are (tests/support/job_simulation.h), from the simulation's own
// records with plain interval arithmetic and from simulating the job again with a rank on time: the
// truth the job analysis is checked against, computed without any of its code.
#pragma once

#include <algorithm>
#include <map>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "support/job_simulation.h"

namespace feedscope::testing::sim {

using Interval = std::pair<Ns, Ns>;
using Intervals = std::vector<Interval>;

inline Intervals unite(Intervals v) {
  std::sort(v.begin(), v.end());
  Intervals out;
  for (const auto& x : v) {
    if (x.second <= x.first) continue;
    if (!out.empty() && x.first <= out.back().second) {
      out.back().second = std::max(out.back().second, x.second);
    } else {
      out.push_back(x);
    }
  }
  return out;
}

inline Ns length(const Intervals& v) {
  Ns sum = 0;
  for (const auto& x : unite(v)) sum += x.second - x.first;
  return sum;
}

// |a ∩ b| of two unions.
inline Ns overlap(const Intervals& a, const Intervals& b) {
  Ns sum = 0;
  for (const auto& x : unite(a)) {
    for (const auto& y : unite(b)) sum += std::max<Ns>(0, std::min(x.second, y.second) - std::max(x.first, y.first));
  }
  return sum;
}

// The median as Feedscope states it (docs/metrics.md): the middle value, or the lower-rounded mean of
// the two middle values.
inline Ns median(std::vector<Ns> v) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  const std::size_t n = v.size();
  if (n % 2 == 1) return v[n / 2];
  const Ns a = v[n / 2 - 1], b = v[n / 2];
  return a / 2 + b / 2 + (a % 2 + b % 2) / 2;
}

// One collective of the job: the (rank, op index) of each member, by the group, operation and the
// sequence number the simulation gave it.
inline std::map<std::tuple<std::string, std::string, std::int64_t>, std::vector<std::pair<int, std::size_t>>>
instances(const Job& job) {
  std::map<std::tuple<std::string, std::string, std::int64_t>, std::vector<std::pair<int, std::size_t>>> out;
  for (int r = 0; r < static_cast<int>(job.ranks.size()); ++r) {
    const auto& gpu = job.ranks[static_cast<std::size_t>(r)].gpu;
    for (std::size_t i = 0; i < gpu.size(); ++i) {
      if (gpu[i].kind == GpuOp::Kind::Collective) out[{gpu[i].group.name, gpu[i].operation, gpu[i].seq}].emplace_back(r, i);
    }
  }
  return out;
}

struct RankTruth {
  Ns window = 0;            // first GPU op's start to the last's end
  Ns compute = 0;           // union of compute kernels
  Ns comm = 0;              // union of collective kernels
  Ns comm_overlapped = 0;   // of it, with compute beside it
  Ns transfer = 0;          // collective kernel time less the peer wait
  Ns peer_wait = 0;         // summed over collectives: until the last member arrived, at most the kernel
  Ns peer_wait_exposed = 0; // union of the waits less compute
  Ns own_starvation = 0;    // window less the union of all kernels
  std::size_t collectives = 0;
};

inline RankTruth rankTruth(const Job& job, int rank) {
  RankTruth t;
  const auto& gpu = job.ranks[static_cast<std::size_t>(rank)].gpu;
  Intervals compute, comm, kernels, waits;
  Ns first = INT64_MAX, last = INT64_MIN, collectiveTime = 0;
  for (const auto& op : gpu) {
    first = std::min(first, op.start);
    last = std::max(last, op.end);
    if (op.kind == GpuOp::Kind::Compute) compute.emplace_back(op.start, op.end);
    if (op.kind == GpuOp::Kind::Collective) {
      comm.emplace_back(op.start, op.end);
      collectiveTime += op.duration();
      ++t.collectives;
    }
    if (op.kind != GpuOp::Kind::Copy) kernels.emplace_back(op.start, op.end);
  }
  for (const auto& [key, members] : instances(job)) {
    Ns lastArrival = INT64_MIN;
    for (const auto& [r, i] : members) lastArrival = std::max(lastArrival, job.ranks[static_cast<std::size_t>(r)].gpu[i].start);
    for (const auto& [r, i] : members) {
      if (r != rank) continue;
      const GpuOp& op = gpu[i];
      const Ns wait = std::clamp<Ns>(lastArrival - op.start, 0, op.duration());
      t.peer_wait += wait;
      waits.emplace_back(op.start, op.start + wait);
    }
  }
  t.window = last - first;
  t.compute = length(compute);
  t.comm = length(comm);
  t.comm_overlapped = overlap(comm, compute);
  t.transfer = collectiveTime - t.peer_wait;
  t.peer_wait_exposed = length(waits) - overlap(waits, compute);
  t.own_starvation = t.window - length(kernels);
  return t;
}

// The step every rank experiences, per step: the first rank's start to the last rank's end.
inline std::vector<Ns> jobSteps(const Job& job) {
  std::vector<Ns> out;
  for (std::size_t s = 0; s < job.ranks.front().steps.size(); ++s) {
    Ns a = INT64_MAX, b = INT64_MIN;
    for (const auto& r : job.ranks) {
      a = std::min(a, r.steps[s].start);
      b = std::max(b, r.steps[s].end);
    }
    out.push_back(b - a);
  }
  return out;
}

inline Ns lastCollectiveEnd(const Job& job) {
  Ns end = INT64_MIN;
  for (const auto& r : job.ranks) {
    for (const auto& op : r.gpu) {
      if (op.kind == GpuOp::Kind::Collective) end = std::max(end, op.end);
    }
  }
  return end;
}

// What `rank` cost the job: simulated again with its lateness removed, how much sooner the last
// collective ends, and how much shorter each step is.
struct RankCostTruth {
  Ns cost = 0;
  std::vector<Ns> step_saving;
};

inline RankCostTruth costOf(const Spec& spec, int rank) {
  const Job with = simulate(spec), without = simulate(spec.without(rank));
  RankCostTruth out;
  out.cost = lastCollectiveEnd(with) - lastCollectiveEnd(without);
  const auto a = jobSteps(with), b = jobSteps(without);
  for (std::size_t s = 0; s < a.size(); ++s) out.step_saving.push_back(a[s] - b[s]);
  return out;
}

// The ranks in `text` as the report writes them: "0-3", "2, 6".
inline std::string rankRanges(const std::vector<int>& ranks) {
  std::string out;
  for (std::size_t i = 0; i < ranks.size();) {
    std::size_t j = i;
    while (j + 1 < ranks.size() && ranks[j + 1] == ranks[j] + 1) ++j;
    out += (out.empty() ? "" : ", ") + (j - i >= 2 ? std::to_string(ranks[i]) + "-" + std::to_string(ranks[j]) : std::to_string(ranks[i]));
    i = j - i >= 2 ? j + 1 : i + 1;
  }
  return out;
}

}  // namespace feedscope::testing::sim
