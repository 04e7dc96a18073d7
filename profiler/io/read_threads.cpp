// The cores a read may use, from the process's CPU affinity.
#include "io/read_threads.h"

#include <sched.h>

#include <algorithm>
#include <thread>

namespace feedscope::io {

std::size_t usableCores() {
  cpu_set_t set;
  CPU_ZERO(&set);
  if (::sched_getaffinity(0, sizeof set, &set) == 0) {
    return static_cast<std::size_t>(std::max(1, CPU_COUNT(&set)));
  }
  return std::max(1u, std::thread::hardware_concurrency());
}

}  // namespace feedscope::io
