// feedscope merge A.feedscope B.feedscope... -o C.feedscope: joins sessions recorded on different
// machines (the ranks of a multi-node job); runs of the same name become one run on one clock.
#include <fmt/format.h>

#include "commands.h"
#include "cli_contract/exit_codes.h"
#include "importers/open_input.h"
#include "store/session_store.h"
#include "launch/run_join.h"
#include "store/output_check.h"
#include "progress.h"
#include "session_write_lock.h"
#include "user_messages.h"

namespace feedscope::cli {

void addMergeCommand(CLI::App& app, CommandAction& action) {
  struct Options {
    std::vector<std::string> inputs;
    std::string output;
    bool noJoin = false, noWait = false;
  };
  auto o = std::make_shared<Options>();
  CLI::App* cmd = app.add_subcommand(
      "merge",
      "Join sessions recorded on different machines; runs of the same name become one, clocks aligned");
  cmd->add_option("SESSION", o->inputs, "sessions to join, the first one's clock is kept")
      ->required()
      ->expected(2, -1);
  cmd->add_option("-o,--output", o->output, "session file to write")->required();
  cmd->add_flag("--no-wait", o->noWait, kNoWaitHelp);
  cmd->add_flag("--no-join", o->noJoin, "keep every run apart (clashing names get \" (2)\")");
  cmd->callback([o, &action] {
    action = [o] {
      io::requireDistinctFiles(o->output, o->inputs);
      trace::Session merged;
      launch::JoinOptions options;
      options.join_same_names = !o->noJoin;
      for (const auto& input : o->inputs) {
        trace::Session session;
        {
          StderrProgress progress("reading " + input);
          session = io::openInput(input, progress.callback());
        }
        for (const auto& n : launch::joinSession(merged, std::move(session), input, options)) {
          printMessage("feedscope: note: {}\n", n);
        }
      }
      io::SessionWriteLock lock = lockSessionForWriting(o->output, o->noWait);
      io::saveSession(merged, o->output);
      printMessage("wrote {} ({} run{}, {} intervals)\n", o->output, merged.runs.size(),
                 merged.runs.size() == 1 ? "" : "s", merged.intervalCount());
      return kExitOk;
    };
  });
}

}  // namespace feedscope::cli
