#include "report/rank_summary_file.h"

#include <fmt/format.h>

#include <algorithm>
#include <atomic>
#include <exception>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <thread>

#include "store/atomic_file.h"
#include "read/file_bytes.h"
#include "io/input_error.h"
#include "read/read_threads.h"

namespace feedscope::report {

using nlohmann::json;

namespace {


json spanJson(analysis::Span s) { return json::array({s.start, s.end}); }

json activityJson(const job::ActivityTimes& a) {
  json out = json::object();
  for (int i = 0; i < job::kActivityCount; ++i) out[std::string(job::activityKey(static_cast<job::Activity>(i)))] = a.ns[static_cast<std::size_t>(i)];
  json ranges = json::object();
  for (const auto& [name, ns] : a.host_by_range) ranges[name] = ns;
  out["host_by_range"] = ranges;
  return out;
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

void writeRankSummary(const std::string& path, const job::RankSummary& summary) {
  const std::string text = rankSummaryText(summary);
  // What no reader takes is not written.
  if (text.size() > kMaxRankSummaryBytes) {
    throw io::InputError(fmt::format("{}: the summary of {} would be {} MiB, more than the {} MiB a rank summary holds",
                                     path, summary.run_name, text.size() >> 20, kMaxRankSummaryBytes >> 20));
  }
  io::writeFileAtomically(path, text);
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
