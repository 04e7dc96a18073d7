// What the About box says (versions of Feedscope and the libraries it runs with), the window icon,
// and where the bundled sample traces are.
#pragma once

#include <QIcon>
#include <QString>
#include <QStringList>

namespace feedscope::ui {

QString versionText();
// Drawn in code so the window has an icon without an image plugin; resources/icons/feedscope.svg
// is the same picture for the desktop.
QIcon applicationIcon();
// The bundled samples folder: installed (<prefix>/share/feedscope/samples beside bin/) or the source
// tree's resources/samples for a build that is not installed. Empty when neither exists.
QString samplesDir(const QString& applicationDir);
// The samples opened when no file is given: the plain loop and the prefetching loop, side by side.
QStringList defaultSampleFiles(const QString& applicationDir);

}  // namespace feedscope::ui
