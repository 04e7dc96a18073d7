// Format detection and loading of any supported input.
#include "io/open_input.h"

#include <cctype>

#include "io/file_bytes.h"
#include "io/input_error.h"
#include "io/nsys_import.h"
#include "io/session_store.h"
#include "io/sqlite_handle.h"

namespace feedscope::io {

namespace {

// A session carries Feedscope's application id; an nsys export has its tables. A database SQLite
// cannot read is left to loadSession, which says what is wrong with it.
InputFormat sqliteFormat(const std::string& path) {
  try {
    SqliteDb db = openSqliteReadOnly(path);
    if (db.queryInt("PRAGMA application_id", 0, path) == kSessionApplicationId) return InputFormat::Session;
    if (looksLikeNsysExport(db)) return InputFormat::NsysSqlite;
    // Reading the schema proves it a readable database of another program.
    db.queryInt("SELECT count(*) FROM sqlite_master", 0, path);
    return InputFormat::ForeignSqlite;
  } catch (const InputError&) {
  }
  return InputFormat::Session;
}

}  // namespace

InputFormat detectInputFormat(const std::string& path) {
  std::string head = readFileHead(path, 64);
  if (looksLikeSqlite(head)) return sqliteFormat(path);
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
    case InputFormat::NsysSqlite: {
      trace::Session session;
      importNsysFile(path, session, {}, progress);
      return session;
    }
    case InputFormat::ForeignSqlite:
      throw InputError(path + ": an SQLite database that is neither a Feedscope session nor an Nsight Systems "
                              "export (make one with `nsys export --type sqlite`)");
    case InputFormat::Unknown:
      break;
  }
  throw InputError(path + ": unrecognised format (expected a .feedscope session, a Kineto/PyTorch-profiler "
                          "trace .json or .json.gz, or an Nsight Systems SQLite export)");
}

}  // namespace feedscope::io
