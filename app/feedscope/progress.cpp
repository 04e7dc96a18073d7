// Terminal progress line.
#include "progress.h"

#include <unistd.h>

#include <cstdio>

namespace feedscope::cli {

StderrProgress::StderrProgress(std::string label) : label_(std::move(label)), enabled_(::isatty(2) == 1) {}

StderrProgress::~StderrProgress() { done(); }

io::ProgressFn StderrProgress::callback() {
  if (!enabled_) return {};
  return [this](double fraction) {
    int percent = static_cast<int>(fraction * 100.0);
    if (percent == last_percent_) return;
    last_percent_ = percent;
    printed_ = true;
    std::fprintf(stderr, "\r%s %3d %%", label_.c_str(), percent);
    std::fflush(stderr);
  };
}

void StderrProgress::done() {
  if (printed_) std::fprintf(stderr, "\r%*s\r", static_cast<int>(label_.size()) + 8, "");
  printed_ = false;
}

}  // namespace feedscope::cli
