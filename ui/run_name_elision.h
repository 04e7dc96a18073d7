// Run names where pixels are short (chart legends, the breakdown's bar labels, table headers, the
// findings): view::distinctNames's rule (keep the words that differ) at the most characters whose
// text fits the pixels in the font's own metrics. Character counts alone cannot know how wide a name
// is drawn; the charts need pixels.
#pragma once

#include <QFontMetrics>
#include <QStringList>
#include <string>
#include <vector>

namespace feedscope::ui {

// Each name in at most `widthPx` pixels of `metrics`, keeping what tells it from the others; names
// that fit stay whole, and no two distinct names end the same text.
QStringList elideRunNames(const QStringList& names, const QFontMetrics& metrics, int widthPx);

// `text` (a verdict, "b: 2.40x the steps per second of a") with every run name of `names` written as
// view::distinctNames writes it in `maxChars`, so that a sentence never carries a 240-character name.
QString withShortRunNames(const QString& text, const std::vector<std::string>& names, std::size_t maxChars);
// The same with the short names given (`shown[i]` for `names[i]`), for a caller that writes many texts.
QString withShortRunNames(const QString& text, const std::vector<std::string>& names,
                          const std::vector<std::string>& shown);

}  // namespace feedscope::ui
