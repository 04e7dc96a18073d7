// Median-cut palette for documentation screenshots (see screenshot_palette.h).
#include "screenshot_palette.h"

#include <QHash>
#include <QList>
#include <algorithm>
#include <cmath>
#include <vector>

namespace feedscope::gui {

// 256 colours keep documentation screenshots small. Qt's own palette for an image with more colours is
// a uniform colour cube, which turns the antialiased edges of thin chart lines into white or navy specks
// and shifts small swatches to a neighbouring hue. A median cut (split the colour box with the widest
// channel at its median, 256 times) gives distinct hues boxes of their own and the antialiasing greys
// the shades between them.
QImage toSmallImage(const QImage& image) {
  QImage rgb = image.convertToFormat(QImage::Format_RGB32);
  QHash<QRgb, qsizetype> counts;
  for (int y = 0; y < rgb.height(); ++y) {
    const auto* line = reinterpret_cast<const QRgb*>(rgb.constScanLine(y));
    for (int x = 0; x < rgb.width(); ++x) ++counts[line[x] | 0xff000000u];
  }
  struct Entry {
    int channel[3];
    qsizetype count;
  };
  std::vector<Entry> entries;
  entries.reserve(static_cast<std::size_t>(counts.size()));
  for (auto it = counts.cbegin(); it != counts.cend(); ++it)
    entries.push_back({{qRed(it.key()), qGreen(it.key()), qBlue(it.key())}, it.value()});
  struct Box {
    std::size_t begin, end;
  };
  auto widest = [&](const Box& b, int* channel) {
    int best = -1;
    for (int c = 0; c < 3; ++c) {
      int lo = 255, hi = 0;
      for (std::size_t i = b.begin; i < b.end; ++i) {
        lo = std::min(lo, entries[i].channel[c]);
        hi = std::max(hi, entries[i].channel[c]);
      }
      if (hi - lo > best) {
        best = hi - lo;
        *channel = c;
      }
    }
    return best;
  };
  std::vector<Box> boxes{{0, entries.size()}};
  while (boxes.size() < 256) {
    std::size_t pick = boxes.size();
    int pickRange = 0, pickChannel = 0;
    for (std::size_t k = 0; k < boxes.size(); ++k) {
      if (boxes[k].end - boxes[k].begin < 2) continue;
      int channel = 0;
      int range = widest(boxes[k], &channel);
      if (range > pickRange) {
        pick = k;
        pickRange = range;
        pickChannel = channel;
      }
    }
    if (pick == boxes.size()) break;  // every box is one colour
    Box box = boxes[pick];
    auto first = entries.begin() + static_cast<std::ptrdiff_t>(box.begin);
    auto last = entries.begin() + static_cast<std::ptrdiff_t>(box.end);
    std::sort(first, last, [&](const Entry& a, const Entry& b) {
      return a.channel[pickChannel] < b.channel[pickChannel];
    });
    qsizetype total = 0, running = 0;
    for (auto it = first; it != last; ++it) total += it->count;
    std::size_t split = box.begin + 1;
    for (std::size_t i = box.begin; i + 1 < box.end; ++i) {
      running += entries[i].count;
      split = i + 1;
      if (2 * running >= total) break;
    }
    boxes[pick] = {box.begin, split};
    boxes.push_back({split, box.end});
  }
  QList<QRgb> table;
  for (const Box& b : boxes) {
    double sum[3] = {0, 0, 0};
    double weight = 0;
    for (std::size_t i = b.begin; i < b.end; ++i) {
      for (int c = 0; c < 3; ++c) sum[c] += static_cast<double>(entries[i].channel[c] * entries[i].count);
      weight += static_cast<double>(entries[i].count);
    }
    table.push_back(qRgb(static_cast<int>(std::lround(sum[0] / weight)),
                         static_cast<int>(std::lround(sum[1] / weight)),
                         static_cast<int>(std::lround(sum[2] / weight))));
  }
  return rgb.convertToFormat(QImage::Format_Indexed8, table, Qt::ThresholdDither);
}

}  // namespace feedscope::gui
