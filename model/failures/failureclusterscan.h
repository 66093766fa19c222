// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "failureclusters.h"

#include <QObject>
#include <QSet>
#include <QString>

class QlessClient;

// Reads a whole failure group (desk.failuresigs, a page at a time from its oldest end) into
// FailureClusters, with progress and Cancel. A group of 100,000 failures is 400 short calls;
// each page is clustered as it arrives (a few milliseconds of the GUI thread at most: the same
// message is masked once). A job listed twice while the group shifts is counted once.
class FailureClusterScan final : public QObject
{
    Q_OBJECT

public:
    explicit FailureClusterScan(QlessClient *client, QObject *parent = nullptr);

    // Starts over on `group`; a scan under way is dropped (its replies are ignored).
    void start(const QString &group);
    void cancel();
    bool isRunning() const { return m_running; }

    QString group() const { return m_group; }
    const FailureClusters &clusters() const { return m_clusters; }
    qint64 scanned() const { return m_scanned; }
    qint64 total() const { return m_total; }
    // Listed, but gone or unreadable by the time the scan reached them.
    qint64 unreadable() const { return m_unreadable; }

    // Failures a desk.failuresigs call reads: each costs Redis a failure's job and first lines,
    // and a call must stay well under the 5 ms a call of ours may hold Redis, host noise
    // included (docs/BENCHMARKS.md, "cluster signatures of 50").
    static constexpr int PageSize = 50;
    static constexpr int PagesInFlight = 2;

signals:
    void progressed(qint64 scanned, qint64 total);
    // ok false: the read failed (`error` says why) or the scan was cancelled (`error` empty).
    void finished(bool ok, const QString &error);

private:
    // Asks for the page at m_nextOffset and moves it on by a page.
    void readNext();
    void end(bool ok, const QString &error);

    QlessClient *m_client;
    QString m_group;
    FailureClusters m_clusters;
    QSet<QByteArray> m_seen;
    qint64 m_scanned = 0;
    qint64 m_total = 0;
    qint64 m_unreadable = 0;
    quint64 m_generation = 0; // a reply of an earlier start() is dropped
    qint64 m_nextOffset = 0;  // where the next page asked for starts
    bool m_running = false;
};
