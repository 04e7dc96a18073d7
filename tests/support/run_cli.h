// Running the feedscope CLI from a test: exit code, stdout and stderr.
#pragma once

#include <sys/wait.h>

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

// Runs `cli` with `args` (shell-quoted by the caller).
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

}  // namespace feedscope::testing
