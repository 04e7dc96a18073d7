// Documentation screenshots as 256-colour images that keep the window's hues.
#pragma once

#include <QImage>

namespace feedscope::gui {

// The image in 256 colours chosen by a median cut of its own colours.
QImage toSmallImage(const QImage& image);

}  // namespace feedscope::gui
