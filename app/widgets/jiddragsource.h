// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QList>
#include <QObject>
#include <QPoint>

#include <functional>

class QAbstractItemView;
class QMimeData;

// Lets a job list's rows be dragged out as their jids (plain text, one a line): onto the search
// field, which opens the job, or into a terminal, an editor, a chat. A press on a row and a move
// past the platform's drag distance starts it, as Qt's own item drag does (so dragging across
// rows no longer extends the selection; Shift and Ctrl clicks still do). The model is left alone:
// the jids come from `jids`, read when the drag starts.
class JidDragSource final : public QObject
{
    Q_OBJECT

public:
    static void install(QAbstractItemView *view, std::function<QList<QByteArray>()> jids);
    // What a drag of `jids` carries.
    static QMimeData *mimeFor(const QList<QByteArray> &jids);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    JidDragSource(QAbstractItemView *view, std::function<QList<QByteArray>()> jids);

    QAbstractItemView *m_view;
    std::function<QList<QByteArray>()> m_jids;
    QPoint m_pressedAt;
    bool m_pressedOnRow = false;
};
