// Grouping a recording's process streams by the rank each one's launcher variables name.
#include "launch/rank_streams.h"

#include <algorithm>

#include "launch/stream_merge.h"
#include "trace/rank_environment.h"

namespace feedscope::launch {

namespace {

// The rank that `variable` alone names in `labels`, by the job's one rule (trace::recordedRank).
std::optional<int> rankBy(std::string_view variable, const std::map<std::string, std::string>& labels) {
  auto it = labels.find(trace::rankEnvironmentLabel(variable));
  if (it == labels.end()) return std::nullopt;
  auto r = trace::recordedRank({*it});
  return r ? std::optional<int>(r->rank) : std::nullopt;
}

bool ranGpuWork(const rawstream::ProcessStream& s) {
  for (const auto& placed : s.intervals) {
    if (placed.placement.track == trace::TrackKind::GpuStream) return true;
  }
  return false;
}

}  // namespace

std::vector<RankStreams> groupStreamsByRank(std::vector<rawstream::ProcessStream> streams,
                                            const std::map<std::string, std::string>& ownLabels,
                                            std::vector<std::string>* notes) {
  std::vector<std::map<std::string, std::string>> labels;
  for (const auto& stream : streams) {
    labels.push_back(stream.environment_recorded ? trace::rankEnvironmentLabels(stream.launcher_environment)
                                                 : ownLabels);
  }
  // The recording's numbering is the most specific rank variable any process has: under `srun ...
  // torchrun` the workers' RANK, not SLURM_PROCID (the node's index, which the agent has too).
  std::optional<std::string_view> numbering;
  for (std::string_view variable : trace::kRankVariables) {
    for (const auto& l : labels) {
      if (rankBy(variable, l)) numbering = variable;
    }
    if (numbering) break;
  }

  std::map<int, RankStreams> ranked;
  RankStreams unranked;
  for (std::size_t i = 0; i < streams.size(); ++i) {
    auto rank = numbering ? rankBy(*numbering, labels[i]) : std::nullopt;
    RankStreams& group = rank ? ranked[*rank] : unranked;
    if (group.streams.empty()) {
      group.rank = rank;
      group.labels = std::move(labels[i]);
    }
    group.streams.push_back(std::move(streams[i]));
  }

  std::vector<RankStreams> groups;
  if (ranked.size() <= 1) {
    // One run as before: the rank's labels when one process named it, else those of record itself.
    RankStreams only;
    if (!ranked.empty()) {
      only = std::move(ranked.begin()->second);
    } else {
      only.labels = unranked.streams.empty() ? ownLabels : unranked.labels;
    }
    for (auto& s : unranked.streams) only.streams.push_back(std::move(s));
    groups.push_back(std::move(only));
    return groups;
  }
  for (auto& [rank, group] : ranked) groups.push_back(std::move(group));
  const bool launcherUsedTheGpu = std::any_of(unranked.streams.begin(), unranked.streams.end(), ranGpuWork);
  if (!unranked.streams.empty() && !launcherUsedTheGpu) {
    for (const auto& s : unranked.streams) {
      if (notes != nullptr) {
        notes->push_back(processLabel(s) + ": names no rank and ran no GPU work (a launcher that initialised "
                                           "CUDA): not made a run of its own");
      }
    }
    return groups;
  }
  if (!unranked.streams.empty()) {
    // Processes beside the ranks that say no rank: record's own variables would name a rank they are
    // not (`srun` gives every process of the node SLURM_PROCID), so they keep none.
    unranked.labels.clear();
    groups.push_back(std::move(unranked));
  }
  return groups;
}

std::string rankGroupRunName(const std::string& label, const RankStreams& group, std::size_t groups) {
  if (groups <= 1) return label;
  return group.rank ? trace::rankRunName(label, *group.rank) : label + " (no rank)";
}

}  // namespace feedscope::launch
