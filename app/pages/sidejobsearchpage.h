// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "page.h"

class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QStandardItemModel;
class QTableView;
class SideJobSearch;
class SideJobSession;

// Searches SideJob's jobs (SideJobSearch) for a text or a regular expression in their args, the
// data waiting on their ports, their status and their class, narrowed by a status the server
// filters on; the jobs found are listed as they arrive. Listed only while the server holds
// SideJob (isAvailable). A refresh does not search again: a search walks every job, so it runs
// when the operator asks.
class SideJobSearchPage final : public Page
{
    Q_OBJECT

public:
    explicit SideJobSearchPage(QlessSession *session, QWidget *parent = nullptr);

    QString title() const override { return tr("SideJob search"); }
    bool isAvailable() const override;
    void refresh(std::function<void(bool ok)> done) override;

    // Starts a search with what the form holds (the Search button).
    void search();
    void setPattern(const QString &pattern, bool regex);

    // For tests and screenshots.
    SideJobSearch *jobSearch() const { return m_search; }
    QTableView *resultView() const { return m_resultView; }
    QLabel *statusLabel() const { return m_status; }

private:
    void showMatches();
    void onFinished(bool ok, const QString &error);
    void updateButtons();

    SideJobSession *m_sidejob;
    SideJobSearch *m_search;
    QLineEdit *m_pattern;
    QCheckBox *m_regex;
    QCheckBox *m_inArgs;
    QCheckBox *m_inPorts;
    QCheckBox *m_inStatus;
    QCheckBox *m_inClass;
    QComboBox *m_statusFilter;
    QPushButton *m_start;
    QPushButton *m_stop;
    QPushButton *m_resume;
    QStandardItemModel *m_results;
    QTableView *m_resultView;
    QLabel *m_status;
};
