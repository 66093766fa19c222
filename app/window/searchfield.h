// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QLineEdit>

// The search field of the connection bar. Text dropped on it (a jid dragged from a job window, a
// terminal, an editor, a chat) replaces what was typed and is looked up at once, as a browser's
// address bar does with a dropped link: a plain line edit would splice it into the old text.
// Several lines dropped: the first that is not blank.
class SearchField final : public QLineEdit
{
    Q_OBJECT

public:
    explicit SearchField(QWidget *parent = nullptr);

signals:
    // Enter was pressed or text was dropped; the text, trimmed and not empty.
    void searchRequested(const QString &text);

protected:
    void dragEnterEvent(QDragEnterEvent *event) override;
    void dragMoveEvent(QDragMoveEvent *event) override;
    void dropEvent(QDropEvent *event) override;

private:
    void request();
    // Takes the drag or drop when it carries a line of text, and returns that line (else empty).
    static QString acceptText(QDropEvent *event);
};
