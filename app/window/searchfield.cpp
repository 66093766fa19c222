// SPDX-License-Identifier: GPL-3.0-or-later
#include "searchfield.h"

#include <QDragEnterEvent>
#include <QDropEvent>
#include <QMimeData>

namespace {
QString firstLine(const QMimeData *mime)
{
    if (!mime || !mime->hasText())
        return {};
    for (const QString &line : mime->text().split(QLatin1Char('\n'))) {
        const QString trimmed = line.trimmed();
        if (!trimmed.isEmpty())
            return trimmed;
    }
    return {};
}
} // namespace

SearchField::SearchField(QWidget *parent)
    : QLineEdit(parent)
{
    setAcceptDrops(true);
    connect(this, &QLineEdit::returnPressed, this, &SearchField::request);
}

void SearchField::request()
{
    const QString text = this->text().trimmed();
    if (!text.isEmpty())
        emit searchRequested(text);
}

void SearchField::dragEnterEvent(QDragEnterEvent *event)
{
    acceptText(event);
}

void SearchField::dragMoveEvent(QDragMoveEvent *event)
{
    acceptText(event);
}

void SearchField::dropEvent(QDropEvent *event)
{
    const QString text = acceptText(event);
    if (text.isEmpty())
        return;
    setText(text);
    setFocus(Qt::OtherFocusReason);
    request();
}

QString SearchField::acceptText(QDropEvent *event)
{
    const QString text = firstLine(event->mimeData());
    if (text.isEmpty()) {
        event->ignore();
        return {};
    }
    // Copy, never move: a jid dragged out of another field stays there.
    event->setDropAction(Qt::CopyAction);
    event->accept();
    return text;
}
