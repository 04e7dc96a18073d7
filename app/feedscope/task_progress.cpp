// Progress bars and machine-readable progress lines.
#include "task_progress.h"

#include "cli_contract/progress_line.h"

#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace feedscope::cli {

ProgressStyle progressStyleFor(const std::string& option) {
  if (option == "machine") return ProgressStyle::Machine;
  if (option == "human") return ProgressStyle::Human;
  if (option == "none") return ProgressStyle::None;
  return ::isatty(2) == 1 ? ProgressStyle::Human : ProgressStyle::None;
}

TaskProgress::TaskProgress(ProgressStyle style, std::FILE* out) : style_(style), out_(out) {}

TaskProgress::~TaskProgress() {
  finish();
}

void TaskProgress::update(double fraction, const std::string& stage, double stageFraction,
                          const std::string& detail) {
  bool newStage = stage != stage_;
  if (style_ == ProgressStyle::Machine) {
    int permille = static_cast<int>(std::floor(std::clamp(fraction, 0.0, 1.0) * 1000.0));
    if (permille == last_permille_ && !newStage) return;
    last_permille_ = permille;
    stage_ = stage;
    std::string message = detail.empty() ? stage : stage + ": " + detail;
    // fputs, not fmt::print: a closed or full stderr loses the line and never throws (the exit code stays).
    std::fputs((formatProgressLine(fraction, message) + "\n").c_str(), out_);
    std::fflush(out_);
    return;
  }
  if (style_ != ProgressStyle::Human) return;
  if (newStage) {
    finish();
    stage_ = stage;
    last_percent_ = -1;
  }
  int percent = static_cast<int>(std::floor(std::clamp(stageFraction, 0.0, 1.0) * 100.0));
  if (percent == last_percent_ && bar_open_) return;
  last_percent_ = percent;
  constexpr int kWidth = 30;
  int filled = percent * kWidth / 100;
  std::fputs(fmt::format("\r  {:<12} [{}{}] {:3d} %  {:<24}", stage,
                         std::string(static_cast<std::size_t>(filled), '#'),
                         std::string(static_cast<std::size_t>(kWidth - filled), '.'), percent, detail)
                 .c_str(),
             out_);
  std::fflush(out_);
  bar_open_ = true;
}

void TaskProgress::finish() {
  if (bar_open_) {
    std::fputs("\n", out_);
    std::fflush(out_);
  }
  bar_open_ = false;
}

}  // namespace feedscope::cli
