// What the trace shows of the input path.
#include "analysis/input_evidence.h"

#include <algorithm>
#include <cctype>
#include <string>
#include <vector>

#include "analysis/thresholds.h"

namespace feedscope::analysis {

namespace {

bool containsIgnoringCase(std::string_view text, std::string_view word) {
  auto it = std::search(text.begin(), text.end(), word.begin(), word.end(),
                        [](char a, char b) { return std::tolower(static_cast<unsigned char>(a)) == b; });
  return it != text.end();
}

}  // namespace

InputEvidence gatherInputEvidence(const trace::Run& run, const trace::StringTable& strings,
                                  const DeviceTimeline& timeline, const HostInputPath& host) {
  InputEvidence e;
  e.data_loading = !timeline.data_loading.empty();
  e.input_ranges = !host.input_path.empty();
  for (const CopyRecord& c : timeline.h2d_copies) e.batch_copies += c.bytes >= thresholds::kBatchCopyMinBytes;
  // Names are looked at once each: a trace has millions of intervals and thousands of names.
  std::vector<std::int8_t> seen(strings.size(), -1);  // -1 unknown, else bits: 1 backward, 2 optimizer
  for (const trace::Track& t : run.tracks) {
    if (t.isGpu() || t.intervals.size() == 0) continue;
    e.host_side = true;
    for (std::size_t i = 0; i < t.intervals.size(); ++i) {
      const trace::StringId name = t.intervals.name[i];
      if (name >= seen.size()) continue;
      std::int8_t& bits = seen[name];
      if (bits < 0) {
        const std::string_view n = strings.get(name);
        bits = static_cast<std::int8_t>((containsIgnoringCase(n, "backward") ? 1 : 0) |
                                        (containsIgnoringCase(n, "optimizer") ? 2 : 0));
      }
      e.backward = e.backward || (bits & 1) != 0;
      e.optimizer = e.optimizer || (bits & 2) != 0;
    }
    if (e.backward && e.optimizer) break;
  }
  return e;
}

}  // namespace feedscope::analysis
