// feedscope: the command-line tool (no Qt). Subcommands import, report and export traces; exit codes
// are documented in the README and exit_codes.h.
#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include <cstdio>
#include <exception>
#include <system_error>

#include "commands.h"
#include "cli_contract/exit_codes.h"
#include "usage_errors.h"
#include "version_text.h"
#include "io/errors.h"
#include "standard_output.h"
#include "user_messages.h"

namespace {

// The one place where a failure becomes an exit code.
int exitCodeFor(feedscope::io::FailureKind kind) {
  using feedscope::io::FailureKind;
  switch (kind) {
    case FailureKind::BadInput:
      return feedscope::cli::kExitBadInput;
    case FailureKind::NoGpu:
      return feedscope::cli::kExitNoGpu;
    case FailureKind::OutputFailed:
      return feedscope::cli::kExitOutputFailed;
  }
  return feedscope::cli::kExitInternalError;
}

}  // namespace

int main(int argc, char** argv) {
  using namespace feedscope::cli;
  reserveStandardDescriptors();  // before anything opens a file that could become a closed stderr
  CLI::App app{"Feedscope: is your GPU starving for input, why, and how much does prefetching help?", "feedscope"};
  app.set_version_flag("--version", versionText);
  app.require_subcommand(1);
  useFeedscopeErrorFormat(app);
  CommandAction action;
  addImportCommand(app, action);
  addReportCommand(app, action);
  addSummarizeCommand(app, action);
  addExportCommand(app, action);
  addDevicesCommand(app, action);
  addDemoCommand(app, action);
  addCalibrateCommand(app, action);
  addRecordCommand(app, action);
  addMergeCommand(app, action);
  addRawInfoCommand(app, action);
  addHelpCommand(app, action);
  addVersionCommand(app, action);
  addShellIntegrationCommands(app, action);
  if (auto unknown = rejectUnknownCommand(app, argc, argv)) return *unknown;
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForAllHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForVersion& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    app.exit(e);
    return kExitBadInput;
  }
  try {
    int code = action ? action() : kExitBadInput;
    // Buffered output is only known to be written once flushed: a full disk or a closed pipe behind
    // stdout must not end in exit 0.
    finishStandardOutput();
    return code;
  } catch (const feedscope::io::Failure& e) {
    printError("{}", e.what());
    return exitCodeFor(e.kind());
  } catch (const std::system_error& e) {
    // fmt::print(stdout, ...) throws this when a write to standard output fails (a full disk behind
    // `> file`): an output failure, exit 5, like the checked writes.
    if (std::ferror(stdout)) {
      printError("cannot write to standard output ({})", e.code().message());
      return kExitOutputFailed;
    }
    printMessage("feedscope: internal error: {} (please report this)\n", e.what());
    return kExitInternalError;
  } catch (const std::bad_alloc&) {
    printError("out of memory");
    return kExitInternalError;
  } catch (const std::exception& e) {
    printMessage("feedscope: internal error: {} (please report this)\n", e.what());
    return kExitInternalError;
  }
}
