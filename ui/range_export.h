// "Export this range" (docs/gui.md convention 3): the opened runs cut to a time range, as a document the
// existing exporters write unchanged (Chrome trace, CSV, reports: analysed afresh on the cut), and the
// timeline of a range rendered with every lane, whatever the window shows.
#pragma once

#include <QImage>
#include <memory>
#include <vector>

#include "ui/document.h"
#include "view/viewport.h"

namespace feedscope::ui {

// Every run keeps the intervals that overlap `range` (display time of the current alignment), clipped
// to it; the cut runs are analysed as the loader would.
std::shared_ptr<Document> documentOfRange(const Document& doc, view::TimeRange range);

// The timeline over `range` at `width` pixels, every lane of every run from top to bottom; `collapsed`
// as the widget has it (empty: as first shown).
QImage renderTimelineImage(const Document& doc, view::TimeRange range, int width, const std::vector<bool>& collapsed,
                           const QPalette& palette);

}  // namespace feedscope::ui
