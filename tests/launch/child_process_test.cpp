// Starting the user's program: exit statuses as a shell reports them, programs that are missing or not
// runnable, the environment it gets, and signals sent to us reaching it.
#include "launch/child_process.h"

#include <fcntl.h>
#include <gtest/gtest.h>
#include <signal.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <thread>

#include "launch/injection_env.h"
#include "launch/recording.h"
#include "support/temp_dir.h"

extern char** environ;

namespace {

using namespace feedscope::launch;
using feedscope::testing::TempDir;

ChildExit runChild(const std::vector<std::string>& argv, std::vector<std::string> env = {}) {
  if (env.empty()) {
    for (char** e = environ; *e != nullptr; ++e) env.emplace_back(*e);
  }
  SpawnFailure failure;
  auto child = ChildProcess::spawn(argv, env, failure);
  EXPECT_TRUE(child) << failure.message;
  return child ? child->wait() : ChildExit{};
}

bool waitForFile(const std::string& path) {
  for (int i = 0; i < 3000; ++i) {
    if (std::filesystem::exists(path)) return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  return false;
}

TEST(ChildProcess, ExitCodesComeBackAsTheProgramGaveThem) {
  for (int code : {0, 1, 42, 255}) {
    ChildExit e = runChild({FEEDSCOPE_PLAIN_CHILD, "exit", std::to_string(code)});
    EXPECT_FALSE(e.signaled);
    EXPECT_EQ(e.code, code);
    EXPECT_EQ(e.shellStatus(), code);
  }
  EXPECT_EQ(runChild({FEEDSCOPE_PLAIN_CHILD, "exit", "42"}).describe(), "exited with code 42");
}

TEST(ChildProcess, DeathBySignalIsReportedAs128PlusTheSignal) {
  ChildExit killed = runChild({FEEDSCOPE_PLAIN_CHILD, "kill-self", std::to_string(SIGKILL)});
  EXPECT_TRUE(killed.signaled);
  EXPECT_EQ(killed.signal, SIGKILL);
  EXPECT_EQ(killed.shellStatus(), 137);
  EXPECT_EQ(killed.describe(), "killed by signal 9 (Killed)");
  ChildExit terminated = runChild({FEEDSCOPE_PLAIN_CHILD, "kill-self", std::to_string(SIGTERM)});
  EXPECT_EQ(terminated.shellStatus(), 143);
}

// A descriptor Feedscope holds only as a placeholder for one its caller left closed is closed in the
// program; every other inherited one stays open.
TEST(ChildProcess, PlaceholderDescriptorsAreClosedInTheProgram) {
  const int held = ::open("/dev/null", O_RDONLY);  // inheritable, as the placeholders are
  const int kept = ::open("/dev/null", O_RDONLY);
  ASSERT_GE(held, 0);
  ASSERT_GE(kept, 0);
  const std::string probe = "test -e /proc/$$/fd/" + std::to_string(held) + " && exit 10; test -e /proc/$$/fd/" +
                            std::to_string(kept) + " || exit 12; exit 11";
  std::vector<std::string> env;
  for (char** e = environ; *e != nullptr; ++e) env.emplace_back(*e);
  SpawnFailure failure;
  auto closed = ChildProcess::spawn({"/bin/sh", "-c", probe}, env, failure, {held});
  ASSERT_TRUE(closed) << failure.message;
  EXPECT_EQ(closed->wait().code, 11);
  EXPECT_EQ(runChild({"/bin/sh", "-c", probe}).code, 10);  // without it, the program sees it open
  EXPECT_NE(::fcntl(held, F_GETFD), -1) << "closed in Feedscope too";
  ::close(held);
  ::close(kept);
}

TEST(ChildProcess, MissingAndUnrunnableProgramsAreTold) {
  SpawnFailure failure;
  EXPECT_FALSE(ChildProcess::spawn({"feedscope-no-such-program"}, {"PATH=/usr/bin:/bin"}, failure));
  EXPECT_TRUE(failure.notFound());
  EXPECT_EQ(failure.message, "cannot run 'feedscope-no-such-program': No such file or directory");

  TempDir dir;
  std::string notExecutable = dir.file("data.txt", "just text\n");
  SpawnFailure denied;
  EXPECT_FALSE(ChildProcess::spawn({notExecutable}, {}, denied));
  EXPECT_FALSE(denied.notFound());
  EXPECT_NE(denied.message.find("cannot run '" + notExecutable + "': "), std::string::npos);
}

TEST(ChildProcess, ProgramIsFoundInPathAndGetsTheGivenEnvironment) {
  std::string dir = std::filesystem::path(FEEDSCOPE_PLAIN_CHILD).parent_path().string();
  std::string name = std::filesystem::path(FEEDSCOPE_PLAIN_CHILD).filename().string();
  // execvp semantics: a bare name is looked up in PATH (the child sees only the environment given).
  std::string path = "PATH=" + dir + ":" + (std::getenv("PATH") ? std::getenv("PATH") : "/usr/bin");
  setenv("PATH", path.substr(5).c_str(), 1);
  ChildExit e = runChild({name, "exit", "7"}, {"ONLY=this"});
  EXPECT_EQ(e.code, 7);
}

TEST(ChildProcess, SignalsSentToUsReachTheProgram) {
  for (int sig : {SIGTERM, SIGINT}) {
    TempDir dir;
    std::string ready = dir.file("ready");
    std::vector<std::string> env;
    for (char** e = environ; *e != nullptr; ++e) env.emplace_back(*e);
    SpawnFailure failure;
    auto child = ChildProcess::spawn({FEEDSCOPE_PLAIN_CHILD, "wait-signal", ready}, env, failure);
    ASSERT_TRUE(child) << failure.message;
    ASSERT_TRUE(waitForFile(ready));
    // Sent to this process, as systemd, Slurm or a user's kill would: we survive and pass it on.
    ASSERT_EQ(::kill(::getpid(), sig), 0);
    ChildExit e = child->wait();
    EXPECT_FALSE(e.signaled);
    EXPECT_EQ(e.code, 40 + sig) << "signal " << sig;
  }
  // With the child gone our own disposition is back: the default for SIGUSR1 would kill, so check
  // the handler was removed rather than sending it.
  struct sigaction now {};
  sigaction(SIGTERM, nullptr, &now);
  EXPECT_EQ(now.sa_handler, SIG_DFL);
}

TEST(ChildProcess, IgnoredSignalsStayIgnoredForTheProgram) {
  // Started under nohup, a program ignores SIGHUP; it must still do so under Feedscope.
  signal(SIGHUP, SIG_IGN);
  std::vector<std::string> env;
  for (char** e = environ; *e != nullptr; ++e) env.emplace_back(*e);
  SpawnFailure failure;
  auto child =
      ChildProcess::spawn({FEEDSCOPE_PLAIN_CHILD, "kill-self", std::to_string(SIGHUP)}, env, failure);
  ASSERT_TRUE(child);
  ChildExit e = child->wait();
  EXPECT_FALSE(e.signaled);
  EXPECT_EQ(e.code, 98);  // raise() returned: the signal was ignored
  signal(SIGHUP, SIG_DFL);
}

TEST(InjectionEnvironment, AddsOurVariablesAndLeavesTheRestAlone) {
  const char* current[] = {"PATH=/usr/bin",
                           "HOME=/root",
                           "CUDA_INJECTION64_PATH=/other/libtool.so",
                           "FEEDSCOPE_WINDOW_END_NS=5",
                           "FEEDSCOPE_INJECT_LIBRARY=/x/lib.so",
                           "EMPTY=",
                           nullptr};
  InjectionSettings s;
  s.library = "/opt/feedscope/libfeedscope-inject.so";
  s.raw_dir = "/tmp/r";
  s.window_start_ns = 77;
  std::vector<std::string> warnings;
  auto env = recordingEnvironment(current, s, warnings);
  std::sort(env.begin(), env.end());
  std::vector<std::string> expected = {"CUDA_INJECTION64_PATH=/opt/feedscope/libfeedscope-inject.so",
                                       "EMPTY=",
                                       "FEEDSCOPE_INJECT_LIBRARY=/x/lib.so",
                                       "FEEDSCOPE_NVTX=1",
                                       "FEEDSCOPE_RAW_DIR=/tmp/r",
                                       "FEEDSCOPE_WINDOW_START_NS=77",
                                       "HOME=/root",
                                       "NVTX_INJECTION64_PATH=/opt/feedscope/libfeedscope-inject.so",
                                       "PATH=/usr/bin"};
  EXPECT_EQ(env, expected);
  ASSERT_EQ(warnings.size(), 1u);
  EXPECT_NE(warnings[0].find("CUDA_INJECTION64_PATH was set to '/other/libtool.so'"), std::string::npos);
}

TEST(InjectionEnvironment, WithoutNvtxTheUsersOwnNvtxInjectionStays) {
  const char* current[] = {"NVTX_INJECTION64_PATH=/nsys/libnvtx.so", nullptr};
  InjectionSettings s;
  s.library = "/l.so";
  s.raw_dir = "/r";
  s.nvtx = false;
  s.flush_ms = 50;
  std::vector<std::string> warnings;
  auto env = recordingEnvironment(current, s, warnings);
  std::sort(env.begin(), env.end());
  std::vector<std::string> expected = {"CUDA_INJECTION64_PATH=/l.so", "FEEDSCOPE_FLUSH_MS=50",
                                       "FEEDSCOPE_NVTX=0", "FEEDSCOPE_RAW_DIR=/r",
                                       "NVTX_INJECTION64_PATH=/nsys/libnvtx.so"};
  EXPECT_EQ(env, expected);
  EXPECT_TRUE(warnings.empty());
}

TEST(InjectionEnvironment, LibraryIsFoundBesideTheExecutableOrWhereTheVariableSays) {
  TempDir dir;
  unsetenv(kInjectLibraryVar);
  std::filesystem::create_directories(dir.file("build/bin"));
  std::string exe = dir.file("build/bin/feedscope", "");
  BuildTreeLibrary missing{dir.file("missing.so"), dir.file("build")};
  EXPECT_FALSE(locateInjectionLibrary(exe));
  EXPECT_FALSE(locateInjectionLibrary(exe, missing));
  BuildTreeLibrary built{dir.file("built.so", ""), dir.file("build")};
  EXPECT_EQ(locateInjectionLibrary(exe, built), std::filesystem::canonical(built.library).string());
  std::string beside = dir.file(std::string("build/bin/") + kInjectLibraryName, "");
  EXPECT_EQ(locateInjectionLibrary(exe, built), std::filesystem::canonical(beside).string());
  setenv(kInjectLibraryVar, dir.file("forced.so").c_str(), 1);
  EXPECT_FALSE(locateInjectionLibrary(exe, built));  // the variable names a missing file: no fallback
  dir.file("forced.so", "");
  EXPECT_EQ(locateInjectionLibrary(exe, built), std::filesystem::canonical(dir.file("forced.so")).string());
  unsetenv(kInjectLibraryVar);
}

// A copied or installed feedscope never loads the build tree's library: on a machine where the build
// folder is gone (the GPU machine), it would say "built without CUDA" instead of finding its own.
TEST(InjectionEnvironment, ACopiedFeedscopeFindsItsOwnLibraryAndNeverTheBuildTrees) {
  TempDir dir;
  unsetenv(kInjectLibraryVar);
  for (const char* folder : {"build/app", "packed/bin", "packed/lib/feedscope", "flat/bin", "flat/lib"}) {
    std::filesystem::create_directories(dir.file(folder));
  }
  BuildTreeLibrary built{dir.file("build/inject.so", ""), dir.file("build")};
  // From the build tree: the build tree's.
  EXPECT_EQ(locateInjectionLibrary(dir.file("build/app/feedscope", ""), built),
            std::filesystem::canonical(built.library).string());
  // Copied out of it without a library of its own: none, even though the build tree's exists.
  EXPECT_FALSE(locateInjectionLibrary(dir.file("packed/bin/feedscope", ""), built));
  // The installed layout, <prefix>/lib/feedscope/, and a flat <prefix>/lib/.
  std::string packed = dir.file(std::string("packed/lib/feedscope/") + kInjectLibraryName, "");
  EXPECT_EQ(locateInjectionLibrary(dir.file("packed/bin/feedscope"), built),
            std::filesystem::canonical(packed).string());
  std::string flat = dir.file(std::string("flat/lib/") + kInjectLibraryName, "");
  EXPECT_EQ(locateInjectionLibrary(dir.file("flat/bin/feedscope", ""), built),
            std::filesystem::canonical(flat).string());
  // A build root given as a prefix of another folder's name is not that folder ("build" vs "build2").
  std::filesystem::create_directories(dir.file("build2"));
  EXPECT_FALSE(locateInjectionLibrary(dir.file("build2/feedscope", ""), built));
}

TEST(CommandLine, IsQuotedSoItCanBePastedBack) {
  EXPECT_EQ(quoteCommandLine({"python3", "train.py", "--lr", "0.1"}), "python3 train.py --lr 0.1");
  EXPECT_EQ(quoteCommandLine({"sh", "-c", "echo 'hi' $HOME"}), "sh -c 'echo '\\''hi'\\'' $HOME'");
  EXPECT_EQ(quoteCommandLine({"a", ""}), "a ''");
}

}  // namespace
