// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QDate>
#include <QList>
#include <QStringList>
#include <QWidget>

class QComboBox;
class QDateEdit;

// What the Stats page shows, chosen in one row: the queue (or all), the UTC day, and what to
// compare with (nothing, another day, another queue). Any change emits changed() once.
class StatsSelectionBar final : public QWidget
{
    Q_OBJECT

public:
    enum class Compare { Nothing, Day, Queue };

    explicit StatsSelectionBar(QWidget *parent = nullptr);

    // An empty queue means all queues.
    QString queue() const;
    void setQueue(const QString &queue);
    QDate day() const;
    void setDay(const QDate &day);
    Compare compare() const;
    void setCompare(Compare compare);
    QDate compareDay() const;
    void setCompareDay(const QDate &day);
    QString compareQueue() const;
    void setCompareQueue(const QString &queue);

    // The queues to offer, in order; a chosen queue that is gone stays chosen. No changed().
    void setQueues(const QStringList &queues);
    // The days the pickers offer: the last `days` up to `today`. No changed().
    void setDayRange(const QDate &today, int days);
    // Days shown in bold in the calendars: those with figures.
    void markDays(const QList<QDate> &days);

    QComboBox *queueBox() const { return m_queueBox; }
    QDateEdit *dayEdit() const { return m_dayEdit; }

signals:
    void changed();

private:
    void showCompareControls();

    QComboBox *m_queueBox;
    QDateEdit *m_dayEdit;
    QComboBox *m_compareBox;
    QDateEdit *m_compareDayEdit;
    QComboBox *m_compareQueueBox;
};
