// The cores a read may use follow the process's CPU affinity (read/read_threads.h): a rank's summarize
// bound to one core by its launcher reads on one thread.
#include "read/read_threads.h"

#include <gtest/gtest.h>
#include <sched.h>

#include <cstdlib>
#include <string>
#include <thread>

namespace {

// The affinity of the calling thread's own set, as sched_getaffinity(0) reports it.
int cpusOfThisThread() {
  cpu_set_t set;
  CPU_ZERO(&set);
  return ::sched_getaffinity(0, sizeof set, &set) == 0 ? CPU_COUNT(&set) : -1;
}

TEST(UsableCores, FollowTheAffinityTheLauncherGave) {
  ASSERT_GE(cpusOfThisThread(), 1);
  ASSERT_EQ(feedscope::io::localProcesses(), 1u) << "a launcher variable is set where the tests run";
  EXPECT_EQ(feedscope::io::usableCores(), static_cast<std::size_t>(cpusOfThisThread()));
  // On a thread of its own, so the test's other threads keep their cores: bound to its first core,
  // as `srun --cpu-bind=cores` or `taskset -c N` bind a rank's process.
  std::size_t bound = 0;
  std::thread pinned([&] {
    cpu_set_t all;
    CPU_ZERO(&all);
    ASSERT_EQ(::sched_getaffinity(0, sizeof all, &all), 0);
    int first = 0;
    while (!CPU_ISSET(first, &all)) ++first;
    cpu_set_t one;
    CPU_ZERO(&one);
    CPU_SET(first, &one);
    ASSERT_EQ(::sched_setaffinity(0, sizeof one, &one), 0);
    bound = feedscope::io::usableCores();
  });
  pinned.join();
  EXPECT_EQ(bound, 1u);
}

// torchrun starts its workers unbound: the node's cores are shared by LOCAL_WORLD_SIZE ranks (Open
// MPI and MPICH say the same under their own names); a value that is not a count is ignored.
TEST(UsableCores, AreSharedWithTheLaunchersOtherProcessesOnTheNode) {
  const auto cpus = static_cast<std::size_t>(cpusOfThisThread());
  ::setenv("LOCAL_WORLD_SIZE", std::to_string(cpus).c_str(), 1);
  EXPECT_EQ(feedscope::io::localProcesses(), cpus);
  EXPECT_EQ(feedscope::io::usableCores(), 1u);
  ::setenv("LOCAL_WORLD_SIZE", std::to_string(4 * cpus).c_str(), 1);
  EXPECT_EQ(feedscope::io::usableCores(), 1u);  // never fewer than one
  ::setenv("LOCAL_WORLD_SIZE", "eight", 1);
  ::setenv("OMPI_COMM_WORLD_LOCAL_SIZE", "0", 1);
  ::setenv("MPI_LOCALNRANKS", "1", 1);
  EXPECT_EQ(feedscope::io::localProcesses(), 1u);
  EXPECT_EQ(feedscope::io::usableCores(), cpus);
  for (const char* name : feedscope::io::kLocalProcessVariables) ::unsetenv(name);
}

}  // namespace
