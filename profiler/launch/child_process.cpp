// Child start, signal forwarding and waiting.
#include "launch/child_process.h"

#include <signal.h>
#include <fcntl.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstdlib>
#include <cstring>

extern char** environ;

namespace feedscope::launch {
namespace {

std::atomic<pid_t> g_child{0};
// Dispositions before we installed the forwarder, restored when the child has ended.
struct sigaction g_previous[NSIG];
bool g_installed[NSIG];

// A signal a process sent us (kill, systemd, Slurm) is meant for the program: pass it on. One the
// terminal generated (Ctrl-C: si_code SI_KERNEL) already went to the whole foreground process group,
// child included; sending it again would deliver it twice (Python would see two KeyboardInterrupts).
// A child that left our process group did not get the terminal's copy, so it always gets ours.
void forward(int signal, siginfo_t* info, void*) {
  int savedErrno = errno;
  pid_t child = g_child.load();
  if (child > 0) {
    bool fromTerminal = info != nullptr && info->si_code == SI_KERNEL;
    if (!fromTerminal || ::getpgid(child) != ::getpgrp()) ::kill(child, signal);
  }
  errno = savedErrno;
}

void installForwarder() {
  for (int s : forwardedSignals()) {
    struct sigaction current {};
    ::sigaction(s, nullptr, &current);
    // An ignored signal stays ignored, for us and (through exec) for the child, as without Feedscope.
    g_installed[s] = current.sa_handler != SIG_IGN;
    if (!g_installed[s]) continue;
    struct sigaction action {};
    action.sa_sigaction = &forward;
    action.sa_flags = SA_SIGINFO | SA_RESTART;
    sigemptyset(&action.sa_mask);
    ::sigaction(s, &action, &g_previous[s]);
  }
}

void removeForwarder() {
  for (int s : forwardedSignals()) {
    if (g_installed[s]) ::sigaction(s, &g_previous[s], nullptr);
    g_installed[s] = false;
  }
}

// The file execvpe ran for `program`: itself when it names a path, else the first executable of
// that name in PATH.
std::string pathOfProgram(const std::string& program) {
  if (program.find('/') != std::string::npos) return program;
  const char* path = std::getenv("PATH");
  std::string dirs = path ? path : "/usr/bin:/bin";
  for (std::size_t start = 0;;) {
    std::size_t colon = dirs.find(':', start);
    std::string dir = dirs.substr(start, colon == std::string::npos ? std::string::npos : colon - start);
    std::string candidate = (dir.empty() ? std::string(".") : dir) + "/" + program;
    if (::access(candidate.c_str(), X_OK) == 0) return candidate;
    if (colon == std::string::npos) return program;
    start = colon + 1;
  }
}

}  // namespace

const std::vector<int>& forwardedSignals() {
  // Every signal a user or a job runner sends to end or poke a job (timeout -s ALRM included): one that
  // ended Feedscope alone would leave the program running, orphaned.
  static const std::vector<int> signals = {SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM};
  return signals;
}

std::string ChildExit::describe() const {
  if (!signaled) return "exited with code " + std::to_string(code);
  const char* name = ::strsignal(signal);
  return "killed by signal " + std::to_string(signal) + " (" + (name ? name : "unknown") + ")" +
         (core_dumped ? ", core dumped" : "");
}

bool SpawnFailure::notFound() const {
  return error == ENOENT || error == ENOTDIR;
}

std::optional<ChildProcess> ChildProcess::spawn(const std::vector<std::string>& argv,
                                                const std::vector<std::string>& environment,
                                                SpawnFailure& failure, const std::vector<int>& closeInChild) {
  if (argv.empty() || argv.front().empty()) {
    failure = {ENOENT, "no program to run"};
    return std::nullopt;
  }
  std::vector<char*> args, env;
  for (const auto& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);
  for (const auto& e : environment) env.push_back(const_cast<char*>(e.c_str()));
  env.push_back(nullptr);

  // Block the forwarded signals from before the child exists until the forwarder knows its pid, so
  // none is lost or handled by the defaults in between; the child starts with our original mask.
  sigset_t forwarded, original;
  sigemptyset(&forwarded);
  for (int s : forwardedSignals()) sigaddset(&forwarded, s);
  ::pthread_sigmask(SIG_BLOCK, &forwarded, &original);
  installForwarder();

  // The signals the forwarder catches start at their defaults in the child, as they were for us.
  std::vector<int> toDefault;
  for (int s : forwardedSignals()) {
    if (g_installed[s]) toDefault.push_back(s);
  }
  // Everything the child needs is built before fork: after it, only async-signal-safe calls.
  const std::string script = pathOfProgram(argv.front());
  std::vector<char*> shellArgs = {const_cast<char*>("/bin/sh"), const_cast<char*>(script.c_str())};
  shellArgs.insert(shellArgs.end(), args.begin() + 1, args.end());
  int errorPipe[2];
  int rc = ::pipe2(errorPipe, O_CLOEXEC) == 0 ? 0 : errno;
  pid_t pid = -1;
  const pid_t parent = ::getpid();
  if (rc == 0) {
    pid = ::fork();
    if (pid == 0) {
      ::close(errorPipe[0]);
      // If Feedscope dies, even by SIGKILL, the program gets SIGTERM rather than running on orphaned;
      // a parent already gone before this line is caught by the check after it.
      ::prctl(PR_SET_PDEATHSIG, SIGTERM);
      if (::getppid() != parent) ::raise(SIGTERM);
      for (int s : toDefault) ::signal(s, SIG_DFL);
      ::sigprocmask(SIG_SETMASK, &original, nullptr);
      for (int fd : closeInChild) ::close(fd);  // closed for the program, as the caller left it
      // execvpe looks argv[0] up in PATH as execvp does and, like the shell, runs a script without
      // "#!" with /bin/sh; the explicit fallback covers a libc that does not.
      ::execvpe(args[0], args.data(), env.data());
      int error = errno;
      if (error == ENOEXEC) {
        ::execve("/bin/sh", shellArgs.data(), env.data());
        error = errno;
      }
      [[maybe_unused]] ssize_t written = ::write(errorPipe[1], &error, sizeof error);
      ::_exit(127);
    }
    rc = pid < 0 ? errno : 0;
    ::close(errorPipe[1]);
    if (pid > 0) {
      // The pipe closes on a successful exec; before that the child writes why exec failed.
      int error = 0;
      ssize_t got;
      do {
        got = ::read(errorPipe[0], &error, sizeof error);
      } while (got < 0 && errno == EINTR);
      if (got == static_cast<ssize_t>(sizeof error)) {
        int status = 0;
        while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
        }
        rc = error;
      }
    }
    ::close(errorPipe[0]);
  }
  if (rc != 0) {
    removeForwarder();
    ::pthread_sigmask(SIG_SETMASK, &original, nullptr);
    failure = {rc, "cannot run '" + argv.front() + "': " + std::strerror(rc)};
    return std::nullopt;
  }
  g_child.store(pid);
  ::pthread_sigmask(SIG_SETMASK, &original, nullptr);
  return ChildProcess(pid);
}

ChildProcess::ChildProcess(ChildProcess&& other) noexcept : pid_(other.pid_), waited_(other.waited_) {
  other.pid_ = -1;
  other.waited_ = true;
}

ChildProcess::~ChildProcess() {
  // Never kill the program: if nobody waited, wait here so it is not left a zombie.
  if (!waited_ && pid_ > 0) wait();
}

ChildExit ChildProcess::wait() {
  int status = 0;
  pid_t got;
  do {
    got = ::waitpid(pid_, &status, 0);
  } while (got < 0 && errno == EINTR);
  waited_ = true;
  g_child.store(0);
  removeForwarder();
  ChildExit exit;
  if (got < 0) {
    exit.code = 1;  // cannot happen for our own child; reported as a plain failure
  } else if (WIFSIGNALED(status)) {
    exit.signaled = true;
    exit.signal = WTERMSIG(status);
    exit.core_dumped = WCOREDUMP(status);
  } else {
    exit.code = WEXITSTATUS(status);
  }
  return exit;
}

}  // namespace feedscope::launch
