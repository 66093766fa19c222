// SPDX-License-Identifier: GPL-3.0-or-later
#include "joblistmodel.h"

#include "jobcolumns.h"
#include "jobpagereader.h"
#include "qlessclient.h"
#include "themecolors.h"

#include <QDateTime>

JobListModel::JobListModel(QlessClient *client, QObject *parent)
    : KeyedTableModel<JobRow, QByteArray>(parent)
    , m_client(client)
    // Ages ("waiting 3 min") against the Redis server's clock, which wrote the times shown.
    , m_text([client] { return client ? client->now() : QDateTime::currentMSecsSinceEpoch() / 1000.0; })
{}

void JobListModel::setSource(const JobSource &source)
{
    ++m_generation; // replies still on their way belong to the old source
    // No source while the old rows go: whoever asks canFetchMore while they are being removed
    // (a model tester, a view) must not page the new source at the old row count.
    m_source = {};
    m_lastError.clear();
    setInFlight(false);
    const bool totalKnown = total() >= 0;
    resetPaging();
    clearRows();
    if (totalKnown)
        emit totalChanged(-1);
    m_source = source;
    if (m_source.isValid())
        fetchMore({});
}

void JobListModel::setInFlight(bool inFlight)
{
    if (m_inFlight == inFlight)
        return;
    m_inFlight = inFlight;
    emit loadingChanged(inFlight);
}

void JobListModel::setTotal(qint64 total)
{
    if (setPagingTotal(total))
        emit totalChanged(total);
}

void JobListModel::load(int offset, int count, Rows rows, std::function<void()> failed)
{
    const quint64 generation = m_generation;
    setInFlight(true);
    JobPageReader::read(
        m_client, m_source, offset, count, this,
        [this, generation, rows, failed](const QlessReply<JobPageReader::Page> &page) {
            // A load for a source replaced meanwhile applies nothing, but it still ends: its caller
            // (a refresh the window's RefreshTimer waits on) is told, or that timer would wait for ever.
            if (generation != m_generation) {
                if (failed)
                    failed();
                return;
            }
            setInFlight(false);
            if (!page.ok()) {
                m_lastError = page.error.message;
                emit loadFailed(page.error.message);
                if (failed)
                    failed();
                return;
            }
            m_lastError.clear();
            rows(JobRow::fromJobs(page.value.jobs), page.value.total, page.value.listed);
        });
}

bool JobListModel::canFetchMore(const QModelIndex &parent) const
{
    return !parent.isValid() && m_source.isValid() && !m_inFlight && canPageOn();
}

void JobListModel::fetchMore(const QModelIndex &parent)
{
    // Views (and QAbstractItemModelTester) call this unasked: only page on where there is more.
    if (!canFetchMore(parent))
        return;
    const int asked = pageSize();
    load(rowCount(), asked,
         [this, asked](const QList<JobRow> &jobs, qint64 total, int listed) {
             appendPage(asked, listed, jobs);
             setTotal(total);
         },
         {});
}

void JobListModel::refresh(std::function<void()> done)
{
    if (!m_source.isValid() || m_inFlight) {
        if (done)
            done();
        return;
    }
    // Plain variables, not a structured binding: lambdas below capture them (clang 14 refuses
    // to capture a binding, and the fuzz build uses clang).
    const QPair<int, int> window = refreshWindow();
    const int offset = window.first;
    const int count = window.second;
    load(
        offset, count,
        [this, done, offset, count](const QList<JobRow> &jobs, qint64 total, int listed) {
            // The total first: a view asking canFetchMore while the rows change must see the new one.
            setTotal(total);
            applyRefresh(offset, count, jobs, listed);
            emit refreshed();
            if (done)
                done();
        },
        [done] {
            if (done)
                done();
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
