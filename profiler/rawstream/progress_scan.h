// Counts the records written so far to the raw streams of a folder, cheaply and repeatedly, for the
// recording heartbeat: only chunk headers are read, and each file is resumed where the last scan ended.
#pragma once

#include <cstdint>
#include <map>
#include <string>

namespace feedscope::rawstream {

class ProgressScanner {
 public:
  explicit ProgressScanner(std::string folder) : folder_(std::move(folder)) {}

  struct Totals {
    std::uint64_t streams = 0;  // .fsraw files, one per process that initialised CUDA
    std::uint64_t records = 0;
    std::uint64_t bytes = 0;
  };
  // Reads the chunk headers written since the previous call; never throws.
  Totals scan();

 private:
  struct FileState {
    std::uint64_t offset = 0;  // where the next chunk header starts; 0 before the file header is read
    std::uint64_t records = 0;
    bool stopped = false;  // a bad chunk header: the reader will say what is wrong later
  };
  std::string folder_;
  std::map<std::string, FileState> files_;
};

}  // namespace feedscope::rawstream
