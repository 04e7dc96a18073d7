// Format detection and loading of any supported input.
#include "io/open_input.h"

#include <cctype>

#include "io/file_bytes.h"
#include "io/input_error.h"
#include "io/session_store.h"

namespace feedscope::io {

InputFormat detectInputFormat(const std::string& path) {
  std::string head = readFileHead(path, 64);
  if (looksLikeSqlite(head)) return InputFormat::Session;
  if (looksGzip(head)) return InputFormat::KinetoJson;  // gzip: a compressed trace (checked when parsed)
  for (char c : head) {
    if (std::isspace(static_cast<unsigned char>(c))) continue;
    return (c == '{' || c == '[') ? InputFormat::KinetoJson : InputFormat::Unknown;
  }
  return InputFormat::Unknown;
}

trace::Session openInput(const std::string& path, const ProgressFn& progress) {
  switch (detectInputFormat(path)) {
    case InputFormat::Session:
      return loadSession(path);
    case InputFormat::KinetoJson: {
      trace::Session session;
      importKinetoFile(path, session, {}, progress);
      return session;
    }
    case InputFormat::Unknown:
      break;
  }
  throw InputError(path + ": unrecognised format (expected a .feedscope session or a Kineto/PyTorch-profiler "
                          "trace .json or .json.gz)");
}

}  // namespace feedscope::io
