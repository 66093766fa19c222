// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "job.h"

#include <QWidget>

class HistoryModel;
class JobTimelineView;
class QLabel;
class QTableView;

// The job window's History tab: the job's life drawn as a strip (JobTimelineView), then one row
// per event in time order, and a line under it saying in which form Redis keeps the history.
// Built for 100,000 events: rows of one height, columns sized once, nothing measured per row.
class JobHistoryPage final : public QWidget
{
    Q_OBJECT

public:
    explicit JobHistoryPage(QWidget *parent = nullptr);

    // `extendsShown`: the job's history is the one shown with events added (HistoryModel::extends,
    // worked out off this thread); `logEntries`: how many of its events a worker wrote; `now`:
    // the server's clock, where the timeline's spans under way end (0: at the last event).
    void showJob(const Job &job, bool extendsShown, int logEntries, double now = 0);
    HistoryModel *model() const { return m_model; }
    QTableView *tableView() const { return m_view; }
    JobTimelineView *timelineView() const { return m_timeline; }

private:
    HistoryModel *m_model;
    QTableView *m_view;
    QLabel *m_form;
    JobTimelineView *m_timeline;
};
