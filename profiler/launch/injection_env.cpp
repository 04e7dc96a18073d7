// Locating the injection library and building the recorded program's environment.
#include "launch/injection_env.h"

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <string_view>

#include "inject/environment.h"

namespace feedscope::launch {

namespace fs = std::filesystem;

namespace {

// True when `path` is `folder` or lies below it, both resolved (links, "..").
bool liesInside(const fs::path& path, const fs::path& folder) {
  std::error_code ec;
  fs::path p = fs::weakly_canonical(path, ec);
  if (ec) return false;
  fs::path f = fs::weakly_canonical(folder, ec);
  if (ec || f.empty()) return false;
  auto [end, _] = std::mismatch(f.begin(), f.end(), p.begin(), p.end());
  return end == f.end();
}

}  // namespace

std::optional<std::string> locateInjectionLibrary(const std::string& executablePath,
                                                  const BuildTreeLibrary& buildTree) {
  std::vector<fs::path> candidates;
  if (const char* forced = std::getenv(kInjectLibraryVar); forced != nullptr && *forced != '\0') {
    candidates.emplace_back(forced);  // when set, it is the only place looked at
  } else {
    fs::path dir = fs::path(executablePath).parent_path();
    candidates.push_back(dir / kInjectLibraryName);
    candidates.push_back(dir / ".." / "lib" / "feedscope" / kInjectLibraryName);
    candidates.push_back(dir / ".." / "lib" / kInjectLibraryName);
    if (!buildTree.library.empty() && !buildTree.root.empty() && liesInside(executablePath, buildTree.root)) {
      candidates.emplace_back(buildTree.library);
    }
  }
  for (const auto& c : candidates) {
    std::error_code ec;
    if (fs::is_regular_file(c, ec)) return fs::canonical(c, ec).string();
  }
  return std::nullopt;
}

std::optional<std::string> pythonHooksFolder(const std::string& library) {
  std::error_code ec;
  fs::path folder = fs::path(library).parent_path() / "python";
  if (!fs::is_regular_file(folder / "sitecustomize.py", ec)) return std::nullopt;
  return fs::canonical(folder, ec).string();
}

std::vector<std::string> recordingEnvironment(const char* const* current, const InjectionSettings& settings,
                                              std::vector<std::string>& warnings) {
  std::map<std::string, std::string> ours;
  if (!settings.python_hooks.empty()) {
    std::string pythonPath = settings.python_hooks;
    for (const char* const* e = current; e != nullptr && *e != nullptr; ++e) {
      std::string_view entry(*e);
      if (entry.rfind("PYTHONPATH=", 0) == 0 && entry.size() > 11) pythonPath += ":" + std::string(entry.substr(11));
    }
    ours["PYTHONPATH"] = pythonPath;
  }
  ours[inject::kCudaInjectionVar] = settings.library;
  // NVTX loads the library too; it hands NVTX on to the libcupti the process really uses.
  if (settings.nvtx) ours[inject::kNvtxInjectionVar] = settings.library;
  ours[inject::kRawDirVar] = settings.raw_dir;
  ours[inject::kNvtxVar] = settings.nvtx ? "1" : "0";
  if (settings.window_start_ns != 0) ours[inject::kWindowStartVar] = std::to_string(settings.window_start_ns);
  if (settings.window_end_ns != std::numeric_limits<std::int64_t>::max()) {
    ours[inject::kWindowEndVar] = std::to_string(settings.window_end_ns);
  }
  if (settings.flush_ms > 0) ours[inject::kFlushMsVar] = std::to_string(settings.flush_ms);
  if (!settings.leave_out.empty()) ours[inject::kLeaveOutVar] = settings.leave_out;

  std::vector<std::string> env;
  for (const char* const* e = current; e != nullptr && *e != nullptr; ++e) {
    std::string_view entry(*e);
    auto eq = entry.find('=');
    std::string name(entry.substr(0, eq));
    // The recorder settings of an outer recording must not leak into this one.
    bool oursToo = name == inject::kRawDirVar || name == inject::kNvtxVar ||
                   name == inject::kWindowStartVar || name == inject::kWindowEndVar ||
                   name == inject::kFlushMsVar;
    auto it = ours.find(name);
    if (it == ours.end() && !oursToo) {
      env.emplace_back(entry);
      continue;
    }
    if ((name == inject::kCudaInjectionVar || name == inject::kNvtxInjectionVar) && it != ours.end() &&
        eq != std::string_view::npos && entry.substr(eq + 1) != it->second) {
      warnings.push_back(name + " was set to '" + std::string(entry.substr(eq + 1)) +
                         "'; Feedscope replaces it for this recording (only one CUDA profiler can attach)");
    }
  }
  for (const auto& [name, value] : ours) env.push_back(name + "=" + value);
  return env;
}

}  // namespace feedscope::launch
