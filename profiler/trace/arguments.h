// The arguments of a run's intervals as the trace wrote them: one JSON object text per interval that
// has any (a kernel's grid, block, registers and occupancy; an operator's input shapes; a
// collective's process group, sequence number and message size). An interval refers to its text by
// an ArgumentsId (IntervalColumns::arguments); 0 is "none". Kept as text, not parsed into values:
// most are never looked at, and the text is what an export writes back (docs/file-formats.md,
// "Arguments"). io/argument_fields.h reads one into fields when it is shown or matched.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace feedscope::trace {

using ArgumentsId = std::uint32_t;

class RunArguments {
 public:
  // Stores `json` (a JSON object's text) and returns its id; an empty text is not stored (0).
  ArgumentsId add(std::string_view json);
  // The text of `id`; empty for 0 or an id this store does not hold.
  std::string_view get(ArgumentsId id) const;
  // Texts held (ids 1..count()).
  std::size_t count() const { return ends_.size(); }
  bool empty() const { return ends_.empty(); }
  std::size_t memoryBytes() const { return text_.capacity() + ends_.capacity() * sizeof(std::uint64_t); }

  // The storage as the session file keeps it: the texts one after another, and where each ends.
  const std::string& text() const { return text_; }
  const std::vector<std::uint64_t>& ends() const { return ends_; }
  // Appends texts read back from a session: `ends` are offsets into the whole text after `text` is
  // appended; returns false (and changes nothing) when they are not increasing or overrun it.
  bool appendStored(std::string_view text, const std::vector<std::uint64_t>& ends);

  friend bool operator==(const RunArguments&, const RunArguments&) = default;

 private:
  std::string text_;
  std::vector<std::uint64_t> ends_;  // ends_[id - 1] is the end of text `id`; it begins where id - 1 ends
};

}  // namespace feedscope::trace
