// Progress on stderr for long work, only when stderr is a terminal (logs stay clean).
#pragma once

#include <string>

#include "importers/kineto_import.h"

namespace feedscope::cli {

class StderrProgress {
 public:
  explicit StderrProgress(std::string label);
  ~StderrProgress();
  // A callback for the importers; prints whole percents as they change.
  io::ProgressFn callback();
  void done();

 private:
  std::string label_;
  bool enabled_;
  int last_percent_ = -1;
  bool printed_ = false;
};

}  // namespace feedscope::cli
