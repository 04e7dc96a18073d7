// feedscope record [options] -- PROGRAM ARGS...: runs a program unchanged under the CUPTI injection,
// records every process of its tree that uses CUDA into one run, and prints the report on stderr.
#include <fmt/format.h>
#include <unistd.h>

#include <climits>
#include <cstring>
#include <cstdio>
#include <filesystem>
#include <optional>

#include "commands.h"
#include "numeric_options.h"
#include "cli_contract/exit_codes.h"
#include "io/input_error.h"
#include "report/report.h"
#include "launch/injection_env.h"
#include "launch/recording.h"
#include "launch/save_signals.h"
#include "store/output_check.h"
#include "output_check.h"
#include "session_write_lock.h"
#include "user_messages.h"

namespace feedscope::cli {

namespace {

namespace fs = std::filesystem;

struct RecordArgs {
  std::vector<std::string> argv;
  std::string output, label, capture, progress;
  std::vector<std::string> leaveOut;
  bool append = false, noNvtx = false, keepRaw = false, printInjectionPath = false, noWait = false;
  bool requireTrace = false, noPython = false;
  double delay = 0, duration = 0;
  int flushMs = 0;
};

std::string selfExecutable() {
  char path[PATH_MAX];
  ssize_t n = ::readlink("/proc/self/exe", path, sizeof path);
  return n > 0 ? std::string(path, static_cast<std::size_t>(n)) : std::string();
}

// record.feedscope, or record-2.feedscope... when that exists: a default never overwrites.
std::string defaultOutput(bool append) {
  std::string name = "record.feedscope";
  for (int n = 2; !append && fs::exists(name); ++n) name = "record-" + std::to_string(n) + ".feedscope";
  return name;
}

// Notes carry the program's own text (its recorder messages, names): shown without control characters.
void note(const std::string& line) {
  printMessage("feedscope: {}\n", line);
}

void printReport(const launch::Recording& recording, const launch::RecordSummary& summary,
                 const std::string& output) {
  report::Report report = report::buildReport(recording.session(), output, {}, summary.run_names);
  writeUserText(report::renderTextReport(report), true);  // kernel names come from the program
}

std::optional<std::string> injectionLibrary() {
  launch::BuildTreeLibrary buildTree;
#ifdef FEEDSCOPE_INJECT_BUILD_PATH
  buildTree.library = FEEDSCOPE_INJECT_BUILD_PATH;
  buildTree.root = FEEDSCOPE_BUILD_ROOT;
#endif
  return launch::locateInjectionLibrary(selfExecutable(), buildTree);
}

void printLibraryNotFound() {
  printError(
      "{} not found: this feedscope was built without CUDA (or {} names a missing file), so it cannot "
      "record",
      launch::kInjectLibraryName, launch::kInjectLibraryVar);
}

// --print-injection-path: where record would load the library from, so an install can be checked on
// a machine without a GPU.
int printInjectionPath() {
  auto library = injectionLibrary();
  if (!library) {
    printLibraryNotFound();
    return kExitNoGpu;
  }
  fmt::print("{}\n", *library);
  return kExitOk;
}

int record(const RecordArgs& a) {
  if (a.printInjectionPath) return printInjectionPath();
  launch::RecordOptions options;
  options.argv = a.argv;
  if (options.argv.empty())
    throw io::InputError("give the program to record after --, e.g. feedscope record -- python train.py");
  if (!a.capture.empty()) {
    auto capture = launch::parseCapture(a.capture);
    if (!capture)
      throw io::InputError("--capture '" + a.capture + "': use nvtx:RANGE_NAME or cudaProfilerApi");
    options.capture = *capture;
  }
  auto library = injectionLibrary();
  if (!library) {
    printLibraryNotFound();
    return kExitNoGpu;
  }
  options.injection_library = *library;
  options.output = a.output.empty() ? defaultOutput(a.append) : a.output;
  options.label = a.label.empty() ? fs::path(options.argv.front()).filename().string() : a.label;
  options.append = a.append;
  options.delay_s = a.delay;
  options.duration_s = a.duration;
  options.nvtx = !a.noNvtx;
  options.python_hooks = !a.noPython;
  options.machine_progress = a.progress == "machine";
  options.flush_ms = a.flushMs;
  for (const auto& group : a.leaveOut) options.leave_out += (options.leave_out.empty() ? "" : ",") + group;
  options.keep_raw = a.keepRaw;
  options.closed_descriptors = reservedStandardDescriptors();
  options.wait_for_session = !a.noWait;
  options.on_session_wait = [](const std::string& line) { note(line); };
  io::requireDistinctFiles(options.output, filesOfProgram(options.argv));

  // Declared before the recording so that it outlives the raw folder's removal too.
  std::optional<launch::SavingSignals> savingSignals;
  launch::Recording recording(options);  // bad options and append targets fail here, before the run
  savingSignals.emplace(recording.rawDir());
  for (const auto& w : recording.environmentWarnings()) note("warning: " + w);
  launch::SpawnFailure failure;
  auto exit = recording.run(failure);
  if (!exit) {
    printError("{}", failure.message);
    return failure.notFound() ? kExitProgramNotFound : kExitProgramNotExecutable;
  }

  // From here on the program has run: whatever goes wrong in Feedscope, its exit status is returned.
  const int status = exit->shellStatus();
  std::optional<io::Failure> saveFailure;
  try {
    launch::RecordSummary summary = recording.collect(*exit);
    for (const auto& n : summary.notes) note(n);
    if (summary.saved) {
      printReport(recording, summary, options.output);
      const auto& names = summary.run_names;
      if (names.size() == 1) {
        note(fmt::format("recorded {} process{} ({} intervals) as run '{}' in {}", summary.processes,
                         summary.processes == 1 ? "" : "es", summary.intervals, names.front(), options.output));
      } else {
        // One run per rank (launch/rank_streams.h): the report above reads them as one job.
        note(fmt::format("recorded {} processes ({} intervals) as {} runs, one per rank, '{}' to '{}', in {}",
                         summary.processes, summary.intervals, names.size(), names.front(), names.back(),
                         options.output));
      }
      if (options.append && names.size() == 1 && recording.session().runs.size() > 1) {
        note(fmt::format("compare: feedscope report {} --run '{}' --compare-run '{}'", options.output,
                         recording.session().runs.front().name, names.front()));
      }
    } else if (!summary.save_error.empty()) {
      std::string line = "the recording was not saved: " + summary.save_error;
      if (status == kExitOk) {
        saveFailure.emplace(summary.save_failure, line);  // main says it and maps its kind (2 or 5)
      } else {
        note("error: " + line);  // the program's own failure is the exit status
      }
    }
    if (!summary.raw_dir_kept.empty()) note("raw streams kept in " + summary.raw_dir_kept);
    if (exit->signaled) note("the program was " + exit->describe());
    if (int signal = savingSignals->received(); signal != 0) {
      const char* name = ::strsignal(signal);
      note(fmt::format("{} came after the program ended; the recording was finished first",
                       name ? name : "a signal"));
    }
    if (!summary.nothing_recorded.empty()) {
      // The program's status is record's, always: a CI wrapper on a machine without a GPU passes when
      // the program does. Whoever needs a trace asks for the failure (--require-trace); even then the
      // program's own failure stays its status.
      if (a.requireTrace && status == kExitOk) {
        printError("{}", summary.nothing_recorded);
        return kExitNoGpu;
      }
      note(summary.nothing_recorded);
    }
  } catch (const std::exception& e) {
    note(std::string("internal error while saving the recording: ") + e.what() + " (please report this)");
    if (status == kExitOk) return kExitInternalError;
  }
  if (saveFailure) throw *saveFailure;
  return status;
}

}  // namespace

void addRecordCommand(CLI::App& app, CommandAction& action) {
  auto a = std::make_shared<RecordArgs>();
  CLI::App* cmd = app.add_subcommand(
      "record",
      "Run a program unchanged and record what its GPU did: feedscope record [options] -- PROGRAM ARGS...");
  cmd->add_option("-o,--output", a->output,
                  "session file to write (default record.feedscope, never overwritten)");
  cmd->add_option("--label", a->label, "name of the recorded run (default: the program's name)");
  cmd->add_flag("--append", a->append,
                "add the run to an existing session (A/B: --label off, then --label on --append)");
  cmd->add_option("--capture", a->capture,
                  "keep only what happens inside NVTX ranges named RANGE (nvtx:RANGE) or between "
                  "cudaProfilerStart and cudaProfilerStop (cudaProfilerApi)");
  cmd->add_option("--delay", a->delay, "seconds after the start before recording begins")
      ->check(numberIn(0, launch::kLongestWindowSeconds));
  cmd->add_option("--duration", a->duration, "seconds to record; the program itself runs on to its end")
      ->check(numberIn(0.001, launch::kLongestWindowSeconds));
  cmd->add_flag("--no-nvtx", a->noNvtx, "do not collect NVTX ranges");
  cmd->add_flag("--no-python", a->noPython,
                "do not hook PyTorch's data path in Python programs (steps, DataLoader waits, workers, "
                "pinning, .to() calls)");
  cmd->add_option("--leave-out", a->leaveOut,
                  "groups of records not to collect, comma-separated: events (CUDA events), syncs "
                  "(synchronisations), driver (driver launch and copy calls), runtime (runtime calls), "
                  "overhead (CUPTI's own); to lighten a recording or find what it costs the program")
      ->delimiter(',')
      ->check(CLI::IsMember({"events", "syncs", "driver", "runtime", "overhead"}));
  cmd->add_option("--progress", a->progress,
                  "machine: FEEDSCOPE-PROGRESS <fraction> <message> lines on stderr")
      ->check(CLI::IsMember({"machine"}));
  cmd->add_option("--flush-ms", a->flushMs, "how often each process writes what it collected (default 1000)")
      ->check(numberIn(1, 60000))
      ->group("");
  cmd->add_flag("--no-wait", a->noWait, kNoWaitHelp);
  cmd->add_flag("--require-trace", a->requireTrace,
                "exit 3 when nothing was recorded (no driver, no GPU, no CUDA in the program) although the "
                "program succeeded; without it the program's status is returned and stderr says why");
  cmd->add_flag("--keep-raw", a->keepRaw, "keep the per-process raw streams (*.fsraw) beside the session");
  cmd->add_flag("--print-injection-path", a->printInjectionPath,
                "print where libfeedscope-inject.so is loaded from and exit")
      ->group("");
  cmd->add_option("PROGRAM", a->argv, "the program and its arguments, after --")->expected(-1);
  cmd->callback([a, &action] { action = [a] { return record(*a); }; });
}

}  // namespace feedscope::cli
