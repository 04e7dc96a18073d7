// The assumed-link table. Pinned H2D on a PCIe link reaches about 85 % of its raw rate: Gen5 x16
// measured 54.7-55.0 GB/s on an H200 (docs/metrics.md), Gen4 x16 about 25 GB/s, Gen3 x16 about 12.
#include "analysis/link_bandwidth.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <string>

namespace feedscope::analysis {
namespace {

struct Row {
  std::string_view family;  // matched case-insensitively inside the device name
  double gbps;
  std::string_view link;
};

// More specific names first ("a100" before "a10"). AMD Instinct: the host link of AMD's data sheets
// (MI300X, MI325X, MI350/MI355X: PCIe Gen5 x16 to the host, Infinity Fabric between GPUs only; MI250X,
// MI250, MI210, MI100: PCIe Gen4 x16).
constexpr std::array<Row, 26> kTable = {{
    {"gh200", 55.0, "PCIe Gen5 x16 class"},  {"h200", 55.0, "PCIe Gen5 x16"},   {"h100", 55.0, "PCIe Gen5 x16"},
    {"h800", 55.0, "PCIe Gen5 x16"},         {"b200", 55.0, "PCIe Gen5 x16"},   {"b100", 55.0, "PCIe Gen5 x16"},
    {"l40", 25.0, "PCIe Gen4 x16"},          {"l4", 25.0, "PCIe Gen4 x16"},     {"a100", 25.0, "PCIe Gen4 x16"},
    {"a800", 25.0, "PCIe Gen4 x16"},         {"a40", 25.0, "PCIe Gen4 x16"},    {"a30", 25.0, "PCIe Gen4 x16"},
    {"a10", 25.0, "PCIe Gen4 x16"},          {"rtx 50", 55.0, "PCIe Gen5 x16"}, {"rtx 40", 25.0, "PCIe Gen4 x16"},
    {"rtx 30", 25.0, "PCIe Gen4 x16"},       {"mi355", 55.0, "PCIe Gen5 x16"},  {"mi350", 55.0, "PCIe Gen5 x16"},
    {"mi325", 55.0, "PCIe Gen5 x16"},        {"mi300", 55.0, "PCIe Gen5 x16"},  {"mi250", 25.0, "PCIe Gen4 x16"},
    {"mi210", 25.0, "PCIe Gen4 x16"},        {"mi100", 25.0, "PCIe Gen4 x16"},  {"v100", 12.0, "PCIe Gen3 x16"},
    {"t4", 12.0, "PCIe Gen3 x16"},
    {"p100", 12.0, "PCIe Gen3 x16"},
}};

std::string lower(std::string_view s) {
  std::string out(s);
  std::transform(out.begin(), out.end(), out.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return out;
}

}  // namespace

AssumedLink assumedLinkFor(std::string_view deviceName) {
  const std::string name = lower(deviceName);
  for (const Row& row : kTable) {
    if (name.find(row.family) != std::string::npos) {
      return {row.gbps, std::string(row.link) + " (" + std::string(row.family) + " class)"};
    }
  }
  return {25.0, "PCIe Gen4 x16 (GPU not in the table)"};
}

}  // namespace feedscope::analysis
