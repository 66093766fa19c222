#include "jobsearch.h"

#include "qlessclient.h"

#include <QTimer>

JobSearch::JobSearch(QlessClient *client, QObject *parent)
    : QObject(parent)
    , m_client(client)
    , m_matches(std::make_shared<QList<QByteArray>>())
    , m_states(std::make_shared<QMap<QString, qint64>>())
{
}

void JobSearch::start(const JobSearchCriteria &criteria)
{
    ++m_generation;
    m_criteria = criteria;
    m_messageRegex = criteria.messageRegex();
    m_dataRegex = criteria.dataRegex();
    // New lists: a source made of the old ones (a bulk run under way) keeps them as they are.
    m_matches = std::make_shared<QList<QByteArray>>();
    m_states = std::make_shared<QMap<QString, qint64>>();
    m_seen.clear();
    m_cursor = "0";
    m_looked = 0;
    m_keys = 0;
    m_calls = 0;
    m_complete = false;
    m_started = true;
    m_error.clear();
    m_clock.start();
    m_running = true;
    emit matched(0);
    emit progressed();
    step();
}

void JobSearch::cancel()
{
    if (!m_running)
        return;
    ++m_generation;
    end(false, QString());
}

void JobSearch::resume()
{
    if (!canResume())
        return;
    ++m_generation;
    m_error.clear();
    m_running = true;
    emit progressed();
    step();
}

double JobSearch::progress() const
{
    if (m_complete)
        return 1.0;
    if (m_keys <= 0)
        return 0.0;
    // SCAN may return keys twice and keys come and go: an estimate, never "done" before the end.
    return qMin(0.99, double(m_looked) / double(m_keys));
}

void JobSearch::step()
{
    const quint64 generation = m_generation;
    m_client->searchJobs(m_criteria.query(), m_cursor, m_keysPerCall, this,
                         [this, generation](const QlessReply<JobSearchPage> &reply) {
        if (generation != m_generation)
            return;
        if (!reply.ok()) {
            end(false, reply.error.message);
            return;
        }
        const JobSearchPage &page = reply.value;
        ++m_calls;
        m_looked += page.looked;
        m_keys = page.keys;
        m_cursor = page.cursor;
        const qint64 before = m_matches->size();
        for (const JobSearchPage::Match &match : page.matches) {
            if (m_seen.contains(match.jid))
                continue; // SCAN returned the key again (the table grew or shrank meanwhile)
            if (!m_messageRegex.pattern().isEmpty() && !m_messageRegex.match(match.message).hasMatch())
                continue;
            if (!m_dataRegex.pattern().isEmpty() && !m_dataRegex.match(QString::fromUtf8(match.data)).hasMatch())
                continue;
            m_seen.insert(match.jid);
            m_matches->append(match.jid);
            ++(*m_states)[match.state];
        }
        if (m_matches->size() > before)
            emit matched(m_matches->size());
        if (page.atEnd()) {
            m_complete = true;
            end(true, QString());
            return;
        }
        emit progressed();
        step();
    });
}

void JobSearch::end(bool ok, const QString &error)
{
    m_running = false;
    m_elapsedMs = m_clock.elapsed();
    m_error = error;
    emit progressed();
    emit finished(ok, error);
}

JobSource JobSearch::source(bool frozen) const
{
    // A frozen copy shares the list's data until the walk appends (Qt's implicit sharing).
    const std::shared_ptr<const QList<QByteArray>> matches =
        frozen ? std::make_shared<const QList<QByteArray>>(*m_matches) : m_matches;
    const std::shared_ptr<const QMap<QString, qint64>> states =
        frozen ? std::make_shared<const QMap<QString, qint64>>(*m_states) : m_states;
    JobSource source;
    source.description = tr("matching %1").arg(m_criteria.describe());
    if (!m_criteria.state.isEmpty())
        source.state = m_criteria.state == QLatin1String("stalled") ? QStringLiteral("running") : m_criteria.state;
    source.holdsState = [states](const QString &state) { return states->value(state) > 0; };
    source.fetch = [matches](int offset, int count, QObject *context, JobSource::Done done) {
        QlessReply<JobPage> page;
        page.value.jids = matches->mid(offset, count);
        page.value.total = matches->size();
        // As a source that asks Redis would: later, on `context`'s thread, and not once it is gone.
        QTimer::singleShot(0, context, [done, page] { done(page); });
    };
    source.scan = [matches](const QList<QByteArray> &, QObject *context, JobSource::ScanDone done) {
        QlessReply<JobScanPage> chunk;
        chunk.value.jids = *matches; // the whole list in one chunk; an empty cursor: the end
        chunk.value.total = matches->size();
        QTimer::singleShot(0, context, [done, chunk] { done(chunk); });
    };
    return source;
}
