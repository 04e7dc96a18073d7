// Removing registered temporaries from a signal handler: fixed storage, only async-signal-safe calls.
#include "store/temp_cleanup.h"

#include <signal.h>
#include <unistd.h>

#include <atomic>
#include <climits>
#include <cstring>
#include <mutex>

namespace feedscope::io {

namespace {

constexpr int kSlots = 32;
constexpr int kSignals[] = {SIGINT, SIGTERM, SIGHUP};

struct Slot {
  std::atomic<bool> used{false};
  char path[PATH_MAX];
};

Slot g_slots[kSlots];
struct sigaction g_previous[NSIG];
std::mutex g_mutex;  // registration only; the handler reads the atomics
bool g_installed = false;

void removeTemporaries(int signal, siginfo_t* info, void* context) {
  const struct sigaction& previous = g_previous[signal];
  // An ignored signal (nohup) does not end the process: the write goes on and needs its file.
  if (previous.sa_handler == SIG_IGN) return;
  for (Slot& slot : g_slots) {
    if (slot.used.load(std::memory_order_acquire)) ::unlink(slot.path);
  }
  if (previous.sa_handler == SIG_DFL) {
    // Die of the signal as before; it stays blocked until this handler returns.
    ::signal(signal, SIG_DFL);
    ::raise(signal);
  } else if (previous.sa_flags & SA_SIGINFO) {
    previous.sa_sigaction(signal, info, context);
  } else {
    previous.sa_handler(signal);
  }
}

void installHandlers() {
  for (int s : kSignals) {
    struct sigaction action {};
    action.sa_sigaction = &removeTemporaries;
    action.sa_flags = SA_SIGINFO;
    sigemptyset(&action.sa_mask);
    for (int other : kSignals) sigaddset(&action.sa_mask, other);
    ::sigaction(s, &action, &g_previous[s]);
  }
}

}  // namespace

int rememberTemporary(const char* path) {
  std::lock_guard lock(g_mutex);
  if (!g_installed) {
    installHandlers();
    g_installed = true;
  }
  if (std::strlen(path) >= PATH_MAX) return -1;
  for (int i = 0; i < kSlots; ++i) {
    if (g_slots[i].used.load(std::memory_order_relaxed)) continue;
    std::strcpy(g_slots[i].path, path);
    g_slots[i].used.store(true, std::memory_order_release);
    return i;
  }
  return -1;
}

void forgetTemporary(int slot) {
  if (slot < 0 || slot >= kSlots) return;
  std::lock_guard lock(g_mutex);
  g_slots[slot].used.store(false, std::memory_order_release);
}

}  // namespace feedscope::io
