// The one palette (present/palette.h) as Qt colours.
#pragma once

#include <QColor>

#include "present/palette.h"

namespace feedscope::ui {

inline QColor toQColor(present::Rgb c) {
  return QColor(present::red(c), present::green(c), present::blue(c));
}

// The palette's theme for a widget palette: dark when its base colour is dark.
inline present::Theme themeOf(const QColor& base) {
  return base.lightness() < 128 ? present::Theme::Dark : present::Theme::Light;
}

}  // namespace feedscope::ui
