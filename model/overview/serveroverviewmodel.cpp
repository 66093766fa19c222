// SPDX-License-Identifier: GPL-3.0-or-later
#include "serveroverviewmodel.h"

#include "alertcenter.h"
#include "alertlogmodel.h"
#include "connectionstatetext.h"
#include "qlesssession.h"
#include "refreshtimer.h"
#include "servertotalsreader.h"
#include "systemfiguressource.h"
#include "timetext.h"

#include <QLocale>

#include <utility>

namespace {
QString number(qint64 value)
{
    return QLocale().toString(value);
}
} // namespace

QVariant ServerOverviewModel::alignment(int column)
{
    const bool count = column >= QueuesColumn && column <= WorkersColumn;
    return count ? QVariant(Qt::AlignRight | Qt::AlignVCenter) : QVariant(Qt::AlignLeft | Qt::AlignVCenter);
}

ServerOverviewModel::ServerOverviewModel(QObject *parent)
    : QAbstractTableModel(parent)
{
    m_clock.setInterval(1000);
    connect(&m_clock, &QTimer::timeout, this, [this] {
        for (const Server &server : std::as_const(m_servers)) {
            if (isSilent(server))
                rowChanged(server.session, ConnectionColumn, LastReadColumn);
        }
    });
    m_clock.start();
}

ServerOverviewModel::~ServerOverviewModel()
{
    for (Server &server : m_servers) {
        delete server.timer;
        delete server.reader;
        delete server.systemSources;
    }
}

void ServerOverviewModel::addServer(QlessSession *session, const QString &name)
{
    if (!session)
        return;
    if (const int row = rowOf(session); row >= 0) {
        m_servers[row].name = name;
        rowChanged(session, ServerColumn, ServerColumn);
        return;
    }
    Server server;
    server.session = session;
    server.key = session;
    server.name = name;
    server.reader = new ServerTotalsReader(session);
    server.systemSources = new QObject;
    for (SystemFiguresSource *source : SystemFiguresSource::forSession(session, server.systemSources))
        server.systems << SystemRead{source, false, std::nullopt, {}};
    server.timer = new RefreshTimer(this); // a child: its refreshes can be watched (findChildren)
    server.timer->setInterval(m_interval);
    server.timer->setPaused(m_paused);
    server.timer->setWatchdog(m_watchdog);
    connect(server.timer, &RefreshTimer::refreshRequested, this, [this, session] { startRead(session); });
    connect(server.timer, &RefreshTimer::refreshAbandoned, this, [this, session] { abandonRead(session); });
    connect(server.reader, &ServerTotalsReader::finished, this, [this, session](bool ok) { endRead(session, ok); });
    connect(session, &QlessSession::stateChanged, this, [this, session] {
        rowChanged(session);
        if (session->state().phase == ConnectionState::Phase::Ready)
            if (const int row = rowOf(session); row >= 0)
                m_servers.at(row).timer->refreshNow(); // back: read at once
    });
    connect(session, &QObject::destroyed, this, [this, session] { removeServer(session); });
    AlertLogModel *alerts = AlertCenter::of(session)->log();
    const auto alertsChanged = [this, session] { rowChanged(session, AlertsColumn, AlertsColumn); };
    connect(alerts, &QAbstractItemModel::dataChanged, this, alertsChanged);
    connect(alerts, &QAbstractItemModel::rowsInserted, this, alertsChanged);
    connect(alerts, &QAbstractItemModel::rowsRemoved, this, alertsChanged);
    connect(alerts, &QAbstractItemModel::modelReset, this, alertsChanged);

    const int row = int(m_servers.size());
    beginInsertRows({}, row, row);
    m_servers.append(server);
    endInsertRows();
    server.timer->refreshNow();
}

void ServerOverviewModel::removeServer(QlessSession *session)
{
    const int row = rowOf(session);
    if (row < 0)
        return;
    beginRemoveRows({}, row, row);
    Server server = m_servers.takeAt(row);
    endRemoveRows();
    delete server.timer;
    delete server.reader;
    delete server.systemSources;
    if (server.session)
        disconnect(server.session, nullptr, this, nullptr);
}

QlessSession *ServerOverviewModel::sessionAt(int row) const
{
    return row >= 0 && row < m_servers.size() ? m_servers.at(row).session.data() : nullptr;
}

int ServerOverviewModel::rowOf(const QlessSession *session) const
{
    // By the key, not the QPointer: on destroyed() the pointer already reads null.
    for (int row = 0; row < m_servers.size(); ++row) {
        if (m_servers.at(row).key == session)
            return row;
    }
    return -1;
}

void ServerOverviewModel::setInterval(int milliseconds)
{
    m_interval = milliseconds;
    for (const Server &server : std::as_const(m_servers))
        server.timer->setInterval(milliseconds);
}

void ServerOverviewModel::setPaused(bool paused)
{
    m_paused = paused;
    for (const Server &server : std::as_const(m_servers))
        server.timer->setPaused(paused);
}

void ServerOverviewModel::setWatchdog(int milliseconds)
{
    m_watchdog = milliseconds;
    for (const Server &server : std::as_const(m_servers))
        server.timer->setWatchdog(milliseconds);
}

void ServerOverviewModel::refreshNow()
{
    for (const Server &server : std::as_const(m_servers))
        server.timer->refreshNow();
}

void ServerOverviewModel::startRead(QlessSession *session)
{
    const int row = rowOf(session);
    if (row < 0)
        return;
    Server &server = m_servers[row];
    if (!server.reader->read()) {
        server.timer->finished(server.timer->ticket()); // not connected: the next tick tries again
        return;
    }
    server.ticket = server.timer->ticket();
    readSystems(session);
    // After a read given up, the server has still not answered: "no reply for" goes on counting.
    if (!server.readingFor.isValid())
        server.readingFor.start();
}

void ServerOverviewModel::readSystems(QlessSession *session)
{
    Server &server = m_servers[rowOf(session)];
    for (int i = 0; i < server.systems.size(); ++i) {
        SystemRead &system = server.systems[i];
        if (system.reading)
            continue;
        system.reading = true;
        // The source is deleted with its row: its replies then go nowhere.
        system.source->read([this, session, i](const std::optional<SystemFigures> &figures, const QString &error) {
            const int row = rowOf(session);
            if (row < 0 || i >= m_servers.at(row).systems.size())
                return;
            SystemRead &done = m_servers[row].systems[i];
            done.reading = false;
            done.error = error;
            if (error.isEmpty())
                done.figures = figures;
            rowChanged(session, OtherSystemsColumn, OtherSystemsColumn);
        });
    }
}

QList<SystemFigures> ServerOverviewModel::systemsAt(int row) const
{
    QList<SystemFigures> out;
    for (const SystemRead &system : m_servers.at(row).systems)
        if (system.figures)
            out << *system.figures;
    return out;
}

QString ServerOverviewModel::systemsText(const Server &server, bool whole) const
{
    QStringList systems;
    for (const SystemRead &system : server.systems) {
        if (!system.figures) {
            if (whole && !system.error.isEmpty())
                systems << tr("a system's read failed: %1").arg(system.error);
            continue;
        }
        QStringList figures;
        for (const SystemFigure &figure : system.figures->figures)
            if (whole || !figure.bad || figure.value > 0) // in the cell, a problem count only when there is one
                figures << figure.text;
        QString line = QStringLiteral("%1: %2").arg(system.figures->system, figures.join(QStringLiteral(", ")));
        if (whole && !system.figures->note.isEmpty())
            line += QStringLiteral(" (%1)").arg(system.figures->note);
        if (whole && !system.error.isEmpty())
            line += QLatin1Char(' ') + tr("[last read failed: %1]").arg(system.error);
        systems << line;
    }
    return systems.join(QLatin1Char('\n')); // a line a system: the row grows, nothing is cut
}

void ServerOverviewModel::endRead(QlessSession *session, bool ok)
{
    const int row = rowOf(session);
    if (row < 0)
        return;
    Server &server = m_servers[row];
    server.readingFor.invalidate();
    if (ok)
        server.lastRead = QDateTime::currentDateTime();
    // Ends the refresh this read was started for, never one started after it was given up.
    server.timer->finished(std::exchange(server.ticket, 0));
    rowChanged(session);
    emit rowRead(row);
}

void ServerOverviewModel::abandonRead(QlessSession *session)
{
    const int row = rowOf(session);
    if (row < 0)
        return;
    Server &server = m_servers[row];
    // The watchdog gave the read up (its end was lost, or it is far too late): the reader drops
    // that round, so its late replies can neither end the next refresh nor stand as its totals,
    // and the next round may start instead of waiting on a reply that may never come.
    server.reader->abandon();
    server.ticket = 0;
}

qint64 ServerOverviewModel::outFor(const Server &server) const
{
    return server.readingFor.isValid() ? server.readingFor.elapsed() : -1;
}

ServerTotals ServerOverviewModel::sum() const
{
    ServerTotals sum;
    for (const Server &server : m_servers) {
        if (server.reader->hasTotals())
            sum += server.reader->totals();
    }
    return sum;
}

int ServerOverviewModel::downCount() const
{
    int down = 0;
    for (const Server &server : m_servers) {
        const bool ready = server.session && server.session->state().phase == ConnectionState::Phase::Ready;
        down += !ready || isSilent(server) ? 1 : 0;
    }
    return down;
}

int ServerOverviewModel::alertsOnCount() const
{
    int on = 0;
    for (const Server &server : m_servers) {
        if (server.session)
            on += AlertCenter::of(server.session)->log()->firingCount();
    }
    return on;
}

bool ServerOverviewModel::isRead(int row) const
{
    return m_servers.at(row).reader->hasTotals();
}

const ServerTotals &ServerOverviewModel::totalsAt(int row) const
{
    return m_servers.at(row).reader->totals();
}

int ServerOverviewModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_servers.size());
}

int ServerOverviewModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant ServerOverviewModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= m_servers.size())
        return {};
    const Server &server = m_servers.at(index.row());
    switch (role) {
    case Qt::DisplayRole: return display(server, index.column());
    case Qt::ToolTipRole: return toolTip(server, index.column());
    case Qt::ForegroundRole: return foreground(server, index.column());
    case Qt::TextAlignmentRole: return alignment(index.column());
    case SessionRole: return QVariant::fromValue(static_cast<QObject *>(server.session.data()));
    default: return {};
    }
}

QVariant ServerOverviewModel::display(const Server &server, int column) const
{
    if (column == ServerColumn)
        return server.name;
    if (!server.session)
        return {};
    if (column == ConnectionColumn) {
        if (server.session->state().phase == ConnectionState::Phase::Ready && isSilent(server))
            return tr("not answering");
        return ConnectionStateText::word(server.session->state());
    }
    if (column == AlertsColumn) {
        const int on = AlertCenter::of(server.session)->log()->firingCount();
        return on == 0 ? tr("none") : tr("%n on", nullptr, on);
    }
    if (column == OtherSystemsColumn) {
        const QString text = systemsText(server, false);
        return text.isEmpty() ? tr("none") : text;
    }
    if (column == LastReadColumn) {
        if (const qint64 out = outFor(server); out >= SlowAfterMs)
            return tr("no reply for %n s", nullptr, int(out / 1000));
        if (!server.lastRead.isValid())
            return tr("never");
        // Today's time alone: the column stays narrow, and a date shows only when it is not today.
        return server.lastRead.date() == QDate::currentDate()
                   ? QLocale().toString(server.lastRead.time(), QStringLiteral("HH:mm:ss"))
                   : TimeText::local(server.lastRead);
    }
    if (!server.reader->hasTotals())
        return QStringLiteral("—");
    const ServerTotals &t = server.reader->totals();
    switch (column) {
    case QueuesColumn:
        return t.paused == 0 ? number(t.queues) : tr("%1 (%2 paused)").arg(number(t.queues), number(t.paused));
    case WaitingColumn: return number(t.waiting);
    case RunningColumn: return number(t.running);
    case StalledColumn: return number(t.stalled);
    case ScheduledColumn: return number(t.scheduled);
    case FailedColumn: return number(t.failed);
    case WorkersColumn: return number(t.workers);
    default: return {};
    }
}

void ServerOverviewModel::rowChanged(const QlessSession *session, int firstColumn, int lastColumn)
{
    const int row = rowOf(session);
    if (row >= 0)
        emit dataChanged(index(row, firstColumn), index(row, lastColumn));
}
