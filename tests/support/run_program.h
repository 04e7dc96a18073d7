// Runs a program for a test and captures its stdout and stderr (both read concurrently, so a program
// printing megabytes never blocks), with an optional action while it runs (sending it a signal).
#pragma once

#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <functional>
#include <string>
#include <vector>

namespace feedscope::testing {

struct ProgramResult {
  int status = -1;  // exit code, or 128 + signal
  std::string out;
  std::string err;
};

// `env` entries ("NAME=value") are added to the test's own environment.
// `cwd`, when given, is where it starts.
inline ProgramResult runProgram(const std::vector<std::string>& argv,
                                const std::vector<std::string>& env = {},
                                const std::function<void(pid_t)>& whileRunning = {},
                                const std::string& cwd = "") {
  int outPipe[2], errPipe[2];
  if (pipe(outPipe) != 0 || pipe(errPipe) != 0) return {};
  pid_t pid = fork();
  if (pid == 0) {
    dup2(outPipe[1], 1);
    dup2(errPipe[1], 2);
    close(outPipe[0]);
    close(errPipe[0]);
    close(outPipe[1]);
    close(errPipe[1]);
    for (const auto& e : env) putenv(const_cast<char*>(e.c_str()));
    if (!cwd.empty() && chdir(cwd.c_str()) != 0) _exit(125);
    std::vector<char*> args;
    for (const auto& a : argv) args.push_back(const_cast<char*>(a.c_str()));
    args.push_back(nullptr);
    execv(args[0], args.data());
    _exit(126);
  }
  close(outPipe[1]);
  close(errPipe[1]);
  ProgramResult r;
  if (whileRunning) whileRunning(pid);
  pollfd fds[2] = {{outPipe[0], POLLIN, 0}, {errPipe[0], POLLIN, 0}};
  std::string* sinks[2] = {&r.out, &r.err};
  int open = 2;
  char buf[65536];
  while (open > 0) {
    if (poll(fds, 2, -1) < 0) continue;
    for (int i = 0; i < 2; ++i) {
      if (fds[i].fd < 0 || (fds[i].revents & (POLLIN | POLLHUP)) == 0) continue;
      ssize_t n = read(fds[i].fd, buf, sizeof buf);
      if (n > 0) {
        sinks[i]->append(buf, static_cast<std::size_t>(n));
      } else {
        close(fds[i].fd);
        fds[i].fd = -1;
        --open;
      }
    }
  }
  int status = 0;
  waitpid(pid, &status, 0);
  r.status = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  return r;
}

}  // namespace feedscope::testing
