// The CLI's exit codes, as the README documents them: the CLI returns them, the GUI (which runs the
// CLI as a child process) explains them.
#pragma once

namespace feedscope::cli {

inline constexpr int kExitOk = 0;
inline constexpr int kExitInternalError = 1;   // a bug: please report it
inline constexpr int kExitBadInput = 2;        // bad input file or usage
inline constexpr int kExitNoGpu = 3;           // no GPU or no driver (devices, demo, calibrate, record)
inline constexpr int kExitThresholdCrossed = 4;  // report --fail-if threshold crossed
inline constexpr int kExitOutputFailed = 5;  // an output (file, stdout, session) could not be written
inline constexpr int kExitProgramNotExecutable = 126;  // record: the program exists but cannot be run
inline constexpr int kExitProgramNotFound = 127;  // record: the program does not exist

}  // namespace feedscope::cli
