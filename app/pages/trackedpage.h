// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "page.h"

class JobListPane;
class QComboBox;

// Tracked jobs: every job someone asked to follow, with its state, queue and worker, filterable
// by state; jids still tracked whose job is gone are listed as expired.
class TrackedPage final : public Page
{
    Q_OBJECT

public:
    explicit TrackedPage(QlessSession *session, QWidget *parent = nullptr);

    QString title() const override { return tr("Tracked"); }
    void refresh(std::function<void(bool ok)> done) override;

    // Shows only jobs in `state` ("missing" for expired jids); empty: all.
    void setStateFilter(const QString &state);

    JobListPane *jobPane() const { return m_jobs; }
    QComboBox *stateFilter() const { return m_filter; }

private:
    void updateFilterChoices();

    JobListPane *m_jobs;
    QComboBox *m_filter;
};
