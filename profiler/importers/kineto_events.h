// A batch of traceEvents entries read into what the importer keeps of them, on the thread that cut
// them out of the stream: reading JSON is most of an import's work, so the streaming import reads
// on its second thread (with the inflating and the cutting) and only builds tracks on the caller's.
#pragma once

#include <simdjson.h>

#include <cstddef>
#include <cstdint>
#include <deque>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "importers/kept_arguments.h"
#include "read/split_pipeline.h"
#include "read/trace_json_splitter.h"
#include "trace/types.h"

namespace feedscope::io {

// One entry that matters: an interval for a track, or a name for a process or a thread.
struct KinetoEvent {
  enum class Target : std::uint8_t {
    GpuStream,       // first: device, second: stream
    GpuMarkers,      // first: device
    HostThread,      // first: pid, second: tid
    ProcessName,     // first: pid; text: the name
    ThreadName,      // first: pid, second: tid; text: the name
    NamedThreadSeen, // text: a thread known only by a name, first seen in this batch (ids follow this order)
    Malformed,       // an interval without a time or a duration: counted, not kept
  };
  Target target = Target::Malformed;
  trace::IntervalKind kind = trace::IntervalKind::Kernel;
  trace::MemoryKind src = trace::MemoryKind::Unknown;
  trace::MemoryKind dst = trace::MemoryKind::Unknown;
  std::uint8_t flags = 0;
  bool second_is_named_thread = false;  // `second` is the thread named by `thread_name`'s text (2021 traces)
  std::uint32_t correlation = 0;
  std::uint32_t text_offset = 0, text_size = 0;  // in the batch's text
  std::uint32_t thread_name_offset = 0, thread_name_size = 0;
  std::uint32_t args_offset = 0, args_size = 0;  // the args object's JSON text, when it is kept
  trace::TimeNs ts = 0, dur = 0;  // as written: the trace's base time is added when the track is built
  std::int64_t first = 0, second = 0;
  std::uint64_t bytes = 0;
};

struct KinetoEventBatch final : PreparedBatch {
  std::vector<KinetoEvent> events;
  std::string text;         // the names the events point into
  std::size_t entries = 0;  // traceEvents entries read, kept or not
  std::string_view textOf(const KinetoEvent& e) const { return {text.data() + e.text_offset, e.text_size}; }
  std::string_view threadNameOf(const KinetoEvent& e) const {
    return {text.data() + e.thread_name_offset, e.thread_name_size};
  }
  std::string_view argsOf(const KinetoEvent& e) const { return {text.data() + e.args_offset, e.args_size}; }
};

// Reads `[entry, ...]` pieces, each on its own: pieces may be read on two threads at once, in any
// order (one reader per thread). Throws InputError for what is not a trace, numbering the entries
// from `entriesBefore` (the entries of traceEvents in the pieces before this one).
class KinetoEventReader {
 public:
  // `kept`: whose args objects are kept as text (importers/kept_arguments.h).
  explicit KinetoEventReader(std::string what, KeptArguments kept = KeptArguments::All)
      : what_(std::move(what)), kept_(kept) {}
  void read(JsonPiece piece, KinetoEventBatch& out, std::size_t entriesBefore);

 private:
  struct Entry;
  [[noreturn]] void fail(simdjson::error_code e) const;
  void check(simdjson::error_code e) const {
    if (e != simdjson::SUCCESS) fail(e);
  }
  void readEntry(simdjson::ondemand::object& obj, KinetoEventBatch& out);
  void readArgs(simdjson::ondemand::value& v, Entry& e);
  std::string_view keyOf(simdjson::ondemand::field& field);
  // `field` names the key in errors ("ts", "dur").
  trace::TimeNs timeOf(simdjson::ondemand::value& v, std::string_view field) const;
  void readThreadId(simdjson::ondemand::value v, Entry& e, KinetoEventBatch& out);
  // A string field (lone surrogates made U+FFFD), an integer field however written: a value of
  // another type is checked as JSON (validateJsonValue) and read as absent. A number beyond a 64-bit
  // integer is valid JSON but no id or count Feedscope can use: refused naming `field`.
  std::optional<std::string_view> stringOf(simdjson::ondemand::value v);
  std::optional<std::int64_t> integerOf(simdjson::ondemand::value v, std::string_view field) const;
  void keep(const Entry& e, KinetoEventBatch& out) const;
  static void markNamedThread(const Entry& e, KinetoEvent& k);

  std::string what_;
  KeptArguments kept_ = KeptArguments::All;
  simdjson::ondemand::parser parser_;
  std::size_t entries_ = 0;  // entries before the one being read, for error messages
  std::vector<std::size_t> thread_names_seen_;  // this piece's NamedThreadSeen events (indexes)
  std::deque<std::string> decoded_;  // this piece's strings that held escapes, decoded
  std::string repaired_;             // this piece made valid UTF-8, when it was not
};

// The one line for a simdjson error in a Kineto trace, after `entriesRead` entries of traceEvents
// (DEPTH_ERROR: "a value nested deeper than 10000 levels", trace::kMaxJsonDepth).
[[noreturn]] void throwKinetoJsonError(const std::string& what, simdjson::error_code e, std::size_t entriesRead);

// An integer however the trace writes it (12, 12.0, 1.2e1). A number outside what an int64 holds
// (a 400-digit pid, 1e30) is OutOfRange: valid JSON, which a field Feedscope computes with refuses
// by name and any other field keeps as the text it is.
enum class KinetoNumber { Integer, NotANumber, OutOfRange };
KinetoNumber kinetoIntegerOf(simdjson::ondemand::value v, std::int64_t& out);

// "x.json: not a Kineto trace (\"pid\" of event 3 is a number beyond a 64-bit integer)"; `event` 0:
// a top-level key, named alone.
[[noreturn]] void throwKinetoNumberOutOfRange(const std::string& what, std::string_view field, std::size_t event,
                                              std::string_view beyond = "a 64-bit integer");

}  // namespace feedscope::io
