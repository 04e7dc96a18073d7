// feedscope_make_large_session OUT [INTERVALS]: writes a synthetic session of about INTERVALS
// intervals (default 10,000,000) for opening large sessions in the GUI and for its screenshots.
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <string>

#include "io/input_error.h"
#include "store/session_store.h"
#include "synthetic_session.h"

int main(int argc, char** argv) {
  if (argc < 2 || argc > 3) {
    std::fprintf(stderr, "usage: %s OUT.feedscope [INTERVALS]\n", argv[0]);
    return 2;
  }
  char* end = nullptr;
  unsigned long long count = argc == 3 ? std::strtoull(argv[2], &end, 10) : 10'000'000ull;
  if (argc == 3 && (end == argv[2] || *end != '\0' || count == 0)) {
    std::fprintf(stderr, "%s: INTERVALS must be a positive number, got '%s'\n", argv[0], argv[2]);
    return 2;
  }
  try {
    auto session = feedscope::bench::makeSyntheticSession(count);
    feedscope::io::saveSession(session, argv[1]);
    std::printf("wrote %s: %zu intervals on %zu tracks\n", argv[1], session.intervalCount(),
                session.runs.front().tracks.size());
  } catch (const feedscope::io::InputError& e) {
    std::fprintf(stderr, "%s: error: %s\n", argv[0], e.what());
    return 2;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "%s: internal error: %s\n", argv[0], e.what());
    return 1;
  }
  return 0;
}
