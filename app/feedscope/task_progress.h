// Progress of long GPU commands (demo, calibrate) on stderr: a bar per stage for people at a terminal,
// or "FEEDSCOPE-PROGRESS <fraction> <message>" lines for programs (the GUI) with --progress machine.
#pragma once

#include <cstdio>
#include <string>

namespace feedscope::cli {

enum class ProgressStyle { None, Human, Machine };

// "machine" -> Machine, "human" -> Human, "none" -> None; "" (not given) -> Human on a terminal, else None.
ProgressStyle progressStyleFor(const std::string& option);

class TaskProgress {
 public:
  explicit TaskProgress(ProgressStyle style, std::FILE* out = stderr);
  ~TaskProgress();
  TaskProgress(const TaskProgress&) = delete;
  TaskProgress& operator=(const TaskProgress&) = delete;

  // `fraction` of the whole task (0..1); `stage` names the bar ("on", "calibration") and `detail` says
  // where it is ("step 104/200"); `stageFraction` is the bar's own fill. A new stage ends the previous
  // bar with a newline. Machine lines are written when the whole-task per-mille or the stage changes.
  void update(double fraction, const std::string& stage, double stageFraction, const std::string& detail);
  // Ends the current bar.
  void finish();

 private:
  ProgressStyle style_;
  std::FILE* out_;
  std::string stage_;
  int last_permille_ = -1;
  int last_percent_ = -1;
  bool bar_open_ = false;
};

}  // namespace feedscope::cli
