// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "failuresignature.h"

#include <QByteArray>
#include <QHash>
#include <QList>

// Failures of one group gathered by what actually went wrong (FailureSignature): each cluster's
// count, when its first and last failures happened, an example (the newest failure's message)
// and its jids, so that a whole cluster can be retried, moved or cancelled. Fed a page of
// failures at a time by whoever reads the group; nothing here reads Redis.
struct FailureCluster
{
    FailureSignature signature;
    qint64 count = 0;
    double firstSeen = 0; // qless's failure `when`, seconds since the epoch
    double lastSeen = 0;
    QByteArray exampleJid;
    QString example; // the newest failure's message as fed (a scan feeds its first line and frames)
    QList<QByteArray> jids;
};

class FailureClusters
{
public:
    void add(const QByteArray &jid, const QString &message, double when);
    void clear();

    qint64 failures() const { return m_failures; }
    qsizetype size() const { return m_clusters.size(); }
    // Biggest first; equal counts, the most recent first.
    QList<FailureCluster> sorted() const;

private:
    QList<FailureCluster> m_clusters;
    QHash<QString, qsizetype> m_byKey;
    // The same message text, again and again (a timeout with the same host): its cluster without
    // masking it again. Bounded: a group of all-different messages would otherwise keep them all.
    QHash<QString, qsizetype> m_byMessage;
    static constexpr qsizetype MessageCacheLimit = 20000;
    qint64 m_failures = 0;
};
