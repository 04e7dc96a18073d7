// A program without CUDA for the launcher tests: exits with a given code, prints megabytes, waits for
// a signal and says which arrived, or kills itself with a signal.
//   plain_child exit N | print BYTES | stderr TEXT | wait-signal READY_FILE | kill-self SIGNAL | env NAME...
//               | args ARG...
#include <signal.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

namespace {

volatile sig_atomic_t g_signal = 0;
void onSignal(int s) {
  g_signal = s;
}

// The byte at position i of the test pattern: printable, and not periodic over short spans.
char patternByte(std::size_t i) {
  return static_cast<char>('a' + (i * 7 + i / 1000) % 26);
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) return 2;
  std::string mode = argv[1];
  if (mode == "exit" && argc == 3) return std::atoi(argv[2]);
  if (mode == "print" && argc == 3) {
    std::size_t total = std::strtoull(argv[2], nullptr, 10);
    std::string block(65536, '\0');
    for (std::size_t done = 0; done < total;) {
      std::size_t n = std::min(block.size(), total - done);
      for (std::size_t i = 0; i < n; ++i) block[i] = patternByte(done + i);
      if (std::fwrite(block.data(), 1, n, stdout) != n) return 3;
      done += n;
    }
    return 0;
  }
  if (mode == "stderr" && argc == 3) {
    std::fprintf(stderr, "%s\n", argv[2]);
    return 0;
  }
  if (mode == "env") {
    for (int i = 2; i < argc; ++i) {
      const char* v = std::getenv(argv[i]);
      std::printf("%s=%s\n", argv[i], v ? v : "(unset)");
    }
    return 0;
  }
  if (mode == "args") {
    for (int i = 2; i < argc; ++i) std::printf("[%s]\n", argv[i]);
    return 0;
  }
  if (mode == "wait-signal" && argc == 3) {
    struct sigaction action {};
    action.sa_handler = &onSignal;
    sigaction(SIGINT, &action, nullptr);
    sigaction(SIGTERM, &action, nullptr);
    if (FILE* ready = std::fopen(argv[2], "w")) std::fclose(ready);
    for (int i = 0; i < 3000 && g_signal == 0; ++i) usleep(10000);
    if (g_signal == 0) return 99;  // no signal within 30 s
    std::printf("got signal %d\n", static_cast<int>(g_signal));
    return 40 + g_signal;
  }
  if (mode == "kill-self" && argc == 3) {
    std::fflush(stdout);
    raise(std::atoi(argv[2]));
    return 98;  // not reached for fatal signals
  }
  return 2;
}
