// Runs the user's program as a child exactly as given (execvp semantics through posix_spawnp, no
// shell), with a chosen environment, and waits for it while passing on the signals meant for it.
#pragma once

#include <sys/types.h>

#include <optional>
#include <string>
#include <vector>

namespace feedscope::launch {

// How the child ended.
struct ChildExit {
  bool signaled = false;
  int code = 0;    // exit status when !signaled
  int signal = 0;  // terminating signal when signaled
  bool core_dumped = false;

  // What a shell would report: the status, or 128 + the signal.
  int shellStatus() const { return signaled ? 128 + signal : code; }
  // "exited with code 42", "killed by signal 9 (Killed)".
  std::string describe() const;
};

// The program could not be started; `error` is errno from the exec.
struct SpawnFailure {
  int error = 0;
  std::string message;  // "cannot run 'nosuch': No such file or directory"
  bool notFound() const;
};

class ChildProcess {
 public:
  // Starts argv[0] (searched in PATH unless it holds a '/') with `environment` ("NAME=value" each).
  // While the child runs, SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGUSR1 and SIGUSR2 sent to this process
  // are passed on to it. `closeInChild`: descriptors this process holds only as placeholders for ones
  // its caller left closed (a closed stdin held by /dev/null): closed in the child before exec, so
  // the program sees what it would without us. Returns nullopt and fills `failure` when it cannot be
  // started.
  static std::optional<ChildProcess> spawn(const std::vector<std::string>& argv,
                                           const std::vector<std::string>& environment,
                                           SpawnFailure& failure, const std::vector<int>& closeInChild = {});
  ChildProcess(ChildProcess&& other) noexcept;
  ChildProcess& operator=(ChildProcess&&) = delete;
  ~ChildProcess();

  pid_t pid() const { return pid_; }
  // Blocks until the child ends; signal forwarding stops then.
  ChildExit wait();

 private:
  explicit ChildProcess(pid_t pid) : pid_(pid) {}
  pid_t pid_ = -1;
  bool waited_ = false;
};

// The signals passed on to the child.
const std::vector<int>& forwardedSignals();

}  // namespace feedscope::launch
