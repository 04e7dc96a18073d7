// The zlib inflater: the fallback that is always there.
#include <zlib.h>

#include <algorithm>
#include <climits>
#include <stdexcept>

#include "read/gzip_inflater.h"
#include "read/inflater_backends.h"

namespace feedscope::io {

namespace {

class ZlibInflater final : public GzipInflater {
 public:
  ZlibInflater() {
    if (inflateInit2(&zs_, 16 + MAX_WBITS) != Z_OK) throw std::bad_alloc();
  }
  ~ZlibInflater() override { inflateEnd(&zs_); }
  ZlibInflater(const ZlibInflater&) = delete;
  ZlibInflater& operator=(const ZlibInflater&) = delete;

  Status inflate(std::uint8_t* out, std::size_t capacity, std::size_t& produced) override {
    // zlib counts in uInt: hand it at most 1 GiB at a time.
    const std::size_t inNow = std::min<std::size_t>(left_, 1u << 30);
    zs_.next_in = const_cast<Bytef*>(next_);
    zs_.avail_in = static_cast<uInt>(inNow);
    zs_.next_out = out;
    zs_.avail_out = static_cast<uInt>(std::min<std::size_t>(capacity, 1u << 30));
    const uInt outBefore = zs_.avail_out;
    int rc = ::inflate(&zs_, Z_NO_FLUSH);
    produced = outBefore - zs_.avail_out;
    const std::size_t consumed = inNow - zs_.avail_in;
    next_ += consumed;
    left_ -= consumed;
    if (rc == Z_STREAM_END) return Status::MemberEnd;
    if (rc == Z_OK || rc == Z_BUF_ERROR) return Status::Progress;  // BUF_ERROR: wants input or room
    error_ = zs_.msg ? zs_.msg : "inflate failed";
    return Status::Corrupt;
  }

  void resetMember() override {
    if (inflateReset(&zs_) != Z_OK) throw std::logic_error("inflateReset failed");
  }

 private:
  z_stream zs_{};
};

}  // namespace

std::unique_ptr<GzipInflater> makeZlibInflater() { return std::make_unique<ZlibInflater>(); }

}  // namespace feedscope::io
