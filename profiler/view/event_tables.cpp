// Events and summaries of a time range.
#include "view/event_tables.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <map>
#include <tuple>

#include "trace/copy_names.h"
#include "present/numbers.h"
#include "present/spreadsheet_text.h"
#include "trace/statistics.h"
#include "trace/units.h"
#include "view/describe.h"

namespace feedscope::view {
namespace {

bool isCopyLane(LaneKind kind) {
  return kind == LaneKind::CopyH2D || kind == LaneKind::CopyD2H || kind == LaneKind::CopyOther;
}

// Visits the intervals of a row that overlap the display range `range` of a run whose display time 0
// is `origin` on its clock, in start order. Run-clock times less the origin are exact int64 before they
// become doubles (RunTime).
template <typename Visit>
void forEachOverlapping(const Row& row, TimeNs origin, TimeRange range, Visit&& visit) {
  for (std::size_t i = row.firstEndingAfter({origin, range.start});
       i < row.size() && static_cast<double>(row.start(i) - origin) < range.end; ++i) {
    if (static_cast<double>(row.end(i) - origin) > range.start) visit(i);
  }
}

std::string percentText(double share) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.2f %%", 100.0 * share);
  return buf;
}

}  // namespace

EventList collectEvents(const TimelineModel& model, TimeRange range, std::size_t limit) {
  EventList out;
  // The first `limit` in time over every lane, not the first lanes' first ones: a heap of the
  // earliest seen so far, its latest on top to be replaced by anything earlier.
  auto later = [](const EventRow& a, const EventRow& b) {
    return std::tie(a.start, a.ref.lane, a.ref.row, a.ref.item) < std::tie(b.start, b.ref.lane, b.ref.row, b.ref.item);
  };
  for (std::size_t l = 0; l < model.lanes().size(); ++l) {
    const Lane& lane = model.lanes()[l];
    if (lane.kind == LaneKind::Starvation || lane.kind == LaneKind::IdleDifference ||
        lane.kind == LaneKind::PeerWait)
      continue;
    const TimeNs origin = model.runs()[lane.run].origin;
    for (std::size_t r = 0; r < lane.rows.size(); ++r) {
      const Row& row = lane.rows[r];
      const auto& c = row.columns();
      forEachOverlapping(row, origin, range, [&](std::size_t i) {
        ++out.total;
        if (limit == 0) return;
        const std::size_t p = row.position(i);
        EventRow e{{l, r, i}, model.toDisplay(lane.run, c.start_ns[p]), c.end_ns[p] - c.start_ns[p], c.bytes[p]};
        if (out.rows.size() < limit) {
          out.rows.push_back(e);
          std::push_heap(out.rows.begin(), out.rows.end(), later);
        } else if (later(e, out.rows.front())) {
          std::pop_heap(out.rows.begin(), out.rows.end(), later);
          out.rows.back() = e;
          std::push_heap(out.rows.begin(), out.rows.end(), later);
        }
      });
    }
  }
  std::sort(out.rows.begin(), out.rows.end(), later);
  return out;
}

std::string eventColumnTitle(EventColumn column) {
  switch (column) {
    case EventColumn::Name:
      return "name";
    case EventColumn::Kind:
      return "kind";
    case EventColumn::Lane:
      return "lane";
    case EventColumn::Start:
      return "start";
    case EventColumn::Duration:
      return "duration";
    case EventColumn::Bytes:
      break;
  }
  return "bytes";
}

std::string eventText(const TimelineModel& model, const EventRow& row, EventColumn column) {
  const Lane& lane = model.lanes()[row.ref.lane];
  const Row& r = lane.rows[row.ref.row];
  switch (column) {
    case EventColumn::Name:
      return model.intervalName(lane, r, row.ref.item);
    case EventColumn::Kind:
      return std::string(trace::intervalKindName(r.columns().kind[r.position(row.ref.item)]));
    case EventColumn::Lane:
      return model.runs()[lane.run].name + " · " + lane.title;
    case EventColumn::Start:
      return present::formatOffset(row.start);
    case EventColumn::Duration:
      return trace::formatDuration(row.duration);
    case EventColumn::Bytes:
      break;
  }
  return row.bytes > 0 ? trace::formatBytes(row.bytes) : std::string();
}

void sortEvents(const TimelineModel& model, std::vector<EventRow>& rows, EventColumn column, bool ascending) {
  auto ordered = [&](auto key) {
    std::stable_sort(rows.begin(), rows.end(), [&](const EventRow& a, const EventRow& b) {
      return ascending ? key(a) < key(b) : key(b) < key(a);
    });
  };
  switch (column) {
    case EventColumn::Name:
    case EventColumn::Kind:
    case EventColumn::Lane: {
      // Text columns: the strings are made once per row, not once per comparison.
      std::vector<std::pair<std::string, std::size_t>> keys;
      keys.reserve(rows.size());
      for (std::size_t i = 0; i < rows.size(); ++i) keys.emplace_back(eventText(model, rows[i], column), i);
      std::stable_sort(keys.begin(), keys.end(), [&](const auto& a, const auto& b) {
        return ascending ? a.first < b.first : b.first < a.first;
      });
      std::vector<EventRow> sorted;
      sorted.reserve(rows.size());
      for (const auto& k : keys) sorted.push_back(rows[k.second]);
      rows = std::move(sorted);
      return;
    }
    case EventColumn::Start:
      return ordered([](const EventRow& r) { return r.start; });
    case EventColumn::Duration:
      return ordered([](const EventRow& r) { return r.duration; });
    case EventColumn::Bytes:
      return ordered([](const EventRow& r) { return r.bytes; });
  }
}

std::vector<SummaryRow> summarize(const TimelineModel& model, TimeRange range, SummaryOf what) {
  struct Accumulator {
    std::vector<TimeNs> durations;
    std::uint64_t bytes = 0;
  };
  // Kernels by (run, name); copies by (run, display name of their kind and memories).
  std::map<std::pair<std::size_t, std::string>, Accumulator> groups;
  for (const Lane& lane : model.lanes()) {
    const bool wanted = what == SummaryOf::Kernels ? lane.kind == LaneKind::Kernels : isCopyLane(lane.kind);
    if (!wanted) continue;
    const TimeNs origin = model.runs()[lane.run].origin;
    // Names are looked up once per string id, not once per interval.
    std::map<trace::StringId, Accumulator*> byId;
    for (const Row& row : lane.rows) {
      const auto& c = row.columns();
      forEachOverlapping(row, origin, range, [&](std::size_t i) {
        const std::size_t p = row.position(i);
        Accumulator* acc = nullptr;
        if (what == SummaryOf::Kernels) {
          auto& slot = byId[c.name[p]];
          if (slot == nullptr) slot = &groups[{lane.run, model.intervalName(lane, row, i)}];
          acc = slot;
        } else {
          acc = &groups[{lane.run, trace::copyDisplayName(c.kind[p], c.src[p], c.dst[p])}];
        }
        const double clipped = std::min(static_cast<double>(c.end_ns[p] - origin), range.end) -
                               std::max(static_cast<double>(c.start_ns[p] - origin), range.start);
        acc->durations.push_back(static_cast<TimeNs>(std::llround(std::max(clipped, 0.0))));
        acc->bytes += c.bytes[p];
      });
    }
  }
  std::vector<SummaryRow> out;
  for (auto& [key, acc] : groups) {
    SummaryRow row;
    row.run = key.first;
    row.name = key.second;
    row.count = acc.durations.size();
    for (TimeNs d : acc.durations) row.total += d;
    row.mean = row.count > 0 ? row.total / static_cast<TimeNs>(row.count) : 0;
    row.median = trace::medianNs(std::move(acc.durations));
    row.share = range.length() > 0 ? static_cast<double>(row.total) / range.length() : 0;
    row.bytes = acc.bytes;
    out.push_back(std::move(row));
  }
  sortSummary(out, SummaryColumn::Total, false);
  return out;
}

std::string summaryColumnTitle(SummaryColumn column) {
  switch (column) {
    case SummaryColumn::Run:
      return "run";
    case SummaryColumn::Name:
      return "name";
    case SummaryColumn::Count:
      return "count";
    case SummaryColumn::Total:
      return "total";
    case SummaryColumn::Mean:
      return "mean";
    case SummaryColumn::Median:
      return "median";
    case SummaryColumn::Share:
      return "share of range";
    case SummaryColumn::Bytes:
      break;
  }
  return "bytes";
}

std::string summaryText(const TimelineModel& model, const SummaryRow& row, SummaryColumn column) {
  switch (column) {
    case SummaryColumn::Run:
      return model.runs()[row.run].name;
    case SummaryColumn::Name:
      return row.name;
    case SummaryColumn::Count:
      return present::withThousands(row.count);
    case SummaryColumn::Total:
      return trace::formatDuration(row.total);
    case SummaryColumn::Mean:
      return trace::formatDuration(row.mean);
    case SummaryColumn::Median:
      return trace::formatDuration(row.median);
    case SummaryColumn::Share:
      return percentText(row.share);
    case SummaryColumn::Bytes:
      break;
  }
  return row.bytes > 0 ? trace::formatBytes(row.bytes) : std::string();
}

void sortSummary(std::vector<SummaryRow>& rows, SummaryColumn column, bool ascending) {
  auto key = [column](const SummaryRow& r) {
    switch (column) {
      case SummaryColumn::Run:
        return static_cast<double>(r.run);
      case SummaryColumn::Count:
        return static_cast<double>(r.count);
      case SummaryColumn::Total:
      case SummaryColumn::Share:
        return static_cast<double>(r.total);
      case SummaryColumn::Mean:
        return static_cast<double>(r.mean);
      case SummaryColumn::Median:
        return static_cast<double>(r.median);
      case SummaryColumn::Bytes:
        return static_cast<double>(r.bytes);
      case SummaryColumn::Name:
        break;
    }
    return 0.0;
  };
  std::stable_sort(rows.begin(), rows.end(), [&](const SummaryRow& a, const SummaryRow& b) {
    if (column == SummaryColumn::Name) return ascending ? a.name < b.name : b.name < a.name;
    return ascending ? key(a) < key(b) : key(b) < key(a);
  });
}

std::string toTsv(const std::vector<std::string>& header, const std::vector<std::vector<std::string>>& rows) {
  std::string out;
  auto line = [&](const std::vector<std::string>& cells) {
    for (std::size_t i = 0; i < cells.size(); ++i) {
      if (i > 0) out += '\t';
      std::string cell = cells[i];
      for (char& ch : cell) {
        if (ch == '\t' || ch == '\n') ch = ' ';
      }
      // A number ("-1.5") stays one; a name a spreadsheet would run as a formula is pasted as text.
      double number = 0;
      const auto [end, error] = std::from_chars(cell.data(), cell.data() + cell.size(), number);
      const bool isNumber = error == std::errc() && end == cell.data() + cell.size();
      out += isNumber ? cell : present::spreadsheetText(cell);
    }
    out += '\n';
  };
  line(header);
  for (const auto& r : rows) line(r);
  return out;
}

}  // namespace feedscope::view
