// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "recurringjob.h"

#include <QDialog>

class QDoubleSpinBox;
class QLineEdit;
class QSpinBox;

// Changes a recurring template: interval, priority, retries, queue, backlog (current qless: at
// most this many missed runs are spawned at once; 0 for no cap). Only what the operator
// changed is sent (RecurringUpdate leaves the rest unset).
class RecurringEditDialog final : public QDialog
{
    Q_OBJECT

public:
    explicit RecurringEditDialog(const RecurringJob &job, QWidget *parent = nullptr);

    // What differs from the template as shown; empty fields where nothing changed.
    RecurringUpdate update() const;
    bool changesSomething() const;

    QSpinBox *intervalBox() const { return m_interval; }
    QDoubleSpinBox *priorityBox() const { return m_priority; }
    QSpinBox *retriesBox() const { return m_retries; }
    QLineEdit *queueEdit() const { return m_queue; }
    QSpinBox *backlogBox() const { return m_backlog; }

private:
    RecurringJob m_job;
    QSpinBox *m_interval;
    QDoubleSpinBox *m_priority;
    QSpinBox *m_retries;
    QLineEdit *m_queue;
    QSpinBox *m_backlog;
};
