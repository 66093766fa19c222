// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "auditrecord.h"

#include <QDateTime>
#include <QHash>
#include <QList>
#include <QObject>
#include <QStringList>

class QlessSession;

// Since when each paused queue is paused, where this console knows it. qless keeps only the set
// ql:paused_queues, never when a queue joined it; the one record of the moment is our audit log,
// and only for pauses made from a qlessdesk. So a queue's time is that of the latest "pause" of
// it the log holds for this server with no "unpause" after it, and nothing otherwise (paused by
// the CLI, another tool, or before the log began).
//
// Cost: the log is read once per session, off the GUI thread (it only ever grows, and may be
// large); after that the session's own audited records keep the times current, and a refresh of
// the queue list that sees a queue not paused drops its time (someone unpaused it elsewhere, so
// a later pause by them must not take our old time).
class PauseTimes final : public QObject
{
    Q_OBJECT

public:
    // The one for `session`: made on first use as its child, reading the session's audit log.
    static PauseTimes *of(QlessSession *session);

    // When `queue` was paused, or an invalid time when that is not known (see above, or the log
    // is still being read).
    QDateTime pausedSince(const QString &queue) const;
    bool isLoaded() const { return m_loaded; }

    // A read of the queues, sent at `askedAt`, found `queues` not paused: a pause recorded before
    // that moment no longer holds. A pause recorded after it (the reply raced our own pause)
    // stays.
    void sawUnpaused(const QStringList &queues, const QDateTime &askedAt);

    // Of `newestFirst` (as AuditLog::records gives them), the pause and unpause records of
    // `server` that were done, oldest first: what the times are made from.
    static QList<AuditRecord> pauseRecords(const QList<AuditRecord> &newestFirst, const QString &server);

signals:
    // The log has been read: times may now be known.
    void loaded();

private:
    explicit PauseTimes(QlessSession *session);
    void apply(const AuditRecord &record);
    void onAudited(const AuditRecord &record);

    QString m_server;
    QHash<QString, QDateTime> m_since;
    // Records the session wrote while the log was being read: applied again after it, in order,
    // since the read may or may not have seen them.
    QList<AuditRecord> m_live;
    bool m_loaded = false;
};
