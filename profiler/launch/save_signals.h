// The signals that would end `feedscope record` (INT, TERM, HUP, QUIT, ALRM, USR1, USR2) while it
// saves what the program's processes recorded. Ending then would leave the raw streams folder named
// nowhere (and maybe the session lock), so the first such signal is noted with one line on stderr
// and the save finishes; a second one ends Feedscope at once by that signal, the line having said
// where the raw streams stay (docs/recording.md, "Signals").
#pragma once

#include <string>

namespace feedscope::launch {

class SavingSignals {
 public:
  // Catches the signals from now until destruction (an ignored one stays ignored). While the
  // program runs, ChildProcess's forwarder takes them over and gives them back when it ends.
  explicit SavingSignals(const std::string& rawDir);
  ~SavingSignals();
  SavingSignals(const SavingSignals&) = delete;
  SavingSignals& operator=(const SavingSignals&) = delete;

  // The first signal that came while this was in place (0: none).
  int received() const;
};

}  // namespace feedscope::launch
