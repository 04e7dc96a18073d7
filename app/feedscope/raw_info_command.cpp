// feedscope raw-info FILE.fsraw...: what a raw stream holds (kept with record --keep-raw): the process,
// how much was recovered and why the rest was not, the recorder's messages, intervals by kind.
#include <fmt/format.h>

#include <map>

#include "commands.h"
#include "cli_contract/exit_codes.h"
#include "rawstream/reader.h"
#include "terminal_text.h"
#include "trace/types.h"

namespace feedscope::cli {

namespace {

// False when the file is no raw stream at all; a damaged one is described with what was recovered.
bool describe(const std::string& path) {
  rawstream::ReadResult r = rawstream::readRawStream(path);
  const rawstream::ProcessStream& s = r.stream;
  fmt::print("{}: {}\n", printable(path), rawstream::readStatusName(r.report.status));
  if (!r.report.problem.empty()) fmt::print("  problem: {}\n", printable(r.report.problem));
  if (!r.report.usable()) return false;
  fmt::print("  format {}.{}, {} chunks, {} records ({} skipped as unknown)\n", r.report.format_major,
             r.report.format_minor, r.report.chunks, r.report.records, r.report.skipped_records);
  // Everything below but the numbers was written by the recorded program: no control characters.
  fmt::print("  process {} (parent {}) on {}: {}\n", s.pid, s.ppid, s.hostname.empty() ? "?" : printable(s.hostname),
             printable(s.command_line.empty() ? s.executable : s.command_line));
  if (s.environment_recorded) {
    // Only the launcher variables are ever recorded (docs/raw-stream.md, Environment).
    std::string variables;
    for (const auto& [name, value] : s.launcher_environment) variables += " " + name + "=" + value;
    fmt::print("  launcher variables:{}\n", variables.empty() ? " none" : printable(variables));
  }
  for (const auto& d : s.devices) fmt::print("  device {}: {} {}\n", d.id, printable(d.name), printable(d.uuid));
  for (const auto& c : s.clocks) {
    fmt::print("  clock {}: source {} monotonic {} realtime {}\n",
               c.when == rawstream::ClockWhen::Start ? "start"
               : c.when == rawstream::ClockWhen::End ? "end"
                                                     : "sample",
               c.source_ns, c.monotonic_ns, c.realtime_ns);
  }
  std::map<std::string_view, std::size_t> byKind;
  for (const auto& p : s.intervals) ++byKind[trace::intervalKindName(p.interval.kind)];
  fmt::print("  intervals {}:", s.intervals.size());
  for (const auto& [kind, n] : byKind) fmt::print(" {} {}", kind, n);
  fmt::print("\n  dropped {}, invalid {}, ended cleanly: {}\n", s.dropped, s.invalid,
             s.ended_cleanly ? "yes" : "no");
  for (const auto& m : s.messages) fmt::print("  {}: {}\n", rawstream::severityName(m.severity), printable(m.text));
  return true;
}

}  // namespace

void addRawInfoCommand(CLI::App& app, CommandAction& action) {
  auto files = std::make_shared<std::vector<std::string>>();
  CLI::App* cmd = app.add_subcommand(
      "raw-info", "Describe raw streams (*.fsraw, kept by record --keep-raw); exit 2 when a file is not one");
  cmd->add_option("FILE", *files, "raw stream files")->required();
  cmd->callback([files, &action] {
    action = [files] {
      bool allUsable = true;
      for (const auto& f : *files) allUsable = describe(f) && allUsable;
      return allUsable ? kExitOk : kExitBadInput;
    };
  });
}

}  // namespace feedscope::cli
