// The tables of the bottom dock (docs/gui.md convention 10, Nsight's Events View and its summaries):
// every interval of a time range as a row (name, kind, lane, start, duration, bytes), and per-name
// summaries of kernels and per-kind summaries of copies (count, total, mean, median, share of the
// range). Summaries clip durations to the range (docs/gui.md: honest aggregation) and use the analysis'
// median, so a median here is the number the reports would give.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "view/item_ref.h"
#include "view/timeline_model.h"

namespace feedscope::view {

struct EventRow {
  ItemRef ref;
  double start = 0;       // display ns
  TimeNs duration = 0;    // the interval's own, not clipped
  std::uint64_t bytes = 0;
};

struct EventList {
  std::vector<EventRow> rows;  // in start order, at most the limit
  std::size_t total = 0;       // intervals that overlap the range
};

// Intervals of every lane but the starvation lane that overlap `range` (display time), sorted by
// start. Beyond `limit` they are counted, not listed: a fitted 10 M-interval run would make a table no
// one reads; the panel asks for a shorter range.
EventList collectEvents(const TimelineModel& model, TimeRange range, std::size_t limit);

enum class EventColumn : int { Name = 0, Kind, Lane, Start, Duration, Bytes };
inline constexpr int kEventColumnCount = 6;
std::string eventColumnTitle(EventColumn column);
std::string eventText(const TimelineModel& model, const EventRow& row, EventColumn column);
// Sorts rows by a column; ties keep start order.
void sortEvents(const TimelineModel& model, std::vector<EventRow>& rows, EventColumn column, bool ascending);

enum class SummaryOf : std::uint8_t { Kernels, Copies };

struct SummaryRow {
  std::size_t run = 0;
  std::string name;  // the kernel's name, or the copy kind "Memcpy HtoD (Pinned -> Device)"
  std::uint64_t count = 0;
  TimeNs total = 0;  // clipped to the range
  TimeNs mean = 0;
  TimeNs median = 0;
  double share = 0;  // total / the range's length, 0..1 per stream (more when streams overlap)
  std::uint64_t bytes = 0;
};

// One row per run and kernel name (or copy kind), largest total first.
std::vector<SummaryRow> summarize(const TimelineModel& model, TimeRange range, SummaryOf what);

enum class SummaryColumn : int { Run = 0, Name, Count, Total, Mean, Median, Share, Bytes };
inline constexpr int kSummaryColumnCount = 8;
std::string summaryColumnTitle(SummaryColumn column);
std::string summaryText(const TimelineModel& model, const SummaryRow& row, SummaryColumn column);
void sortSummary(std::vector<SummaryRow>& rows, SummaryColumn column, bool ascending);

// Rows as tab-separated text with a header line, for the clipboard (a spreadsheet's paste): tabs and
// line breaks in a cell become spaces, a text cell that a spreadsheet would run as a formula gets a
// leading ' (present/spreadsheet_text.h), numbers stay as they are.
std::string toTsv(const std::vector<std::string>& header, const std::vector<std::vector<std::string>>& rows);

}  // namespace feedscope::view
