#include "job/job_grouping.h"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <map>
#include <numeric>
#include <set>

#include "analysis/steps.h"
#include "analysis/thresholds.h"
#include "job/collectives.h"

namespace feedscope::job {

namespace {

bool ranCollectives(const trace::Run& run, const trace::StringTable& strings) {
  for (const trace::Track& track : run.tracks) {
    if (track.kind != trace::TrackKind::GpuStream) continue;
    const auto& iv = track.intervals;
    for (std::size_t i = 0; i < iv.size(); ++i) {
      if (iv.kind[i] == trace::IntervalKind::Kernel && isCollectiveKernelName(strings.get(iv.name[i]))) return true;
    }
  }
  return false;
}

bool isSeparator(char c) { return c == '_' || c == '-' || c == '.' || c == ' '; }

void trimSeparators(std::string& s) {
  while (!s.empty() && isSeparator(s.back())) s.pop_back();
  std::size_t i = 0;
  while (i < s.size() && isSeparator(s[i])) ++i;
  s.erase(0, i);
}

// The run's name with its rank's digits taken out ("rank0_mon" -> "rank_mon"): what the runs of one
// capture share.
std::string nameWithoutRank(const std::string& name, int rank) {
  const std::string digits = std::to_string(rank);
  for (std::size_t at = name.find(digits); at != std::string::npos; at = name.find(digits, at + 1)) {
    const bool alone = (at == 0 || !std::isdigit(static_cast<unsigned char>(name[at - 1]))) &&
                       (at + digits.size() == name.size() || !std::isdigit(static_cast<unsigned char>(name[at + digits.size()])));
    if (alone) return name.substr(0, at) + name.substr(at + digits.size());
  }
  return name;
}

bool sameCapture(const CaptureFacts& a, const CaptureFacts& b) {
  if (a.span && b.span) {
    const TimeNs slack = analysis::thresholds::kCaptureClockSlackNs;
    if (a.span->end + slack < b.span->start || b.span->end + slack < a.span->start) return false;
  }
  if (a.steps && b.steps && (a.steps->second < b.steps->first || b.steps->second < a.steps->first)) return false;
  return true;
}

struct Components {
  std::vector<std::size_t> parent;
  std::size_t find(std::size_t i) {
    while (parent[i] != i) i = parent[i] = parent[parent[i]];
    return i;
  }
};

std::string stepRangeText(const std::vector<CaptureFacts>& runs, const std::vector<JobMember>& members) {
  std::int64_t first = INT64_MAX, last = INT64_MIN;
  for (const JobMember& m : members) {
    if (!runs[m.run].steps) return {};
    first = std::min(first, runs[m.run].steps->first);
    last = std::max(last, runs[m.run].steps->second);
  }
  return first == last ? fmt::format("step {}", first) : fmt::format("steps {}-{}", first, last);
}

// What sets each job apart from the others of the same world size: the runs' shared name, else their
// steps, else its place.
void labelCaptures(const std::vector<CaptureFacts>& runs, std::vector<JobGroup>& jobs) {
  if (jobs.size() < 2) return;
  auto distinct = [&](auto label) {
    std::set<std::string> seen;
    for (const JobGroup& j : jobs) {
      const std::string l = label(j);
      if (l.empty() || !seen.insert(l).second) return false;
    }
    return true;
  };
  auto byName = [&](const JobGroup& j) {
    std::vector<std::string> names;
    for (const JobMember& m : j.members) names.push_back(runs[m.run].name);
    return sharedRunName(names);
  };
  auto bySteps = [&](const JobGroup& j) { return stepRangeText(runs, j.members); };
  const bool names = distinct(byName), steps = distinct(bySteps);
  for (std::size_t k = 0; k < jobs.size(); ++k) {
    jobs[k].capture = names ? byName(jobs[k]) : steps ? bySteps(jobs[k]) : fmt::format("capture {}", k + 1);
  }
}

// A capture holding a rank twice: split by the runs' names less the rank, else a rank seen again
// starts another job (input order). Either way it is said.
std::vector<JobGroup> splitRepeatedRanks(const std::vector<CaptureFacts>& runs, std::vector<JobMember> members) {
  std::map<int, std::vector<std::size_t>> byRank;
  for (const JobMember& m : members) byRank[m.identity.rank].push_back(m.run);
  std::vector<JobGroup> out;
  std::string twice;
  for (const auto& [rank, list] : byRank) {
    if (list.size() < 2) continue;
    std::string files;
    for (std::size_t run : list) files += (files.empty() ? "" : ", ") + runs[run].name;
    twice = fmt::format("rank {} appears {} times ({})", rank, list.size(), files);
    break;
  }
  if (twice.empty()) {
    out.push_back({std::move(members), std::nullopt, "", {}});
    return out;
  }
  std::map<std::string, std::vector<JobMember>> byName;
  for (const JobMember& m : members) byName[nameWithoutRank(runs[m.run].name, m.identity.rank)].push_back(m);
  bool namesTell = byName.size() > 1;
  for (const auto& [name, list] : byName) {
    std::set<int> seen;
    for (const JobMember& m : list) namesTell &= seen.insert(m.identity.rank).second;
  }
  if (namesTell) {
    const std::string note = fmt::format(
        "{} in captures whose times and steps overlap: told apart by their file names only", twice);
    for (auto& [name, list] : byName) out.push_back({std::move(list), std::nullopt, "", {note}});
    return out;
  }
  const std::string note = fmt::format(
      "{} in captures that neither their times, their steps nor their file names tell apart: read as jobs in "
      "file order, a rank seen again starting another",
      twice);
  JobGroup current;
  std::set<int> seen;
  for (const JobMember& m : members) {
    if (!seen.insert(m.identity.rank).second) {
      out.push_back(std::move(current));
      current = {};
      seen = {m.identity.rank};
    }
    current.members.push_back(m);
  }
  out.push_back(std::move(current));
  for (JobGroup& g : out) g.notes.push_back(note);
  return out;
}

}  // namespace

std::string sharedRunName(const std::vector<std::string>& runNames) {
  if (runNames.empty()) return {};
  std::string prefix = runNames.front(), suffix = runNames.front();
  for (const auto& n : runNames) {
    std::size_t i = 0;
    while (i < prefix.size() && i < n.size() && prefix[i] == n[i]) ++i;
    prefix.resize(i);
    std::size_t j = 0;
    while (j < suffix.size() && j < n.size() && suffix[suffix.size() - 1 - j] == n[n.size() - 1 - j]) ++j;
    suffix.erase(0, suffix.size() - j);
  }
  if (runNames.size() == 1) suffix.clear();
  // Drop the rank word and the digits it may share: "trace_rank1", "trace_rank12" -> "trace", and
  // "train rank 0", "train rank 1" (the ranks `merge` keeps apart) -> "train"; a suffix begins after
  // the rank's digits ("rank0_mon", "rank10_mon" -> "_mon").
  while (!prefix.empty() && std::isdigit(static_cast<unsigned char>(prefix.back()))) prefix.pop_back();
  while (!prefix.empty() && isSeparator(prefix.back())) prefix.pop_back();
  for (std::string_view word : {"rank", "worker", "Rank", "RANK", "Worker"}) {
    if (prefix.size() >= word.size() && std::string_view(prefix).substr(prefix.size() - word.size()) == word) {
      prefix.resize(prefix.size() - word.size());
      break;
    }
  }
  while (!suffix.empty() && std::isdigit(static_cast<unsigned char>(suffix.front()))) suffix.erase(0, 1);
  trimSeparators(prefix);
  trimSeparators(suffix);
  if (prefix.size() + suffix.size() >= runNames.front().size()) suffix.clear();  // one name: no rank in it
  return prefix.empty() ? suffix : suffix.empty() ? prefix : prefix + " " + suffix;
}

CaptureFacts captureFactsOf(const trace::Run& run, const trace::StringTable& strings) {
  CaptureFacts f;
  f.name = run.name;
  f.identity = rankIdentityOf(run);
  if (f.identity && f.identity->source == "file name" && !ranCollectives(run, strings)) f.identity.reset();
  if (!f.identity) return f;
  if (auto e = run.extent()) f.span = analysis::Span{e->start, e->end};
  const auto steps = analysis::findSteps(run, strings);
  if (!steps.empty()) {
    std::int64_t first = INT64_MAX, last = INT64_MIN;
    for (const auto& s : steps) {
      first = std::min(first, s.number);
      last = std::max(last, s.number);
    }
    f.steps = std::make_pair(first, last);
  }
  return f;
}

std::vector<JobGroup> groupCaptures(const std::vector<CaptureFacts>& runs) {
  // Runs by world size, in input order; -1: the run does not say.
  std::map<int, std::vector<JobMember>> byWorld;
  for (std::size_t i = 0; i < runs.size(); ++i) {
    if (runs[i].identity) byWorld[runs[i].identity->world_size.value_or(-1)].push_back({i, *runs[i].identity});
  }
  // Runs that do not say their world size join the only job that does, when there is one.
  if (byWorld.count(-1) && byWorld.size() == 2) {
    auto unknown = std::move(byWorld[-1]);
    byWorld.erase(-1);
    auto& known = byWorld.begin()->second;
    known.insert(known.end(), unknown.begin(), unknown.end());
    std::sort(known.begin(), known.end(), [](const JobMember& a, const JobMember& b) { return a.run < b.run; });
  }
  std::vector<JobGroup> jobs;
  for (auto& entry : byWorld) {
    const int world = entry.first;
    const auto& members = entry.second;
    Components components{std::vector<std::size_t>(members.size())};
    std::iota(components.parent.begin(), components.parent.end(), std::size_t{0});
    for (std::size_t a = 0; a < members.size(); ++a) {
      for (std::size_t b = a + 1; b < members.size(); ++b) {
        if (sameCapture(runs[members[a].run], runs[members[b].run])) {
          components.parent[components.find(a)] = components.find(b);
        }
      }
    }
    std::map<std::size_t, std::vector<JobMember>> captures;  // by the first member's place
    std::map<std::size_t, std::size_t> firstOf;
    for (std::size_t i = 0; i < members.size(); ++i) {
      const std::size_t root = components.find(i);
      firstOf.try_emplace(root, i);
      captures[firstOf[root]].push_back(members[i]);
    }
    std::vector<JobGroup> ofWorld;
    for (auto& [first, list] : captures) {
      for (JobGroup& g : splitRepeatedRanks(runs, std::move(list))) {
        if (g.members.size() < 2) continue;
        std::sort(g.members.begin(), g.members.end(),
                  [](const JobMember& a, const JobMember& b) { return a.identity.rank < b.identity.rank; });
        if (world >= 0) g.world_size = world;
        ofWorld.push_back(std::move(g));
      }
    }
    labelCaptures(runs, ofWorld);
    for (JobGroup& g : ofWorld) jobs.push_back(std::move(g));
  }
  std::sort(jobs.begin(), jobs.end(), [](const JobGroup& a, const JobGroup& b) {
    std::size_t fa = SIZE_MAX, fb = SIZE_MAX;
    for (const auto& m : a.members) fa = std::min(fa, m.run);
    for (const auto& m : b.members) fb = std::min(fb, m.run);
    return fa < fb;
  });
  return jobs;
}

std::vector<std::string> jobNames(const std::vector<JobGroup>& jobs, const std::vector<std::string>& runNames,
                                  const std::string& folder, const std::string& fallback) {
  std::vector<std::string> names;
  std::map<std::string, std::size_t> count;
  for (const JobGroup& g : jobs) {
    std::vector<std::string> ofRanks;
    for (const JobMember& m : g.members) ofRanks.push_back(runNames[m.run]);
    std::string name = folder.empty() ? sharedRunName(ofRanks) : folder;
    if (name.empty()) name = fallback.empty() ? "job" : fallback;
    ++count[name];
    names.push_back(std::move(name));
  }
  for (std::size_t k = 0; k < jobs.size(); ++k) {
    if (count[names[k]] < 2) continue;
    const std::string label =
        jobs[k].capture.empty() ? fmt::format("{} ranks", jobs[k].members.size()) : jobs[k].capture;
    names[k] += " (" + label + ")";
  }
  return names;
}

std::vector<JobGroup> findJobs(const std::vector<const trace::Run*>& runs,
                               const std::vector<const trace::StringTable*>& strings) {
  std::vector<CaptureFacts> facts;
  for (std::size_t i = 0; i < runs.size(); ++i) facts.push_back(captureFactsOf(*runs[i], *strings[i]));
  return groupCaptures(facts);
}

}  // namespace feedscope::job
