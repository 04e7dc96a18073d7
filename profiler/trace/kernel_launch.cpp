// A kernel's launch configuration written as its arguments' JSON text.
#include "trace/kernel_launch.h"

#include <string_view>

namespace feedscope::trace {

std::string kernelLaunchArguments(const KernelLaunch& launch) {
  std::string json;
  auto add = [&json](std::string_view key, const std::string& value) {
    json += json.empty() ? "{" : ", ";
    json += "\"" + std::string(key) + "\": " + value;
  };
  // Plain std::to_string: this file is linked into the injection library, which loads into the
  // user's program and takes no third-party library with it.
  auto triple = [](const std::array<std::int64_t, 3>& v) {
    return "[" + std::to_string(v[0]) + ", " + std::to_string(v[1]) + ", " + std::to_string(v[2]) + "]";
  };
  if (launch.grid) add("grid", triple(*launch.grid));
  if (launch.block) add("block", triple(*launch.block));
  if (launch.registers_per_thread) add("registers per thread", std::to_string(*launch.registers_per_thread));
  const auto& s = launch.static_shared_bytes;
  const auto& d = launch.dynamic_shared_bytes;
  if (s || d) {
    add("shared memory", std::to_string(s.value_or(0) + d.value_or(0)));
    if (s) add("static shared memory", std::to_string(*s));
    if (d) add("dynamic shared memory", std::to_string(*d));
  }
  return json.empty() ? json : json + "}";
}

}  // namespace feedscope::trace
