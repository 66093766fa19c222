// SPDX-License-Identifier: GPL-3.0-or-later
#include "jiddragsource.h"

#include <QAbstractItemView>
#include <QApplication>
#include <QDrag>
#include <QMimeData>
#include <QMouseEvent>

JidDragSource::JidDragSource(QAbstractItemView *view, std::function<QList<QByteArray>()> jids)
    : QObject(view)
    , m_view(view)
    , m_jids(std::move(jids))
{}

void JidDragSource::install(QAbstractItemView *view, std::function<QList<QByteArray>()> jids)
{
    view->viewport()->installEventFilter(new JidDragSource(view, std::move(jids)));
}

QMimeData *JidDragSource::mimeFor(const QList<QByteArray> &jids)
{
    QStringList lines;
    for (const QByteArray &jid : jids)
        lines.append(QString::fromUtf8(jid));
    auto *mime = new QMimeData;
    mime->setText(lines.join(QLatin1Char('\n')));
    return mime;
}

bool JidDragSource::eventFilter(QObject *watched, QEvent *event)
{
    if (event->type() == QEvent::MouseButtonPress) {
        const auto *press = static_cast<QMouseEvent *>(event);
        m_pressedOnRow = press->button() == Qt::LeftButton && m_view->indexAt(press->position().toPoint()).isValid();
        m_pressedAt = press->position().toPoint();
    } else if (event->type() == QEvent::MouseButtonRelease) {
        m_pressedOnRow = false;
    } else if (event->type() == QEvent::MouseMove && m_pressedOnRow) {
        const auto *move = static_cast<QMouseEvent *>(event);
        if (!(move->buttons() & Qt::LeftButton)) {
            m_pressedOnRow = false;
        } else if ((move->position().toPoint() - m_pressedAt).manhattanLength() >= QApplication::startDragDistance()) {
            m_pressedOnRow = false;
            const QList<QByteArray> jids = m_jids();
            if (!jids.isEmpty()) {
                auto *drag = new QDrag(m_view);
                drag->setMimeData(mimeFor(jids));
                drag->exec(Qt::CopyAction); // a jid is copied, never taken out of the list
                return true;
            }
        }
    }
    return QObject::eventFilter(watched, event);
}
