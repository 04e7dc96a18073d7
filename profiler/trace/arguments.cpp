// Argument texts of a run, packed (see arguments.h, argument_packing.h).
#include "trace/arguments.h"

#include <algorithm>
#include <optional>

#include "trace/argument_packing.h"

namespace feedscope::trace {
namespace {

// Past these a text is held whole: a store of a few skeletons stays a few, whatever a trace holds.
constexpr std::size_t kMaxSkeletons = 1 << 16;
constexpr std::size_t kMaxSkeletonBytes = 4096;

// A block of packed texts: 1 MiB, a fraction of a large run's arguments and little for a small one's
// (a text longer than a block gets a block of its own).
constexpr std::size_t kBlockBytes = std::size_t{1} << 20;
constexpr unsigned kBlockShift = 40;  // offsets in a block below 2^40 bytes (1 TiB): more than a trace holds
constexpr std::uint64_t kOffsetMask = (std::uint64_t{1} << kBlockShift) - 1;

}  // namespace

ArgumentsId RunArguments::add(std::string_view json) {
  if (json.empty()) return 0;
  // What a text takes packed is at most twice its bytes (a value's length takes no more bytes than
  // the value) and a few for the ids and lengths: a text that might not fit starts a new block, so a
  // block never grows past what it reserved.
  const std::size_t most = 2 * json.size() + 32;
  if (blocks_.empty() || (!blocks_.back().empty() && blocks_.back().size() + most > blocks_.back().capacity())) {
    blocks_.emplace_back().reserve(std::max(kBlockBytes, most));
  }
  std::string& block = blocks_.back();
  const std::size_t before = block.size();
  bool packed = false;
  // The id goes before the values, and its length is known only after the split: split into the
  // store, then put the id in front (one move of the values, which are short).
  if (splitArguments(json, scratch_, block) && scratch_.size() <= kMaxSkeletonBytes) {
    // Events of a kind come in runs (a stream's kernels, a thread's calls): the skeleton of the last
    // text is tried before the map, which would hash the skeleton each time.
    std::optional<std::uint32_t> skeleton;
    if (last_skeleton_ < skeletons_.size() && skeletons_[last_skeleton_] == scratch_) {
      skeleton = last_skeleton_;
    } else if (auto found = skeleton_ids_.find(scratch_); found != skeleton_ids_.end()) {
      skeleton = found->second;
    } else if (skeletons_.size() < kMaxSkeletons) {
      skeleton = static_cast<std::uint32_t>(skeletons_.size());
      skeleton_ids_.emplace(scratch_, *skeleton);
      skeletons_.push_back(scratch_);
    }
    if (skeleton) {
      last_skeleton_ = *skeleton;
      std::string id;
      appendLength(id, static_cast<std::size_t>(*skeleton) + 1);
      block.insert(before, id);
      packed = true;
    }
  }
  if (!packed) {
    block.resize(before);
    appendLength(block, 0);
    appendLength(block, json.size());
    block.append(json);
  }
  text_bytes_ += json.size();
  ends_.push_back((static_cast<std::uint64_t>(blocks_.size() - 1) << kBlockShift) | block.size());
  return static_cast<ArgumentsId>(ends_.size());
}

std::string_view RunArguments::packedText(ArgumentsId id) const {
  const std::uint64_t end = ends_[id - 1];
  const std::uint64_t block = end >> kBlockShift;
  std::uint64_t begin = 0;
  if (id > 1 && (ends_[id - 2] >> kBlockShift) == block) begin = ends_[id - 2] & kOffsetMask;
  return std::string_view(blocks_[block]).substr(begin, (end & kOffsetMask) - begin);
}

std::string RunArguments::get(ArgumentsId id) const {
  std::string out;
  if (id == 0 || id > ends_.size()) return out;
  std::string_view in = packedText(id);
  std::size_t skeleton = 0, length = 0;
  if (!readLength(in, skeleton)) return out;
  if (skeleton == 0) {
    if (readLength(in, length) && length <= in.size()) out.assign(in.substr(0, length));
    return out;
  }
  // add() wrote what is read here: a failure would be a bug, and yields what was joined so far.
  if (skeleton <= skeletons_.size()) joinArguments(skeletons_[skeleton - 1], in, out);
  return out;
}

std::size_t RunArguments::memoryBytes() const {
  std::size_t bytes = ends_.capacity() * sizeof(std::uint64_t);
  for (const auto& b : blocks_) bytes += b.capacity() + sizeof(std::string);
  for (const auto& s : skeletons_) bytes += 2 * (s.capacity() + sizeof(std::string));  // the list and the map
  return bytes;
}

void RunArguments::shrinkToFit() {
  if (!blocks_.empty()) blocks_.back().shrink_to_fit();
  blocks_.shrink_to_fit();
  ends_.shrink_to_fit();
  scratch_ = std::string();
}

std::string RunArguments::texts(std::size_t first, std::size_t n, std::uint64_t begin,
                                std::vector<std::uint64_t>& ends) const {
  std::string out;
  for (std::size_t id = first + 1; id <= first + n && id <= ends_.size(); ++id) {
    out += get(static_cast<ArgumentsId>(id));
    ends.push_back(begin + out.size());
  }
  return out;
}

bool RunArguments::appendStored(std::string_view text, const std::vector<std::uint64_t>& ends) {
  std::uint64_t previous = text_bytes_;
  const std::uint64_t total = text_bytes_ + text.size();
  for (std::uint64_t end : ends) {
    if (end <= previous || end > total) return false;
    previous = end;
  }
  if (!ends.empty() && ends.back() != total) return false;
  if (ends.empty() && !text.empty()) return false;
  std::uint64_t begin = text_bytes_;
  for (std::uint64_t end : ends) {
    add(text.substr(begin - (total - text.size()), end - begin));
    begin = end;
  }
  return true;
}

bool operator==(const RunArguments& a, const RunArguments& b) {
  if (a.count() != b.count()) return false;
  for (std::size_t id = 1; id <= a.count(); ++id) {
    if (a.get(static_cast<ArgumentsId>(id)) != b.get(static_cast<ArgumentsId>(id))) return false;
  }
  return true;
}

}  // namespace feedscope::trace
