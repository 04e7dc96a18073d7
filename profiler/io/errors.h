// The error model: every failure a user can cause or meet is one exception type whose message is the
// one line the user sees; its kind decides the exit code, which the CLI maps in one place (main.cpp).
#pragma once

#include <stdexcept>
#include <string>

namespace feedscope::io {

enum class FailureKind {
  BadInput,      // a file or argument Feedscope cannot use
  NoGpu,         // no GPU, no driver, no CUDA support in this build
  OutputFailed,  // an output could not be written completely (full disk, closed pipe, busy session)
};

// Base of the failures that are not bugs.
class Failure : public std::runtime_error {
 public:
  Failure(FailureKind kind, const std::string& message) : std::runtime_error(message), kind_(kind) {}
  FailureKind kind() const { return kind_; }

 private:
  FailureKind kind_;
};

// A file or argument Feedscope cannot use: missing, unreadable, truncated, corrupt, of the wrong
// format or from a newer version, or an output that would overwrite an input.
class InputError : public Failure {
 public:
  explicit InputError(const std::string& message) : Failure(FailureKind::BadInput, message) {}
};

// Writing an output failed part way or could not start: nothing half-written is left in its place.
class OutputError : public Failure {
 public:
  explicit OutputError(const std::string& message) : Failure(FailureKind::OutputFailed, message) {}
};

class NoGpuError : public Failure {
 public:
  explicit NoGpuError(const std::string& message) : Failure(FailureKind::NoGpu, message) {}
};

}  // namespace feedscope::io
