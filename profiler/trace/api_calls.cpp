// The API-call flags rule.
#include "trace/api_calls.h"

#include <array>
#include <vector>

namespace feedscope::trace {

namespace {

bool blocksByName(std::string_view name) {
  const bool async = name.find("Async") != std::string_view::npos;
  // Synchronous copies and memsets, and explicit synchronisation, in the runtime, driver and HIP APIs.
  static constexpr std::array<std::string_view, 6> kExact = {"cudaMemcpy", "cudaMemset",     "cuMemcpy",
                                                             "hipMemcpy",  "cudaMemcpyPeer", "hipMemset"};
  for (auto n : kExact) {
    if (name == n) return true;
  }
  static constexpr std::array<std::string_view, 12> kPrefixes = {
      "cudaStreamSynchronize", "cudaDeviceSynchronize", "cudaEventSynchronize", "cudaThreadSynchronize",
      "cuStreamSynchronize",   "cuCtxSynchronize",      "cuEventSynchronize",   "hipStreamSynchronize",
      "hipDeviceSynchronize",  "hipEventSynchronize",   "cuMemcpyHtoD",         "cuMemcpyDtoH"};
  for (auto p : kPrefixes) {
    if (name.substr(0, p.size()) == p) return !async;  // cuMemcpyHtoDAsync is not blocking
  }
  // cudaMemcpy2D, cudaMemcpy3D, cudaMemcpyToSymbol... without "Async" are synchronous.
  return (name.substr(0, 10) == "cudaMemcpy" || name.substr(0, 9) == "hipMemcpy") && !async;
}

}  // namespace

std::uint8_t apiCallFlags(std::string_view name) {
  std::uint8_t f = 0;
  if (name.find("Async") != std::string_view::npos) f |= flags::kAsyncApi;
  if (blocksByName(name)) f |= flags::kBlockingApi;
  return f;
}

void markApiCalls(Run& run, const StringTable& strings) {
  std::vector<std::int16_t> byName(strings.size(), -1);  // flags by string id, -1: not looked up yet
  for (Track& track : run.tracks) {
    if (track.isGpu()) continue;
    IntervalColumns& iv = track.intervals;
    for (std::size_t i = 0; i < iv.size(); ++i) {
      if (!isApiCall(iv.kind[i]) || iv.name[i] >= byName.size()) continue;
      std::int16_t& known = byName[iv.name[i]];
      if (known < 0) known = apiCallFlags(strings.get(iv.name[i]));
      iv.flags[i] = static_cast<std::uint8_t>(iv.flags[i] | static_cast<std::uint8_t>(known));
    }
  }
}

}  // namespace feedscope::trace
