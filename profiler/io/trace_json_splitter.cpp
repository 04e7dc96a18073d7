// The structural scanner that cuts a streamed trace into pieces simdjson parses one by one.
#include "io/trace_json_splitter.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <cstring>

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

}  // namespace

TraceJsonSplitter::TraceJsonSplitter(TraceJsonSink& sink, std::string what, std::size_t batchBytes)
    : sink_(sink), what_(std::move(what)), batchBytes_(batchBytes) {}

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
  if (state_ == State::Events && lastComma_ != 0 && lastComma_ - eventsStart_ >= batchBytes_) {
    emitBatch(eventsStart_, lastComma_);
    eventsStart_ = lastComma_ + 1;
    lastComma_ = 0;
  }
  compact();
}

void TraceJsonSplitter::finish() {
  scan();
  switch (state_) {
    case State::Done:
      return;
    case State::Other: {
      buf_.resize(std::max(buf_.size(), end_ + kPiecePadding));
      std::fill(buf_.begin() + static_cast<std::ptrdiff_t>(end_), buf_.begin() + static_cast<std::ptrdiff_t>(end_ + kPiecePadding), 0);
      sink_.otherDocument({buf_.data() + valueStart_, end_ - valueStart_, end_ - valueStart_ + kPiecePadding});
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
      keep = keyStart_ - 1;  // from the key's opening quote
      break;
    case State::Events:
      keep = eventsStart_ - 1;  // one byte before the entries, for the '[' of the next batch
      break;
    case State::Other:
      keep = valueStart_;
      break;
    default:
      break;
  }
  if (keep == 0) return;
  std::memmove(buf_.data(), buf_.data() + keep, end_ - keep);
  auto shift = [keep](std::size_t& x) { x = x >= keep ? x - keep : 0; };
  end_ -= keep;
  pos_ -= keep;
  shift(keyStart_);
  shift(keyEnd_);
  shift(valueStart_);
  shift(eventsStart_);
  if (lastComma_ != 0) lastComma_ -= keep;
}

bool TraceJsonSplitter::scanString() {
  const char* base = buf_.data();
  for (;;) {
    const void* quote = std::memchr(base + pos_, '"', end_ - pos_);
    if (quote == nullptr) {
      pos_ = end_;
      return false;
    }
    const std::size_t q = static_cast<std::size_t>(static_cast<const char*>(quote) - base);
    // An odd run of backslashes escapes the quote. The run ends at the opening quote at the latest,
    // which compact() always keeps.
    std::size_t backslashes = 0;
    while (backslashes < q && base[q - 1 - backslashes] == '\\') ++backslashes;
    pos_ = q + 1;
    if (backslashes % 2 == 0) {
      inString_ = false;
      return true;
    }
  }
}

void TraceJsonSplitter::scan() {
  while (pos_ < end_) {
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
          bareArray_ = true;
          entryStarted_ = false;
          commaSeen_ = false;
          eventsStart_ = ++pos_;
        } else {
          state_ = State::Other;
          valueStart_ = pos_;
        }
        break;
      }
      case State::KeyOrEnd:
      case State::KeyAfterComma: {
        while (pos_ < end_ && isSpace(buf_[pos_])) ++pos_;
        if (pos_ == end_) return;
        const char c = buf_[pos_++];
        if (c == '"') {
          keyStart_ = pos_;
          inString_ = true;
          state_ = State::Key;
        } else if (c == '}' && state_ == State::KeyOrEnd) {
          state_ = State::Done;
        } else {
          invalid(std::string("a key expected at the top level, found '") + c + "'");
        }
        break;
      }
      case State::Key:
        if (scanString()) {
          keyEnd_ = pos_ - 1;
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
        inString_ = false;
        if (buf_[pos_] == '[' && isTraceEventsKey({buf_.data() + keyStart_, keyEnd_ - keyStart_})) {
          state_ = State::Events;
          eventsStart_ = ++pos_;
          lastComma_ = 0;
          entryStarted_ = false;
          commaSeen_ = false;
        } else {
          state_ = State::Value;
          valueStart_ = pos_;
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
          invalid(std::string("',' or '}' expected at the top level, found '") + c + "'");
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
    if (inString_) {
      if (!scanString()) return;
      continue;
    }
    const char c = buf_[pos_];
    if (!kStructural[static_cast<unsigned char>(c)]) {
      ++pos_;
      continue;
    }
    if (c == '"') {
      inString_ = true;
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
  piece_.insert(piece_.end(), buf_.begin() + static_cast<std::ptrdiff_t>(keyStart_ - 1),
                buf_.begin() + static_cast<std::ptrdiff_t>(keyEnd_ + 1));
  piece_.push_back(':');
  piece_.insert(piece_.end(), buf_.begin() + static_cast<std::ptrdiff_t>(valueStart_),
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
    if (inString_) {
      pos_ = i;
      if (!scanString()) return;
      i = pos_;
      continue;
    }
    const auto c = static_cast<unsigned char>(p[i]);
    if (!kStructural[c]) {
      // Between entries only a scalar entry (1, true, null) starts with such a byte.
      if (depth_ == 0 && !isSpace(static_cast<char>(c))) entryStarted_ = true;
      ++i;
      continue;
    }
    if (depth_ == 0 && c != ',' && c != ']') entryStarted_ = true;
    switch (c) {
      case '"':
        inString_ = true;
        break;
      case '{':
      case '[':
        ++depth_;
        break;
      case ',':
        if (depth_ == 0) {
          if (!entryStarted_) invalid("an empty entry in traceEvents: two commas, or one before the first");
          entryStarted_ = false;
          commaSeen_ = true;
          lastComma_ = i;
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
          if (commaSeen_ && !entryStarted_) invalid("a comma before the ']' that ends traceEvents");
          pos_ = i + 1;
          emitBatch(eventsStart_, i);
          lastComma_ = 0;
          state_ = bareArray_ ? State::Done : State::CommaOrEnd;
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
