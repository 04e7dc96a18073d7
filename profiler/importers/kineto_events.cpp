// Kineto entries to KinetoEvents: categories (current and 2021 spellings), copy kinds from the
// name, thread ids, exact microsecond times.
#include "importers/kineto_events.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <cmath>
#include <optional>

#include "trace/api_calls.h"
#include "io/input_error.h"
#include "read/json_strict.h"
#include "importers/kineto_import.h"
#include "trace/range_names.h"

namespace feedscope::io {

namespace sj = simdjson::ondemand;
using trace::IntervalKind;
using trace::MemoryKind;
using trace::TimeNs;

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

// "Memcpy HtoD (Pageable -> Device)" -> H2D from pageable memory.
void readCopyName(std::string_view name, KinetoEvent& e) {
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
  e.kind = IntervalKind::MemcpyDtoD;
  for (const auto& d : kDirs) {
    if (name.find(d.token) != std::string_view::npos) {
      e.kind = d.kind;
      break;
    }
  }
  auto open = name.find('(');
  auto arrow = name.find("->", open == std::string_view::npos ? 0 : open);
  auto close = name.find(')', arrow == std::string_view::npos ? 0 : arrow);
  if (open != std::string_view::npos && arrow != std::string_view::npos && close != std::string_view::npos) {
    e.src = memoryKindFromKineto(name.substr(open + 1, arrow - open - 1));
    e.dst = memoryKindFromKineto(name.substr(arrow + 2, close - arrow - 2));
  }
}

// An operator named as a step or a data-loading range is one; any other stays an operator.
IntervalKind hostOpKind(std::string_view name) {
  IntervalKind kind = trace::classifyRangeName(name);
  return kind == IntervalKind::Step || kind == IntervalKind::DataLoading ? kind : IntervalKind::HostOp;
}

std::uint64_t byteCount(const std::optional<std::int64_t>& bytes) {
  return static_cast<std::uint64_t>(std::max<std::int64_t>(0, bytes.value_or(0)));
}

}  // namespace

// The integer is tried first: it is what traces write. Then a double: 12.0 and 1.2e1 are integers
// too, a fraction is cut (as it always was); what does not fit an int64 is out of range.
KinetoNumber kinetoIntegerOf(sj::value v, std::int64_t& out) {
  if (v.get_int64().get(out) == simdjson::SUCCESS) return KinetoNumber::Integer;
  sj::json_type type;
  if (v.type().get(type) != simdjson::SUCCESS || type != sj::json_type::number) return KinetoNumber::NotANumber;
  double d;
  if (v.get_double().get(d) == simdjson::SUCCESS && std::isfinite(d) && std::fabs(d) < 9.0e18) {
    out = static_cast<std::int64_t>(d);
    return KinetoNumber::Integer;
  }
  // Past the double's range simdjson refuses the number: whether it is one is the JSON grammar's to say.
  return trace::validateJsonText(v.raw_json_token()) == simdjson::SUCCESS ? KinetoNumber::OutOfRange
                                                                         : KinetoNumber::NotANumber;
}

void throwKinetoNumberOutOfRange(const std::string& what, std::string_view field, std::size_t event,
                                 std::string_view beyond) {
  const std::string where = event > 0 ? " of event " + std::to_string(event) : "";
  throw InputError(what + ": not a Kineto trace (\"" + std::string(field) + "\"" + where + " is a number beyond " +
                   std::string(beyond) + ")");
}

// The fields of one entry as read, before they are turned into a KinetoEvent. The strings point into
// the parser's buffers, valid until the next piece.
struct KinetoEventReader::Entry {
  std::string_view ph, cat, name, metaName;
  std::string_view args;  // the args object's text, when arguments are kept
  std::optional<TimeNs> ts, dur;
  std::optional<std::int64_t> pid, tid, device, stream, correlation, bytes;
  bool threadNamed = false;  // the tid is a name: then `tid` holds 0
  struct {
    std::uint32_t offset = 0, size = 0;
  } threadName;  // in the batch's text
};

void throwKinetoJsonError(const std::string& what, simdjson::error_code e, std::size_t entriesRead) {
  std::string where = entriesRead > 0 ? " after event " + std::to_string(entriesRead) : "";
  if (e == simdjson::INCORRECT_TYPE) {
    throw InputError(what + ": not a Kineto trace (a field has the wrong type" + where + ")");
  }
  if (e == simdjson::DEPTH_ERROR) {
    throw InputError(what + ": a JSON value nested deeper than " + std::to_string(trace::kMaxJsonDepth) + " levels" +
                     where + "; refusing it");
  }
  throw InputError(what + ": invalid JSON (" + simdjson::error_message(e) + where + ")");
}

void KinetoEventReader::fail(simdjson::error_code e) const { throwKinetoJsonError(what_, e, entries_); }

void KinetoEventReader::read(JsonPiece piece, KinetoEventBatch& out, std::size_t entriesBefore) {
  out.events.clear();
  out.text.clear();
  out.entries = 0;
  entries_ = entriesBefore;
  thread_names_seen_.clear();
  decoded_.clear();
  sj::document doc;
  check(iterateValidUtf8(parser_, piece, repaired_, doc));
  sj::array events;
  check(doc.get_array().get(events));
  for (auto item : events) {
    sj::object obj;
    simdjson::error_code err = std::move(item).get_object().get(obj);
    if (err == simdjson::INCORRECT_TYPE) {
      throw InputError(what_ + ": not a trace (traceEvents entry " + std::to_string(entries_ + 1) + " is not an object)");
    }
    check(err);
    readEntry(obj, out);
    ++entries_;
    ++out.entries;
  }
}

// A key as written, without unescaping it into the parser's buffer (which copies every key of
// every event): Kineto's keys hold no escapes, and one that does is decoded (json_strict.h).
std::string_view KinetoEventReader::keyOf(sj::field& field) {
  std::string_view key;
  check(decodeJsonString(field.key().raw(), &key, &decoded_));
  return key;
}

std::optional<std::string_view> KinetoEventReader::stringOf(sj::value v) {
  std::string_view s;
  simdjson::error_code e = jsonStringOf(v, s, decoded_);
  if (e == simdjson::SUCCESS) return s;
  if (e != simdjson::INCORRECT_TYPE) fail(e);
  check(validateJsonValue(v));
  return std::nullopt;
}

std::optional<std::int64_t> KinetoEventReader::integerOf(sj::value v, std::string_view field) const {
  std::int64_t n = 0;
  switch (kinetoIntegerOf(v, n)) {
    case KinetoNumber::Integer:
      return n;
    case KinetoNumber::OutOfRange:
      throwKinetoNumberOutOfRange(what_, field, entries_ + 1);
    case KinetoNumber::NotANumber:
      break;
  }
  check(validateJsonValue(v));  // not a number, or not valid JSON at all (0x10)
  return std::nullopt;
}

void KinetoEventReader::readEntry(sj::object& obj, KinetoEventBatch& out) {
  Entry e;
  for (auto fieldResult : obj) {
    sj::field field;
    check(std::move(fieldResult).get(field));
    const std::string_view key = keyOf(field);
    sj::value v = field.value();
    bool read = true;
    switch (key.empty() ? '\0' : key[0]) {
      case 'p':
        if (key == "ph") {
          check(jsonStringOf(v, e.ph, decoded_));
        } else if (key == "pid") {
          e.pid = integerOf(v, "pid");
        } else {
          read = false;
        }
        break;
      case 'c':
        read = key == "cat";
        if (read) check(jsonStringOf(v, e.cat, decoded_));
        break;
      case 'n':
        read = key == "name";
        if (read) check(jsonStringOf(v, e.name, decoded_));
        break;
      case 't':
        if (key == "ts") {
          e.ts = timeOf(v, "ts");
        } else if (key == "tid") {
          readThreadId(v, e, out);
        } else {
          read = false;
        }
        break;
      case 'd':
        read = key == "dur";
        if (read) e.dur = timeOf(v, "dur");
        break;
      case 'a':
        read = key == "args";
        if (read) readArgs(v, e);
        break;
      default:
        read = false;
        break;
    }
    // What is not read is still checked: a corrupt trace is refused wherever the damage is.
    if (!read) check(validateJsonValue(v));
  }
  keep(e, out);
}

void KinetoEventReader::readArgs(sj::value& v, Entry& e) {
  sj::object args;
  simdjson::error_code err = v.get_object().get(args);
  if (err == simdjson::INCORRECT_TYPE) {
    check(validateJsonValue(v));  // args that are not an object are ignored, if valid JSON
    return;
  }
  check(err);
  if (kept_ != KeptArguments::None) {
    // The object's text as written (it points into the piece), then the object again from its start.
    check(args.raw_json().get(e.args));
    bool rewound = false;
    check(args.reset().get(rewound));
  }
  for (auto fieldResult : args) {
    sj::field field;
    check(std::move(fieldResult).get(field));
    const std::string_view key = keyOf(field);
    if (key == "device") {
      e.device = integerOf(field.value(), "args.device");
    } else if (key == "stream") {
      e.stream = integerOf(field.value(), "args.stream");
    } else if (key == "correlation") {
      e.correlation = integerOf(field.value(), "args.correlation");
    } else if (key == "bytes") {
      e.bytes = integerOf(field.value(), "args.bytes");
    } else if (key == "name") {
      if (auto s = stringOf(field.value())) e.metaName = *s;
    } else {
      check(validateJsonValue(field.value()));
    }
  }
}

TimeNs KinetoEventReader::timeOf(sj::value& v, std::string_view field) const {
  std::string_view tok = v.raw_json_token();
  auto ns = microsTokenToNs(tok);
  if (!ns) {
    sj::json_type type;
    if (v.type().get(type) == simdjson::SUCCESS && type != sj::json_type::number) {
      throw InputError(what_ + ": not a trace (a timestamp is not a number in event " + std::to_string(entries_ + 1) + ")");
    }
    check(validateJsonText(tok));  // 0x10, 01: not JSON
    // Valid JSON, but no time in nanoseconds an int64 holds (±9.2e15 µs).
    throwKinetoNumberOutOfRange(what_, field, entries_ + 1, "the time an int64 of nanoseconds holds");
  }
  return *ns;
}

// Thread ids are numbers in current traces and strings in 2021 ones ("1234", "stream 7", "PyTorch
// Profiler (0)"): a string of digits (after an optional word) is that number, any other string names
// a thread that gets an id of its own when the tracks are built, so distinct threads never share a
// track. Ids go by first appearance in the trace, so each piece lists the names it sees first.
void KinetoEventReader::readThreadId(sj::value v, Entry& e, KinetoEventBatch& out) {
  std::string_view s;
  simdjson::error_code err = jsonStringOf(v, s, decoded_);
  if (err == simdjson::INCORRECT_TYPE) {
    e.tid = integerOf(v, "tid");
    return;
  }
  check(err);
  std::size_t digits = s.size();
  while (digits > 0 && std::isdigit(static_cast<unsigned char>(s[digits - 1]))) --digits;
  const bool numberAtEnd = digits < s.size() && s.size() - digits <= 18;
  if (numberAtEnd && (digits == 0 || s.substr(0, digits) == "stream ")) {
    e.tid = std::stoll(std::string(s.substr(digits)));
    return;
  }
  e.tid = 0;
  e.threadNamed = true;
  for (std::size_t seen : thread_names_seen_) {
    const KinetoEvent& named = out.events[seen];
    if (out.textOf(named) == s) {
      e.threadName = {named.text_offset, named.text_size};
      return;
    }
  }
  KinetoEvent named;
  named.target = KinetoEvent::Target::NamedThreadSeen;
  named.text_offset = static_cast<std::uint32_t>(out.text.size());
  named.text_size = static_cast<std::uint32_t>(s.size());
  out.text.append(s);
  thread_names_seen_.push_back(out.events.size());
  out.events.push_back(named);
  e.threadName = {named.text_offset, named.text_size};
}

// `second` is the entry's thread: when the thread is known by a name, the id is the builder's to give.
void KinetoEventReader::markNamedThread(const Entry& e, KinetoEvent& k) {
  if (!e.threadNamed) return;
  k.second_is_named_thread = true;
  k.thread_name_offset = e.threadName.offset;
  k.thread_name_size = e.threadName.size;
}

// What the entry becomes: the rules the importer has always applied, now on the reading thread.
void KinetoEventReader::keep(const Entry& e, KinetoEventBatch& out) const {
  KinetoEvent k;
  std::string_view text = e.name;
  if (e.ph == "M") {
    if (!e.pid || e.metaName.empty()) return;
    if (e.name == "process_name") {
      k.target = KinetoEvent::Target::ProcessName;
    } else if (e.name == "thread_name" && e.tid) {
      k.target = KinetoEvent::Target::ThreadName;
      k.second = *e.tid;
      markNamedThread(e, k);
    } else {
      return;
    }
    k.first = *e.pid;
    text = e.metaName;
  } else {
    if (e.ph != "X") return;
    const Category cat = categoryOf(e.cat);
    if (cat == Category::Ignored) return;
    if (!e.ts || !e.dur) {
      out.events.push_back(k);  // Target::Malformed
      return;
    }
    k.ts = *e.ts;
    k.dur = *e.dur;
    k.correlation = static_cast<std::uint32_t>(e.correlation.value_or(0));
    const std::int64_t device = static_cast<std::int32_t>(e.device.value_or(e.pid.value_or(0)));
    const std::int64_t stream = e.stream.value_or(e.tid.value_or(0));
    auto onGpu = [&](IntervalKind kind) {
      k.target = KinetoEvent::Target::GpuStream;
      k.kind = kind;
      k.first = device;
      k.second = stream;
      if (!e.stream) markNamedThread(e, k);
    };
    auto onHost = [&](IntervalKind kind) {
      k.target = KinetoEvent::Target::HostThread;
      k.kind = kind;
      k.first = e.pid.value_or(0);
      k.second = e.tid.value_or(0);
      markNamedThread(e, k);
    };
    switch (cat) {
      case Category::Kernel:
        onGpu(IntervalKind::Kernel);
        break;
      case Category::Memcpy:
        onGpu(IntervalKind::MemcpyDtoD);
        readCopyName(e.name, k);
        k.bytes = byteCount(e.bytes);
        break;
      case Category::Memset:
        onGpu(IntervalKind::Memset);
        k.bytes = byteCount(e.bytes);
        break;
      case Category::Sync:
        onGpu(IntervalKind::Synchronization);
        break;
      case Category::GpuUserAnnotation:
        k.target = KinetoEvent::Target::GpuMarkers;
        k.kind = IntervalKind::GpuAnnotation;
        k.first = device;
        break;
      case Category::Runtime:
      case Category::Driver:
        onHost(cat == Category::Runtime ? IntervalKind::RuntimeApi : IntervalKind::DriverApi);
        k.flags |= trace::apiCallFlags(e.name);
        break;
      case Category::HostOp:
        // 2021 traces record steps and DataLoader iterations as operators ("Operator" category).
        onHost(hostOpKind(e.name));
        k.correlation = 0;
        break;
      case Category::UserAnnotation:
        onHost(trace::classifyRangeName(e.name));
        k.correlation = 0;
        break;
      case Category::Uncategorised:
        onHost(trace::classifyRangeName(e.name));
        if (k.kind == IntervalKind::Range) k.kind = IntervalKind::HostOp;
        k.correlation = 0;
        break;
      case Category::Ignored:
        return;
    }
  }
  // An empty object holds no ':' (there is no string in it to hold one): nothing to keep.
  if (e.args.find(':') != std::string_view::npos && k.target != KinetoEvent::Target::ProcessName &&
      k.target != KinetoEvent::Target::ThreadName && keepsArgumentsOf(kept_, k.kind, text)) {
    k.args_offset = static_cast<std::uint32_t>(out.text.size());
    k.args_size = static_cast<std::uint32_t>(e.args.size());
    out.text.append(e.args);
  }
  k.text_offset = static_cast<std::uint32_t>(out.text.size());
  k.text_size = static_cast<std::uint32_t>(text.size());
  out.text.append(text);
  out.events.push_back(k);
}

}  // namespace feedscope::io
