// SPDX-License-Identifier: GPL-3.0-or-later
// ServerOverviewModel's words and colours: the tooltips, the tones of the cells and the header.
#include "serveroverviewmodel.h"

#include "alertcenter.h"
#include "alertlogmodel.h"
#include "connectionstatetext.h"
#include "qlesssession.h"
#include "servertotalsreader.h"
#include "themecolors.h"

#include <QLocale>

QVariant ServerOverviewModel::toolTip(const Server &server, int column) const
{
    if (!server.session)
        return {};
    switch (column) {
    case ServerColumn: return tr("%1\nDouble-click or Enter: its window").arg(server.session->settings().describe());
    case ConnectionColumn:
        if (server.session->state().phase == ConnectionState::Phase::Ready && isSilent(server))
            return tr("Connected, but the last read has had no reply for %n s: the server is busy or the "
                      "network is stalled. The other servers are read on regardless.",
                      nullptr, int(outFor(server) / 1000));
        return ConnectionStateText::sentence(server.session->state());
    case AlertsColumn: {
        const AlertLogModel *log = AlertCenter::of(server.session)->log();
        QStringList on;
        for (int row = 0; row < log->rowCount(); ++row) {
            if (log->entry(row).clearedAt == 0)
                on << log->entry(row).text;
        }
        return on.isEmpty() ? tr("No alert is on") : on.join(QLatin1Char('\n'));
    }
    case FailedColumn:
        return server.reader->hasTotals()
                   ? tr("%1 failed jobs in %n failure group(s)", nullptr, int(server.reader->totals().failureGroups))
                         .arg(QLocale().toString(server.reader->totals().failed))
                   : QVariant();
    case OtherSystemsColumn: {
        const QString text = systemsText(server, true);
        return text.isEmpty() ? tr("No other job system (Blueque, SideJob) found on this server") : text;
    }
    case LastReadColumn:
        return server.reader->error().isEmpty() ? QVariant()
                                                : tr("The last read failed: %1").arg(server.reader->error());
    default: return {};
    }
}

QVariant ServerOverviewModel::foreground(const Server &server, int column) const
{
    if (!server.session)
        return {};
    using Tone = ThemeColors::Tone;
    switch (column) {
    case ConnectionColumn:
        // Connected but silent reads as a warning, whatever the link says.
        return ThemeColors::text(isSilent(server) ? Tone::Warning : ConnectionStateText::tone(server.session->state()));
    case AlertsColumn:
        return AlertCenter::of(server.session)->log()->firingCount() > 0 ? ThemeColors::text(Tone::Bad)
                                                                         : ThemeColors::text(Tone::Muted);
    case StalledColumn:
    case FailedColumn: {
        if (!server.reader->hasTotals())
            return {};
        const qint64 value = column == StalledColumn ? server.reader->totals().stalled : server.reader->totals().failed;
        return value > 0 ? ThemeColors::text(Tone::Bad) : ThemeColors::text(Tone::Muted);
    }
    case LastReadColumn: return server.reader->error().isEmpty() ? QVariant() : ThemeColors::text(Tone::Warning);
    case OtherSystemsColumn: {
        // A count that is a problem (failed, dead) above 0 marks the cell, as Failed does qless's.
        bool bad = false;
        bool any = false;
        for (const SystemRead &system : server.systems) {
            if (!system.figures)
                continue;
            any = true;
            for (const SystemFigure &figure : system.figures->figures)
                bad = bad || (figure.bad && figure.value > 0);
        }
        return !any ? ThemeColors::text(Tone::Muted) : bad ? ThemeColors::text(Tone::Bad) : QVariant();
    }
    default: return {};
    }
}

QVariant ServerOverviewModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation == Qt::Horizontal && role == Qt::TextAlignmentRole)
        return alignment(section);
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case ServerColumn: return tr("Server");
    case ConnectionColumn: return tr("Connection");
    case AlertsColumn: return tr("Alerts");
    case QueuesColumn: return tr("Queues");
    case WaitingColumn: return tr("Waiting");
    case RunningColumn: return tr("Running");
    case StalledColumn: return tr("Stalled");
    case ScheduledColumn: return tr("Scheduled");
    case FailedColumn: return tr("Failed");
    case WorkersColumn: return tr("Workers");
    case OtherSystemsColumn: return tr("Other job systems");
    case LastReadColumn: return tr("Last read");
    default: return {};
    }
}
