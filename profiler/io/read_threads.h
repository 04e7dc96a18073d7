// How many threads a read may use. A trace import streams on two threads (io/split_pipeline.h) when
// there is a core for the second: that halves a lone report's wall time, but costs about 15 % more
// CPU (hand-offs between the threads, the memory one thread frees for the other), which is a loss
// wherever every core already has a file of its own (a folder of ranks, a launcher's summarize on
// every rank). docs/performance.md "Jobs".
#pragma once

#include <cstddef>

namespace feedscope::io {

enum class ReadThreads {
  Auto,  // two when the input is large enough and this process may run on more than one core
  One,   // the caller runs other reads beside this one, a core each
};

// The cores this process may run on: its CPU affinity (what `taskset`, `srun --cpu-bind`, `mpirun
// --bind-to core` or a container's cpuset leave it), at least 1.
std::size_t usableCores();

}  // namespace feedscope::io
