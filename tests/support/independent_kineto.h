// A second, independent reading of a Kineto trace for tests: nlohmann::json instead of simdjson,
// doubles instead of exact decimal parsing, and a sort-and-sweep instead of the analysis' span
// lists. The importer and analysis must agree with it to within rounding.
#pragma once

#include <zlib.h>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

namespace feedscope::testing {

struct IndependentFigures {
  double window_ns = 0;
  double starvation_pct = 0;
  double fully_idle_pct = 0;
  double copy_only_pct = 0;
  int h2d_pageable = 0;
  int h2d_pinned = 0;
  int kernels = 0;
  double overlap_pct = 0;
  double exposed_h2d_ms = 0;
  double h2d_gbps = 0;
  int steps = 0;
};

inline std::string gunzipFile(const std::string& path) {
  gzFile f = gzopen(path.c_str(), "rb");
  std::string out;
  char buf[1 << 16];
  int n;
  while ((n = gzread(f, buf, sizeof buf)) > 0) out.append(buf, static_cast<std::size_t>(n));
  gzclose(f);
  return out;
}

// Length of the union of intervals, by sorting starts and sweeping.
inline double unionLength(std::vector<std::pair<double, double>> v) {
  std::sort(v.begin(), v.end());
  double total = 0, curStart = 0, curEnd = -1;
  bool open = false;
  for (auto [s, e] : v) {
    if (!open || s > curEnd) {
      if (open) total += curEnd - curStart;
      curStart = s;
      curEnd = e;
      open = true;
    } else {
      curEnd = std::max(curEnd, e);
    }
  }
  if (open) total += curEnd - curStart;
  return total;
}

// |A ∩ B| = |A| + |B| - |A ∪ B|.
inline double intersectionLength(const std::vector<std::pair<double, double>>& a,
                                 const std::vector<std::pair<double, double>>& b) {
  auto both = a;
  both.insert(both.end(), b.begin(), b.end());
  return unionLength(a) + unionLength(b) - unionLength(both);
}

// Numbers as long double (64-bit mantissa): absolute epoch microseconds lose precision in a double.
using PreciseJson = nlohmann::basic_json<std::map, std::vector, std::string, bool, std::int64_t, std::uint64_t, long double>;

inline IndependentFigures readIndependently(const std::string& path) {
  auto doc = PreciseJson::parse(gunzipFile(path));
  std::vector<std::pair<double, double>> kernels, h2d, all;
  long double origin = -1;
  double bytes = 0, copyNs = 0;
  IndependentFigures f;
  for (const auto& e : doc["traceEvents"]) {
    if (e.value("ph", "") != "X") continue;
    std::string cat = e.value("cat", "");
    std::string name = e.value("name", "");
    if (cat == "user_annotation" && name.rfind("ProfilerStep#", 0) == 0) ++f.steps;
    if (cat != "kernel" && cat != "gpu_memcpy" && cat != "gpu_memset") continue;
    long double ts = e["ts"].get<long double>();
    if (origin < 0) origin = ts;
    double s = static_cast<double>((ts - origin) * 1000.0L);
    double d = static_cast<double>(e["dur"].get<long double>() * 1000.0L);
    if (d < 0) continue;  // broken; a zero-length record is an instant: counted, adding no time
    all.push_back({s, s + d});
    if (cat == "kernel") {
      kernels.push_back({s, s + d});
      ++f.kernels;
    }
    if (cat == "gpu_memcpy" && name.find("HtoD") != std::string::npos) {
      h2d.push_back({s, s + d});
      if (d > 0) {  // a bandwidth is taken over timed copies only
        bytes += static_cast<double>(e["args"]["bytes"].get<long double>());
        copyNs += d;
      }
      if (name.find("Pageable") != std::string::npos) ++f.h2d_pageable;
      if (name.find("Pinned") != std::string::npos) ++f.h2d_pinned;
    }
  }
  if (all.empty()) return f;
  double first = all.front().first, last = all.front().second;
  for (auto [s, e] : all) {
    first = std::min(first, s);
    last = std::max(last, e);
  }
  f.window_ns = last - first;
  double k = unionLength(kernels), a = unionLength(all), c = unionLength(h2d);
  double hidden = intersectionLength(kernels, h2d);
  f.starvation_pct = 100.0 * (f.window_ns - k) / f.window_ns;
  f.fully_idle_pct = 100.0 * (f.window_ns - a) / f.window_ns;
  f.copy_only_pct = 100.0 * (a - k) / f.window_ns;
  f.overlap_pct = c > 0 ? 100.0 * hidden / c : 0;
  f.exposed_h2d_ms = (c - hidden) / 1e6;
  f.h2d_gbps = copyNs > 0 ? bytes / copyNs : 0;
  return f;
}

// The median duration of the host-side ProfilerStep#N ranges (user_annotation), in ns: the measured
// step time of a trace, read without the importer or the analysis.
inline double medianHostStepNs(const std::string& path) {
  auto doc = PreciseJson::parse(gunzipFile(path));
  std::vector<double> steps;
  for (const auto& e : doc["traceEvents"]) {
    if (e.value("ph", "") != "X" || e.value("cat", "") != "user_annotation") continue;
    if (e.value("name", "").rfind("ProfilerStep#", 0) != 0) continue;
    steps.push_back(static_cast<double>(e["dur"].get<long double>() * 1000.0L));
  }
  if (steps.empty()) return 0;
  std::sort(steps.begin(), steps.end());
  const std::size_t n = steps.size();
  return n % 2 == 1 ? steps[n / 2] : (steps[n / 2 - 1] + steps[n / 2]) / 2;
}

}  // namespace feedscope::testing
