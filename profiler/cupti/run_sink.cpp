// Decoded batches -> trace runs.
#include "cupti/run_sink.h"

#include <algorithm>
#include <stdexcept>

namespace feedscope::cupti {

std::size_t RunAssembler::trackOf(const TrackKey& key, trace::RunBuilder& builder) {
  switch (key.kind) {
    case trace::TrackKind::GpuStream:
      // kContextWideStream (-1) is named "GPU N context synchronizations" (trace/track_names.h).
      return builder.gpuTrack(key.device, key.stream);
    case trace::TrackKind::GpuMarkers:
      return builder.gpuMarkerTrack(key.device);
    case trace::TrackKind::HostThread:
      return builder.hostTrack(key.pid, key.tid);
    case trace::TrackKind::Loader:
      return builder.loaderTrack(key.tid);
  }
  return builder.hostTrack(key.pid, key.tid);
}

void RunAssembler::add(const DecodedBatch& batch, trace::RunBuilder* builder) {
  for (const DefinedString& s : batch.new_strings) {
    if (s.id >= id_map_.size()) id_map_.resize(s.id + 1, 0);
    id_map_[s.id] = target_.intern(s.text);
  }
  for (const trace::DeviceInfo& d : batch.devices) {
    auto same = [&](const trace::DeviceInfo& known) { return known.id == d.id; };
    if (std::none_of(devices_.begin(), devices_.end(), same)) devices_.push_back(d);
  }
  if (builder == nullptr) return;
  trace::Run& run = builder->run();
  run.records.dropped += batch.dropped;
  run.records.invalid += batch.invalid;
  addKnownDevices(run);
  for (const DecodedInterval& d : batch.intervals) {
    trace::Interval iv = d.interval;
    iv.name = iv.name < id_map_.size() ? id_map_[iv.name] : 0;
    if (!d.arguments.empty()) {
      auto [known, unseen] = argument_ids_.try_emplace(d.arguments, 0);
      if (unseen) known->second = builder->addArguments(d.arguments);
      iv.arguments = known->second;
    }
    builder->add(trackOf(d.track, *builder), iv);
  }
}

void RunAssembler::addKnownDevices(trace::Run& run) const {
  for (const trace::DeviceInfo& d : devices_) {
    auto same = [&](const trace::DeviceInfo& listed) { return listed.id == d.id; };
    if (std::none_of(run.devices.begin(), run.devices.end(), same)) run.devices.push_back(d);
  }
}

void RunSink::consume(const DecodedBatch& batch) {
  std::lock_guard lock(mutex_);
  assembler_.add(batch, current_ ? &*current_ : nullptr);
}

void RunSink::beginRun(std::string name) {
  std::lock_guard lock(mutex_);
  current_.emplace(std::move(name));
  assembler_.beginRun();
}

trace::RunBuilder RunSink::takeRun() {
  std::lock_guard lock(mutex_);
  if (!current_) throw std::logic_error("RunSink::takeRun: no run was begun");
  trace::RunBuilder run = std::move(*current_);
  current_.reset();
  assembler_.addKnownDevices(run.run());
  return run;
}

}  // namespace feedscope::cupti
