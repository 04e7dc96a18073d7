// The GUI's outputs, through the core's checks and writers.
#include "ui/outputs.h"

#include <QString>

#include "store/atomic_file.h"
#include "io/errors.h"
#include "store/output_check.h"
#include "store/output_target.h"

namespace feedscope::ui {

void checkOutput(const std::string& path, const std::vector<std::string>& inputs, std::string_view advice) {
  io::resolveOutputTarget(path);  // a folder, or one that does not exist, fails here with one line
  io::requireDistinctFiles(path, inputs, advice);
}

void writePng(const QImage& image, const std::string& path, const std::vector<std::string>& inputs, int quality,
              std::string_view advice) {
  checkOutput(path, inputs, advice);
  io::AtomicFile out(path);
  // Qt says only that saving failed: a full disk or a lost folder is the output failing (exit 5).
  if (!image.save(QString::fromStdString(out.tempPath()), "PNG", quality)) {
    throw io::OutputError(path + ": write failed (the image could not be saved)");
  }
  out.commit();
}

}  // namespace feedscope::ui
