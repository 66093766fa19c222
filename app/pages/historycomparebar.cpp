// SPDX-License-Identifier: GPL-3.0-or-later
#include "historycomparebar.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QSpinBox>

namespace {
constexpr qint64 HourMs = 3600000;
} // namespace

HistoryCompareBar::HistoryCompareBar(QWidget *parent)
    : QWidget(parent)
    , m_mode(new QComboBox(this))
    , m_queue(new QComboBox(this))
    , m_hours(new QSpinBox(this))
{
    m_mode->setObjectName(QStringLiteral("historyCompare"));
    m_mode->setAccessibleName(tr("Compare with"));
    m_mode->addItem(tr("No comparison"), int(Mode::None));
    m_mode->addItem(tr("Compare with a queue"), int(Mode::Queue));
    m_mode->addItem(tr("Compare with the period before"), int(Mode::PreviousPeriod));
    m_mode->addItem(tr("Compare with yesterday"), int(Mode::Yesterday));
    m_mode->addItem(tr("Compare with hours earlier"), int(Mode::Offset));
    m_queue->setObjectName(QStringLiteral("historyCompareQueue"));
    m_queue->setAccessibleName(tr("Queue compared with"));
    m_queue->addItem(tr("All queues"), QString());
    m_hours->setObjectName(QStringLiteral("historyCompareHours"));
    m_hours->setAccessibleName(tr("Hours earlier"));
    // Up to the 90 days a history keeps.
    m_hours->setRange(1, 90 * 24);
    m_hours->setValue(168);
    m_hours->setSuffix(tr(" h earlier"));

    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_mode);
    layout->addWidget(m_queue);
    layout->addWidget(m_hours);
    updateVisibility();
    connect(m_mode, &QComboBox::currentIndexChanged, this, [this] {
        updateVisibility();
        emit changed();
    });
    connect(m_queue, &QComboBox::currentIndexChanged, this, &HistoryCompareBar::changed);
    connect(m_hours, &QSpinBox::valueChanged, this, &HistoryCompareBar::changed);
}

HistoryCompareBar::Mode HistoryCompareBar::mode() const
{
    return Mode(m_mode->currentData().toInt());
}

QString HistoryCompareBar::otherQueue() const
{
    return m_queue->currentData().toString();
}

qint64 HistoryCompareBar::offsetMs(qint64 rangeSpanMs) const
{
    switch (mode()) {
    case Mode::PreviousPeriod: return rangeSpanMs;
    case Mode::Yesterday: return 24 * HourMs;
    case Mode::Offset: return m_hours->value() * HourMs;
    case Mode::None:
    case Mode::Queue: return 0;
    }
    return 0;
}

QString HistoryCompareBar::label(qint64 rangeSpanMs) const
{
    switch (mode()) {
    case Mode::Queue: return otherQueue().isEmpty() ? tr("all queues") : otherQueue();
    case Mode::PreviousPeriod: return tr("the period before");
    case Mode::Yesterday: return tr("a day earlier");
    case Mode::Offset: return tr("%n h earlier", nullptr, int(offsetMs(rangeSpanMs) / HourMs));
    case Mode::None: return QString();
    }
    return QString();
}

QString HistoryCompareBar::csvName(qint64 rangeSpanMs) const
{
    // English, for scripts: the offset in minutes, which any range and offset give exactly.
    if (mode() == Mode::Queue)
        return otherQueue().isEmpty() ? QStringLiteral("all queues") : otherQueue();
    if (mode() == Mode::None)
        return QString();
    return QStringLiteral("%1 min earlier").arg(offsetMs(rangeSpanMs) / 60000);
}

void HistoryCompareBar::setQueues(const QStringList &sorted)
{
    QStringList shown;
    for (int i = 1; i < m_queue->count(); ++i)
        shown << m_queue->itemData(i).toString();
    if (shown == sorted)
        return;
    const QString chosen = otherQueue();
    const QSignalBlocker quiet(m_queue);
    while (m_queue->count() > 1)
        m_queue->removeItem(1);
    for (const QString &name : sorted)
        m_queue->addItem(name, name);
    if (!chosen.isEmpty() && !sorted.contains(chosen))
        m_queue->addItem(chosen, chosen);
    m_queue->setCurrentIndex(std::max(0, m_queue->findData(chosen)));
}

void HistoryCompareBar::choose(Mode mode, const QString &queue, int hours)
{
    const QSignalBlocker quietQueue(m_queue);
    const QSignalBlocker quietHours(m_hours);
    if (mode == Mode::Queue) {
        if (m_queue->findData(queue) < 0)
            m_queue->addItem(queue, queue);
        m_queue->setCurrentIndex(m_queue->findData(queue));
    }
    if (hours > 0)
        m_hours->setValue(hours);
    const int index = m_mode->findData(int(mode));
    if (index == m_mode->currentIndex())
        emit changed();
    else
        m_mode->setCurrentIndex(index);
}

void HistoryCompareBar::updateVisibility()
{
    m_queue->setVisible(mode() == Mode::Queue);
    m_hours->setVisible(mode() == Mode::Offset);
}
