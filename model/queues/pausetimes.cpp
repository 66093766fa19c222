// SPDX-License-Identifier: GPL-3.0-or-later
#include "pausetimes.h"

#include "auditlog.h"
#include "auditlogscanner.h"
#include "connectionsettings.h"
#include "qlesssession.h"
#include "replyrelay.h"

#include <QJsonArray>
#include <QThreadPool>

#include <memory>

PauseTimes::PauseTimes(QlessSession *session)
    : QObject(session)
    , m_server(session->settings().describe())
{
    setObjectName(QStringLiteral("pauseTimes"));
    connect(session, &QlessSession::audited, this, &PauseTimes::onAudited);
    // Read by path on a pool thread: the thread never touches the session's log object, which
    // may go with the session while the read runs. The relay drops the result if we are gone.
    const QString path = session->auditLog()->filePath();
    ReplyRelay *relay = ReplyRelay::create(this);
    QThreadPool::globalInstance()->start([this, relay, path, server = m_server] {
        // A line at a time, and only the lines that may be pauses are decoded: the log may hold a
        // million other records, which must not all be in memory at once.
        QList<AuditRecord> newestFirst;
        AuditLogScanner::forEachLine(path, [&newestFirst](const QByteArray &line) {
            AuditRecord record;
            if (line.contains("pause") && AuditLog::fromJsonLine(line.trimmed(), &record))
                newestFirst.prepend(record);
        });
        auto found = std::make_shared<QList<AuditRecord>>(pauseRecords(newestFirst, server));
        relay->post([this, found] {
            m_since.clear();
            for (const AuditRecord &record : std::as_const(*found))
                apply(record);
            for (const AuditRecord &record : std::as_const(m_live))
                apply(record);
            m_live.clear();
            m_loaded = true;
            emit loaded();
        });
    });
}

PauseTimes *PauseTimes::of(QlessSession *session)
{
    auto *times = session->findChild<PauseTimes *>(QStringLiteral("pauseTimes"), Qt::FindDirectChildrenOnly);
    return times ? times : new PauseTimes(session);
}

QList<AuditRecord> PauseTimes::pauseRecords(const QList<AuditRecord> &newestFirst, const QString &server)
{
    QList<AuditRecord> out;
    for (auto it = newestFirst.crbegin(); it != newestFirst.crend(); ++it) {
        const bool pauseAction = it->action == QLatin1String("pause") || it->action == QLatin1String("unpause");
        // A failed pause paused nothing; another server's queues are other queues.
        if (pauseAction && it->outcome == QLatin1String("done") && it->server == server)
            out.append(*it);
    }
    return out;
}

void PauseTimes::apply(const AuditRecord &record)
{
    const bool pause = record.action == QLatin1String("pause");
    for (const QJsonValue &queue : record.arguments.value(QStringLiteral("queues")).toArray()) {
        if (pause)
            m_since.insert(queue.toString(), record.time);
        else
            m_since.remove(queue.toString());
    }
}

void PauseTimes::onAudited(const AuditRecord &record)
{
    const QList<AuditRecord> relevant = pauseRecords({record}, m_server);
    if (relevant.isEmpty())
        return;
    apply(relevant.first());
    if (!m_loaded)
        m_live.append(relevant.first());
}

QDateTime PauseTimes::pausedSince(const QString &queue) const
{
    return m_since.value(queue);
}

void PauseTimes::sawUnpaused(const QStringList &queues, const QDateTime &askedAt)
{
    for (const QString &queue : queues) {
        const auto it = m_since.constFind(queue);
        if (it != m_since.cend() && it.value() < askedAt)
            m_since.erase(it);
    }
}
