// Turns the raw streams of one recorded process tree into one run: a lane (a set of tracks) per
// process, devices identified across processes, timestamps on CLOCK_MONOTONIC, and correlation ids
// made unique across processes so the analysis never pairs one process's kernel with another's call.
#pragma once

#include <string>
#include <vector>

#include "rawstream/process_stream.h"
#include "trace/run.h"
#include "trace/string_table.h"

namespace feedscope::launch {

// Builds the run named `label`; names are interned into `strings`. Streams may come in any order. A
// stream whose clock changed during the recording (launch/stream_clock.h) keeps only what it recorded
// before; `notes`, when given, gets a line saying so.
trace::Run mergeProcessStreams(const std::vector<rawstream::ProcessStream>& streams,
                               trace::StringTable& strings, const std::string& label,
                               std::vector<std::string>* notes = nullptr);

// "python3 4242": how a process is named in track names and messages.
std::string processLabel(const rawstream::ProcessStream& stream);

}  // namespace feedscope::launch
