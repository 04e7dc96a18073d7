// Turning the collector's decoded batches into trace runs, for recording inside this process (the
// demo workload). CUDA-free.
#pragma once

#include <mutex>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "cupti/decoded_batch.h"
#include "trace/run_builder.h"
#include "trace/string_table.h"

namespace feedscope::cupti {

// Adds batches to a RunBuilder: finds each interval's track, re-interns names from the collector's
// string ids into `target` (a session's table), accumulates dropped/invalid counts, and gives the run
// every device described so far (CUPTI describes each device once, whenever the collector starts).
class RunAssembler {
 public:
  explicit RunAssembler(trace::StringTable& target) : target_(target) {}

  // With builder == nullptr only strings and devices are learnt (batches that belong to no run).
  void add(const DecodedBatch& batch, trace::RunBuilder* builder);
  // Adds the devices learnt so far to a run that does not list them yet.
  void addKnownDevices(trace::Run& run) const;
  // A new run begins: argument ids of the last one mean nothing in it.
  void beginRun() { argument_ids_.clear(); }

 private:
  std::size_t trackOf(const TrackKey& key, trace::RunBuilder& builder);

  trace::StringTable& target_;
  // Each distinct arguments text stored once a run (kernels of one launch configuration share it).
  std::unordered_map<std::string, trace::ArgumentsId> argument_ids_;
  std::vector<trace::DeviceInfo> devices_;
  std::vector<trace::StringId> id_map_{0};  // collector id -> target id; id 0 is "" in both
};

// An ActivitySink that collects into the current run: beginRun() opens one, takeRun() hands it over
// (to add host lanes before RunBuilder::finish()). Batches that arrive while no run is open (set-up
// work between runs) are left out. Thread-safe.
class RunSink : public ActivitySink {
 public:
  explicit RunSink(trace::StringTable& sessionStrings) : assembler_(sessionStrings) {}

  void consume(const DecodedBatch& batch) override;
  void beginRun(std::string name);
  // The open run; throws std::logic_error when none is open.
  trace::RunBuilder takeRun();

 private:
  std::mutex mutex_;
  RunAssembler assembler_;
  std::optional<trace::RunBuilder> current_;
};

}  // namespace feedscope::cupti
