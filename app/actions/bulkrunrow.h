// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "bulkprogress.h"

#include <QPointer>
#include <QWidget>

class QLabel;
class QProgressBar;
class QPushButton;

// One bulk run as the window shows it: what it does, a progress bar with done/total and the
// rate, its phase (collecting, paused for the connection), Cancel while it runs; at the end the
// exact summary and Dismiss.
class BulkRunRow final : public QWidget
{
    Q_OBJECT

public:
    explicit BulkRunRow(BulkProgress *runner, QWidget *parent = nullptr);

    BulkProgress *runner() const { return m_runner; }
    QProgressBar *progressBar() const { return m_progress; }
    QLabel *statusLabel() const { return m_status; }
    QPushButton *button() const { return m_button; }

signals:
    void dismissed();

private:
    void update();

    QPointer<BulkProgress> m_runner;
    QLabel *m_title;
    QProgressBar *m_progress;
    QLabel *m_status;
    QPushButton *m_button;
};
