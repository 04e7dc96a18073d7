// The arguments of a run's intervals as the trace wrote them: one JSON object text per interval that
// has any (a kernel's grid, block, registers and occupancy; an operator's input shapes; a
// collective's process group, sequence number and message size). An interval refers to its text by
// an ArgumentsId (IntervalColumns::arguments); 0 is "none". Kept as text, not parsed into values:
// most are never looked at, and the text is what an export writes back (docs/file-formats.md,
// "Arguments"); trace/argument_fields.h reads one into fields when it is shown or matched.
//
// Held packed (trace/argument_packing.h): each distinct skeleton once, per text its skeleton's id and
// its values, so that a million intervals' arguments cost tens of MB, not hundreds
// (docs/performance.md, "Arguments").
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace feedscope::trace {

using ArgumentsId = std::uint32_t;

class RunArguments {
 public:
  // Stores `json` (a JSON object's text) and returns its id; an empty text is not stored (0).
  ArgumentsId add(std::string_view json);
  // The text of `id`, byte for byte as added; empty for 0 or an id this store does not hold.
  std::string get(ArgumentsId id) const;
  // Texts held (ids 1..count()).
  std::size_t count() const { return ends_.size(); }
  bool empty() const { return ends_.empty(); }
  // The texts' own bytes (what they would take held whole) and what the store takes.
  std::uint64_t textBytes() const { return text_bytes_; }
  std::size_t memoryBytes() const;
  // Gives back the growth slack once no more texts come (a finished run).
  void shrinkToFit();

  // The storage as the session file keeps it (docs/file-formats.md): texts `first + 1 .. first + n`
  // one after another, returned, with where each ends in the run's whole text appended to `ends`
  // (`begin` is where text `first + 1` begins: the end of text `first`).
  std::string texts(std::size_t first, std::size_t n, std::uint64_t begin, std::vector<std::uint64_t>& ends) const;
  // Appends texts read back from a session: `ends` are offsets into the whole text after `text` is
  // appended; returns false (and changes nothing) when they are not increasing or overrun it.
  bool appendStored(std::string_view text, const std::vector<std::uint64_t>& ends);

  // The same texts under the same ids.
  friend bool operator==(const RunArguments& a, const RunArguments& b);

 private:
  // Per text: its skeleton's id + 1 (0: held whole) and its values, in blocks of about kBlockBytes
  // that a text never straddles: growing never copies what is held, and holds at most one block's
  // slack (one string doubling as it grew would copy it all and hold up to as much again).
  std::vector<std::string> blocks_;
  // ends_[id - 1]: where text `id` ends, as block << kBlockShift | offset in the block; it begins
  // where text `id - 1` ends when that is in the same block, else at the start of its block.
  std::vector<std::uint64_t> ends_;
  std::vector<std::string> skeletons_;
  std::unordered_map<std::string, std::uint32_t> skeleton_ids_;
  std::uint64_t text_bytes_ = 0;
  std::string scratch_;  // add()'s skeleton, kept to spare an allocation per text
  std::uint32_t last_skeleton_ = 0;  // the skeleton of the text added last

  std::string_view packedText(ArgumentsId id) const;
};

}  // namespace feedscope::trace
