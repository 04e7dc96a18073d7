// Host wait by range for the Tables tab.
#include "view/host_wait_table.h"

#include <algorithm>
#include <map>

#include "trace/range_names.h"
#include "trace/statistics.h"

namespace feedscope::view {

std::vector<SummaryRow> summarizeHostWait(const TimelineModel& model, TimeRange range) {
  std::vector<SummaryRow> out;
  for (std::size_t r = 0; r < model.runs().size(); ++r) {
    const RunInput& input = model.runs()[r].input;
    if (input.analysis == nullptr || input.strings == nullptr) continue;
    const TimeNs from = model.toRunClock(r, range.start), to = model.toRunClock(r, range.end);
    const bool severalGpus = input.analysis->devices.size() > 1;
    for (const analysis::DeviceAnalysis& d : input.analysis->devices) {
      std::map<std::string, std::vector<TimeNs>> byName;
      for (const analysis::CauseSegment& seg : d.timeline.causes) {
        if (seg.start >= to) break;
        if (seg.cause != analysis::GapCause::HostOther || seg.end <= from) continue;
        std::string name = seg.name == analysis::kUnnamedSegment
                               ? std::string("unnamed")
                               : trace::foldedRangeName(input.strings->get(seg.name));
        if (severalGpus) name = "GPU " + std::to_string(d.device) + " · " + name;
        byName[name].push_back(std::min(seg.end, to) - std::max(seg.start, from));
      }
      for (auto& [name, parts] : byName) {
        SummaryRow row;
        row.run = r;
        row.name = name;
        row.count = parts.size();
        for (TimeNs ns : parts) row.total += ns;
        row.mean = row.total / static_cast<TimeNs>(row.count);
        row.median = trace::medianNs(std::move(parts));
        row.share = range.length() > 0 ? static_cast<double>(row.total) / range.length() : 0;
        out.push_back(std::move(row));
      }
    }
  }
  sortSummary(out, SummaryColumn::Total, false);
  return out;
}

}  // namespace feedscope::view
