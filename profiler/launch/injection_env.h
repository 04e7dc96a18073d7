// Where libfeedscope-inject.so is, and the environment the recorded program gets: the user's own,
// untouched, plus the variables that load the library into every process that initialises CUDA.
#pragma once

#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <vector>

namespace feedscope::launch {

// Overrides every other place the library is looked for.
inline constexpr const char* kInjectLibraryVar = "FEEDSCOPE_INJECT_LIBRARY";
inline constexpr const char* kInjectLibraryName = "libfeedscope-inject.so";

// The library as the build tree that compiled this feedscope holds it: used only by a feedscope that
// runs from that build tree, never by a copied, packed or installed one (which must find its own, or
// say that it has none, rather than load whatever a build folder on this machine holds).
struct BuildTreeLibrary {
  std::string library;  // the build tree's libfeedscope-inject.so (may be empty)
  std::string root;     // the build tree's top folder
};

// The library's absolute path: $FEEDSCOPE_INJECT_LIBRARY, else beside the executable, else
// <prefix>/lib/feedscope/ (an installed feedscope, and the device folder tests/gpu packs), else
// <prefix>/lib/, else the build tree's when the executable lies inside that build tree. nullopt when
// none exists.
std::optional<std::string> locateInjectionLibrary(const std::string& executablePath,
                                                  const BuildTreeLibrary& buildTree = {});

struct InjectionSettings {
  std::string library;  // absolute path of libfeedscope-inject.so
  std::string raw_dir;  // absolute path of the folder for the raw streams
  bool nvtx = true;
  std::int64_t window_start_ns = 0;
  std::int64_t window_end_ns = std::numeric_limits<std::int64_t>::max();
  int flush_ms = 0;  // 0: the library's default
  std::string leave_out;  // --leave-out, comma-separated groups (inject/environment.h); "" for none
  // The Python hooks' folder (pythonHooksFolder), put first on PYTHONPATH; "" for none (--no-python).
  std::string python_hooks;
};

// The Python hooks shipped beside `library` (<its folder>/python, holding sitecustomize.py): installed,
// packed and in the build tree alike (profiler/inject/CMakeLists.txt). nullopt when they are not there.
std::optional<std::string> pythonHooksFolder(const std::string& library);

// `current` is an environ-style list. Variables of ours that the user had set are replaced, each
// with a warning; an NVTX injection of the user's own is kept when NVTX is off. With Python hooks, their
// folder goes first on PYTHONPATH, before the user's own entries (kept as they were).
std::vector<std::string> recordingEnvironment(const char* const* current, const InjectionSettings& settings,
                                              std::vector<std::string>& warnings);

}  // namespace feedscope::launch
