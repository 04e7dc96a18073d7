// Walking the loaded objects with dl_iterate_phdr.
#include "inject/loaded_libraries.h"

#include <link.h>

#include <algorithm>
#include <filesystem>

namespace feedscope::inject {

namespace {
struct Search {
  std::string_view needle;
  std::vector<std::string> found;
};
}  // namespace

std::vector<std::string> loadedLibraries(std::string_view nameContains) {
  Search search{nameContains, {}};
  dl_iterate_phdr(
      [](dl_phdr_info* info, std::size_t, void* data) {
        auto* s = static_cast<Search*>(data);
        if (info->dlpi_name == nullptr || *info->dlpi_name == '\0') return 0;
        std::string path = info->dlpi_name;
        if (std::filesystem::path(path).filename().string().find(s->needle) != std::string::npos) {
          s->found.push_back(path);
        }
        return 0;
      },
      &search);
  std::sort(search.found.begin(), search.found.end());
  search.found.erase(std::unique(search.found.begin(), search.found.end()), search.found.end());
  return search.found;
}

}  // namespace feedscope::inject
