// Run name elision in pixels: the character rule of view/elide.h, at the most characters that fit.
#include "ui/run_name_elision.h"

#include <algorithm>
#include <string>
#include <vector>

#include "view/elide.h"

namespace feedscope::ui {

QStringList elideRunNames(const QStringList& names, const QFontMetrics& metrics, int widthPx) {
  widthPx = std::max(widthPx, metrics.horizontalAdvance(QStringLiteral("ab…yz")));
  std::vector<std::string> full;
  std::size_t widest = 0;
  for (const QString& n : names) {
    full.push_back(n.toStdString());
    widest = std::max(widest, view::codePointCount(full.back()));
  }
  auto toQt = [](const std::vector<std::string>& v) {
    QStringList out;
    for (const auto& s : v) out << QString::fromStdString(s);
    return out;
  };
  auto fits = [&](const QStringList& shown) {
    return std::all_of(shown.begin(), shown.end(),
                       [&](const QString& s) { return metrics.horizontalAdvance(s) <= widthPx; });
  };
  if (fits(names)) return names;
  // Fewer characters until every name fits; an average character's width tells where to start.
  const std::size_t guess = static_cast<std::size_t>(widthPx / std::max(1, metrics.averageCharWidth())) + 4;
  for (std::size_t chars = std::min(widest, guess); chars > 5; --chars) {
    QStringList shown = toQt(view::distinctNames(full, chars));
    if (fits(shown)) return shown;
  }
  return toQt(view::distinctNames(full, 5));
}

QString withShortRunNames(const QString& text, const std::vector<std::string>& names, std::size_t maxChars) {
  return withShortRunNames(text, names, view::distinctNames(names, maxChars));
}

QString withShortRunNames(const QString& text, const std::vector<std::string>& names,
                          const std::vector<std::string>& shown) {
  // Longest first, so that a name inside another ("a" in "a (2)") is not replaced in it.
  std::vector<std::size_t> order(names.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return names[a].size() > names[b].size(); });
  QString out = text;
  for (std::size_t i : order) {
    if (shown[i] != names[i]) out.replace(QString::fromStdString(names[i]), QString::fromStdString(shown[i]));
  }
  return out;
}

}  // namespace feedscope::ui
