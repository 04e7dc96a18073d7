// The search bar above the timeline (docs/gui.md convention 2: `/` or Ctrl+F): a name to look for, the
// match count and position ("3 / 41"), Enter and Shift+Enter to step, Esc to close. It only edits and
// reports; the timeline searches, selects and shows.
#pragma once

#include <QTimer>
#include <QWidget>

class QLabel;
class QLineEdit;
class QToolButton;

namespace feedscope::ui {

class SearchBar : public QWidget {
  Q_OBJECT

 public:
  explicit SearchBar(QWidget* parent = nullptr);

  // Shows the bar with the text selected and the keyboard in it.
  void open();
  // Opens the bar with `text` searched at once (the command line's --search).
  void openWith(const QString& text);
  QString query() const;
  QLineEdit* edit() const { return edit_; }
  // "3 / 41", "41 matches" (none selected yet), "no match".
  void showPosition(std::size_t count, long current);
  QString positionText() const;

 signals:
  // The text changed (after a short pause while typing, at once on Enter).
  void queryChanged(const QString& query);
  void step(bool forward);
  // Esc or the close button: the search is over.
  void closed();

 protected:
  bool eventFilter(QObject* watched, QEvent* event) override;

 private:
  void commitQuery();
  void close();

  QLineEdit* edit_;
  QLabel* position_;
  QTimer typing_;
  QString committed_;
};

}  // namespace feedscope::ui
