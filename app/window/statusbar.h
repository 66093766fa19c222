// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QDateTime>
#include <QList>
#include <QPointer>
#include <QStatusBar>

class ActionCenter;
class BulkProgress;
class QLabel;
class QProgressBar;
class QStackedWidget;
class QlessSession;
class RoundTripMeter;

// The window's bottom line: the server (its address, never a password), the round trip to it
// (one PING after each refresh, RoundTripMeter), when data last came, a read-only mark, and the
// progress of bulk runs started from a page that is not on screen now (on their own page the
// runs panel shows them in full). Messages (a search that failed) still show on its left.
class StatusBar final : public QStatusBar
{
    Q_OBJECT

public:
    // `pages` is the window's page stack: a run belongs to the page on screen when it starts.
    explicit StatusBar(QStackedWidget *pages, QWidget *parent = nullptr);

    // Shows `session` (its address as `where`, which may name the profile) and the runs `actions`
    // starts from now on; forgets the session before, and its runs.
    void setSession(QlessSession *session, const QString &where, ActionCenter *actions);

    QLabel *serverLabel() const { return m_server; }
    QLabel *roundTripLabel() const { return m_roundTrip; }
    QLabel *lastRefreshLabel() const { return m_lastRefresh; }
    QLabel *readOnlyMark() const { return m_readOnly; }
    QLabel *runsLabel() const { return m_runsText; }
    QProgressBar *runsProgress() const { return m_runsProgress; }

private:
    struct Run
    {
        QPointer<BulkProgress> runner;
        QPointer<QWidget> page;
    };

    void addRun(BulkProgress *runner);
    void updateRoundTrip();
    void updateLastRefresh(const QDateTime &when);
    void updateRuns();

    QStackedWidget *m_pages;
    QPointer<QlessSession> m_session;
    QPointer<RoundTripMeter> m_meter;
    QList<Run> m_runs;
    QLabel *m_server;
    QLabel *m_readOnly;
    QLabel *m_roundTrip;
    QLabel *m_lastRefresh;
    QLabel *m_runsText;
    QProgressBar *m_runsProgress;
};
