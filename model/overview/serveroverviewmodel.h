// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "refreshtimer.h"
#include "servertotals.h"
#include "systemfigures.h"

#include <QAbstractTableModel>
#include <QDateTime>
#include <QElapsedTimer>
#include <QPointer>
#include <QTimer>

#include <optional>

class QlessSession;
class ServerTotalsReader;
class SystemFiguresSource;

// The All servers overview: one row per open connection with its state, its alerts on and its
// totals. Each row refreshes on its own RefreshTimer with its own reader, so a server that is
// slow or gone holds up only its own row: the others keep their pace. A row leaves when its
// session is destroyed.
class ServerOverviewModel final : public QAbstractTableModel
{
    Q_OBJECT

public:
    enum Column {
        ServerColumn,
        ConnectionColumn,
        AlertsColumn,
        QueuesColumn,
        WaitingColumn,
        RunningColumn,
        StalledColumn,
        ScheduledColumn,
        FailedColumn,
        WorkersColumn,
        LastReadColumn,
        OtherSystemsColumn, // Blueque, SideJob, ...: SystemFiguresSource::forSession; last, as it is wide
        ColumnCount
    };
    enum Role { SessionRole = Qt::UserRole + 1 };
    // A read out this long makes its row count as down: the server is there but not answering.
    static constexpr qint64 SlowAfterMs = 5000;

    explicit ServerOverviewModel(QObject *parent = nullptr);
    ~ServerOverviewModel() override;

    // Watches `session` (not owned) under `name` (a profile's name or the address) and reads it
    // at once; nothing when it is watched already (the name is updated).
    void addServer(QlessSession *session, const QString &name);
    void removeServer(QlessSession *session);
    QlessSession *sessionAt(int row) const;
    int rowOf(const QlessSession *session) const;

    // Every row's pace (0: off); paused: no row reads (the overview is not on screen).
    void setInterval(int milliseconds);
    void setPaused(bool paused);
    void refreshNow();
    // How long a row's read may be out before it is given up and the next one may start
    // (RefreshTimer's watchdog, far beyond a request's own timeout; tests shorten it).
    void setWatchdog(int milliseconds);

    // The sums over the rows that have been read, and how many rows are not connected, have not
    // replied for longer than their interval, or have alerts on.
    ServerTotals sum() const;
    int downCount() const;
    int alertsOnCount() const;
    bool isRead(int row) const;
    const ServerTotals &totalsAt(int row) const;
    // The other job systems the row's server holds, as last read (in the sources' order).
    QList<SystemFigures> systemsAt(int row) const;

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

signals:
    // A row's read ended (ok or not): for the summary line.
    void rowRead(int row);

private:
    // One other job system's source on a server and what it last read.
    struct SystemRead
    {
        SystemFiguresSource *source = nullptr;
        bool reading = false; // one read at a time: a tick while one is out skips it
        std::optional<SystemFigures> figures;
        QString error;
    };
    struct Server
    {
        QPointer<QlessSession> session;
        const QlessSession *key = nullptr; // the session, also while it is being destroyed
        QString name;
        ServerTotalsReader *reader = nullptr;
        RefreshTimer *timer = nullptr;
        QDateTime lastRead;               // when the last read that succeeded ended
        QElapsedTimer readingFor;         // valid from the first read left unanswered until one ends
        quint64 ticket = 0;               // the timer's ticket of the read out; 0: none
        QObject *systemSources = nullptr; // owns the SystemRead sources
        QList<SystemRead> systems;
    };

    // The columns of counts are right-aligned, header and cells alike.
    static QVariant alignment(int column);
    QVariant display(const Server &server, int column) const;
    QVariant toolTip(const Server &server, int column) const;
    QVariant foreground(const Server &server, int column) const;
    void rowChanged(const QlessSession *session, int firstColumn = 0, int lastColumn = ColumnCount - 1);
    void startRead(QlessSession *session);
    void readSystems(QlessSession *session);
    QString systemsText(const Server &server, bool whole) const;
    void endRead(QlessSession *session, bool ok);
    void abandonRead(QlessSession *session);
    // Milliseconds the row's read has been out; -1 when none is.
    qint64 outFor(const Server &server) const;
    // A read has been out SlowAfterMs or longer: the server is there but not answering.
    bool isSilent(const Server &server) const { return outFor(server) >= SlowAfterMs; }

    QList<Server> m_servers;
    QTimer m_clock; // the "no reply for N s" cells move on while a read is out
    int m_interval = 5000;
    int m_watchdog = RefreshTimer::DefaultWatchdogMs;
    bool m_paused = false;
};
