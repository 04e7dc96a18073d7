// The cores a read may use: the process's CPU affinity, shared with the other ranks a launcher
// started on the same node.
#include "read/read_threads.h"

#include <sched.h>

#include <algorithm>
#include <charconv>
#include <cstdlib>
#include <string_view>
#include <thread>

namespace feedscope::io {

namespace {

std::size_t affinityCores() {
  cpu_set_t set;
  CPU_ZERO(&set);
  if (::sched_getaffinity(0, sizeof set, &set) == 0) {
    return static_cast<std::size_t>(std::max(1, CPU_COUNT(&set)));
  }
  return std::max(1u, std::thread::hardware_concurrency());
}

}  // namespace

std::size_t localProcesses() {
  for (const char* name : kLocalProcessVariables) {
    const char* value = std::getenv(name);
    if (value == nullptr) continue;
    const std::string_view text(value);
    std::size_t n = 0;
    auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), n);
    if (error == std::errc() && end == text.data() + text.size() && n >= 1) return n;
  }
  return 1;
}

std::size_t usableCores() {
  return std::max<std::size_t>(1, affinityCores() / localProcesses());
}

}  // namespace feedscope::io
