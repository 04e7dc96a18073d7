// The launcher variables that say which rank a process is (torchrun, srun, mpirun), and the run label
// under which `record` keeps each one it finds in its own environment: the recorded program inherits
// that environment, so it is the program's rank. The job analysis reads them back
// (job/rank_identity.h).
#pragma once
#include <array>
#include <string>
#include <string_view>

namespace feedscope::trace {

// Rank variables, most specific first: the first present names the rank.
inline constexpr std::array<std::string_view, 3> kRankVariables = {"RANK", "SLURM_PROCID", "OMPI_COMM_WORLD_RANK"};
inline constexpr std::array<std::string_view, 3> kWorldSizeVariables = {"WORLD_SIZE", "SLURM_NTASKS",
                                                                        "OMPI_COMM_WORLD_SIZE"};
// Kept for the reader (which GPU of the node), not used to number ranks.
inline constexpr std::string_view kLocalRankVariable = "LOCAL_RANK";

// "env RANK": the label of a recorded variable.
inline std::string rankEnvironmentLabel(std::string_view variable) { return "env " + std::string(variable); }

}  // namespace feedscope::trace
