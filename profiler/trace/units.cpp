// Unit formatting.
#include "trace/units.h"

#include <cmath>
#include <cstdio>

namespace feedscope::trace {
namespace {

std::string threeDigits(double value, const char* unit) {
  char buf[64];
  double a = std::fabs(value);
  const char* fmt = a >= 100 ? "%.0f %s" : a >= 10 ? "%.1f %s" : "%.2f %s";
  std::snprintf(buf, sizeof buf, fmt, value, unit);
  return buf;
}

}  // namespace

std::string formatDuration(TimeNs ns) {
  double v = static_cast<double>(ns);
  double a = std::fabs(v);
  if (a < 1e3) return std::to_string(ns) + " ns";
  if (a < 1e6) return threeDigits(v / 1e3, "µs");
  if (a < 1e9) return threeDigits(v / 1e6, "ms");
  return threeDigits(v / 1e9, "s");
}

std::string formatBytes(std::uint64_t bytes) {
  double v = static_cast<double>(bytes);
  if (bytes < 1024) return std::to_string(bytes) + " B";
  if (v < 1024.0 * 1024) return threeDigits(v / 1024, "KiB");
  if (v < 1024.0 * 1024 * 1024) return threeDigits(v / (1024.0 * 1024), "MiB");
  return threeDigits(v / (1024.0 * 1024 * 1024), "GiB");
}

std::string formatGbps(double gbps) { return threeDigits(gbps, "GB/s"); }

std::string formatPct(double pct) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.2f %%", pct);
  return buf;
}

BinUnit binUnitOf(TimeNs ns) {
  if (ns < 1'000'000) return {1'000, "µs"};
  if (ns < 1'000'000'000) return {1'000'000, "ms"};
  return {1'000'000'000, "s"};
}

std::string inBinUnit(TimeNs ns, BinUnit unit) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%g", static_cast<double>(ns) / static_cast<double>(unit.ns));
  return buf;
}

std::string formatDurationBin(TimeNs lo, TimeNs hi) {
  const BinUnit unit = binUnitOf(hi);
  if (lo == 0) return "< " + inBinUnit(hi, unit) + " " + unit.name;
  return inBinUnit(lo, unit) + "–" + inBinUnit(hi, unit) + " " + unit.name;
}

}  // namespace feedscope::trace
