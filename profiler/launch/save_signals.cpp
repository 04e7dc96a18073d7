// Deferring the end of `record` until its save is done.
#include "launch/save_signals.h"

#include <signal.h>
#include <unistd.h>

#include <cerrno>
#include <csignal>

#include "launch/child_process.h"

namespace feedscope::launch {

namespace {

volatile std::sig_atomic_t g_first = 0;
// Built before the handler is installed: a handler may only write(2) what already exists.
std::string g_line;
struct sigaction g_saved[NSIG];
bool g_caught[NSIG];

void onSignal(int signal) {
  int savedErrno = errno;
  if (g_first == 0) {
    g_first = signal;
    [[maybe_unused]] ssize_t written = ::write(STDERR_FILENO, g_line.data(), g_line.size());
  } else {
    // The second: end now, by this signal (blocked while its handler runs, so it lands on return).
    ::signal(signal, SIG_DFL);
    ::raise(signal);
  }
  errno = savedErrno;
}

}  // namespace

SavingSignals::SavingSignals(const std::string& rawDir) {
  g_first = 0;
  g_line = "feedscope: signal received: finishing saving the recording first (another signal stops at once "
           "and leaves the raw streams in " + rawDir + ")\n";
  for (int s : forwardedSignals()) {
    struct sigaction current {};
    ::sigaction(s, nullptr, &current);
    g_caught[s] = current.sa_handler != SIG_IGN;
    if (!g_caught[s]) continue;
    struct sigaction action {};
    action.sa_handler = &onSignal;
    action.sa_flags = SA_RESTART;
    sigemptyset(&action.sa_mask);
    ::sigaction(s, &action, &g_saved[s]);
  }
}

SavingSignals::~SavingSignals() {
  for (int s : forwardedSignals()) {
    if (g_caught[s]) ::sigaction(s, &g_saved[s], nullptr);
    g_caught[s] = false;
  }
}

int SavingSignals::received() const { return g_first; }

}  // namespace feedscope::launch
