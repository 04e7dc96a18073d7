// The launcher variables that say which rank a process is (torchrun, srun, mpirun), and the run label
// under which `record` keeps each one it finds in its own environment: the recorded program inherits
// that environment, so it is the program's rank. The job analysis reads them back
// (job/rank_identity.h), and `merge` keeps the recordings of different ranks apart
// (launch/run_join.h).
#pragma once
#include <array>
#include <charconv>
#include <map>
#include <optional>
#include <string>
#include <string_view>

namespace feedscope::trace {

// Rank variables, most specific first: the first present names the rank.
inline constexpr std::array<std::string_view, 3> kRankVariables = {"RANK", "SLURM_PROCID", "OMPI_COMM_WORLD_RANK"};
inline constexpr std::array<std::string_view, 3> kWorldSizeVariables = {"WORLD_SIZE", "SLURM_NTASKS",
                                                                        "OMPI_COMM_WORLD_SIZE"};
// Kept for the reader (which GPU of the node), not used to number ranks.
inline constexpr std::string_view kLocalRankVariable = "LOCAL_RANK";

// Every launcher variable `record` keeps: the rank and world-size variables and LOCAL_RANK. The
// injection writes these (and only these) of each recorded process into its raw stream.
inline constexpr std::array<std::string_view, 7> kLauncherVariables = {
    kRankVariables[0],      kRankVariables[1],      kRankVariables[2], kWorldSizeVariables[0],
    kWorldSizeVariables[1], kWorldSizeVariables[2], kLocalRankVariable};

// "env RANK": the label of a recorded variable.
inline std::string rankEnvironmentLabel(std::string_view variable) { return "env " + std::string(variable); }

// The run labels of launcher variables read from an environment (name → value).
inline std::map<std::string, std::string> rankEnvironmentLabels(const std::map<std::string, std::string>& variables) {
  std::map<std::string, std::string> labels;
  for (std::string_view name : kLauncherVariables) {
    if (auto it = variables.find(std::string(name)); it != variables.end()) {
      labels[rankEnvironmentLabel(name)] = it->second;
    }
  }
  return labels;
}

// The name of a rank's run, kept apart from the other ranks' runs of the same job: "train rank 3"
// (`record` of a launcher, `merge` of ranks' sessions).
inline std::string rankRunName(const std::string& name, int rank) { return name + " rank " + std::to_string(rank); }

struct RecordedRank {
  int rank = 0;
  std::optional<int> world_size;
};

// The rank (and world size) that a run's recorded launcher variables name: the first rank variable
// present with a number ≥ 0, the first world-size variable likewise. nullopt when none names a rank.
inline std::optional<RecordedRank> recordedRank(const std::map<std::string, std::string>& labels) {
  auto number = [&](std::string_view variable) -> std::optional<int> {
    auto it = labels.find(rankEnvironmentLabel(variable));
    if (it == labels.end()) return std::nullopt;
    const std::string& text = it->second;
    int value = 0;
    auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (error != std::errc() || end != text.data() + text.size() || value < 0) return std::nullopt;
    return value;
  };
  for (std::string_view variable : kRankVariables) {
    auto rank = number(variable);
    if (!rank) continue;
    RecordedRank found{*rank, std::nullopt};
    for (std::string_view w : kWorldSizeVariables) {
      if ((found.world_size = number(w))) break;
    }
    return found;
  }
  return std::nullopt;
}

}  // namespace feedscope::trace
