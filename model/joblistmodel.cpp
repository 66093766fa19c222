#include "joblistmodel.h"

#include "durationtext.h"
#include "qlessclient.h"
#include "timetext.h"

#include <QColor>
#include <QDateTime>
#include <QGuiApplication>
#include <QPalette>
#include <QSet>

#include <cmath>

namespace {
QString firstLine(const QString &text)
{
    const int newline = text.indexOf(QLatin1Char('\n'));
    return newline < 0 ? text : text.left(newline);
}

bool sameJob(const Job &a, const Job &b)
{
    return a.jid == b.jid && a.state == b.state && a.queue == b.queue && a.worker == b.worker
        && a.priority == b.priority && a.expires == b.expires && a.remaining == b.remaining
        && a.retries == b.retries && a.tags == b.tags && a.klass == b.klass && a.time == b.time
        && a.put == b.put && a.timedOut == b.timedOut && a.timedOutAt == b.timedOutAt
        && a.due == b.due && a.tracked == b.tracked && a.dependencies == b.dependencies
        && a.failure.has_value() == b.failure.has_value()
        && (!a.failure || (a.failure->group == b.failure->group && a.failure->when == b.failure->when))
        && a.problems.keys() == b.problems.keys();
}
} // namespace

JobListModel::JobListModel(QlessClient *client, QObject *parent)
    : KeyedTableModel<Job>(parent)
    , m_client(client)
    // Ages ("waiting 3 min") against the Redis server's clock, which wrote the times shown.
    , m_clock([client] { return client ? client->now() : QDateTime::currentMSecsSinceEpoch() / 1000.0; })
{
}

bool JobListModel::sameRow(const Job &a, const Job &b) const
{
    return sameJob(a, b);
}

double JobListModel::now() const
{
    return m_clock();
}

void JobListModel::setSource(const JobSource &source)
{
    ++m_generation; // replies still on their way belong to the old source
    // No source while the old rows go: whoever asks canFetchMore while they are being removed
    // (a model tester, a view) must not page the new source at the old row count.
    m_source = {};
    m_exhausted = false;
    m_lastError.clear();
    setInFlight(false);
    m_readAt.clear();
    m_refreshCount = 0;
    clearRows();
    setTotal(-1);
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
    if (m_total == total)
        return;
    m_total = total;
    emit totalChanged(total);
}

void JobListModel::load(int offset, int count, Rows rows, std::function<void()> failed)
{
    const quint64 generation = m_generation;
    setInFlight(true);
    const auto fail = [this, failed](const RedisError &error) {
        m_lastError = error.message;
        setInFlight(false);
        emit loadFailed(error.message);
        if (failed)
            failed();
    };
    // A load for a source replaced meanwhile applies nothing, but it still ends: its caller (a
    // refresh the window's RefreshTimer waits on) is told, or that timer would wait for ever.
    const auto superseded = [failed] {
        if (failed)
            failed();
    };
    m_source.fetch(offset, count, this,
                   [this, generation, rows, fail, superseded](const QlessReply<JobPage> &page) {
        if (generation != m_generation) {
            superseded();
            return;
        }
        if (!page.ok()) {
            fail(page.error);
            return;
        }
        if (!page.value.jobs.isEmpty() || page.value.jids.isEmpty()) {
            setInFlight(false);
            rows(page.value.jobs, page.value.total, int(page.value.jobs.size()));
            return;
        }
        const qint64 total = page.value.total;
        const int listed = int(page.value.jids.size());
        m_client->multiGet(page.value.jids, this,
                           [this, generation, rows, fail, superseded, total, listed](const QlessReply<QList<std::optional<Job>>> &jobs) {
            if (generation != m_generation) {
                superseded();
                return;
            }
            if (!jobs.ok()) {
                fail(jobs.error);
                return;
            }
            QList<Job> found;
            found.reserve(jobs.value.size());
            for (const std::optional<Job> &job : jobs.value) {
                if (job) // a job gone between the two reads is simply no longer listed
                    found.append(*job);
            }
            setInFlight(false);
            rows(found, total, listed);
        });
    });
}

bool JobListModel::canFetchMore(const QModelIndex &parent) const
{
    if (parent.isValid() || !m_source.isValid() || m_inFlight || m_exhausted)
        return false;
    return m_total < 0 || rowCount() < m_total;
}

void JobListModel::fetchMore(const QModelIndex &parent)
{
    // Views (and QAbstractItemModelTester) call this unasked: only page on where there is more.
    if (!canFetchMore(parent))
        return;
    const int offset = rowCount();
    load(offset, m_pageSize, [this](const QList<Job> &jobs, qint64 total, int listed) {
        m_lastError.clear();
        // A short page is the end, whether or not the source knows its total.
        if (listed < m_pageSize)
            m_exhausted = true;
        markRead(jobs);
        appendRows(jobs);
        setTotal(total);
    }, {});
}

void JobListModel::setVisibleRange(int first, int last)
{
    if (first < 0 || last < first) {
        m_visibleFirst = m_visibleLast = -1;
        return;
    }
    m_visibleFirst = first;
    m_visibleLast = last;
}

QPair<int, int> JobListModel::refreshWindow() const
{
    const int loaded = rowCount();
    // What is loaded, when that is within the cap: a short list stays wholly fresh. Beyond it,
    // without a visible range, its head.
    const int whole = qMax(loaded, m_pageSize);
    if (whole <= MaxRefreshRows || m_visibleFirst < 0 || m_visibleFirst >= loaded)
        return {0, qMin(whole, MaxRefreshRows)};
    const int first = qMax(0, m_visibleFirst - RefreshMargin);
    // Up to the loaded end (a short list grows into its first page), never past the cap.
    const int end = qMin(m_visibleLast + 1 + RefreshMargin, qMax(loaded, m_pageSize));
    return {first, qBound(1, end - first, MaxRefreshRows)};
}

bool JobListModel::isFresh(int row) const
{
    if (row < 0 || row >= rowCount())
        return false;
    return m_readAt.value(keyOf(rowAt(row)), 0) == m_refreshCount;
}

void JobListModel::markRead(const QList<Job> &jobs)
{
    for (const Job &job : jobs)
        m_readAt.insert(keyOf(job), m_refreshCount);
}

void JobListModel::applyWindow(int offset, int asked, const QList<Job> &fresh, int listed)
{
    QSet<QString> freshKeys;
    freshKeys.reserve(fresh.size());
    for (const Job &job : fresh)
        freshKeys.insert(keyOf(job));
    // A job that moved into the window from elsewhere in the loaded list appears once, here.
    QList<Job> next;
    const QList<Job> &now = rows();
    const int loaded = int(now.size());
    next.reserve(loaded + fresh.size());
    for (int i = 0; i < qMin(offset, loaded); ++i) {
        if (!freshKeys.contains(keyOf(now.at(i))))
            next.append(now.at(i));
    }
    next.append(fresh);
    // A short list: it ends inside the window, whatever was loaded below is gone.
    const bool ended = listed < asked;
    if (!ended) {
        for (int i = offset + asked; i < loaded; ++i) {
            if (!freshKeys.contains(keyOf(now.at(i))))
                next.append(now.at(i));
        }
    }
    ++m_refreshCount;
    markRead(fresh);
    applySnapshot(next);
    if (ended)
        m_exhausted = true;
    else if (offset + asked >= rowCount())
        m_exhausted = false; // the window reached the loaded end: there may be more below
}

void JobListModel::refresh(std::function<void()> done)
{
    if (!m_source.isValid() || m_inFlight) {
        if (done)
            done();
        return;
    }
    const auto [offset, count] = refreshWindow();
    load(offset, count, [this, done, offset, count](const QList<Job> &jobs, qint64 total, int listed) {
        m_lastError.clear();
        // The total first: a view asking canFetchMore while the rows change must see the new one.
        setTotal(total);
        applyWindow(offset, count, jobs, listed);
        emit refreshed();
        if (done)
            done();
    }, [done] {
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
    switch (section) {
    case JidColumn: return tr("Job");
    case KlassColumn: return tr("Class");
    case StateColumn: return tr("State");
    case QueueColumn: return tr("Queue");
    case PriorityColumn: return tr("Priority");
    case TagsColumn: return tr("Tags");
    case WorkerColumn: return tr("Worker");
    case TimeColumn: return tr("When");
    case RetriesColumn: return tr("Retries left");
    case FailureColumn: return tr("Failure");
    case PutColumn: return tr("Put");
    case ChangedColumn: return tr("Last change");
    default: return {};
    }
}

QVariant JobListModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const Job &job = rowAt(index.row());
    switch (role) {
    case Qt::DisplayRole:
        return display(job, index.column());
    case SortRole:
        return sortValue(job, index.column());
    case KeyRole:
        return keyOf(job);
    case JobRole:
        return QVariant::fromValue(job);
    case FreshRole:
        return isFresh(index.row());
    case Qt::ToolTipRole: {
        const QVariant tip = toolTip(job, index.column());
        if (isFresh(index.row()))
            return tip;
        const QString stale = tr("Not read again since it was out of view: as it was when last read.");
        return tip.toString().isEmpty() ? stale : tip.toString() + QLatin1Char('\n') + stale;
    }
    case Qt::ForegroundRole:
        if (job.isMissing() || !job.problems.isEmpty())
            return QGuiApplication::palette().color(QPalette::PlaceholderText);
        // A timed-out job is waiting, but not like the others: it is next, and it failed once.
        if (job.timedOut && (index.column() == TimeColumn || index.column() == StateColumn))
            return QColor(0xe6, 0x51, 0x00);
        return {};
    case Qt::TextAlignmentRole:
        if (index.column() == PriorityColumn || index.column() == RetriesColumn)
            return int(Qt::AlignRight | Qt::AlignVCenter);
        return {};
    default:
        return {};
    }
}

QVariant JobListModel::display(const Job &job, int column) const
{
    if (job.isMissing() && column != JidColumn)
        return column == StateColumn ? tr("job data missing") : QVariant();
    switch (column) {
    case JidColumn:
        return QString::fromUtf8(job.jid);
    case KlassColumn:
        return job.hasProblem(QStringLiteral("klass")) ? tr("(missing)") : job.klass;
    case StateColumn:
        return job.timedOut ? tr("timed out") : job.state;
    case QueueColumn:
        return job.queue;
    case PriorityColumn:
        return job.hasProblem(QStringLiteral("priority")) ? tr("(invalid)") : QString::number(job.priority);
    case TagsColumn:
        return job.tags.join(QStringLiteral(", "));
    case WorkerColumn:
        return job.worker;
    case TimeColumn:
        return timeText(job);
    case RetriesColumn:
        return tr("%1 of %2").arg(job.remaining).arg(job.retries);
    case FailureColumn:
        if (!job.failure)
            return {};
        return QString(job.failure->group + QStringLiteral(": ") + firstLine(job.failure->message));
    case PutColumn:
        return ago(job.put);
    case ChangedColumn:
        return ago(job.time);
    default:
        return {};
    }
}

// "47 min ago": whole minutes past the first one, so that the column stays narrow; the tooltip
// gives the moment itself.
QString JobListModel::ago(double when) const
{
    if (when <= 0)
        return {};
    const double seconds = now() - when;
    const double shown = qAbs(seconds) < 60 ? seconds : std::round(seconds / 60) * 60;
    return TimeText::relative(now() - shown, now());
}

QVariant JobListModel::toolTip(const Job &job, int column) const
{
    if (job.isMissing())
        return tr("This jid is listed, but its job data is gone from Redis.");
    if (!job.problems.isEmpty()) {
        QStringList lines;
        for (auto it = job.problems.cbegin(); it != job.problems.cend(); ++it) {
            lines << (it->kind == FieldProblem::Kind::Missing
                          ? tr("%1: missing").arg(it.key())
                          : tr("%1: cannot be read: %2").arg(it.key(), it->raw.left(200)));
        }
        return tr("This job's data in Redis is damaged:\n%1").arg(lines.join(QLatin1Char('\n')));
    }
    if (column == FailureColumn && job.failure)
        return job.failure->message.left(2000);
    const auto moment = [](double when) {
        return when > 0 ? tr("%1 (%2)").arg(TimeText::local(when), TimeText::utc(when)) : tr("not known");
    };
    if (column == PutColumn)
        return moment(job.put);
    if (column == ChangedColumn)
        return moment(job.time);
    if (column == TimeColumn || column == StateColumn) {
        QStringList lines;
        if (job.timedOut) {
            lines << tr("Timed out%1%2: qless took the job from its worker and hands it out again first "
                        "(it counts as waiting).")
                         .arg(job.timedOutAt > 0 ? tr(" at %1").arg(TimeText::local(job.timedOutAt)) : QString(),
                              job.timedOutWorker.isEmpty() ? QString() : tr(" from %1").arg(job.timedOutWorker));
        }
        lines << tr("Put: %1").arg(moment(job.put)) << tr("Last change: %1").arg(moment(job.time));
        return lines.join(QLatin1Char('\n'));
    }
    return {};
}

QVariant JobListModel::sortValue(const Job &job, int column) const
{
    switch (column) {
    case PriorityColumn:
        return job.priority;
    case TimeColumn:
        return timeValue(job);
    case RetriesColumn:
        return job.remaining;
    case PutColumn:
        return job.put;
    case ChangedColumn:
        return job.time;
    default:
        return display(job, column);
    }
}

double JobListModel::timeValue(const Job &job) const
{
    if (job.state == QLatin1String("running") || job.state == QLatin1String("stalled"))
        return job.expires;
    if (job.state == QLatin1String("failed") && job.failure)
        return job.failure->when;
    if (job.state == QLatin1String("scheduled") && job.due > 0)
        return job.due;
    if (job.timedOut)
        return job.timedOutAt;
    return job.put;
}

QString JobListModel::timeText(const Job &job) const
{
    const double t = now();
    if (job.timedOut) {
        const QString when = job.timedOutAt > 0 ? tr("timed out %1 ago").arg(DurationText::format(qMax(0.0, t - job.timedOutAt)))
                                                : tr("timed out");
        return job.timedOutWorker.isEmpty() ? when : tr("%1 (%2)").arg(when, job.timedOutWorker);
    }
    if (job.state == QLatin1String("running") || job.state == QLatin1String("stalled")) {
        if (job.expires <= 0)
            return {};
        return job.expires > t ? tr("lock expires in %1").arg(DurationText::format(job.expires - t))
                               : tr("lock expired %1 ago").arg(DurationText::format(t - job.expires));
    }
    if (job.state == QLatin1String("failed") && job.failure)
        return tr("failed %1 ago").arg(DurationText::format(qMax(0.0, t - job.failure->when)));
    if (job.state == QLatin1String("scheduled") && job.due > 0)
        return job.due > t ? tr("due in %1").arg(DurationText::format(job.due - t))
                           : tr("due %1 ago").arg(DurationText::format(t - job.due));
    if (job.state == QLatin1String("depends"))
        return tr("waits on %n job(s)", nullptr, int(job.dependencies.size()));
    // Waiting since the job was put: the hash's `time` is its last change under current qless.
    if (job.put > 0 && job.state == QLatin1String("waiting"))
        return tr("waiting %1").arg(DurationText::format(qMax(0.0, t - job.put)));
    if (job.put > 0)
        return tr("put %1 ago").arg(DurationText::format(qMax(0.0, t - job.put)));
    return {};
}
