// Every file the GUI writes (the --screenshot PNG, File ▸ Export, Export this range) is checked and
// written as the CLI's outputs are: never one of the files the window opened, whatever name reaches it
// (store/output_check.h), a regular file through a temporary renamed over it, a device or /dev/stdout
// written through (store/atomic_file.h). The GUI has no rule of its own here.
#pragma once

#include <QImage>
#include <string>
#include <string_view>
#include <vector>

namespace feedscope::ui {

// Throws io::InputError with one line when `path` cannot be an output (a folder, a folder that does
// not exist) or is the same file as one of `inputs` (a folder among them stands for its trace files).
void checkOutput(const std::string& path, const std::vector<std::string>& inputs,
                 std::string_view advice = "choose another file");

// checkOutput, then `image` as a PNG (`quality` as QImage::save takes it: 0 the smallest file).
// Throws io::InputError or io::OutputError; the old file, if any, is left as it was.
void writePng(const QImage& image, const std::string& path, const std::vector<std::string>& inputs,
              int quality = -1, std::string_view advice = "choose another file");

}  // namespace feedscope::ui
