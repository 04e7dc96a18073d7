// Walks the CLI11 app. CLI11 2.1 keeps an IsMember check's values only in the option's type name
// ("TEXT:{text,json}"), so the choices are read back from there.
#include "command_catalog.h"

namespace feedscope::cli {

namespace {

std::vector<std::string> choicesOf(const std::string& typeName) {
  std::vector<std::string> choices;
  auto open = typeName.find('{');
  auto close = typeName.find('}', open);
  if (open == std::string::npos || close == std::string::npos) return choices;
  std::string list = typeName.substr(open + 1, close - open - 1);
  std::size_t start = 0;
  while (start <= list.size()) {
    std::size_t comma = list.find(',', start);
    if (comma == std::string::npos) comma = list.size();
    std::string value = list.substr(start, comma - start);
    if (!value.empty()) choices.push_back(value);
    start = comma + 1;
  }
  return choices;
}

OptionEntry entryOf(const CLI::Option* opt) {
  OptionEntry e;
  for (const auto& s : opt->get_snames()) e.names.push_back("-" + s);
  for (const auto& l : opt->get_lnames()) e.names.push_back("--" + l);
  if (e.names.empty()) e.positional = opt->get_name(true);
  e.description = opt->get_description();
  e.takesValue = opt->get_items_expected_max() != 0;
  if (e.takesValue) e.choices = choicesOf(opt->get_type_name());
  return e;
}

}  // namespace

std::vector<CommandEntry> commandCatalog(const CLI::App& app) {
  std::vector<CommandEntry> commands;
  for (const CLI::App* sub : app.get_subcommands([](const CLI::App* s) { return !s->get_group().empty(); })) {
    CommandEntry c{sub->get_name(), sub->get_description(), {}};
    const CLI::Option* help = sub->get_help_ptr();
    for (const CLI::Option* opt : sub->get_options([](const CLI::Option*) { return true; })) {
      if (opt == help || opt->get_group().empty()) continue;
      c.options.push_back(entryOf(opt));
    }
    commands.push_back(std::move(c));
  }
  return commands;
}

}  // namespace feedscope::cli
