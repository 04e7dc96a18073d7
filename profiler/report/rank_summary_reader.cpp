// Reading a .fssum file (docs/file-formats.md, "Rank summary"): bounded in size, checked whole as JSON
// (the grammar, at most trace::kMaxJsonDepth deep, numbers of any size), then every field read with
// simdjson's on-demand parser (no document tree: memory stays near the file's size) and range-checked
// against what the format defines, and the fields checked against each other. Anything else is
// refused with one line naming the file and the field.
#include <simdjson.h>

#include <array>
#include <charconv>
#include <deque>
#include <string>

#include <fmt/format.h>

#include "analysis/finding.h"
#include "analysis/run_analysis.h"
#include "read/file_bytes.h"
#include "io/input_error.h"
#include "report/rank_summary_file.h"
#include "trace/json_values.h"
#include "trace/types.h"

namespace feedscope::report {

namespace sj = simdjson::ondemand;
using trace::kMaxTimeNs;
using trace::TimeNs;

namespace {

// What a time may be (trace::kMaxTimeNs, the rule of every trace) and a duration.
constexpr TimeNs kMinTime = -kMaxTimeNs;
constexpr TimeNs kMaxDuration = kMaxTimeNs;

std::string shown(std::string_view token) {
  return token.size() <= 24 ? std::string(token) : fmt::format("a number of {} characters", token.size());
}

class Reader {
 public:
  explicit Reader(const std::string& what) : what_(what) {}

  [[noreturn]] void fail(const std::string& why) const {
    throw io::InputError(what_ + ": not a Feedscope rank summary (" + why + ")");
  }
  void check(simdjson::error_code e, std::string_view field) const {
    if (e == simdjson::SUCCESS) return;
    if (e == simdjson::INCORRECT_TYPE) fail("'" + std::string(field) + "' has the wrong type");
    fail(fmt::format("'{}': {}", field, simdjson::error_message(e)));
  }

  // Calls `read(key, value)` for every member of `v`, an object.
  template <typename Read>
  void members(sj::value v, std::string_view field, Read&& read) {
    sj::object object;
    if (v.get_object().get(object) != simdjson::SUCCESS) fail("'" + std::string(field) + "' is not an object");
    for (auto result : object) {
      sj::field member;
      check(std::move(result).get(member), field);
      std::string_view key;
      check(trace::decodeJsonString(member.key().raw(), &key, &decoded_), field);
      read(key, member.value());
    }
  }
  // Calls `read(index, value)` for every element of `v`, an array.
  template <typename Read>
  std::size_t elements(sj::value v, std::string_view field, Read&& read) {
    sj::array array;
    if (v.get_array().get(array) != simdjson::SUCCESS) fail("'" + std::string(field) + "' is not an array");
    std::size_t index = 0;
    for (auto result : array) {
      sj::value element;
      check(std::move(result).get(element), field);
      read(index++, element);
    }
    return index;
  }

  std::string text(sj::value v, std::string_view field) {
    std::string_view s;
    const simdjson::error_code e = trace::jsonStringOf(v, s, decoded_);
    if (e == simdjson::INCORRECT_TYPE) fail("'" + std::string(field) + "' is not a string");
    check(e, field);
    return std::string(s);
  }
  bool boolean(sj::value v, std::string_view field) const {
    bool b = false;
    if (v.get_bool().get(b) != simdjson::SUCCESS) fail("'" + std::string(field) + "' is not true or false");
    return b;
  }
  bool isNull(sj::value v) const {
    bool null = false;
    return v.is_null().get(null) == simdjson::SUCCESS && null;
  }
  // An integer written as one (no fraction, no exponent) within [lo, hi]: the token is read exactly,
  // so 2^64-1 is out of range, never -1.
  std::int64_t integer(sj::value v, std::string_view field, std::int64_t lo, std::int64_t hi) const {
    sj::json_type type;
    if (v.type().get(type) != simdjson::SUCCESS || type != sj::json_type::number) {
      fail("'" + std::string(field) + "' is not an integer");
    }
    std::string_view token = v.raw_json_token();
    while (!token.empty() && (token.back() == ' ' || token.back() == '\n' || token.back() == '\r' || token.back() == '\t')) {
      token.remove_suffix(1);
    }
    std::int64_t n = 0;
    const auto [end, error] = std::from_chars(token.data(), token.data() + token.size(), n);
    if (end != token.data() + token.size() && error == std::errc()) fail("'" + std::string(field) + "' is not an integer");
    if (error == std::errc::result_out_of_range) {
      fail("'" + std::string(field) + "' out of range (" + shown(token) + ", beyond a 64-bit integer)");
    }
    if (error != std::errc()) fail("'" + std::string(field) + "' is not an integer");
    if (n < lo || n > hi) fail(fmt::format("'{}' out of range ({}, not within {}..{})", field, n, lo, hi));
    return n;
  }
  double number(sj::value v, std::string_view field, double lo, double hi) const {
    double d = 0;
    if (v.get_double().get(d) != simdjson::SUCCESS) {
      sj::json_type type;
      if (v.type().get(type) == simdjson::SUCCESS && type == sj::json_type::number) {
        fail("'" + std::string(field) + "' out of range (beyond a double)");
      }
      fail("'" + std::string(field) + "' is not a number");
    }
    if (!(d >= lo && d <= hi)) fail(fmt::format("'{}' out of range ({}, not within {}..{})", field, d, lo, hi));
    return d;
  }
  // [start, end] on the rank's clock.
  analysis::Span span(sj::value v, std::string_view field) {
    analysis::Span s;
    const std::size_t n = elements(v, field, [&](std::size_t i, sj::value t) {
      if (i > 1) fail("'" + std::string(field) + "' is not [start, end]");
      (i == 0 ? s.start : s.end) = integer(t, field, kMinTime, kMaxTimeNs);
    });
    if (n != 2) fail("'" + std::string(field) + "' is not [start, end]");
    checkSpan(s, field);
    return s;
  }
  // Ends after it starts, and lasts less than 2^62 ns ([-2^62, 2^62] would not fit the int64 of its
  // length; a job's window is shorter than that too: job::ranksOnOneClockWindow).
  void checkSpan(analysis::Span s, std::string_view field) const {
    if (s.end < s.start) fail("'" + std::string(field) + "' ends before it starts");
    if (static_cast<std::uint64_t>(s.end) - static_cast<std::uint64_t>(s.start) >= static_cast<std::uint64_t>(kMaxDuration)) {
      fail("'" + std::string(field) + "' lasts 2^62 ns or more");
    }
  }
  // The activity over a span `length` long: each part at most that long, the host's ranges at most
  // the host's time.
  job::ActivityTimes activity(sj::value v, std::string_view field, TimeNs length) {
    job::ActivityTimes a;
    std::array<bool, job::kActivityCount> seen{};
    bool ranges = false;
    members(v, field, [&](std::string_view key, sj::value value) {
      for (int i = 0; i < job::kActivityCount; ++i) {
        if (key != job::activityKey(static_cast<job::Activity>(i))) continue;
        a.ns[static_cast<std::size_t>(i)] = integer(value, fmt::format("{}.{}", field, key), 0, length);
        seen[static_cast<std::size_t>(i)] = true;
        return;
      }
      if (key != "host_by_range") return;
      ranges = true;
      a.host_by_range.clear();
      members(value, "host_by_range", [&](std::string_view name, sj::value ns) {
        a.host_by_range[std::string(name)] = integer(ns, "host_by_range", 0, length);
      });
    });
    for (int i = 0; i < job::kActivityCount; ++i) {
      if (!seen[static_cast<std::size_t>(i)]) fail(fmt::format("missing '{}.{}'", field, job::activityKey(static_cast<job::Activity>(i))));
    }
    if (!ranges) fail(fmt::format("missing '{}.host_by_range'", field));
    TimeNs parts = 0;
    for (TimeNs ns : a.ns) {
      parts = trace::saturatingAdd(parts, ns);
      if (parts > length) fail(fmt::format("'{}' adds up to more than its span", field));
    }
    TimeNs named = 0;
    for (const auto& [name, ns] : a.host_by_range) {
      named = trace::saturatingAdd(named, ns);
      if (named > a[job::Activity::Host]) fail(fmt::format("'{}.host_by_range' adds up to more than its host time", field));
    }
    return a;
  }

 private:
  const std::string& what_;
  std::deque<std::string> decoded_;  // strings that held escapes, decoded
};

// Every key of the format, each required once read.
enum Key : std::size_t {
  kRun, kRank, kWorldSize, kRankSource, kFolder, kDevice, kDeviceName, kTimeOrigin, kExtent, kProcessGroups,
  kCollectives, kActivity, kWindow, kStarvation, kCompute, kComm, kCommOverlapped, kGaps, kStepMedian, kSteps,
  kPrefetchStep, kPageable, kVerdict, kInputBoundPct, kFindings, kKeyCount
};
constexpr std::array<std::string_view, kKeyCount> kKeys = {
    "run", "rank", "world_size", "rank_source", "folder", "device", "device_name", "time_origin_ns", "extent_ns",
    "process_groups", "collectives", "activity", "window_ns", "starvation_ns", "compute_ns", "comm_ns",
    "comm_overlapped_ns", "gaps_ns", "step_median_ns", "steps", "prefetch_step_ns", "pageable_h2d", "verdict",
    "input_bound_pct", "findings"};

// Deferred: the activity needs the extent, the collectives' inputs their count, whatever the order
// of the keys in the file. The values are read again from their text, in a parser of their own.
struct Pending {
  std::string activity;
  std::string collectives;
  std::string steps;
};

job::Collective collectiveOf(Reader& r, sj::value c, analysis::Span extent, std::size_t index) {
  // [start, end, operation, group, sequence, stream, ready, input, gates_rank, [compute beside...], resumed]
  // (`resumed`, null or [at, free or null], is absent from summaries written before it was kept).
  constexpr const char* kShape =
      "a collective is not [start, end, operation, group, sequence, stream, ready, input, gates_rank, compute, resumed]";
  job::Collective k;
  const char* field = "collectives";
  std::optional<std::int64_t> start, end;
  const std::size_t n = r.elements(c, field, [&](std::size_t i, sj::value v) {
    switch (i) {
      case 0: start = r.integer(v, "a collective's start", extent.start, extent.end); break;
      case 1: end = r.integer(v, "a collective's end", extent.start, extent.end); break;
      case 2: k.operation = r.text(v, "a collective's operation"); break;
      case 3: k.group = r.text(v, "a collective's group"); break;
      case 4: if (!r.isNull(v)) k.sequence = r.integer(v, "a collective's sequence", 0, INT64_MAX); break;
      case 5: k.stream = r.integer(v, "a collective's stream", INT64_MIN, INT64_MAX); break;
      case 6: k.ready_ns = r.integer(v, "a collective's ready time", kMinTime, kMaxTimeNs); break;
      case 7:
        // The collective whose output was its input came before it: a later one would make a loop.
        if (!r.isNull(v)) {
          if (index == 0) r.fail("the first collective has an input");
          k.input = static_cast<std::size_t>(r.integer(v, "a collective's input", 0, static_cast<std::int64_t>(index) - 1));
        }
        break;
      case 8: k.gates_rank = r.boolean(v, "a collective's gates_rank"); break;
      case 9: {
        std::vector<TimeNs> ends;
        r.elements(v, field, [&](std::size_t, sj::value t) {
          ends.push_back(r.integer(t, "a collective's compute", kMinTime, kMaxTimeNs));
        });
        if (ends.size() % 2 != 0) r.fail("a collective's compute is not [start, end, ...] pairs");
        for (std::size_t b = 0; b < ends.size(); b += 2) k.compute_beside.push_back({ends[b], ends[b + 1]});
        break;
      }
      case 10:
        if (!r.isNull(v)) {
          job::Collective::Resumption resumed;
          const std::size_t parts = r.elements(v, field, [&](std::size_t j, sj::value t) {
            // Both are moments of the rank's own work: inside its extent.
            if (j == 0) resumed.at_ns = r.integer(t, "a collective's resumption", extent.start, extent.end);
            if (j == 1 && !r.isNull(t)) resumed.free_ns = r.integer(t, "a collective's resumption", extent.start, extent.end);
            if (j > 1) r.fail("a collective's resumption is not [at, free]");
          });
          if (parts != 2) r.fail("a collective's resumption is not [at, free]");
          k.resumed = resumed;
        }
        break;
      default: r.fail(kShape);
    }
  });
  if (n != 10 && n != 11) r.fail(kShape);
  k.start_ns = *start;
  k.end_ns = *end;
  if (k.resumed && (k.resumed->at_ns < k.end_ns || k.resumed->free_ns > k.resumed->at_ns)) {
    r.fail("a collective's resumption is not after it");
  }
  // Written before resumptions were kept: the rank resumed at its end, whatever its own work.
  if (n == 10 && k.gates_rank) k.resumed = job::Collective::Resumption{k.end_ns, job::Collective::kUnknownNs};
  if (k.end_ns < k.start_ns) r.fail("a collective ends before it starts");
  if (k.ready_ns > k.start_ns) r.fail("a collective is ready after it starts");
  TimeNs previous = k.start_ns;
  for (const analysis::Span& b : k.compute_beside) {
    if (b.end < b.start || b.start < previous || b.end > k.end_ns) r.fail("a collective's compute is not inside it, in order");
    previous = b.end;
  }
  return k;
}

// A value's text, to read once what it depends on is known.
std::string rawText(Reader& r, sj::value v, std::string_view field) {
  sj::json_type type;
  r.check(v.type().get(type), field);
  std::string_view text;
  if (type == sj::json_type::array) {
    sj::array a;
    r.check(v.get_array().get(a), field);
    r.check(a.raw_json().get(text), field);
  } else if (type == sj::json_type::object) {
    sj::object o;
    r.check(v.get_object().get(o), field);
    r.check(o.raw_json().get(text), field);
  } else {
    text = v.raw_json_token();
  }
  return std::string(text);
}

// Reads `text` (one value) with `read(value)`, in `parser` (one for each level that reads at once: the
// steps' list, then each step's activity inside it).
template <typename Read>
void readText(Reader& r, sj::parser& parser, const std::string& text, std::string_view field, Read&& read) {
  const simdjson::padded_string padded(text);
  sj::document doc;
  r.check(parser.iterate(padded).get(doc), field);
  sj::value v;
  r.check(doc.get_value().get(v), field);
  read(v);
}

void checkVersion(Reader& r, sj::document& doc, const std::string& what) {
  std::string format;
  sj::value v;
  if (doc.find_field_unordered("format").get(v) != simdjson::SUCCESS ||
      (format = r.text(v, "format")) != kRankSummaryFormat) {
    r.fail("no \"format\": \"feedscope-rank-summary\"");
  }
  doc.rewind();
  if (doc.find_field_unordered("version").get(v) != simdjson::SUCCESS) r.fail("missing 'version'");
  const std::int64_t version = r.integer(v, "version", INT64_MIN, INT64_MAX);
  doc.rewind();
  if (version > kRankSummaryVersion) {
    throw io::InputError(fmt::format("{}: rank summary version {} is newer than this Feedscope reads ({}): update "
                                     "Feedscope",
                                     what, version, kRankSummaryVersion));
  }
  if (version == 1) {
    // Version 1 kept no collective's stream, readiness or compute beside it, nor what a rank did in
    // each step: a job read from it could only be told the old, wrong way.
    throw io::InputError(what + ": rank summary version 1 was written by an older Feedscope and lacks what jobs "
                                "are analysed by now (each collective's stream and readiness, each step's activity): "
                                "run feedscope summarize on the trace again");
  }
  if (version < kRankSummaryVersion) r.fail("version " + std::to_string(version));
}

bool oneOf(std::string_view value, std::initializer_list<std::string_view> allowed) {
  for (std::string_view a : allowed) {
    if (value == a) return true;
  }
  return false;
}

}  // namespace

job::RankSummary parseRankSummary(std::string_view text, const std::string& what) {
  Reader r(what);
  if (text.size() > kMaxRankSummaryBytes) {
    r.fail(fmt::format("more than {} MiB, the most a rank summary holds", kMaxRankSummaryBytes >> 20));
  }
  const simdjson::padded_string padded(text);
  sj::parser parser;
  sj::document doc;
  if (parser.iterate(padded).get(doc) != simdjson::SUCCESS) r.fail("not JSON");
  // Checked whole first: what the reader skips (a key of a later version) is JSON too, and no depth
  // reaches a walk below.
  const simdjson::error_code valid = trace::validateJsonText(text);
  if (valid == simdjson::DEPTH_ERROR) {
    r.fail(fmt::format("a JSON value nested deeper than {} levels", trace::kMaxJsonDepth));
  }
  if (valid != simdjson::SUCCESS) r.fail("not JSON");
  sj::json_type type;
  if (doc.type().get(type) != simdjson::SUCCESS || type != sj::json_type::object) r.fail("not a JSON object");
  checkVersion(r, doc, what);

  job::RankSummary s;
  std::array<bool, kKeyCount> seen{};
  Pending pending;
  sj::object top;
  r.check(doc.get_object().get(top), "the summary");
  for (auto result : top) {
    sj::field member;
    r.check(std::move(result).get(member), "the summary");
    std::string_view key;
    r.check(member.unescaped_key().get(key), "the summary");
    std::size_t k = 0;
    while (k < kKeyCount && kKeys[k] != key) ++k;
    if (k == kKeyCount) continue;  // format, version, or a key this version does not read
    seen[k] = true;
    sj::value v = member.value();
    switch (static_cast<Key>(k)) {
      case kRun: s.run_name = r.text(v, key); break;
      case kRank: s.identity.rank = static_cast<int>(r.integer(v, key, 0, INT32_MAX)); break;
      case kWorldSize:
        s.identity.world_size.reset();
        if (!r.isNull(v)) s.identity.world_size = static_cast<int>(r.integer(v, key, 0, INT32_MAX));
        break;
      case kRankSource: s.identity.source = r.text(v, key); break;
      case kFolder: s.folder = r.text(v, key); break;
      case kDevice: s.device = static_cast<std::int32_t>(r.integer(v, key, -1, INT32_MAX)); break;
      case kDeviceName: s.device_name = r.text(v, key); break;
      case kTimeOrigin: s.time_origin = r.integer(v, key, kMinTime, kMaxTimeNs); break;
      case kExtent: s.extent = r.span(v, key); break;
      case kProcessGroups:
        s.process_groups.clear();
        r.members(v, key, [&](std::string_view name, sj::value ranks) {
          std::vector<int> list;
          r.elements(ranks, "process_groups", [&](std::size_t, sj::value rankValue) {
            const auto rank = static_cast<int>(r.integer(rankValue, "process_groups", 0, INT32_MAX));
            if (!list.empty() && rank <= list.back()) r.fail("a process group's ranks are not ascending ranks");
            list.push_back(rank);
          });
          if (list.empty()) r.fail("a process group's ranks are not a list");
          s.process_groups[std::string(name)] = std::move(list);
        });
        break;
      case kCollectives: pending.collectives = rawText(r, v, key); break;
      case kActivity: pending.activity = rawText(r, v, key); break;
      case kWindow: s.window_ns = r.integer(v, key, 0, kMaxDuration); break;
      case kStarvation: s.starvation_ns = r.integer(v, key, 0, kMaxDuration); break;
      case kCompute: s.compute_ns = r.integer(v, key, 0, kMaxDuration); break;
      case kComm: s.comm_ns = r.integer(v, key, 0, kMaxDuration); break;
      case kCommOverlapped: s.comm_overlapped_ns = r.integer(v, key, 0, kMaxDuration); break;
      case kGaps: {
        std::array<bool, analysis::kGapCauseCount> causes{};
        r.members(v, key, [&](std::string_view cause, sj::value ns) {
          for (int c = 0; c < analysis::kGapCauseCount; ++c) {
            if (cause != analysis::gapCauseKey(static_cast<analysis::GapCause>(c))) continue;
            s.gaps.ns[static_cast<std::size_t>(c)] = r.integer(ns, fmt::format("gaps_ns.{}", cause), 0, kMaxDuration);
            causes[static_cast<std::size_t>(c)] = true;
          }
        });
        for (int c = 0; c < analysis::kGapCauseCount; ++c) {
          if (!causes[static_cast<std::size_t>(c)]) {
            r.fail(fmt::format("missing 'gaps_ns.{}'", analysis::gapCauseKey(static_cast<analysis::GapCause>(c))));
          }
        }
        break;
      }
      case kStepMedian:
        s.step_median_ns.reset();
        if (!r.isNull(v)) s.step_median_ns = r.integer(v, key, 0, kMaxDuration);
        break;
      case kSteps: pending.steps = rawText(r, v, key); break;
      case kPrefetchStep: s.prefetch_step_ns = r.integer(v, key, 0, kMaxDuration); break;
      case kPageable: {
        std::array<bool, 3> parts{};
        r.members(v, key, [&](std::string_view part, sj::value n) {
          if (part == "count") {
            s.pageable_h2d_count = static_cast<std::uint64_t>(r.integer(n, "pageable_h2d.count", 0, INT64_MAX));
            parts[0] = true;
          } else if (part == "bytes") {
            s.pageable_h2d_bytes = static_cast<std::uint64_t>(r.integer(n, "pageable_h2d.bytes", 0, INT64_MAX));
            parts[1] = true;
          } else if (part == "duration_ns") {
            s.pageable_h2d_ns = r.integer(n, "pageable_h2d.duration_ns", 0, kMaxDuration);
            parts[2] = true;
          }
        });
        if (!parts[0] || !parts[1] || !parts[2]) r.fail("missing 'pageable_h2d.count', 'bytes' or 'duration_ns'");
        break;
      }
      case kVerdict:
        s.verdict = r.text(v, key);
        // "" for a rank without a GPU, whose own report has no verdict.
        if (!oneOf(s.verdict, {"", analysis::verdictKey(analysis::InputBoundVerdict::NotInputBound),
                               analysis::verdictKey(analysis::InputBoundVerdict::ModeratelyInputBound),
                               analysis::verdictKey(analysis::InputBoundVerdict::HighlyInputBound),
                               analysis::verdictKey(analysis::InputBoundVerdict::CannotTell),
                               analysis::verdictKey(analysis::InputBoundVerdict::NoInputPath)})) {
          r.fail("'verdict' is no verdict (" + s.verdict + ")");
        }
        break;
      case kInputBoundPct: s.input_bound_pct = r.number(v, key, 0.0, 100.0); break;
      case kFindings:
        s.findings.clear();
        r.elements(v, key, [&](std::size_t, sj::value f) {
          job::RankFindingLine line;
          std::array<bool, 4> parts{};
          r.members(f, "findings", [&](std::string_view part, sj::value x) {
            if (part == "id") {
              line.id = r.text(x, "findings.id");
              parts[0] = true;
            } else if (part == "severity") {
              line.severity = r.text(x, "findings.severity");
              parts[1] = true;
            } else if (part == "title") {
              line.title = r.text(x, "findings.title");
              parts[2] = true;
            } else if (part == "cost_ns") {
              line.cost_ns = r.integer(x, "findings.cost_ns", 0, kMaxDuration);
              parts[3] = true;
            }
          });
          if (!parts[0] || !parts[1] || !parts[2] || !parts[3]) r.fail("a finding lacks 'id', 'severity', 'title' or 'cost_ns'");
          if (!oneOf(line.severity, {analysis::severityName(analysis::Severity::Info), analysis::severityName(analysis::Severity::Low),
                                     analysis::severityName(analysis::Severity::Medium),
                                     analysis::severityName(analysis::Severity::High)})) {
            r.fail("'findings.severity' is no severity");
          }
          s.findings.push_back(std::move(line));
        });
        break;
      case kKeyCount: break;
    }
  }
  for (std::size_t k = 0; k < kKeyCount; ++k) {
    if (!seen[k]) r.fail("missing '" + std::string(kKeys[k]) + "'");
  }

  // What depends on other keys, and what the keys say of each other.
  if (s.identity.world_size && *s.identity.world_size <= s.identity.rank) r.fail("'world_size' must be larger than 'rank'");
  const TimeNs extentNs = s.extent.end - s.extent.start;  // both within ±2^62: no overflow
  sj::parser lists, parts;
  readText(r, lists, pending.activity, "activity", [&](sj::value v) { s.activity = r.activity(v, "activity", extentNs); });
  readText(r, lists, pending.collectives, "collectives", [&](sj::value v) {
    r.elements(v, "collectives", [&](std::size_t i, sj::value c) { s.collectives.push_back(collectiveOf(r, c, s.extent, i)); });
  });
  for (std::size_t i = 1; i < s.collectives.size(); ++i) {
    if (s.collectives[i].start_ns < s.collectives[i - 1].start_ns) r.fail("collectives out of order");
  }
  readText(r, lists, pending.steps, "steps", [&](sj::value v) {
    r.elements(v, "steps", [&](std::size_t, sj::value st) {
      job::RankStep step;
      std::string activity;
      std::optional<std::int64_t> start, end;
      const std::size_t n = r.elements(st, "steps", [&](std::size_t i, sj::value x) {
        switch (i) {
          case 0: step.number = r.integer(x, "a step's number", INT64_MIN, INT64_MAX); break;
          case 1: start = r.integer(x, "a step's start", kMinTime, kMaxTimeNs); break;
          case 2: end = r.integer(x, "a step's end", kMinTime, kMaxTimeNs); break;
          case 3: activity = rawText(r, x, "steps"); break;
          default: r.fail("a step is not [number, start, end, activity]");
        }
      });
      if (n != 4) r.fail("a step is not [number, start, end, activity]");
      step.span = {*start, *end};
      if (step.span.end < step.span.start) r.fail("a step ends before it starts");
      r.checkSpan(step.span, "a step");
      readText(r, parts, activity, "steps", [&](sj::value a) {
        step.activity = r.activity(a, "a step's activity", step.span.end - step.span.start);
      });
      s.steps.push_back(std::move(step));
    });
  });
  if (s.window_ns > extentNs) r.fail("'window_ns' is longer than 'extent_ns'");
  for (auto [field, ns] : {std::pair{"starvation_ns", s.starvation_ns}, {"compute_ns", s.compute_ns}, {"comm_ns", s.comm_ns}}) {
    if (ns > s.window_ns) r.fail(fmt::format("'{}' is longer than 'window_ns'", field));
  }
  if (s.comm_overlapped_ns > s.comm_ns) r.fail("'comm_overlapped_ns' exceeds 'comm_ns'");
  // The causes are the starvation's parts (docs/metrics.md "Gap causes"): they add up to it exactly.
  TimeNs gaps = 0;
  for (TimeNs ns : s.gaps.ns) {
    gaps = trace::saturatingAdd(gaps, ns);
  }
  if (gaps != s.starvation_ns) r.fail("'gaps_ns' do not add up to 'starvation_ns'");
  for (const auto& f : s.findings) {
    if (f.cost_ns > s.window_ns) r.fail("a finding costs more than 'window_ns'");
  }
  if (s.pageable_h2d_ns > extentNs) r.fail("'pageable_h2d.duration_ns' is longer than 'extent_ns'");
  return s;
}

job::RankSummary readRankSummary(const std::string& path) {
  // A gzipped summary reads as well; inflating stops at the bound (a 4 MB gzip bomb once took 5 GB).
  const io::FileBytes bytes =
      io::readInputFile(path, io::kDefaultPadding, kMaxRankSummaryBytes, "the most a rank summary holds");
  return parseRankSummary(bytes.data.view(), path);
}

}  // namespace feedscope::report
