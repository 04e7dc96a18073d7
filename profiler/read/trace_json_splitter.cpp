// The structural scanner that cuts a streamed trace into pieces simdjson parses one by one.
#include "read/trace_json_splitter.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <cstdint>
#include <cstring>

#ifdef __SSE2__
#include <emmintrin.h>
#endif

#include "io/input_error.h"

namespace feedscope::io {

namespace {

bool isSpace(char c) { return c == ' ' || c == '\n' || c == '\r' || c == '\t'; }

// The bytes that matter outside strings: the rest are skipped without a second look.
constexpr std::array<bool, 256> kStructural = [] {
  std::array<bool, 256> t{};
  for (unsigned char c : std::string_view("\"{}[],")) t[c] = true;
  return t;
}();

// Whether a raw (still escaped) key is "traceEvents": escapes of ASCII letters are decoded, which is
// all a key equal to it can hold.
bool isTraceEventsKey(std::string_view raw) {
  if (raw.find('\\') == std::string_view::npos) return raw == "traceEvents";
  std::string key;
  for (std::size_t i = 0; i < raw.size(); ++i) {
    if (raw[i] != '\\') {
      key += raw[i];
    } else if (i + 5 < raw.size() && raw[i + 1] == 'u' && raw.compare(i + 2, 2, "00") == 0 &&
               std::isxdigit(static_cast<unsigned char>(raw[i + 4])) &&
               std::isxdigit(static_cast<unsigned char>(raw[i + 5]))) {
      auto hex = [](char h) { return std::isdigit(static_cast<unsigned char>(h)) ? h - '0' : (h | 0x20) - 'a' + 10; };
      key += static_cast<char>(hex(raw[i + 4]) * 16 + hex(raw[i + 5]));
      i += 5;
    } else {
      return false;  // any other escape is not a letter of "traceEvents"
    }
  }
  return key == "traceEvents";
}

constexpr std::size_t kBlock = 16;
// Blanks after a complete entry beyond which the entries before them are handed on at once.
constexpr std::size_t kBlankRunBeforeHandingOn = 4096;

// Bit i set when byte i of the next min(avail, 16) bytes is `a` or `b`. Reads 16 bytes even when
// fewer are available: the buffer always has padding past its end (feed() keeps it).
std::uint32_t matchMask(const char* p, std::size_t avail, char a, char b) {
#ifdef __SSE2__
  const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
  auto m = static_cast<std::uint32_t>(
      _mm_movemask_epi8(_mm_or_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8(a)), _mm_cmpeq_epi8(v, _mm_set1_epi8(b)))));
#else
  std::uint32_t m = 0;
  for (std::size_t i = 0; i < kBlock; ++i) m |= static_cast<std::uint32_t>(p[i] == a || p[i] == b) << i;
#endif
  return avail < kBlock ? m & ((1u << avail) - 1) : m;
}

// Bit i set for a byte that opens or closes anything: a quote or a bracket of either kind.
std::uint32_t nestingMask(const char* p, std::size_t avail) {
#ifdef __SSE2__
  const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
  // '{' '}' are 0x7b 0x7d and '[' ']' 0x5b 0x5d: equal to 0x5b or 0x5d once bit 5 is cleared.
  const __m128i folded = _mm_andnot_si128(_mm_set1_epi8(0x20), v);
  const __m128i brackets = _mm_or_si128(_mm_cmpeq_epi8(folded, _mm_set1_epi8(0x5b)), _mm_cmpeq_epi8(folded, _mm_set1_epi8(0x5d)));
  auto m = static_cast<std::uint32_t>(_mm_movemask_epi8(_mm_or_si128(brackets, _mm_cmpeq_epi8(v, _mm_set1_epi8('"')))));
#else
  std::uint32_t m = 0;
  for (std::size_t i = 0; i < kBlock; ++i) {
    const char c = p[i];
    m |= static_cast<std::uint32_t>(c == '"' || c == '{' || c == '}' || c == '[' || c == ']') << i;
  }
#endif
  return avail < kBlock ? m & ((1u << avail) - 1) : m;
}

// One 64-byte block inside an entry: bit i of each mask for byte i.
struct BlockMasks {
  std::uint64_t quotes = 0, backslashes = 0, opens = 0, closes = 0;
};

BlockMasks blockMasks(const char* p) {
  BlockMasks m;
  for (std::size_t part = 0; part < 64; part += kBlock) {
#ifdef __SSE2__
    const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p + part));
    // '{' '}' are 0x7b 0x7d and '[' ']' 0x5b 0x5d: equal to 0x5b or 0x5d once bit 5 is cleared.
    const __m128i folded = _mm_andnot_si128(_mm_set1_epi8(0x20), v);
    auto bits = [](__m128i eq) { return static_cast<std::uint64_t>(static_cast<std::uint32_t>(_mm_movemask_epi8(eq))); };
    m.quotes |= bits(_mm_cmpeq_epi8(v, _mm_set1_epi8('"'))) << part;
    m.backslashes |= bits(_mm_cmpeq_epi8(v, _mm_set1_epi8('\\'))) << part;
    m.opens |= bits(_mm_cmpeq_epi8(folded, _mm_set1_epi8(0x5b))) << part;
    m.closes |= bits(_mm_cmpeq_epi8(folded, _mm_set1_epi8(0x5d))) << part;
#else
    for (std::size_t i = 0; i < kBlock; ++i) {
      const char c = p[part + i];
      const std::uint64_t bit = std::uint64_t{1} << (part + i);
      if (c == '"') m.quotes |= bit;
      if (c == '\\') m.backslashes |= bit;
      if (c == '{' || c == '[') m.opens |= bit;
      if (c == '}' || c == ']') m.closes |= bit;
    }
#endif
  }
  return m;
}

// Bit i set when an odd number of the bits 0..i of `x` are set: with quote bits, the bytes inside
// a string (its opening quote included, its closing quote not).
std::uint64_t prefixXor(std::uint64_t x) {
  x ^= x << 1;
  x ^= x << 2;
  x ^= x << 4;
  x ^= x << 8;
  x ^= x << 16;
  x ^= x << 32;
  return x;
}

}  // namespace

// Strings and brackets of a whole 64-byte block at once: in a trace most bytes are inside entries,
// and stopping at each of an entry's dozens of short strings cost more than all of the rest. Takes
// only blocks whose 64 bytes have arrived and hold no backslash (an escaped quote would need the
// escape rules; the byte-wise scan handles those blocks). Stops on the bracket that closes the
// entry, leaving it to the byte-wise scan, or where a block cannot be taken.
std::size_t TraceJsonSplitter::skipInsideEntry(std::size_t i) {
  const char* p = buf_.data();
  while (i + 64 <= end_) {
    const BlockMasks m = blockMasks(p + i);
    if (m.backslashes != 0) break;
    const std::uint64_t inString = prefixXor(m.quotes);
    std::uint64_t brackets = (m.opens | m.closes) & ~inString;
    while (brackets != 0) {
      const int at = __builtin_ctzll(brackets);
      const std::uint64_t bit = std::uint64_t{1} << at;
      if (m.opens & bit) {
        ++depth_;
      } else if (depth_ == 1) {
        return i + static_cast<std::size_t>(at);  // the entry's closing bracket: the caller's
      } else {
        --depth_;
      }
      brackets &= brackets - 1;
    }
    i += 64;
    if (inString >> 63) {  // the block ends inside a string: the byte-wise scan goes on from here
      in_string_ = true;
      break;
    }
  }
  return i;
}

namespace {

// A byte for an error message: itself when printable ASCII, its value otherwise (an ESC or a NUL
// from a hostile file must not reach the terminal raw).
std::string describeByte(char c) {
  const auto byte = static_cast<unsigned char>(c);
  if (byte >= 0x20 && byte < 0x7F) return std::string("'") + c + "'";
  static constexpr char kHex[] = "0123456789abcdef";
  return std::string("byte 0x") + kHex[byte >> 4] + kHex[byte & 0xF];
}

}  // namespace

TraceJsonSplitter::TraceJsonSplitter(TraceJsonSink& sink, std::string what, std::size_t batchBytes)
    : sink_(sink), what_(std::move(what)), batch_bytes_(batchBytes) {}

void TraceJsonSplitter::invalid(const std::string& why) const {
  throw InputError(what_ + ": invalid JSON (" + why + ")");
}

void TraceJsonSplitter::feed(const char* data, std::size_t size) {
  if (end_ + size + kPiecePadding + 2 > buf_.size()) {
    buf_.resize(std::max(buf_.size() * 2, end_ + size + kPiecePadding + 2));
  }
  std::memcpy(buf_.data() + end_, data, size);
  end_ += size;
  scan();
  if (state_ == State::Events && last_comma_ != 0 && last_comma_ - events_start_ >= batch_bytes_) {
    emitBatch(events_start_, last_comma_);
    events_start_ = last_comma_ + 1;
    last_comma_ = 0;
  }
  refuseOversizedPiece();
  compact();
}

// What is held but not handed on must stay one bounded piece (see kMaxPieceBytes).
void TraceJsonSplitter::refuseOversizedPiece() const {
  switch (state_) {
    case State::Events: {
      const std::size_t pieceStart = last_comma_ != 0 ? last_comma_ + 1 : events_start_;
      if (end_ - pieceStart > kMaxPieceBytes)
        invalid("an entry of traceEvents longer than " + std::to_string(kMaxPieceBytes >> 20) + " MiB: not a trace");
      break;
    }
    case State::Value:
      if (end_ - value_start_ > kMaxPieceBytes)
        invalid("a top-level value longer than " + std::to_string(kMaxPieceBytes >> 20) + " MiB: not a trace");
      break;
    case State::Other:
      if (end_ - value_start_ > kMaxPieceBytes)
        invalid("the document is neither a JSON object nor an array: not a trace");
      break;
    default:
      break;
  }
}

void TraceJsonSplitter::finish() {
  scan();
  switch (state_) {
    case State::Done:
      return;
    case State::Other: {
      buf_.resize(std::max(buf_.size(), end_ + kPiecePadding));
      std::fill(buf_.begin() + static_cast<std::ptrdiff_t>(end_), buf_.begin() + static_cast<std::ptrdiff_t>(end_ + kPiecePadding), 0);
      sink_.otherDocument({buf_.data() + value_start_, end_ - value_start_, end_ - value_start_ + kPiecePadding});
      return;
    }
    case State::Start:
      invalid("no JSON value: the input is blank");
    default:
      invalid("the document ends before it is complete: a truncated trace?");
  }
}

// Drops the bytes no longer needed, keeping what the current state still has to hand on.
void TraceJsonSplitter::compact() {
  std::size_t keep = pos_;
  switch (state_) {
    case State::Key:
    case State::Colon:
    case State::ValueStart:
    case State::Value:
      keep = key_start_ - 1;  // from the key's opening quote
      break;
    case State::Events:
      keep = events_start_ - 1;  // one byte before the entries, for the '[' of the next batch
      break;
    case State::Other:
      keep = value_start_;
      break;
    default:
      break;
  }
  if (keep == 0) return;
  std::memmove(buf_.data(), buf_.data() + keep, end_ - keep);
  auto shift = [keep](std::size_t& x) { x = x >= keep ? x - keep : 0; };
  end_ -= keep;
  pos_ -= keep;
  shift(key_start_);
  shift(key_end_);
  shift(value_start_);
  shift(events_start_);
  if (last_comma_ != 0) last_comma_ -= keep;
}

// Escapes are skipped forwards (a backslash and the byte after it), 16 bytes at a time: most strings
// of a trace are short keys and names, for which a call to memchr costs more than the search.
bool TraceJsonSplitter::scanString() {
  const char* base = buf_.data();
  while (pos_ < end_) {
    const std::size_t avail = end_ - pos_;
    std::uint32_t hits = matchMask(base + pos_, avail, '"', '\\');
    if (hits == 0) {
      pos_ += std::min<std::size_t>(avail, kBlock);
      continue;
    }
    const std::size_t at = pos_ + static_cast<std::size_t>(__builtin_ctz(hits));
    if (base[at] == '"') {
      pos_ = at + 1;
      in_string_ = false;
      return true;
    }
    if (at + 1 == end_) {  // the escaped byte has not arrived: look at the backslash again then
      pos_ = at;
      return false;
    }
    pos_ = at + 2;
  }
  return false;
}

void TraceJsonSplitter::scan() {
  while (pos_ < end_) {
    const std::size_t before = pos_;
    const State was = state_;
    scanStep();
    // A string that ends in a backslash waits for the byte it escapes: nothing more to do now.
    if (pos_ == before && state_ == was) return;
  }
}

void TraceJsonSplitter::scanStep() {
  {
    switch (state_) {
      case State::Start: {
        while (pos_ < end_ && isSpace(buf_[pos_])) ++pos_;
        if (pos_ == end_) return;
        const char c = buf_[pos_];
        if (c == '{') {
          state_ = State::KeyOrEnd;
          ++pos_;
        } else if (c == '[') {
          state_ = State::Events;
          bare_array_ = true;
          entry_started_ = false;
          comma_seen_ = false;
          events_start_ = ++pos_;
        } else {
          state_ = State::Other;
          value_start_ = pos_;
        }
        break;
      }
      case State::KeyOrEnd:
      case State::KeyAfterComma: {
        while (pos_ < end_ && isSpace(buf_[pos_])) ++pos_;
        if (pos_ == end_) return;
        const char c = buf_[pos_++];
        if (c == '"') {
          key_start_ = pos_;
          in_string_ = true;
          state_ = State::Key;
        } else if (c == '}' && state_ == State::KeyOrEnd) {
          state_ = State::Done;
        } else {
          invalid("a key expected at the top level, found " + describeByte(c));
        }
        break;
      }
      case State::Key:
        if (scanString()) {
          key_end_ = pos_ - 1;
          state_ = State::Colon;
        }
        break;
      case State::Colon: {
        while (pos_ < end_ && isSpace(buf_[pos_])) ++pos_;
        if (pos_ == end_) return;
        if (buf_[pos_] != ':') invalid("':' expected after a top-level key");
        ++pos_;
        state_ = State::ValueStart;
        break;
      }
      case State::ValueStart: {
        while (pos_ < end_ && isSpace(buf_[pos_])) ++pos_;
        if (pos_ == end_) return;
        depth_ = 0;
        in_string_ = false;
        const bool isEvents = isTraceEventsKey({buf_.data() + key_start_, key_end_ - key_start_});
        // JSON readers disagree on a repeated key (most keep the last, this splitter would merge
        // both arrays): a trace that gives traceEvents twice is refused rather than misread.
        if (isEvents && events_key_seen_) invalid("traceEvents given twice");
        events_key_seen_ = events_key_seen_ || isEvents;
        if (buf_[pos_] == '[' && isEvents) {
          state_ = State::Events;
          events_start_ = ++pos_;
          last_comma_ = 0;
          entry_started_ = false;
          comma_seen_ = false;
        } else {
          state_ = State::Value;
          value_start_ = pos_;
        }
        break;
      }
      case State::Value:
        scanValue();
        break;
      case State::CommaOrEnd: {
        while (pos_ < end_ && isSpace(buf_[pos_])) ++pos_;
        if (pos_ == end_) return;
        const char c = buf_[pos_++];
        if (c == ',') {
          state_ = State::KeyAfterComma;
        } else if (c == '}') {
          state_ = State::Done;
        } else {
          invalid("',' or '}' expected at the top level, found " + describeByte(c));
        }
        break;
      }
      case State::Events:
        scanEvents();
        break;
      case State::Done:
        while (pos_ < end_ && isSpace(buf_[pos_])) ++pos_;
        if (pos_ < end_) invalid("content after the end of the document: two traces in one file?");
        return;
      case State::Other:
        pos_ = end_;
        return;
    }
  }
}

// A top-level value other than traceEvents' array: ends at a ',' or '}' outside any nesting.
void TraceJsonSplitter::scanValue() {
  while (pos_ < end_) {
    if (in_string_) {
      if (!scanString()) return;
      continue;
    }
    const char c = buf_[pos_];
    if (!kStructural[static_cast<unsigned char>(c)]) {
      ++pos_;
      continue;
    }
    if (c == '"') {
      in_string_ = true;
    } else if (c == '{' || c == '[') {
      ++depth_;
    } else if (c == '}' || c == ']' || c == ',') {
      if (depth_ == 0 && c != ']') {
        endValue();  // the ',' or '}' is the top level's, read in CommaOrEnd
        return;
      }
      if (depth_ > 0 && c != ',') --depth_;  // a ']' too many is left to the parser of the piece
    }
    ++pos_;
  }
}

void TraceJsonSplitter::endValue() {
  piece_.clear();
  piece_.push_back('{');
  piece_.insert(piece_.end(), buf_.begin() + static_cast<std::ptrdiff_t>(key_start_ - 1),
                buf_.begin() + static_cast<std::ptrdiff_t>(key_end_ + 1));
  piece_.push_back(':');
  piece_.insert(piece_.end(), buf_.begin() + static_cast<std::ptrdiff_t>(value_start_),
                buf_.begin() + static_cast<std::ptrdiff_t>(pos_));
  piece_.push_back('}');
  const std::size_t size = piece_.size();
  piece_.resize(size + kPiecePadding, '\0');
  state_ = State::CommaOrEnd;
  sink_.topLevelKey({piece_.data(), size, piece_.size()});
}

// Inside traceEvents: remembers the last ',' between entries; the closing ']' hands on the rest.
void TraceJsonSplitter::scanEvents() {
  const char* p = buf_.data();
  std::size_t i = pos_;
  const std::size_t n = end_;
  while (i < n) {
    if (in_string_) {
      pos_ = i;
      if (!scanString()) return;
      i = pos_;
      continue;
    }
    if (depth_ > 0) {
      // Inside an entry only quotes and brackets matter (its commas are the parser's business).
      i = skipInsideEntry(i);
      if (in_string_ || i >= n) continue;
      const std::uint32_t hits = nestingMask(p + i, n - i);
      if (hits == 0) {
        i += std::min(kBlock, n - i);
        continue;
      }
      i += static_cast<std::size_t>(__builtin_ctz(hits));
    }
    const auto c = static_cast<unsigned char>(p[i]);
    if (!kStructural[c]) {
      if (depth_ == 0 && isSpace(static_cast<char>(c)) && !entry_started_) {
        // Blanks between entries: the complete entries before them are handed on once the blanks
        // run long, and blanks that start a batch are not kept, so no run of them is held.
        while (i < n && isSpace(p[i])) ++i;
        if (last_comma_ != 0 && i - last_comma_ > kBlankRunBeforeHandingOn) {
          emitBatch(events_start_, last_comma_);
          events_start_ = last_comma_ + 1;
          last_comma_ = 0;
        }
        // Nothing has started since the batch began (no entry, no pending comma): all blanks.
        if (last_comma_ == 0) events_start_ = i;
        continue;
      }
      // Between entries only a scalar entry (1, true, null) starts with such a byte.
      if (depth_ == 0 && !isSpace(static_cast<char>(c))) entry_started_ = true;
      ++i;
      continue;
    }
    if (depth_ == 0 && c != ',' && c != ']') entry_started_ = true;
    switch (c) {
      case '"':
        in_string_ = true;
        break;
      case '{':
      case '[':
        ++depth_;
        break;
      case ',':
        if (depth_ == 0) {
          if (!entry_started_) invalid("an empty entry in traceEvents: two commas, or one before the first");
          entry_started_ = false;
          comma_seen_ = true;
          last_comma_ = i;
        }
        break;
      case '}':
        if (depth_ == 0) {
          pos_ = i;
          invalid("a '}' where traceEvents should end");
        }
        --depth_;
        break;
      case ']':
        if (depth_ == 0) {
          if (comma_seen_ && !entry_started_) invalid("a comma before the ']' that ends traceEvents");
          pos_ = i + 1;
          emitBatch(events_start_, i);
          last_comma_ = 0;
          state_ = bare_array_ ? State::Done : State::CommaOrEnd;
          return;
        }
        --depth_;
        break;
      default:
        break;
    }
    ++i;
  }
  pos_ = i;
}

void TraceJsonSplitter::emitBatch(std::size_t from, std::size_t to) {
  // The entries become `[...]` in place: the byte before them and the bytes after are lent for the
  // brackets and the parser's padding, and given back.
  if (buf_.size() < to + 1 + kPiecePadding) buf_.resize(to + 1 + kPiecePadding);
  std::array<char, 1 + kPiecePadding> after{};
  std::memcpy(after.data(), buf_.data() + to, after.size());
  const char before = buf_[from - 1];
  buf_[from - 1] = '[';
  buf_[to] = ']';
  std::memset(buf_.data() + to + 1, 0, kPiecePadding);
  const std::size_t size = to - from + 2;
  sink_.eventBatch({buf_.data() + from - 1, size, size + kPiecePadding});
  std::memcpy(buf_.data() + to, after.data(), after.size());
  buf_[from - 1] = before;
}

}  // namespace feedscope::io
