// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QLabel>

// A one-line label that gives up width before the window does: its text is cut in the middle
// ("/var/run/…/redis.sock") when the room is short, and the whole text is its tooltip. Its
// minimum width is a few characters, whatever the text, so a long server description (a unix
// socket path, a Sentinel master with its hosts) cannot make the window wider than the screen.
class ElidedLabel final : public QLabel
{
    Q_OBJECT

public:
    explicit ElidedLabel(QWidget *parent = nullptr);

    void setFullText(const QString &text);
    QString fullText() const { return m_full; }
    bool isElided() const { return text() != m_full; }

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    void resizeEvent(QResizeEvent *event) override;
    void changeEvent(QEvent *event) override;

private:
    void elide();
    int margins() const; // left and right, around the text

    QString m_full;
};
