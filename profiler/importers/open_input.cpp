// Format detection and loading of any supported input.
#include "importers/open_input.h"

#include <cctype>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <memory>
#include <optional>

#include "read/decompressed_stream.h"
#include "read/file_bytes.h"
#include "io/input_error.h"
#include "importers/nsys_import.h"
#include "store/session_store.h"
#include "store/sqlite_handle.h"
#include "store/sqlite_header.h"

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

trace::Session foreignSqlite(const std::string& path) {
  throw InputError(path + ": an SQLite database that is neither a Feedscope session nor an Nsight Systems "
                          "export (make one with `nsys export --type sqlite`)");
}

trace::Session unrecognised(const std::string& path) {
  throw InputError(path + ": unrecognised format (expected a .feedscope session, a Kineto/PyTorch-profiler "
                          "trace .json or .json.gz, or an Nsight Systems SQLite export)");
}

bool looksJson(std::string_view head) {
  for (char c : head) {
    if (std::isspace(static_cast<unsigned char>(c))) continue;
    return c == '{' || c == '[';
  }
  return false;
}

// A pipe (`report <(zcat t.json.gz)`, a FIFO) is read once, as a stream, and recognised from its
// first bytes: opening it again to read it would wait for a writer that has gone. A trace is
// imported as it streams; an SQLite database (a session, an nsys export) is read into memory.
trace::Session openStream(const std::string& path, const ProgressFn& progress, KeptArguments kept,
                          ReadThreads threads) {
  std::unique_ptr<FILE, int (*)(FILE*)> f(std::fopen(path.c_str(), "rb"), &std::fclose);
  if (!f) throw InputError(path + ": cannot open (" + std::strerror(errno) + ")");
  DecompressedStream in(f.get(), path, 0, {});
  // Enough for SQLite's whole header, read to the end of what the pipe holds if shorter.
  std::string head(kSqliteHeaderBytes, '\0');
  std::size_t got = 0;
  while (got < head.size()) {
    std::size_t n = in.read(head.data() + got, head.size() - got);
    if (n == 0) break;
    got += n;
  }
  head.resize(got);
  if (head.empty()) throw InputError(path + (in.isGzip() ? ": empty file (after decompression)" : ": empty file"));
  trace::Session session;
  if (!in.isGzip() && looksLikeSqlite(head)) {
    // The header is checked before anything more is buffered; when it states the database's size,
    // a stream longer than that is refused as soon as it is.
    if (std::string problem = sqliteHeaderProblem(head); !problem.empty()) {
      throw InputError(path + ": not a readable database (" + problem + ")");
    }
    const std::optional<std::uint64_t> stated = sqliteSizeFromHeader(head);
    ByteBuffer all(std::size_t{1} << 20);
    all.append(head.data(), head.size());
    for (;;) {
      if (all.size() == all.capacity()) all.reserve(all.capacity() * 2);
      std::size_t n = in.read(all.data() + all.size(), all.capacity() - all.size());
      if (n == 0) break;
      all.setSize(all.size() + n);
      if (stated && all.size() > *stated) {
        throw InputError(path + ": not a readable database (longer than the " + std::to_string(*stated) +
                         " bytes its header states)");
      }
    }
    std::string_view data = all.view();
    SqliteDb db = openSqliteFromMemory(data, path);
    if (db.queryInt("PRAGMA application_id", 0, path) == kSessionApplicationId) {
      return loadSessionFromMemory(data, path);
    }
    if (!looksLikeNsysExport(db)) return foreignSqlite(path);
    session.runs.push_back(importNsysDatabase(db, session.strings, runNameFromPath(path), path, progress, kept));
    session.runs.back().source = "nsys:" + session.runs.back().name;
    return session;
  }
  if (!looksJson(head)) return unrecognised(path);
  StreamImportOptions options;
  options.arguments = kept;
  options.threaded = threads == ReadThreads::Auto && usableCores() > 1;
  session.runs.push_back(importKinetoStream(in, session.strings, runNameFromPath(path), path, progress, head, options));
  session.runs.back().source = "kineto:" + session.runs.back().name;
  return session;
}

}  // namespace

InputFormat detectInputFormat(const std::string& path) {
  if (inputKindOf(path) == InputKind::Pipe) {
    throw InputError(path + ": a pipe; here only a regular file will do");
  }
  std::string head = readFileHead(path, 64);
  if (looksLikeSqlite(head)) return sqliteFormat(path);
  if (looksGzip(head)) return InputFormat::KinetoJson;  // gzip: a compressed trace (checked when parsed)
  return looksJson(head) ? InputFormat::KinetoJson : InputFormat::Unknown;
}

trace::Session openInput(const std::string& path, const ProgressFn& progress, KeptArguments kept,
                         ReadThreads threads) {
  if (inputKindOf(path) == InputKind::Pipe) return openStream(path, progress, kept, threads);
  switch (detectInputFormat(path)) {
    case InputFormat::Session:
      return loadSession(path);
    case InputFormat::KinetoJson: {
      trace::Session session;
      importKinetoFile(path, session, {}, progress, kept, threads);
      return session;
    }
    case InputFormat::NsysSqlite: {
      trace::Session session;
      importNsysFile(path, session, {}, progress, kept);
      return session;
    }
    case InputFormat::ForeignSqlite:
      return foreignSqlite(path);
    case InputFormat::Unknown:
      break;
  }
  return unrecognised(path);
}

}  // namespace feedscope::io
