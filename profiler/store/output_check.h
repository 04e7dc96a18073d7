// Checks of an output path before any work, for every program that writes one (the CLI's commands,
// the GUI's screenshot and exports): that it can be written at all, and that writing it would not
// destroy one of the program's own inputs. How the output is then written (a temporary renamed over
// it, a device written through) is store/atomic_file.h.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace feedscope::io {

// Throws InputError with one line when the folder of `path` is missing or not writable.
void requireWritableOutput(const std::string& path);

// Throws InputError (exit 2) when `output` is the same file (device and inode: through any symbolic
// or hard link, any spelling of the path) as one of `inputs`, a folder among them standing for the
// trace files in it (io::traceFilesIn): `report S -o S` would otherwise replace the trace it reads.
// `advice` ends the line: "choose another -o", "choose another --screenshot".
void requireDistinctFiles(const std::string& output, const std::vector<std::string>& inputs,
                          std::string_view advice = "choose another -o");

}  // namespace feedscope::io
