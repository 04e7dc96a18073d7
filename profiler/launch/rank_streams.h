// The processes of one recording grouped by rank: `feedscope record torchrun ...` (or mpirun, or a
// script that starts several ranks) records every rank's processes at once, and each rank must become
// a run of its own for the report to read them as one job (job/job_grouping.h). A process's rank is
// what its own launcher variables say, as the injection wrote them into its raw stream
// (rawstream::ProcessStream::launcher_environment); docs/recording.md "Ranks under one record".
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "rawstream/process_stream.h"

namespace feedscope::launch {

struct RankStreams {
  std::optional<int> rank;                    // nullopt: processes that name no rank
  std::map<std::string, std::string> labels;  // the run's "env RANK"... labels
  std::vector<rawstream::ProcessStream> streams;
};

// A process's rank is the value of the most specific rank variable any process of the recording has
// (RANK, else SLURM_PROCID, else OMPI_COMM_WORLD_RANK); a process without that one names no rank.
// One group when the processes name at most one rank between them (a plain program, or one rank
// recorded by `srun feedscope record ...`): today's one run, with the rank's labels. Otherwise one group
// per rank, lowest first, and last the processes that name no rank, when one of them ran GPU work (a
// launcher that used the GPU itself). Beside ranks, processes of no rank without GPU work are left out,
// each said in `notes` when given: torchrun's agent initialises CUDA (torch.cuda.device_count) and
// records nothing else, and would be read as a run with no GPU. A stream written without the
// Environment record takes `ownLabels`, the launcher variables of `record` itself, which the program
// inherited.
std::vector<RankStreams> groupStreamsByRank(std::vector<rawstream::ProcessStream> streams,
                                            const std::map<std::string, std::string>& ownLabels,
                                            std::vector<std::string>* notes = nullptr);

// The run name of a group: `label` for the only group, "label rank N" for a rank's, "label (no rank)"
// for the processes of no rank beside ranks.
std::string rankGroupRunName(const std::string& label, const RankStreams& group, std::size_t groups);

}  // namespace feedscope::launch
