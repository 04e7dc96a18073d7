// Run names where pixels are short (chart legends, the breakdown's bar labels): cut in the middle with
// the font's own metrics, so that "h200_naive" and "h200_naive (2)" keep the ends that tell them apart.
// Character counts (view/elide.h) cannot know how wide a name is drawn; the charts need pixels.
#pragma once

#include <QFontMetrics>
#include <QStringList>

namespace feedscope::ui {

// Each name cut in the middle to at most `widthPx` pixels in `metrics`. Names that would read the same
// after cutting are given more room, a character at a time, until they differ (full names are
// distinct, so this ends at the latest with them whole).
QStringList elideRunNames(const QStringList& names, const QFontMetrics& metrics, int widthPx);

}  // namespace feedscope::ui
