// Temporary files that must not outlive an interrupted write: removed when SIGINT, SIGTERM or SIGHUP
// ends the process (SIGKILL cannot be caught: removeStaleTemporaries cleans up after that).
#pragma once

namespace feedscope::io {

// Registers `path` for removal on those signals (installing the handlers on first use, chained to
// whatever was installed before); returns a slot for forgetTemporary, or -1 when all slots are taken.
int rememberTemporary(const char* path);
void forgetTemporary(int slot);

}  // namespace feedscope::io
