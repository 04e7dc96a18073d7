#include "report/rank_summary_file.h"

#include <fmt/format.h>

#include <algorithm>
#include <atomic>
#include <exception>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <thread>

#include "io/atomic_file.h"
#include "io/file_bytes.h"
#include "io/input_error.h"
#include "io/read_threads.h"

namespace feedscope::report {

using nlohmann::json;

namespace {

constexpr std::string_view kActivityKeys[] = {"data_loading", "input_copy", "host", "compute", "before_window"};

json spanJson(analysis::Span s) { return json::array({s.start, s.end}); }

// Reads a document strictly: each accessor names what is wrong and where.
class Reader {
 public:
  explicit Reader(const std::string& what) : what_(what) {}

  [[noreturn]] void fail(const std::string& why) const {
    throw io::InputError(what_ + ": not a Feedscope rank summary (" + why + ")");
  }
  const json& at(const json& object, std::string_view key) const {
    if (!object.is_object()) fail("expected an object around '" + std::string(key) + "'");
    auto it = object.find(key);
    if (it == object.end()) fail("missing '" + std::string(key) + "'");
    return *it;
  }
  std::int64_t integer(const json& v, std::string_view key) const {
    if (!v.is_number_integer()) fail("'" + std::string(key) + "' is not an integer");
    return v.get<std::int64_t>();
  }
  std::int64_t integer(const json& object, std::string_view key, bool) const { return integer(at(object, key), key); }
  std::uint64_t count(const json& object, std::string_view key) const {
    const std::int64_t v = integer(at(object, key), key);
    if (v < 0) fail("'" + std::string(key) + "' is negative");
    return static_cast<std::uint64_t>(v);
  }
  double number(const json& object, std::string_view key) const {
    const json& v = at(object, key);
    if (!v.is_number()) fail("'" + std::string(key) + "' is not a number");
    return v.get<double>();
  }
  std::string text(const json& object, std::string_view key) const {
    const json& v = at(object, key);
    if (!v.is_string()) fail("'" + std::string(key) + "' is not a string");
    return v.get<std::string>();
  }
  const json& array(const json& object, std::string_view key) const {
    const json& v = at(object, key);
    if (!v.is_array()) fail("'" + std::string(key) + "' is not an array");
    return v;
  }
  analysis::Span span(const json& v, std::string_view key) const {
    if (!v.is_array() || v.size() != 2) fail("'" + std::string(key) + "' is not [start, end]");
    const analysis::Span s{integer(v[0], key), integer(v[1], key)};
    if (s.end < s.start) fail("'" + std::string(key) + "' ends before it starts");
    return s;
  }

 private:
  const std::string& what_;
};

json activityJson(const job::ActivityTimes& a) {
  json out = json::object();
  for (int i = 0; i < job::kActivityCount; ++i) out[std::string(kActivityKeys[i])] = a.ns[static_cast<std::size_t>(i)];
  json ranges = json::object();
  for (const auto& [name, ns] : a.host_by_range) ranges[name] = ns;
  out["host_by_range"] = ranges;
  return out;
}

job::ActivityTimes activityOf(const Reader& r, const json& v) {
  job::ActivityTimes a;
  for (int i = 0; i < job::kActivityCount; ++i) {
    a.ns[static_cast<std::size_t>(i)] = r.integer(v, kActivityKeys[i], true);
  }
  const json& ranges = r.at(v, "host_by_range");
  if (!ranges.is_object()) r.fail("'host_by_range' is not an object");
  for (const auto& [name, ns] : ranges.items()) a.host_by_range[name] = r.integer(ns, "host_by_range");
  return a;
}

}  // namespace

bool isRankSummaryPath(std::string_view path) {
  constexpr std::string_view kSuffix = ".fssum";
  return path.size() > kSuffix.size() && path.substr(path.size() - kSuffix.size()) == kSuffix;
}

std::string rankSummaryText(const job::RankSummary& s) {
  json collectives = json::array();
  for (const auto& c : s.collectives) {
    json beside = json::array();
    for (const auto& b : c.compute_beside) {
      beside.push_back(b.start);
      beside.push_back(b.end);
    }
    json resumed = nullptr;
    if (c.resumed) {
      resumed = json::array({c.resumed->at_ns, c.resumed->free_ns == job::Collective::kUnknownNs ? json(nullptr)
                                                                                                 : json(c.resumed->free_ns)});
    }
    collectives.push_back(json::array({c.start_ns, c.end_ns, c.operation, c.group,
                                       c.sequence ? json(*c.sequence) : json(nullptr), c.stream, c.ready_ns,
                                       c.input ? json(*c.input) : json(nullptr), c.gates_rank, beside, resumed}));
  }
  json groups = json::object();
  for (const auto& [name, ranks] : s.process_groups) groups[name] = ranks;
  json gaps = json::object();
  for (int c = 0; c < analysis::kGapCauseCount; ++c) {
    gaps[std::string(analysis::gapCauseKey(static_cast<analysis::GapCause>(c)))] = s.gaps.ns[static_cast<std::size_t>(c)];
  }
  json steps = json::array();
  for (const auto& st : s.steps) steps.push_back(json::array({st.number, st.span.start, st.span.end, activityJson(st.activity)}));
  json findings = json::array();
  for (const auto& f : s.findings) {
    findings.push_back({{"id", f.id}, {"severity", f.severity}, {"title", f.title}, {"cost_ns", f.cost_ns}});
  }
  json doc = {{"format", kRankSummaryFormat},
              {"version", kRankSummaryVersion},
              {"run", s.run_name},
              {"rank", s.identity.rank},
              {"world_size", s.identity.world_size ? json(*s.identity.world_size) : json(nullptr)},
              {"rank_source", s.identity.source},
              {"folder", s.folder},
              {"device", s.device},
              {"device_name", s.device_name},
              {"time_origin_ns", s.time_origin},
              {"extent_ns", spanJson(s.extent)},
              {"process_groups", groups},
              {"collectives", collectives},
              {"activity", activityJson(s.activity)},
              {"window_ns", s.window_ns},
              {"starvation_ns", s.starvation_ns},
              {"compute_ns", s.compute_ns},
              {"comm_ns", s.comm_ns},
              {"comm_overlapped_ns", s.comm_overlapped_ns},
              {"gaps_ns", gaps},
              {"step_median_ns", s.step_median_ns ? json(*s.step_median_ns) : json(nullptr)},
              {"steps", steps},
              {"prefetch_step_ns", s.prefetch_step_ns},
              {"pageable_h2d", {{"count", s.pageable_h2d_count}, {"bytes", s.pageable_h2d_bytes}, {"duration_ns", s.pageable_h2d_ns}}},
              {"verdict", s.verdict},
              {"input_bound_pct", s.input_bound_pct},
              {"findings", findings}};
  return doc.dump(-1, ' ', false, json::error_handler_t::replace) + "\n";
}

job::RankSummary parseRankSummary(std::string_view text, const std::string& what) {
  Reader r(what);
  json doc = json::parse(text.begin(), text.end(), nullptr, false);
  if (doc.is_discarded()) r.fail("not JSON");
  if (!doc.is_object()) r.fail("not a JSON object");
  auto format = doc.find("format");
  if (format == doc.end() || !format->is_string() || format->get<std::string>() != kRankSummaryFormat) {
    r.fail("no \"format\": \"feedscope-rank-summary\"");
  }
  const std::int64_t version = r.integer(doc, "version", true);
  if (version > kRankSummaryVersion) {
    throw io::InputError(fmt::format("{}: rank summary version {} is newer than this Feedscope reads ({}): update "
                                     "Feedscope",
                                     what, version, kRankSummaryVersion));
  }
  if (version < kRankSummaryVersion) {
    // Version 1 kept no collective's stream, readiness or compute beside it, nor what a rank did in
    // each step: a job read from it could only be told the old, wrong way.
    if (version == 1) {
      throw io::InputError(what + ": rank summary version 1 was written by an older Feedscope and lacks what jobs "
                                  "are analysed by now (each collective's stream and readiness, each step's activity): "
                                  "run feedscope summarize on the trace again");
    }
    r.fail("version " + std::to_string(version));
  }
  job::RankSummary s;
  s.run_name = r.text(doc, "run");
  const std::int64_t rank = r.integer(doc, "rank", true);
  if (rank < 0 || rank > INT32_MAX) r.fail("'rank' out of range");
  s.identity.rank = static_cast<int>(rank);
  const json& world = r.at(doc, "world_size");
  if (!world.is_null()) {
    const std::int64_t w = r.integer(world, "world_size");
    if (w <= rank || w > INT32_MAX) r.fail("'world_size' must be larger than 'rank'");
    s.identity.world_size = static_cast<int>(w);
  }
  s.identity.source = r.text(doc, "rank_source");
  s.device = static_cast<std::int32_t>(r.integer(doc, "device", true));
  s.device_name = r.text(doc, "device_name");
  s.time_origin = r.integer(doc, "time_origin_ns", true);
  s.extent = r.span(r.at(doc, "extent_ns"), "extent_ns");
  s.folder = r.text(doc, "folder");
  const json& groups = r.at(doc, "process_groups");
  if (!groups.is_object()) r.fail("'process_groups' is not an object");
  for (const auto& [name, ranks] : groups.items()) {
    if (!ranks.is_array() || ranks.empty()) r.fail("a process group's ranks are not a list");
    std::vector<int> list;
    for (const json& member : ranks) {
      const std::int64_t v = r.integer(member, "process_groups");
      if (v < 0 || v > INT32_MAX || (!list.empty() && v <= list.back())) r.fail("a process group's ranks are not ascending ranks");
      list.push_back(static_cast<int>(v));
    }
    s.process_groups[name] = std::move(list);
  }
  for (const json& c : r.array(doc, "collectives")) {
    // [start, end, operation, group, sequence, stream, ready, input, gates_rank, [compute beside...], resumed]
    // (`resumed`, null or [at, free or null], is absent from summaries written before it was kept).
    if (!c.is_array() || (c.size() != 10 && c.size() != 11) || !c[2].is_string() || !c[3].is_string() ||
        !(c[4].is_null() || c[4].is_number_integer()) || !(c[7].is_null() || c[7].is_number_unsigned()) ||
        !c[8].is_boolean() || !c[9].is_array() || c[9].size() % 2 != 0 ||
        (c.size() == 11 && !c[10].is_null() &&
         !(c[10].is_array() && c[10].size() == 2 && (c[10][1].is_null() || c[10][1].is_number_integer())))) {
      r.fail("a collective is not [start, end, operation, group, sequence, stream, ready, input, gates_rank, compute, resumed]");
    }
    const analysis::Span span = r.span(json::array({c[0], c[1]}), "collectives");
    job::Collective collective;
    collective.start_ns = span.start;
    collective.end_ns = span.end;
    collective.operation = c[2].get<std::string>();
    collective.group = c[3].get<std::string>();
    if (!c[4].is_null()) collective.sequence = c[4].get<std::int64_t>();
    collective.stream = r.integer(c[5], "collectives");
    collective.ready_ns = r.integer(c[6], "collectives");
    if (collective.ready_ns > collective.start_ns) r.fail("a collective is ready after it starts");
    if (!c[7].is_null()) collective.input = c[7].get<std::size_t>();
    collective.gates_rank = c[8].get<bool>();
    trace::TimeNs previous = span.start;
    for (std::size_t i = 0; i < c[9].size(); i += 2) {
      const analysis::Span b = r.span(json::array({c[9][i], c[9][i + 1]}), "collectives");
      if (b.start < previous || b.end > span.end) r.fail("a collective's compute is not inside it, in order");
      previous = b.end;
      collective.compute_beside.push_back(b);
    }
    if (c.size() == 11 && !c[10].is_null()) {
      job::Collective::Resumption resumed;
      resumed.at_ns = r.integer(c[10][0], "collectives");
      if (!c[10][1].is_null()) resumed.free_ns = r.integer(c[10][1], "collectives");
      if (resumed.at_ns < span.end || resumed.free_ns > resumed.at_ns) r.fail("a collective's resumption is not after it");
      collective.resumed = resumed;
    } else if (c.size() == 10 && collective.gates_rank) {
      // Written before resumptions were kept: the rank resumed at its end, whatever its own work.
      collective.resumed = job::Collective::Resumption{span.end, job::Collective::kUnknownNs};
    }
    s.collectives.push_back(std::move(collective));
  }
  for (std::size_t i = 0; i < s.collectives.size(); ++i) {
    if (i > 0 && s.collectives[i].start_ns < s.collectives[i - 1].start_ns) r.fail("collectives out of order");
    if (s.collectives[i].input && *s.collectives[i].input >= s.collectives.size()) r.fail("a collective's input is no collective");
  }
  s.activity = activityOf(r, r.at(doc, "activity"));
  s.window_ns = r.integer(doc, "window_ns", true);
  s.starvation_ns = r.integer(doc, "starvation_ns", true);
  s.compute_ns = r.integer(doc, "compute_ns", true);
  s.comm_ns = r.integer(doc, "comm_ns", true);
  s.comm_overlapped_ns = r.integer(doc, "comm_overlapped_ns", true);
  if (s.comm_overlapped_ns < 0 || s.comm_overlapped_ns > s.comm_ns) r.fail("'comm_overlapped_ns' exceeds 'comm_ns'");
  const json& gaps = r.at(doc, "gaps_ns");
  for (int c = 0; c < analysis::kGapCauseCount; ++c) {
    s.gaps.ns[static_cast<std::size_t>(c)] =
        r.integer(gaps, analysis::gapCauseKey(static_cast<analysis::GapCause>(c)), true);
  }
  const json& median = r.at(doc, "step_median_ns");
  if (!median.is_null()) s.step_median_ns = r.integer(median, "step_median_ns");
  for (const json& st : r.array(doc, "steps")) {
    if (!st.is_array() || st.size() != 4) r.fail("a step is not [number, start, end, activity]");
    s.steps.push_back({r.integer(st[0], "steps"), r.span(json::array({st[1], st[2]}), "steps"), activityOf(r, st[3])});
  }
  s.prefetch_step_ns = r.integer(doc, "prefetch_step_ns", true);
  const json& pageable = r.at(doc, "pageable_h2d");
  s.pageable_h2d_count = r.count(pageable, "count");
  s.pageable_h2d_bytes = r.count(pageable, "bytes");
  s.pageable_h2d_ns = r.integer(pageable, "duration_ns", true);
  s.verdict = r.text(doc, "verdict");
  s.input_bound_pct = r.number(doc, "input_bound_pct");
  for (const json& f : r.array(doc, "findings")) {
    s.findings.push_back({r.text(f, "id"), r.text(f, "severity"), r.text(f, "title"), r.integer(f, "cost_ns", true)});
  }
  return s;
}

void writeRankSummary(const std::string& path, const job::RankSummary& summary) {
  io::writeFileAtomically(path, rankSummaryText(summary));
}

job::RankSummary readRankSummary(const std::string& path) {
  const io::FileBytes bytes = io::readInputFile(path);  // a gzipped summary reads as well
  return parseRankSummary(bytes.data.view(), path);
}

SummaryFiles readRankSummaries(const std::vector<std::string>& paths) {
  std::vector<job::RankSummary> out(paths.size());
  std::vector<std::exception_ptr> errors(paths.size());
  const std::size_t workers = std::max<std::size_t>(1, std::min<std::size_t>(paths.size(), io::usableCores()));
  std::atomic<std::size_t> next{0};
  std::vector<std::thread> threads;
  for (std::size_t w = 0; w < workers; ++w) {
    threads.emplace_back([&] {
      for (std::size_t i = next++; i < paths.size(); i = next++) {
        try {
          out[i] = readRankSummary(paths[i]);
        } catch (...) {
          errors[i] = std::current_exception();
        }
      }
    });
  }
  for (auto& t : threads) t.join();
  SummaryFiles files;
  std::exception_ptr first;
  for (std::size_t i = 0; i < paths.size(); ++i) {
    if (!errors[i]) {
      files.summaries.push_back(std::move(out[i]));
      continue;
    }
    try {
      std::rethrow_exception(errors[i]);
    } catch (const io::InputError& e) {
      if (!first) first = errors[i];
      std::string why = e.what();
      if (why.rfind(paths[i] + ": ", 0) == 0) why.erase(0, paths[i].size() + 2);
      files.unread.push_back({paths[i], why});
    }  // anything else (no memory, a bug) ends the read
  }
  if (files.summaries.empty() && first) std::rethrow_exception(first);
  return files;
}

std::vector<std::string> rankSummariesIn(const std::string& folder) {
  std::vector<std::string> out;
  std::error_code ec;
  std::filesystem::directory_iterator it(folder, ec);
  if (ec) throw io::InputError(folder + ": " + ec.message());
  for (; it != std::filesystem::directory_iterator(); it.increment(ec)) {
    // Each entry's status has its own error: a dangling link is skipped, not taken for a listing failure.
    std::error_code statusError;
    if (isRankSummaryPath(it->path().string()) && it->is_regular_file(statusError)) out.push_back(it->path().string());
  }
  if (ec) throw io::InputError(folder + ": " + ec.message());
  std::sort(out.begin(), out.end());
  return out;
}

}  // namespace feedscope::report
