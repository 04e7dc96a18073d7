// Opening whatever file a user names: a .feedscope session, a Kineto trace (.json, .json.gz) or an
// Nsight Systems SQLite export, recognised by content, not by extension.
#pragma once

#include <string>

#include "importers/kineto_import.h"
#include "trace/session.h"

namespace feedscope::io {

enum class InputFormat { Session, KinetoJson, NsysSqlite, ForeignSqlite, Unknown };

// Looks at the first bytes (and, for an SQLite file, at its application id and tables); throws
// InputError for a missing, empty or unreadable file.
InputFormat detectInputFormat(const std::string& path);

// Loads a session, or imports a trace as a one-run session; throws InputError with one line.
// `kept`: whose arguments the imported intervals keep (a session keeps what it stored).
// `threads`: One when other reads run beside this one (read/read_threads.h).
trace::Session openInput(const std::string& path, const ProgressFn& progress = {},
                         KeptArguments kept = KeptArguments::All, ReadThreads threads = ReadThreads::Auto);

}  // namespace feedscope::io
