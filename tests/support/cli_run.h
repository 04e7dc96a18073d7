// Runs the feedscope CLI binary for end-to-end tests, capturing its exit code, stdout and stderr.
#pragma once

#include <sys/wait.h>

#include <algorithm>
#include <array>
#include <cstdio>
#include <string>

#include "support/temp_dir.h"

namespace feedscope::testing {

struct CliResult {
  int code = -1;
  std::string out;
  std::string err;
};

// Runs the CLI binary `cli` with `args` (shell-quoted by the caller).
inline CliResult runCli(const std::string& cli, const std::string& args) {
  TempDir dir;
  std::string errFile = dir.file("stderr");
  std::string cmd = cli + " " + args + " 2>" + errFile;
  CliResult r;
  FILE* p = popen(cmd.c_str(), "r");
  std::array<char, 65536> buf;
  std::size_t n;
  while ((n = std::fread(buf.data(), 1, buf.size(), p)) > 0) r.out.append(buf.data(), n);
  int status = pclose(p);
  r.code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  r.err = readWholeFile(errFile);
  return r;
}

#ifdef FEEDSCOPE_CLI
// Runs the feedscope binary this test target was built with.
inline CliResult runCli(const std::string& args) { return runCli(FEEDSCOPE_CLI, args); }
#endif

inline int lineCount(const std::string& s) {
  return static_cast<int>(std::count(s.begin(), s.end(), '\n'));
}

}  // namespace feedscope::testing
