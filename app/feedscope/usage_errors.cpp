// Usage errors: the prefix, the hint and the "did you mean" suggestion.
#include "usage_errors.h"

#include <fmt/format.h>

#include <algorithm>
#include <cstdio>
#include <vector>

#include "cli_contract/exit_codes.h"
#include "terminal_text.h"
#include "user_messages.h"

namespace feedscope::cli {

namespace {

// Levenshtein distance: small words, so the plain two-row table is plenty.
std::size_t editDistance(const std::string& a, const std::string& b) {
  std::vector<std::size_t> previous(b.size() + 1), current(b.size() + 1);
  for (std::size_t j = 0; j <= b.size(); ++j) previous[j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    current[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j) {
      std::size_t substitute = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1);
      current[j] = std::min({previous[j] + 1, current[j - 1] + 1, substitute});
    }
    std::swap(previous, current);
  }
  return previous[b.size()];
}

bool isVisible(const CLI::App* sub) {
  return !sub->get_group().empty();
}

}  // namespace

void useFeedscopeErrorFormat(CLI::App& app) {
  app.failure_message([](const CLI::App* failed, const CLI::Error& e) {
    std::string where = "feedscope help";
    for (const CLI::App* sub : failed->get_subcommands()) where += " " + sub->get_name();
    // One line, as every other error: the GUI shows the last line a command printed.
    // The error quotes what was typed: terminal-safe like every other message.
    return fmt::format("{}{} (see '{}')\n", kErrorPrefix, printable(e.what()), where);
  });
}

const CLI::App* findVisibleCommand(const CLI::App& app, const std::string& name) {
  for (const CLI::App* sub : app.get_subcommands([](const CLI::App* s) { return isVisible(s); })) {
    if (sub->get_name() == name) return sub;
  }
  return nullptr;
}

std::optional<std::string> nearestCommand(const CLI::App& app, const std::string& typed) {
  std::optional<std::string> best;
  std::size_t bestDistance = 0;
  for (const CLI::App* sub : app.get_subcommands([](const CLI::App* s) { return isVisible(s); })) {
    std::size_t d = editDistance(typed, sub->get_name());
    // Two edits cover a swapped pair ("reprot") and a missing or doubled letter; more is a guess.
    if (d <= 2 && d < sub->get_name().size() && (!best || d < bestDistance)) {
      best = sub->get_name();
      bestDistance = d;
    }
  }
  return best;
}

int reportUnknownCommand(const CLI::App& app, const std::string& typed) {
  if (auto near = nearestCommand(app, typed)) {
    printError("unknown command '{}'; did you mean '{}'?", typed, *near);
  } else {
    printError("unknown command '{}'; 'feedscope help' lists the commands", typed);
  }
  return kExitBadInput;
}

std::optional<int> rejectUnknownCommand(const CLI::App& app, int argc, const char* const* argv) {
  if (argc < 2 || argv[1][0] == '-') return std::nullopt;
  std::string name = argv[1];
  for (const CLI::App* sub : app.get_subcommands([](const CLI::App*) { return true; })) {
    if (sub->get_name() == name) return std::nullopt;
  }
  return reportUnknownCommand(app, name);
}

}  // namespace feedscope::cli
