// Kineto / PyTorch-profiler trace import, streamed: pieces cut by TraceJsonSplitter, each parsed with
// simdjson's on-demand parser.
#include "importers/kineto_import.h"

#include <simdjson.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <deque>
#include <map>
#include <optional>

#include "read/file_bytes.h"
#include "io/input_error.h"
#include "read/json_strict.h"
#include "importers/kineto_events.h"
#include "read/split_pipeline.h"
#include "read/trace_json_splitter.h"
#include "trace/gpu_names.h"
#include "trace/process_groups.h"
#include "trace/run_builder.h"
#include "trace/track_names.h"
#include "trace/utf8.h"

namespace feedscope::io {

namespace sj = simdjson::ondemand;
using trace::IntervalKind;
using trace::MemoryKind;
using trace::TimeNs;

std::optional<TimeNs> microsTokenToNs(std::string_view token) {
  while (!token.empty() && std::isspace(static_cast<unsigned char>(token.back()))) token.remove_suffix(1);
  if (token.empty()) return std::nullopt;
  std::size_t i = 0;
  bool negative = false;
  if (token[0] == '-') {
    negative = true;
    ++i;
  }
  std::size_t intStart = i;
  std::int64_t value = 0;
  while (i < token.size() && std::isdigit(static_cast<unsigned char>(token[i]))) {
    value = value * 10 + (token[i] - '0');
    if (value > 9'000'000'000'000'000) return std::nullopt;  // µs: more would not fit in int64 ns
    ++i;
  }
  if (i == intStart) return std::nullopt;
  value *= 1000;
  if (i < token.size() && token[i] == '.') {
    ++i;
    std::size_t fracStart = i;
    int digits = 0;
    std::int64_t frac = 0;
    bool roundUp = false;
    while (i < token.size() && std::isdigit(static_cast<unsigned char>(token[i]))) {
      if (digits < 3) {
        frac = frac * 10 + (token[i] - '0');
        ++digits;
      } else if (digits == 3) {
        roundUp = token[i] >= '5';  // half up on the first dropped digit
        ++digits;
      }
      ++i;
    }
    if (i == fracStart) return std::nullopt;
    for (int d = std::min(digits, 3); d < 3; ++d) frac *= 10;
    value += frac + (roundUp ? 1 : 0);
  }
  if (i < token.size()) {
    if (token[i] != 'e' && token[i] != 'E') return std::nullopt;
    // Exponent form is rare in traces: fall back to floating point for it.
    std::string copy(token);
    char* end = nullptr;
    double us = std::strtod(copy.c_str(), &end);
    if (end != copy.c_str() + copy.size() || !std::isfinite(us) || std::fabs(us) > 9.0e15) return std::nullopt;
    return static_cast<TimeNs>(std::llround(us * 1000.0));
  }
  return static_cast<TimeNs>(negative ? -value : value);
}

std::string runNameFromPath(const std::string& path) {
  std::string name = path.substr(path.find_last_of('/') == std::string::npos ? 0 : path.find_last_of('/') + 1);
  for (std::string_view suffix : {".gz", ".json", ".pt.trace", ".trace"}) {
    if (name.size() > suffix.size() && name.compare(name.size() - suffix.size(), suffix.size(), suffix) == 0) {
      name.resize(name.size() - suffix.size());
    }
  }
  return name.empty() ? "trace" : trace::validUtf8(name);  // a file name may hold any bytes
}

namespace {

// A scalar's raw token without the blanks simdjson leaves after it.
std::string_view trimmedToken(std::string_view token) {
  while (!token.empty() && std::isspace(static_cast<unsigned char>(token.back()))) token.remove_suffix(1);
  return token;
}


class KinetoReader {
 public:
  KinetoReader(trace::StringTable& strings, const std::string& runName, std::string_view what)
      : strings_(strings), builder_(runName), what_(what) {}

  // One `{"key": value}` document per top-level key, in the order of the trace.
  void readTopLevelKey(JsonPiece piece) {
    // Checked whole first (the piece is one small value): what the reader below skips is JSON too.
    check(validateJsonObjectDocument(parser_, piece));
    sj::document doc;
    check(iterateValidUtf8(parser_, piece, repaired_, doc));
    sj::object top;
    check(doc.get_object().get(top));
    readTop(top);
  }

  // The next entries of traceEvents, read by a KinetoEventReader (on either thread).
  void addEvents(const KinetoEventBatch& batch) {
    saw_events_ = true;
    events_ += batch.entries;
    for (const KinetoEvent& e : batch.events) {
      const std::int64_t thread = e.second_is_named_thread ? namedThreadId(batch.threadNameOf(e)) : e.second;
      add(e, batch.textOf(e), thread, batch.argsOf(e));
    }
  }

  std::size_t entriesRead() const { return events_; }

  // A document whose top level is neither an object nor an array: says why it is not a trace
  // (invalid JSON when it is not even a JSON value).
  void readOtherDocument(JsonPiece piece) {
    sj::document doc;
    check(parser_.iterate(piece.data, piece.size, piece.capacity).get(doc));
    sj::json_type type;
    check(doc.type().get(type));
    throw InputError(std::string(what_) + ": JSON but not a trace (expected an object with traceEvents)");
  }

  trace::Run finish(const ProgressFn& progress) {
    if (!saw_events_) {
      throw InputError(std::string(what_) + ": JSON but not a trace (no traceEvents array)");
    }
    return finishRun(progress);
  }

 private:
  [[noreturn]] void fail(simdjson::error_code e) { throwKinetoJsonError(std::string(what_), e, events_); }
  void check(simdjson::error_code e) {
    if (e != simdjson::SUCCESS) fail(e);
  }

  void readTop(sj::object& top) {
    for (auto fieldResult : top) {
      sj::field field;
      check(std::move(fieldResult).get(field));
      std::string_view key;
      check(field.unescaped_key().get(key));
      sj::value v = field.value();
      if (key == "traceEvents") {
        // An array is cut into event batches by the splitter: here the value is anything else.
        sj::array events;
        check(v.get_array().get(events));
        fail(simdjson::INCORRECT_TYPE);
      } else if (key == "baseTimeNanoseconds") {
        std::int64_t base = 0;
        const KinetoNumber read = kinetoIntegerOf(v, base);
        if (read == KinetoNumber::NotANumber) {
          throw InputError(std::string(what_) + ": not a Kineto trace (baseTimeNanoseconds is not an integer)");
        }
        if (read == KinetoNumber::OutOfRange || base < 0 || base > trace::kMaxTimeNs) {
          throw InputError(std::string(what_) + ": not a Kineto trace (baseTimeNanoseconds out of range)");
        }
        base_ns_ = base;
        rebase_ = saw_events_;  // events read already were relative to a base not yet known
      } else if (key == "deviceProperties") {
        readDevices(v);
      } else if (key == "distributedInfo") {
        readDistributed(v);
      } else if (key == "displayTimeUnit" || key == "traceName") {
        std::string_view s;
        if (v.get_string().get(s) == simdjson::SUCCESS) labels_[std::string(key)] = std::string(s);
      } else if (key == "schemaVersion") {
        // Only shown: a number is kept as the text it is, whatever its size.
        sj::json_type type;
        if (v.type().get(type) == simdjson::SUCCESS && type == sj::json_type::number) {
          labels_["schemaVersion"] = std::string(trimmedToken(v.raw_json_token()));
        }
      }
    }
  }

  void readDevices(sj::value& v) {
    sj::array devices;
    if (v.get_array().get(devices) != simdjson::SUCCESS) return;
    for (auto d : devices) {
      sj::object obj;
      check(std::move(d).get_object().get(obj));
      std::optional<std::int64_t> id;
      trace::GpuProperties gpu;
      for (auto fieldResult : obj) {
        sj::field field;
        check(std::move(fieldResult).get(field));
        std::string_view key;
        check(field.unescaped_key().get(key));
        std::int64_t n = 0;
        // The id is read as a number of its own (range-checked); the name is a string.
        const bool integer = key != "name" && key != "id" && field.value().get_int64().get(n) == simdjson::SUCCESS;
        if (key == "id") {
          std::int64_t value = 0;
          const KinetoNumber read = kinetoIntegerOf(field.value(), value);
          // A device id is a 32-bit number everywhere else: one past it would name another GPU.
          if (read == KinetoNumber::OutOfRange || (read == KinetoNumber::Integer && (value < INT32_MIN || value > INT32_MAX))) {
            throwKinetoNumberOutOfRange(std::string(what_), "deviceProperties.id", 0, "a 32-bit integer");
          }
          if (read == KinetoNumber::Integer) id = value;
        } else if (key == "name") {
          std::deque<std::string> decoded;
          std::string_view s;
          if (jsonStringOf(field.value(), s, decoded) == simdjson::SUCCESS) gpu.name = std::string(s);
        } else if (integer && key == "computeMajor") {
          gpu.compute_major = n;
        } else if (integer && key == "computeMinor") {
          gpu.compute_minor = n;
        } else if (integer && key == "numSms") {
          gpu.multiprocessors = n;
        } else if (integer && key == "totalGlobalMem") {
          gpu.memory_bytes = n;
        } else if (integer && key == "warpSize") {
          gpu.warp_size = n;
        }
      }
      // ROCm may name only the family ("AMD Radeon Graphics"): the architecture names the Instinct.
      if (id) device_names_[static_cast<std::int32_t>(*id)] = trace::gpuDisplayName(gpu);
    }
  }

  void readDistributed(sj::value& v) {
    sj::object obj;
    if (v.get_object().get(obj) != simdjson::SUCCESS) return;
    for (auto fieldResult : obj) {
      sj::field field;
      check(std::move(fieldResult).get(field));
      std::string_view key;
      check(field.unescaped_key().get(key));
      if (key == "rank" || key == "world_size") {
        std::int64_t n = 0;
        const KinetoNumber read = kinetoIntegerOf(field.value(), n);
        if (read == KinetoNumber::OutOfRange) throwKinetoNumberOutOfRange(std::string(what_), "distributedInfo." + std::string(key), 0);
        if (read == KinetoNumber::Integer) labels_[std::string(key)] = std::to_string(n);
      } else if (key == "backend") {
        std::string_view s;
        if (field.value().get_string().get(s) == simdjson::SUCCESS) labels_["backend"] = std::string(s);
      } else if (key == "pg_config") {
        readProcessGroups(field.value());
      }
    }
  }

  // distributedInfo.pg_config: [{"pg_name": "1", "ranks": [0, 1, 2, 3], ...}, ...], the groups this
  // rank belongs to; kept as the label trace/process_groups.h reads. Entries without both are skipped.
  void readProcessGroups(sj::value v) {
    sj::array groups;
    if (v.get_array().get(groups) != simdjson::SUCCESS) return;
    trace::ProcessGroupRanks out;
    for (auto g : groups) {
      sj::object obj;
      if (std::move(g).get_object().get(obj) != simdjson::SUCCESS) continue;
      std::optional<std::string> name;
      std::vector<int> ranks;
      for (auto fieldResult : obj) {
        sj::field field;
        check(std::move(fieldResult).get(field));
        std::string_view key;
        check(field.unescaped_key().get(key));
        if (key == "pg_name") {
          std::string_view s;
          if (field.value().get_string().get(s) == simdjson::SUCCESS) name = std::string(s);
        } else if (key == "ranks") {
          sj::array list;
          if (field.value().get_array().get(list) != simdjson::SUCCESS) continue;
          for (auto r : list) {
            std::int64_t n = 0;
            sj::value rank;
            check(r.get(rank));
            const KinetoNumber read = kinetoIntegerOf(rank, n);
            if (read == KinetoNumber::OutOfRange) throwKinetoNumberOutOfRange(std::string(what_), "pg_config ranks", 0);
            if (read == KinetoNumber::Integer && n >= 0 && n <= INT32_MAX) ranks.push_back(static_cast<int>(n));
          }
        }
      }
      if (!name || ranks.empty()) continue;
      std::sort(ranks.begin(), ranks.end());
      ranks.erase(std::unique(ranks.begin(), ranks.end()), ranks.end());
      out[*name] = std::move(ranks);
    }
    if (!out.empty()) labels_[std::string(trace::kProcessGroupsLabel)] = trace::processGroupsLabel(out);
  }

  // A thread known only by a name gets the next id the first time the trace names it.
  std::int64_t namedThreadId(std::string_view name) {
    auto [it, added] = named_thread_ids_.try_emplace(std::string(name), kFirstNamedThreadId + static_cast<std::int64_t>(named_thread_ids_.size()));
    if (added) thread_names_by_id_[it->second] = it->first;
    return it->second;
  }

  // `thread`: the event's `second`, with a named thread resolved to its id; `args`: its kept args text.
  void add(const KinetoEvent& e, std::string_view text, std::int64_t thread, std::string_view args) {
    using Target = KinetoEvent::Target;
    switch (e.target) {
      case Target::ProcessName:
        process_names_[e.first] = std::string(text);
        return;
      case Target::ThreadName:
        thread_names_[{e.first, thread}] = std::string(text);
        return;
      case Target::NamedThreadSeen:
        namedThreadId(text);
        return;
      case Target::Malformed:
        ++malformed_;
        return;
      default:
        break;
    }
    trace::Interval iv;
    // Overflowing sums become inverted intervals, which the builder drops and counts as invalid.
    if (__builtin_add_overflow(e.ts, base_ns_, &iv.start_ns) || __builtin_add_overflow(iv.start_ns, e.dur, &iv.end_ns)) {
      iv.start_ns = 1;
      iv.end_ns = 0;
    }
    iv.kind = e.kind;
    iv.src = e.src;
    iv.dst = e.dst;
    iv.bytes = e.bytes;
    iv.flags = e.flags;
    iv.correlation = e.correlation;
    iv.name = strings_.intern(text);
    iv.arguments = builder_.addArguments(args);
    switch (e.target) {
      case Target::GpuStream:
        builder_.add(builder_.gpuTrack(static_cast<std::int32_t>(e.first), thread), iv);
        break;
      case Target::GpuMarkers:
        builder_.add(builder_.gpuMarkerTrack(static_cast<std::int32_t>(e.first)), iv);
        break;
      default:
        builder_.add(builder_.hostTrack(e.first, thread), iv);
        break;
    }
  }

  // Adds the base time to a track read before baseTimeNanoseconds appeared, dropping (and counting)
  // what then falls outside the valid time range.
  // In place: a copy of every column would be as large again in fresh, zeroed pages, and Kineto
  // writes baseTimeNanoseconds after the events, so every current trace is rebased.
  void rebaseTrack(trace::IntervalColumns& iv, trace::RecordCounts& records) const {
    std::size_t kept = 0;
    for (std::size_t i = 0; i < iv.size(); ++i) {
      trace::Interval x = iv.at(i);
      if (!trace::shiftSpan(x.start_ns, x.end_ns, base_ns_)) {
        ++records.invalid;
        continue;
      }
      iv.set(kept++, x);
    }
    iv.truncate(kept);
  }

  trace::Run finishRun(const ProgressFn& progress) {
    trace::Run& run = builder_.run();
    run.source = "kineto";
    run.clock.source = "kineto";
    run.labels = labels_;
    run.records.invalid += malformed_;
    for (auto& track : run.tracks) {
      if (rebase_ && base_ns_ != 0) rebaseTrack(track.intervals, run.records);
      if (track.kind == trace::TrackKind::HostThread) {
        std::string process = process_names_.count(track.pid) ? process_names_[track.pid] : "";
        std::string thread = thread_names_.count({track.pid, track.tid}) ? thread_names_[{track.pid, track.tid}]
                             : thread_names_by_id_.count(track.tid) ? thread_names_by_id_[track.tid]
                                                                 : "";
        track.name = trace::namedThreadTrackName(process, track.pid, thread, track.tid);
      }
    }
    for (std::int32_t id : run.gpuDeviceIds()) {
      trace::DeviceInfo info;
      info.id = id;
      if (auto it = device_names_.find(id); it != device_names_.end()) info.name = it->second;
      run.devices.push_back(info);
    }
    if (progress) progress(1.0);
    return builder_.finish();
  }

  static constexpr std::int64_t kFirstNamedThreadId = std::int64_t{1} << 40;
  std::map<std::string, std::int64_t, std::less<>> named_thread_ids_;
  std::map<std::int64_t, std::string> thread_names_by_id_;
  sj::parser parser_;  // top-level keys (event batches have their own KinetoEventReader)
  std::string repaired_;  // a top-level piece made valid UTF-8, when it was not
  trace::StringTable& strings_;
  trace::RunBuilder builder_;
  std::string_view what_;
  bool saw_events_ = false;
  std::size_t events_ = 0;
  std::uint64_t malformed_ = 0;
  TimeNs base_ns_ = 0;
  bool rebase_ = false;
  std::map<std::string, std::string> labels_;
  std::map<std::int64_t, std::string> process_names_;
  std::map<std::pair<std::int64_t, std::int64_t>, std::string> thread_names_;
  std::map<std::int32_t, std::string> device_names_;
};

// Hands the splitter's pieces to the reader.
class ReaderSink final : public TraceJsonSink {
 public:
  ReaderSink(KinetoReader& reader, std::string_view what, KeptArguments kept)
      : reader_(reader), events_(std::string(what), kept) {}
  void topLevelKey(JsonPiece piece) override { reader_.readTopLevelKey(piece); }
  void eventBatch(JsonPiece piece) override {
    events_.read(piece, batch_, reader_.entriesRead());
    reader_.addEvents(batch_);
  }
  void otherDocument(JsonPiece piece) override { reader_.readOtherDocument(piece); }

 private:
  KinetoReader& reader_;
  KinetoEventReader events_;
  KinetoEventBatch batch_;
};

static_assert(kPiecePadding >= simdjson::SIMDJSON_PADDING, "pieces must carry simdjson's padding");

trace::Run importFromMemory(std::string_view json, trace::StringTable& strings, const std::string& runName,
                            std::string_view what, const ProgressFn& progress) {
  KinetoReader reader(strings, runName, what);
  ReaderSink sink(reader, what, KeptArguments::All);
  TraceJsonSplitter splitter(sink, std::string(what));
  constexpr std::size_t kSlice = std::size_t{1} << 20;
  for (std::size_t at = 0; at < json.size(); at += kSlice) {
    splitter.feed(json.data() + at, std::min(kSlice, json.size() - at));
    if (progress) progress(static_cast<double>(std::min(at + kSlice, json.size())) / static_cast<double>(json.size()));
  }
  splitter.finish();
  return reader.finish(progress);
}

}  // namespace

trace::Run importKinetoJson(const std::string& json, trace::StringTable& strings, const std::string& runName,
                            std::string_view what, const ProgressFn& progress) {
  return importFromMemory(json, strings, runName, what, progress);
}

trace::Run importKinetoJson(const ByteBuffer& json, trace::StringTable& strings, const std::string& runName,
                            std::string_view what, const ProgressFn& progress) {
  return importFromMemory(json.view(), strings, runName, what, progress);
}

trace::Run importKinetoStream(DecompressedStream& in, trace::StringTable& strings, const std::string& runName,
                              std::string_view what, const ProgressFn& progress, std::string_view head,
                              const StreamImportOptions& options) {
  in.limitByRatioOnly(options.ratio_checked_after_bytes);  // nothing below holds more than a piece of the document
  KinetoReader reader(strings, runName, what);
  const std::uint64_t total = in.compressedSize();
  // Progress by compressed bytes consumed (the only size known up front; unknown for a pipe), once
  // per chunk: also where a cancelling callback stops the import.
  std::uint64_t reported = 0;
  auto report = [&](std::uint64_t consumed) {
    if (!progress || (consumed == reported && consumed != 0)) return;
    reported = consumed;
    progress(total > 0 ? std::min(1.0, static_cast<double>(consumed) / static_cast<double>(total)) : 0.0);
  };
  auto emptyInput = [&] {
    return InputError(std::string(what) + (in.isGzip() ? ": empty file (after decompression)" : ": empty file"));
  };
  if (options.threaded) {
    // One reader per thread: the pipeline's reads batches ahead (numbered from 0: an error there is
    // read again here, in order, and told with the entries before it).
    KinetoEventReader pipelineEvents{std::string(what), options.arguments};
    auto readBatch = [&pipelineEvents](JsonPiece batch, std::unique_ptr<PreparedBatch>& out) {
      if (!out) out = std::make_unique<KinetoEventBatch>();
      pipelineEvents.read(batch, static_cast<KinetoEventBatch&>(*out), 0);
    };
    KinetoEventReader events{std::string(what), options.arguments};
    KinetoEventBatch batch;
    SplitPipeline pipeline(in, std::string(what), head, options.chunk_bytes, options.batch_bytes, readBatch);
    SplitPipeline::Piece piece;
    for (pipeline.next(piece); piece.kind != SplitPipeline::Kind::End; pipeline.next(piece)) {
      switch (piece.kind) {
        case SplitPipeline::Kind::TopLevelKey: reader.readTopLevelKey(piece.json()); break;
        case SplitPipeline::Kind::EventBatch:
          if (piece.prepared) {
            reader.addEvents(static_cast<const KinetoEventBatch&>(*piece.prepared));
          } else {
            events.read(piece.json(), batch, reader.entriesRead());
            reader.addEvents(batch);
          }
          break;
        case SplitPipeline::Kind::OtherDocument: reader.readOtherDocument(piece.json()); break;
        case SplitPipeline::Kind::End: break;
      }
      report(piece.compressed_consumed);
    }
    if (in.produced() == 0) throw emptyInput();
    return reader.finish(progress);
  }
  ReaderSink sink(reader, what, options.arguments);
  TraceJsonSplitter splitter(sink, std::string(what), options.batch_bytes);
  if (!head.empty()) splitter.feed(head.data(), head.size());
  std::vector<char> chunk(options.chunk_bytes);
  while (std::size_t n = in.read(chunk.data(), chunk.size())) {
    splitter.feed(chunk.data(), n);
    report(in.compressedConsumed());
  }
  if (in.produced() == 0) throw emptyInput();
  splitter.finish();
  return reader.finish(progress);
}

trace::Run& importKinetoFile(const std::string& path, trace::Session& session, const std::string& runName,
                             const ProgressFn& progress, KeptArguments kept, ReadThreads threads) {
  OpenedFile file = openRegularInput(path);
  DecompressedStream in(file.file.get(), path, file.size, {});
  StreamImportOptions options;
  // A second thread pays for itself only when there is more than a chunk or two to inflate, and a
  // core to run it on.
  options.threaded = file.size >= kThreadedImportBytes && threads == ReadThreads::Auto && usableCores() > 1;
  options.arguments = kept;
  std::string name = runName.empty() ? runNameFromPath(path) : runName;
  trace::Run run = importKinetoStream(in, session.strings, name, path, progress, {}, options);
  run.source = trace::validUtf8(
      "kineto:" + path.substr(path.find_last_of('/') == std::string::npos ? 0 : path.find_last_of('/') + 1));
  session.runs.push_back(std::move(run));
  return session.runs.back();
}

}  // namespace feedscope::io
