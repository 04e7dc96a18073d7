// Kineto / PyTorch-profiler trace import, streamed: pieces cut by TraceJsonSplitter, each parsed with
// simdjson's on-demand parser.
#include "io/kineto_import.h"

#include <simdjson.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <cmath>
#include <cstdlib>
#include <map>

#include "io/file_bytes.h"
#include "io/input_error.h"
#include "io/split_pipeline.h"
#include "io/trace_json_splitter.h"
#include "trace/range_names.h"
#include "trace/run_builder.h"
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

enum class Category {
  Kernel, Memcpy, Memset, Runtime, Driver, HostOp, UserAnnotation, GpuUserAnnotation, Sync,
  // No "cat" at all: the autograd profiler's own Chrome trace, written by a PyTorch built without
  // Kineto (Debian's python3-torch). Ops and record_function ranges alike, told apart by name.
  Uncategorised, Ignored
};

bool equalsIgnoreCase(std::string_view a, std::string_view b) {
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
           return std::tolower(static_cast<unsigned char>(x)) == std::tolower(static_cast<unsigned char>(y));
         });
}

// Current categories and the legacy (PyTorch 1.8-1.9, 2021) ones.
Category categoryOf(std::string_view cat) {
  struct Alias {
    std::string_view name;
    Category category;
  };
  static constexpr std::array<Alias, 18> kAliases = {{
      {"kernel", Category::Kernel},
      {"gpu_memcpy", Category::Memcpy},
      {"memcpy", Category::Memcpy},
      {"gpu_memset", Category::Memset},
      {"memset", Category::Memset},
      {"cuda_runtime", Category::Runtime},
      {"runtime", Category::Runtime},
      {"cuda_driver", Category::Driver},
      {"driver", Category::Driver},
      {"cpu_op", Category::HostOp},
      {"operator", Category::HostOp},
      {"python_function", Category::HostOp},
      {"user_annotation", Category::UserAnnotation},
      {"user annotation", Category::UserAnnotation},
      {"gpu_user_annotation", Category::GpuUserAnnotation},
      {"gpu user annotation", Category::GpuUserAnnotation},
      {"cuda_sync", Category::Sync},
      {"sync", Category::Sync},
  }};
  // Current traces spell them exactly so: the case-insensitive pass is for the 2021 ones.
  for (const auto& a : kAliases) {
    if (cat == a.name) return a.category;
  }
  for (const auto& a : kAliases) {
    if (equalsIgnoreCase(cat, a.name)) return a.category;
  }
  return cat.empty() ? Category::Uncategorised : Category::Ignored;
}

MemoryKind memoryKindFromKineto(std::string_view s) {
  while (!s.empty() && s.front() == ' ') s.remove_prefix(1);
  while (!s.empty() && s.back() == ' ') s.remove_suffix(1);
  if (equalsIgnoreCase(s, "Pageable")) return MemoryKind::Pageable;
  if (equalsIgnoreCase(s, "Pinned")) return MemoryKind::Pinned;
  if (equalsIgnoreCase(s, "Device")) return MemoryKind::Device;
  if (equalsIgnoreCase(s, "Array")) return MemoryKind::Array;
  if (equalsIgnoreCase(s, "Managed")) return MemoryKind::Managed;
  if (equalsIgnoreCase(s, "Device Static")) return MemoryKind::DeviceStatic;
  if (equalsIgnoreCase(s, "Managed Static")) return MemoryKind::ManagedStatic;
  if (equalsIgnoreCase(s, "Host")) return MemoryKind::Host;
  return MemoryKind::Unknown;
}

struct CopyName {
  IntervalKind kind = IntervalKind::MemcpyDtoD;
  MemoryKind src = MemoryKind::Unknown;
  MemoryKind dst = MemoryKind::Unknown;
};

// "Memcpy HtoD (Pageable -> Device)" -> H2D from pageable memory.
CopyName parseMemcpyName(std::string_view name) {
  CopyName c;
  struct Dir {
    std::string_view token;
    IntervalKind kind;
  };
  static constexpr std::array<Dir, 10> kDirs = {{{"HtoD", IntervalKind::MemcpyHtoD},
                                                 {"HtoA", IntervalKind::MemcpyHtoD},
                                                 {"DtoH", IntervalKind::MemcpyDtoH},
                                                 {"AtoH", IntervalKind::MemcpyDtoH},
                                                 {"DtoD", IntervalKind::MemcpyDtoD},
                                                 {"DtoA", IntervalKind::MemcpyDtoD},
                                                 {"AtoD", IntervalKind::MemcpyDtoD},
                                                 {"AtoA", IntervalKind::MemcpyDtoD},
                                                 {"HtoH", IntervalKind::MemcpyHtoH},
                                                 {"PtoP", IntervalKind::MemcpyPtoP}}};
  for (const auto& d : kDirs) {
    if (name.find(d.token) != std::string_view::npos) {
      c.kind = d.kind;
      break;
    }
  }
  auto open = name.find('(');
  auto arrow = name.find("->", open == std::string_view::npos ? 0 : open);
  auto close = name.find(')', arrow == std::string_view::npos ? 0 : arrow);
  if (open != std::string_view::npos && arrow != std::string_view::npos && close != std::string_view::npos) {
    c.src = memoryKindFromKineto(name.substr(open + 1, arrow - open - 1));
    c.dst = memoryKindFromKineto(name.substr(arrow + 2, close - arrow - 2));
  }
  return c;
}

struct RawEvent {
  std::string_view ph, cat, name, metaName;
  std::optional<TimeNs> ts, dur;
  std::optional<std::int64_t> pid, tid, device, stream, correlation, bytes;
};

class KinetoReader {
 public:
  KinetoReader(trace::StringTable& strings, const std::string& runName, std::string_view what)
      : strings_(strings), builder_(runName), what_(what) {}

  // One `{"key": value}` document per top-level key, in the order of the trace.
  void readTopLevelKey(JsonPiece piece) {
    sj::document doc;
    check(parser_.iterate(piece.data, piece.size, piece.capacity).get(doc));
    sj::object top;
    check(doc.get_object().get(top));
    readTop(top);
  }

  // `[entry, ...]`: the next entries of traceEvents.
  void readEventBatch(JsonPiece piece) {
    sj::document doc;
    check(parser_.iterate(piece.data, piece.size, piece.capacity).get(doc));
    sj::array events;
    check(doc.get_array().get(events));
    readEvents(events);
  }

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
    if (!sawEvents_) {
      throw InputError(std::string(what_) + ": JSON but not a trace (no traceEvents array)");
    }
    return finishRun(progress);
  }

 private:
  [[noreturn]] void fail(simdjson::error_code e) {
    std::string where = events_ > 0 ? " after event " + std::to_string(events_) : "";
    if (e == simdjson::INCORRECT_TYPE) {
      throw InputError(std::string(what_) + ": not a Kineto trace (a field has the wrong type" + where + ")");
    }
    throw InputError(std::string(what_) + ": invalid JSON (" + simdjson::error_message(e) + where + ")");
  }
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
        sj::array events;
        check(v.get_array().get(events));
        readEvents(events);
      } else if (key == "baseTimeNanoseconds") {
        auto base = integerOf(v);
        if (!base) {
          throw InputError(std::string(what_) + ": not a Kineto trace (baseTimeNanoseconds is not an integer)");
        }
        if (*base < 0 || *base > trace::kMaxTimeNs) {
          throw InputError(std::string(what_) + ": not a Kineto trace (baseTimeNanoseconds out of range)");
        }
        baseNs_ = *base;
        rebase_ = sawEvents_;  // events read already were relative to a base not yet known
      } else if (key == "deviceProperties") {
        readDevices(v);
      } else if (key == "distributedInfo") {
        readDistributed(v);
      } else if (key == "displayTimeUnit" || key == "traceName") {
        std::string_view s;
        if (v.get_string().get(s) == simdjson::SUCCESS) labels_[std::string(key)] = std::string(s);
      } else if (key == "schemaVersion") {
        std::int64_t n;
        if (v.get_int64().get(n) == simdjson::SUCCESS) labels_["schemaVersion"] = std::to_string(n);
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
      std::string name;
      for (auto fieldResult : obj) {
        sj::field field;
        check(std::move(fieldResult).get(field));
        std::string_view key;
        check(field.unescaped_key().get(key));
        if (key == "id") {
          std::int64_t n;
          if (field.value().get_int64().get(n) == simdjson::SUCCESS) id = n;
        } else if (key == "name") {
          std::string_view s;
          if (field.value().get_string().get(s) == simdjson::SUCCESS) name = std::string(s);
        }
      }
      if (id) deviceNames_[static_cast<std::int32_t>(*id)] = name;
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
        std::int64_t n;
        if (field.value().get_int64().get(n) == simdjson::SUCCESS) labels_[std::string(key)] = std::to_string(n);
      } else if (key == "backend") {
        std::string_view s;
        if (field.value().get_string().get(s) == simdjson::SUCCESS) labels_["backend"] = std::string(s);
      }
    }
  }

  // Thread ids are numbers in current traces and strings in 2021 ones ("1234", "stream 7", "PyTorch
  // Profiler (0)"): a string of digits (after an optional word) is that number, any other string gets
  // an id of its own, so distinct threads never share a track.
  std::optional<std::int64_t> threadIdOf(sj::value v) {
    std::string_view s;
    if (v.get_string().get(s) != simdjson::SUCCESS) return integerOf(v);
    std::size_t digits = s.size();
    while (digits > 0 && std::isdigit(static_cast<unsigned char>(s[digits - 1]))) --digits;
    const bool numberAtEnd = digits < s.size() && s.size() - digits <= 18;
    if (numberAtEnd && (digits == 0 || s.substr(0, digits) == "stream ")) {
      return std::stoll(std::string(s.substr(digits)));
    }
    auto [it, added] = namedThreadIds_.try_emplace(std::string(s), kFirstNamedThreadId + static_cast<std::int64_t>(namedThreadIds_.size()));
    if (added) threadNamesById_[it->second] = it->first;
    return it->second;
  }

  static std::optional<std::int64_t> integerOf(sj::value v) {
    sj::json_type type;
    if (v.type().get(type) != simdjson::SUCCESS || type != sj::json_type::number) return std::nullopt;
    std::int64_t n;
    if (v.get_int64().get(n) == simdjson::SUCCESS) return n;
    double d;
    if (v.get_double().get(d) == simdjson::SUCCESS && std::isfinite(d) && std::fabs(d) < 9.0e18) {
      return static_cast<std::int64_t>(d);
    }
    return std::nullopt;
  }

  // A key as written, without unescaping it into the parser's buffer (which copies every key of
  // every event): Kineto's keys hold no escapes, and one that does is unescaped as before. Stage 1
  // has checked that every string is closed.
  std::string_view keyOf(sj::field& field) {
    const char* raw = field.key().raw();
    const char* end = raw;
    while (*end != '"' && *end != '\\') ++end;
    if (*end == '"') return {raw, static_cast<std::size_t>(end - raw)};
    std::string_view key;
    check(field.unescaped_key().get(key));
    return key;
  }

  void readArgs(sj::value& v, RawEvent& e) {
    sj::object args;
    if (v.get_object().get(args) != simdjson::SUCCESS) return;
    for (auto fieldResult : args) {
      sj::field field;
      check(std::move(fieldResult).get(field));
      const std::string_view key = keyOf(field);
      if (key == "device") {
        e.device = integerOf(field.value());
      } else if (key == "stream") {
        e.stream = integerOf(field.value());
      } else if (key == "correlation") {
        e.correlation = integerOf(field.value());
      } else if (key == "bytes") {
        e.bytes = integerOf(field.value());
      } else if (key == "name") {
        std::string_view s;
        if (field.value().get_string().get(s) == simdjson::SUCCESS) e.metaName = s;
      }
    }
  }

  void readEvents(sj::array& events) {
    sawEvents_ = true;
    for (auto item : events) {
      sj::object obj;
      simdjson::error_code err = std::move(item).get_object().get(obj);
      if (err == simdjson::INCORRECT_TYPE) {
        throw InputError(std::string(what_) + ": not a trace (traceEvents entry " + std::to_string(events_ + 1) +
                         " is not an object)");
      }
      check(err);
      RawEvent e;
      for (auto fieldResult : obj) {
        sj::field field;
        check(std::move(fieldResult).get(field));
        const std::string_view key = keyOf(field);
        sj::value v = field.value();
        if (key.empty()) continue;
        switch (key[0]) {
          case 'p':
            if (key == "ph") {
              check(v.get_string().get(e.ph));
            } else if (key == "pid") {
              e.pid = integerOf(v);
            }
            break;
          case 'c':
            if (key == "cat") check(v.get_string().get(e.cat));
            break;
          case 'n':
            if (key == "name") check(v.get_string().get(e.name));
            break;
          case 't':
            if (key == "ts") {
              e.ts = timeOf(v);
            } else if (key == "tid") {
              e.tid = threadIdOf(v);
            }
            break;
          case 'd':
            if (key == "dur") e.dur = timeOf(v);
            break;
          case 'a':
            if (key == "args") readArgs(v, e);
            break;
          default:
            break;
        }
      }
      ++events_;
      handle(e);
    }
  }

  std::optional<TimeNs> timeOf(sj::value& v) {
    std::string_view tok = v.raw_json_token();
    auto ns = microsTokenToNs(tok);
    if (!ns) {
      sj::json_type type;
      if (v.type().get(type) == simdjson::SUCCESS && type != sj::json_type::number) {
        throw InputError(std::string(what_) + ": not a trace (a timestamp is not a number in event " +
                         std::to_string(events_ + 1) + ")");
      }
      fail(simdjson::NUMBER_ERROR);
    }
    return ns;
  }

  void handle(const RawEvent& e) {
    if (e.ph == "M") {
      if (e.pid && e.name == "process_name" && !e.metaName.empty()) processNames_[*e.pid] = std::string(e.metaName);
      if (e.pid && e.tid && e.name == "thread_name" && !e.metaName.empty()) {
        threadNames_[{*e.pid, *e.tid}] = std::string(e.metaName);
      }
      return;
    }
    if (e.ph != "X") return;
    Category cat = categoryOf(e.cat);
    if (cat == Category::Ignored) return;
    if (!e.ts || !e.dur) {
      ++malformed_;
      return;
    }
    trace::Interval iv;
    // Overflowing sums become inverted intervals, which the builder drops and counts as invalid.
    if (__builtin_add_overflow(*e.ts, baseNs_, &iv.start_ns) || __builtin_add_overflow(iv.start_ns, *e.dur, &iv.end_ns)) {
      iv.start_ns = 1;
      iv.end_ns = 0;
    }
    iv.name = strings_.intern(e.name);
    iv.correlation = static_cast<std::uint32_t>(e.correlation.value_or(0));
    auto device = static_cast<std::int32_t>(e.device.value_or(e.pid.value_or(0)));
    std::int64_t stream = e.stream.value_or(e.tid.value_or(0));
    switch (cat) {
      case Category::Kernel:
        iv.kind = IntervalKind::Kernel;
        builder_.add(builder_.gpuTrack(device, stream), iv);
        break;
      case Category::Memcpy: {
        CopyName c = parseMemcpyName(e.name);
        iv.kind = c.kind;
        iv.src = c.src;
        iv.dst = c.dst;
        iv.bytes = static_cast<std::uint64_t>(std::max<std::int64_t>(0, e.bytes.value_or(0)));
        builder_.add(builder_.gpuTrack(device, stream), iv);
        break;
      }
      case Category::Memset:
        iv.kind = IntervalKind::Memset;
        iv.bytes = static_cast<std::uint64_t>(std::max<std::int64_t>(0, e.bytes.value_or(0)));
        builder_.add(builder_.gpuTrack(device, stream), iv);
        break;
      case Category::Sync:
        iv.kind = IntervalKind::Synchronization;
        builder_.add(builder_.gpuTrack(device, stream), iv);
        break;
      case Category::GpuUserAnnotation:
        iv.kind = IntervalKind::GpuAnnotation;
        builder_.add(builder_.gpuMarkerTrack(device), iv);
        break;
      case Category::Runtime:
      case Category::Driver:
        iv.kind = cat == Category::Runtime ? IntervalKind::RuntimeApi : IntervalKind::DriverApi;
        if (e.name.find("Async") != std::string_view::npos) iv.flags |= trace::flags::kAsyncApi;
        builder_.add(builder_.hostTrack(e.pid.value_or(0), e.tid.value_or(0)), iv);
        break;
      case Category::HostOp:
        // 2021 traces record steps and DataLoader iterations as operators ("Operator" category).
        iv.kind = hostOpKind(e.name);
        iv.correlation = 0;
        builder_.add(builder_.hostTrack(e.pid.value_or(0), e.tid.value_or(0)), iv);
        break;
      case Category::UserAnnotation:
        iv.kind = trace::classifyRangeName(e.name);
        iv.correlation = 0;
        builder_.add(builder_.hostTrack(e.pid.value_or(0), e.tid.value_or(0)), iv);
        break;
      case Category::Uncategorised:
        iv.kind = trace::classifyRangeName(e.name);
        if (iv.kind == IntervalKind::Range) iv.kind = IntervalKind::HostOp;
        iv.correlation = 0;
        builder_.add(builder_.hostTrack(e.pid.value_or(0), e.tid.value_or(0)), iv);
        break;
      case Category::Ignored:
        break;
    }
  }

  // Adds the base time to a track read before baseTimeNanoseconds appeared, dropping (and counting)
  // what then falls outside the valid time range.
  void rebaseTrack(trace::IntervalColumns& iv, trace::RecordCounts& records) const {
    trace::IntervalColumns kept;
    kept.reserve(iv.size());
    for (std::size_t i = 0; i < iv.size(); ++i) {
      trace::Interval x = iv.at(i);
      if (__builtin_add_overflow(x.start_ns, baseNs_, &x.start_ns) || __builtin_add_overflow(x.end_ns, baseNs_, &x.end_ns) ||
          x.end_ns > trace::kMaxTimeNs) {
        ++records.invalid;
        continue;
      }
      kept.push_back(x);
    }
    iv = std::move(kept);
  }

  trace::Run finishRun(const ProgressFn& progress) {
    trace::Run& run = builder_.run();
    run.source = "kineto";
    run.clock.source = "kineto";
    run.labels = labels_;
    run.records.invalid += malformed_;
    for (auto& track : run.tracks) {
      if (rebase_ && baseNs_ != 0) rebaseTrack(track.intervals, run.records);
      if (track.kind == trace::TrackKind::HostThread) {
        std::string process = processNames_.count(track.pid) ? processNames_[track.pid] : "process";
        std::string thread = threadNames_.count({track.pid, track.tid}) ? threadNames_[{track.pid, track.tid}]
                             : threadNamesById_.count(track.tid) ? threadNamesById_[track.tid]
                                                                 : "thread " + std::to_string(track.tid);
        track.name = process + " (pid " + std::to_string(track.pid) + ") · " + thread;
      }
    }
    for (std::int32_t id : run.gpuDeviceIds()) {
      trace::DeviceInfo info;
      info.id = id;
      if (auto it = deviceNames_.find(id); it != deviceNames_.end()) info.name = it->second;
      run.devices.push_back(info);
    }
    if (progress) progress(1.0);
    return builder_.finish();
  }

  // An operator named as a step or a data-loading range is one; any other stays an operator.
  static IntervalKind hostOpKind(std::string_view name) {
    IntervalKind kind = trace::classifyRangeName(name);
    return kind == IntervalKind::Step || kind == IntervalKind::DataLoading ? kind : IntervalKind::HostOp;
  }

  static constexpr std::int64_t kFirstNamedThreadId = std::int64_t{1} << 40;
  std::map<std::string, std::int64_t, std::less<>> namedThreadIds_;
  std::map<std::int64_t, std::string> threadNamesById_;
  sj::parser parser_;  // reused for every piece
  trace::StringTable& strings_;
  trace::RunBuilder builder_;
  std::string_view what_;
  bool sawEvents_ = false;
  std::size_t events_ = 0;
  std::uint64_t malformed_ = 0;
  TimeNs baseNs_ = 0;
  bool rebase_ = false;
  std::map<std::string, std::string> labels_;
  std::map<std::int64_t, std::string> processNames_;
  std::map<std::pair<std::int64_t, std::int64_t>, std::string> threadNames_;
  std::map<std::int32_t, std::string> deviceNames_;
};

// Hands the splitter's pieces to the reader.
class ReaderSink final : public TraceJsonSink {
 public:
  explicit ReaderSink(KinetoReader& reader) : reader_(reader) {}
  void topLevelKey(JsonPiece piece) override { reader_.readTopLevelKey(piece); }
  void eventBatch(JsonPiece piece) override { reader_.readEventBatch(piece); }
  void otherDocument(JsonPiece piece) override { reader_.readOtherDocument(piece); }

 private:
  KinetoReader& reader_;
};

static_assert(kPiecePadding >= simdjson::SIMDJSON_PADDING, "pieces must carry simdjson's padding");

trace::Run importFromMemory(std::string_view json, trace::StringTable& strings, const std::string& runName,
                            std::string_view what, const ProgressFn& progress) {
  KinetoReader reader(strings, runName, what);
  ReaderSink sink(reader);
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
    SplitPipeline pipeline(in, std::string(what), head, options.chunk_bytes, options.batch_bytes);
    SplitPipeline::Piece piece;
    for (pipeline.next(piece); piece.kind != SplitPipeline::Kind::End; pipeline.next(piece)) {
      switch (piece.kind) {
        case SplitPipeline::Kind::TopLevelKey: reader.readTopLevelKey(piece.json()); break;
        case SplitPipeline::Kind::EventBatch: reader.readEventBatch(piece.json()); break;
        case SplitPipeline::Kind::OtherDocument: reader.readOtherDocument(piece.json()); break;
        case SplitPipeline::Kind::End: break;
      }
      report(piece.compressed_consumed);
    }
    if (in.produced() == 0) throw emptyInput();
    return reader.finish(progress);
  }
  ReaderSink sink(reader);
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
                             const ProgressFn& progress) {
  OpenedFile file = openRegularInput(path);
  DecompressedStream in(file.file.get(), path, file.size, {});
  StreamImportOptions options;
  // A second thread pays for itself only when there is more than a chunk or two to inflate.
  options.threaded = file.size >= kThreadedImportBytes;
  std::string name = runName.empty() ? runNameFromPath(path) : runName;
  trace::Run run = importKinetoStream(in, session.strings, name, path, progress, {}, options);
  run.source = trace::validUtf8(
      "kineto:" + path.substr(path.find_last_of('/') == std::string::npos ? 0 : path.find_last_of('/') + 1));
  session.runs.push_back(std::move(run));
  return session.runs.back();
}

}  // namespace feedscope::io
