// Splits a Kineto trace arriving in pieces of any size into documents small enough to parse on
// their own, without ever holding the whole trace: batches of whole `traceEvents` entries (cut
// only between two entries) and one small document per other top-level key, in the order they
// come. Strings and escapes are respected and nesting depth is tracked; everything else about the
// JSON (the syntax inside an entry or a value) is left to the parser of each piece, which sees
// every byte of the trace, so a trace is valid exactly when all its pieces are.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace feedscope::io {

// A JSON text with at least `kPiecePadding` readable bytes after it (simdjson reads past the end).
struct JsonPiece {
  const char* data;
  std::size_t size;
  std::size_t capacity;  // size + padding
};
inline constexpr std::size_t kPiecePadding = 64;
// The longest single piece the splitter holds: one traceEvents entry, one other top-level value, or
// a top level that is neither an object nor an array. Real entries are under a few KiB; without a
// bound, a gzip bomb of whitespace or garbage would be held whole (4 GiB became 6 GiB of memory).
inline constexpr std::size_t kMaxPieceBytes = std::size_t{64} << 20;

class TraceJsonSink {
 public:
  virtual ~TraceJsonSink() = default;
  // `{"key": value}` for one top-level key other than a traceEvents array, in document order.
  virtual void topLevelKey(JsonPiece piece) = 0;
  // `[entry, entry, ...]`: consecutive traceEvents entries (or entries of a bare top-level array).
  virtual void eventBatch(JsonPiece piece) = 0;
  // A whole document whose top level is neither an object nor an array (not a trace; the parser says why).
  virtual void otherDocument(JsonPiece piece) = 0;
};

class TraceJsonSplitter {
 public:
  // `what` names the input in errors; an event batch is handed on once `batchBytes` have arrived.
  TraceJsonSplitter(TraceJsonSink& sink, std::string what, std::size_t batchBytes = std::size_t{1} << 20);

  // The next bytes of the document. Throws InputError for what the splitter itself can tell is
  // wrong (a stray bracket, content after the end); the sink throws for the rest.
  void feed(const char* data, std::size_t size);
  // The input ended: hands on what is left, or throws InputError when the document is incomplete.
  void finish();
  // Bytes held for pieces not yet handed on (the buffer's capacity): bounded by about two
  // kMaxPieceBytes plus a batch whatever the input.
  std::size_t heldBytes() const { return buf_.capacity(); }

 private:
  enum class State { Start, KeyOrEnd, KeyAfterComma, Key, Colon, ValueStart, Value, CommaOrEnd, Events, Done, Other };

  void scan();
  void scanStep();  // one state's worth of scanning
  bool scanString();  // from pos_ inside a string: true when its closing quote was passed
  void scanValue();
  void scanEvents();
  std::size_t skipInsideEntry(std::size_t from);  // returns where the byte-wise scan goes on
  void endValue();
  void emitBatch(std::size_t from, std::size_t to);
  void compact();
  [[noreturn]] void invalid(const std::string& why) const;
  void refuseOversizedPiece() const;

  TraceJsonSink& sink_;
  std::string what_;
  std::size_t batch_bytes_;
  std::vector<char> buf_;  // bytes not handed on yet, with room for padding; end_ bytes are used
  std::size_t end_ = 0;
  std::size_t pos_ = 0;  // next byte to scan
  State state_ = State::Start;
  bool bare_array_ = false;
  bool events_key_seen_ = false;  // a top-level key "traceEvents" came already
  bool in_string_ = false;
  std::size_t depth_ = 0;
  std::size_t key_start_ = 0, key_end_ = 0;  // the key being read (raw, escapes kept)
  std::size_t value_start_ = 0;
  std::size_t events_start_ = 0;  // first byte of traceEvents not handed on yet
  std::size_t last_comma_ = 0;    // a comma between entries after events_start_ (0: none)
  bool entry_started_ = false;    // an entry began since the last ',' between entries
  bool comma_seen_ = false;       // this array has a ',' between entries
  std::vector<char> piece_;      // a top-level key's small document
};

}  // namespace feedscope::io
