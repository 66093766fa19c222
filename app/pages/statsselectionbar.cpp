// SPDX-License-Identifier: GPL-3.0-or-later
#include "statsselectionbar.h"

#include <QCalendarWidget>
#include <QComboBox>
#include <QDateEdit>
#include <QHBoxLayout>
#include <QLabel>
#include <QSignalBlocker>
#include <QTextCharFormat>

namespace {
void setComboData(QComboBox *box, const QString &data)
{
    const int index = box->findData(data);
    if (index >= 0)
        box->setCurrentIndex(index);
}

// Chooses `name` in a queue box, adding it when the box does not list it (yet).
void chooseQueue(QComboBox *box, const QString &name)
{
    if (box->findData(name) < 0)
        box->addItem(name, name);
    setComboData(box, name);
}

QComboBox *queueBox(QWidget *parent)
{
    auto *box = new QComboBox(parent);
    box->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    box->setMinimumContentsLength(14);
    box->addItem(StatsSelectionBar::tr("All queues"), QString());
    return box;
}
} // namespace

StatsSelectionBar::StatsSelectionBar(QWidget *parent)
    : QWidget(parent)
    , m_queueBox(::queueBox(this))
    , m_dayEdit(new QDateEdit(this))
    , m_compareBox(new QComboBox(this))
    , m_compareDayEdit(new QDateEdit(this))
    , m_compareQueueBox(::queueBox(this))
{
    for (QDateEdit *edit : {m_dayEdit, m_compareDayEdit}) {
        edit->setCalendarPopup(true);
        edit->setDisplayFormat(QStringLiteral("yyyy-MM-dd"));
        edit->setToolTip(tr("qless keeps figures per UTC day. Days in bold have figures."));
        connect(edit, &QDateEdit::dateChanged, this, &StatsSelectionBar::changed);
    }
    m_compareDayEdit->setAccessibleName(tr("Day to compare with"));
    m_compareQueueBox->setAccessibleName(tr("Queue to compare with"));
    m_compareBox->addItem(tr("nothing"), int(Compare::Nothing));
    m_compareBox->addItem(tr("another day"), int(Compare::Day));
    m_compareBox->addItem(tr("another queue"), int(Compare::Queue));
    connect(m_compareBox, qOverload<int>(&QComboBox::currentIndexChanged), this, [this] {
        showCompareControls();
        emit changed();
    });
    for (QComboBox *box : {m_queueBox, m_compareQueueBox})
        connect(box, qOverload<int>(&QComboBox::currentIndexChanged), this, &StatsSelectionBar::changed);

    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    // Each label is its control's name to a screen reader and gives its Alt key.
    const auto buddyLabel = [this](const QString &text, QWidget *buddy) {
        auto *label = new QLabel(text, this);
        label->setBuddy(buddy);
        return label;
    };
    layout->addWidget(buddyLabel(tr("&Queue:"), m_queueBox));
    layout->addWidget(m_queueBox);
    layout->addSpacing(12);
    layout->addWidget(buddyLabel(tr("&Day (UTC):"), m_dayEdit));
    layout->addWidget(m_dayEdit);
    layout->addSpacing(12);
    layout->addWidget(buddyLabel(tr("Com&pare with:"), m_compareBox));
    layout->addWidget(m_compareBox);
    layout->addWidget(m_compareDayEdit);
    layout->addWidget(m_compareQueueBox);
    showCompareControls();
}

void StatsSelectionBar::showCompareControls()
{
    m_compareDayEdit->setVisible(compare() == Compare::Day);
    m_compareQueueBox->setVisible(compare() == Compare::Queue);
}

QString StatsSelectionBar::queue() const
{
    return m_queueBox->currentData().toString();
}

void StatsSelectionBar::setQueue(const QString &name)
{
    chooseQueue(m_queueBox, name);
}

QDate StatsSelectionBar::day() const
{
    return m_dayEdit->date();
}

void StatsSelectionBar::setDay(const QDate &day)
{
    m_dayEdit->setDate(day);
}

StatsSelectionBar::Compare StatsSelectionBar::compare() const
{
    return Compare(m_compareBox->currentData().toInt());
}

void StatsSelectionBar::setCompare(Compare compare)
{
    m_compareBox->setCurrentIndex(m_compareBox->findData(int(compare)));
}

QDate StatsSelectionBar::compareDay() const
{
    return m_compareDayEdit->date();
}

void StatsSelectionBar::setCompareDay(const QDate &day)
{
    m_compareDayEdit->setDate(day);
}

QString StatsSelectionBar::compareQueue() const
{
    return m_compareQueueBox->currentData().toString();
}

void StatsSelectionBar::setCompareQueue(const QString &name)
{
    chooseQueue(m_compareQueueBox, name);
}

void StatsSelectionBar::setQueues(const QStringList &queues)
{
    for (QComboBox *box : {m_queueBox, m_compareQueueBox}) {
        const QSignalBlocker blocker(box);
        const QString current = box->currentData().toString();
        while (box->count() > 1)
            box->removeItem(1);
        for (const QString &name : queues)
            box->addItem(name, name);
        // A queue that is gone still has its past days; keep showing what was asked for.
        if (!current.isEmpty() && box->findData(current) < 0)
            box->addItem(current, current);
        setComboData(box, current);
    }
}

void StatsSelectionBar::setDayRange(const QDate &today, int days)
{
    for (QDateEdit *edit : {m_dayEdit, m_compareDayEdit}) {
        const QSignalBlocker blocker(edit);
        edit->setDateRange(today.addDays(1 - days), today);
    }
}

void StatsSelectionBar::markDays(const QList<QDate> &days)
{
    QTextCharFormat bold;
    bold.setFontWeight(QFont::Bold);
    for (QDateEdit *edit : {m_dayEdit, m_compareDayEdit}) {
        QCalendarWidget *calendar = edit->calendarWidget();
        if (!calendar)
            continue;
        calendar->setDateTextFormat(QDate(), QTextCharFormat()); // clears every day's format
        for (const QDate &d : days)
            calendar->setDateTextFormat(d, bold);
    }
}
