// SPDX-License-Identifier: GPL-3.0-or-later
#include "joblistmodel.h"

#include "jobcolumns.h"
#include "jobpagereader.h"
#include "qlessclient.h"
#include "themecolors.h"

#include <QDateTime>

JobListModel::JobListModel(QlessClient *client, QObject *parent)
    : PagedListModel<JobRow, QByteArray>(parent)
    , m_client(client)
    // Ages ("waiting 3 min") against the Redis server's clock, which wrote the times shown.
    , m_text([client] { return client ? client->now() : QDateTime::currentMSecsSinceEpoch() / 1000.0; })
{}

void JobListModel::setSource(const JobSource &source)
{
    m_source = {};
    dropSource();
    m_source = source;
    loadFirstPage();
}

void JobListModel::readPage(int offset, int count, PageRows rows, PageFailed failed)
{
    JobPageReader::read(m_client, m_source, offset, count, this,
                        [rows, failed](const QlessReply<JobPageReader::Page> &page) {
                            if (!page.ok())
                                failed(page.error.message);
                            else
                                rows(JobRow::fromJobs(page.value.jobs), page.value.total, page.value.listed);
                        });
}

int JobListModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant JobListModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    return JobColumns::columns().windowHeader(section);
}

QVariant JobListModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const JobRow &job = rowAt(index.row());
    switch (role) {
    case Qt::DisplayRole: return m_text.display(job, index.column());
    case SortRole: return m_text.sortValue(job, index.column());
    case KeyRole: return keyAt(index.row());
    case JobRole: return QVariant::fromValue(job.toJob());
    case FreshRole: return isFresh(index.row());
    case Qt::ToolTipRole: {
        const QVariant tip = m_text.toolTip(job, index.column());
        if (isFresh(index.row()))
            return tip;
        const QString stale = tr("Not read again since it was out of view: as it was when last read.");
        return tip.toString().isEmpty() ? stale : tip.toString() + QLatin1Char('\n') + stale;
    }
    case Qt::ForegroundRole:
        if (job.isMissing() || !job.problems.isEmpty())
            return ThemeColors::text(ThemeColors::Tone::Muted);
        // Stalled: its worker stopped heartbeating it (a lock run out), or qless timed it out (a
        // timed-out job is waiting, but not like the others: it is next, and it failed once).
        if ((*job.state == QLatin1String("stalled") || m_text.lockExpired(job))
            && (index.column() == TimeColumn || index.column() == StateColumn))
            return ThemeColors::text(ThemeColors::Tone::Warning);
        return {};
    case Qt::TextAlignmentRole:
        if (index.column() == PriorityColumn || index.column() == RetriesColumn)
            return int(Qt::AlignRight | Qt::AlignVCenter);
        return {};
    default: return {};
    }
}
