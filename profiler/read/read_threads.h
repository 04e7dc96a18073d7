// How many threads a read may use. A trace import streams on two threads (read/split_pipeline.h) when
// there is a core for the second: that halves a lone report's wall time, but costs about 15 % more
// CPU (hand-offs between the threads, the memory one thread frees for the other), which is a loss
// wherever every core already has a file of its own (a folder of ranks, a launcher's summarize on
// every rank). docs/performance.md "Jobs".
#pragma once

#include <array>
#include <cstddef>

namespace feedscope::io {

enum class ReadThreads {
  Auto,  // two when the input is large enough and this process may run on more than one core
  One,   // the caller runs other reads beside this one, a core each
};

// The launchers' variables that say how many processes they started on this node, one a rank:
// torchrun (LOCAL_WORLD_SIZE), Open MPI (OMPI_COMM_WORLD_LOCAL_SIZE), MPICH's Hydra (MPI_LOCALNRANKS).
inline constexpr std::array<const char*, 3> kLocalProcessVariables = {"LOCAL_WORLD_SIZE",
                                                                       "OMPI_COMM_WORLD_LOCAL_SIZE", "MPI_LOCALNRANKS"};
// The first of them set to a number ≥ 1, else 1.
std::size_t localProcesses();

// The cores this process can count on: its CPU affinity (what `taskset`, `srun --cpu-bind`, `mpirun
// --bind-to core` or a container's cpuset leave it), shared with the launcher's other processes on this
// node (torchrun does not bind its workers: 8 ranks on 16 cores each count on 2), at least 1.
std::size_t usableCores();

}  // namespace feedscope::io
