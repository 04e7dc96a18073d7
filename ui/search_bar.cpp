// Search bar: typing, stepping and closing.
#include "ui/search_bar.h"

#include <QHBoxLayout>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QToolButton>

namespace feedscope::ui {
namespace {

// Long enough that typing a word searches once at the end, short enough to feel immediate.
constexpr int kTypingPauseMs = 180;

}  // namespace

SearchBar::SearchBar(QWidget* parent) : QWidget(parent), edit_(new QLineEdit), position_(new QLabel) {
  setObjectName("searchBar");
  edit_->setObjectName("searchEdit");
  edit_->setPlaceholderText(tr("Search kernels, copies, ranges and API calls by name"));
  edit_->setClearButtonEnabled(true);
  edit_->installEventFilter(this);
  position_->setObjectName("searchPosition");
  position_->setMinimumWidth(110);
  auto* previous = new QToolButton;
  previous->setText(QStringLiteral("▲"));
  previous->setToolTip(tr("Previous match (Shift+Enter)"));
  auto* next = new QToolButton;
  next->setText(QStringLiteral("▼"));
  next->setToolTip(tr("Next match (Enter)"));
  auto* closeButton = new QToolButton;
  closeButton->setText(QStringLiteral("✕"));
  closeButton->setToolTip(tr("Close the search (Esc)"));
  auto* row = new QHBoxLayout(this);
  row->setContentsMargins(6, 2, 6, 2);
  row->addWidget(new QLabel(tr("Find:")));
  row->addWidget(edit_, 1);
  row->addWidget(position_);
  row->addWidget(previous);
  row->addWidget(next);
  row->addWidget(closeButton);
  typing_.setSingleShot(true);
  typing_.setInterval(kTypingPauseMs);
  connect(&typing_, &QTimer::timeout, this, &SearchBar::commitQuery);
  connect(edit_, &QLineEdit::textEdited, this, [this] { typing_.start(); });
  connect(previous, &QToolButton::clicked, this, [this] {
    commitQuery();
    emit step(false);
  });
  connect(next, &QToolButton::clicked, this, [this] {
    commitQuery();
    emit step(true);
  });
  connect(closeButton, &QToolButton::clicked, this, &SearchBar::close);
  hide();
}

void SearchBar::open() {
  show();
  edit_->setFocus(Qt::ShortcutFocusReason);
  edit_->selectAll();
  commitQuery();
}

void SearchBar::openWith(const QString& text) {
  edit_->setText(text);
  open();
}

QString SearchBar::query() const {
  return edit_->text().trimmed();
}

void SearchBar::commitQuery() {
  typing_.stop();
  if (query() == committed_) return;
  committed_ = query();
  emit queryChanged(committed_);
}

void SearchBar::close() {
  typing_.stop();
  hide();
  committed_.clear();
  emit queryChanged(QString());
  emit closed();
}

void SearchBar::showPosition(std::size_t count, long current) {
  if (query().isEmpty()) {
    position_->clear();
  } else if (count == 0) {
    position_->setText(tr("no match"));
  } else if (current < 0) {
    position_->setText(tr("%n match(es)", "", static_cast<int>(count)));
  } else {
    position_->setText(QStringLiteral("%1 / %2").arg(current + 1).arg(count));
  }
}

QString SearchBar::positionText() const {
  return position_->text();
}

bool SearchBar::eventFilter(QObject* watched, QEvent* event) {
  if (watched != edit_) return QWidget::eventFilter(watched, event);
  if (event->type() == QEvent::ShortcutOverride) {
    // Esc belongs to the bar while it has the keyboard, not to the window's "clear selection".
    auto* key = static_cast<QKeyEvent*>(event);
    if (key->key() == Qt::Key_Escape) {
      event->accept();
      return true;
    }
  }
  if (event->type() == QEvent::KeyPress) {
    auto* key = static_cast<QKeyEvent*>(event);
    if (key->key() == Qt::Key_Return || key->key() == Qt::Key_Enter) {
      commitQuery();
      emit step(!(key->modifiers() & Qt::ShiftModifier));
      return true;
    }
    if (key->key() == Qt::Key_Escape) {
      close();
      return true;
    }
  }
  return QWidget::eventFilter(watched, event);
}

}  // namespace feedscope::ui
