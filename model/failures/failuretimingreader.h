// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "failuretiming.h"

#include <QByteArray>
#include <QObject>
#include <QSet>
#include <QString>

class QlessClient;

// Reads the newest jobs of a failure group, whole (their histories), into a FailureTiming: at
// most `sampleSize` of them, in calls of QlessJobReads::MultiGetPerCall jobs one after another
// (a whole job costs Redis what its data and history hold, so no more than multiGet reads a
// call). New failures arriving meanwhile shift the group: a job read twice counts once.
class FailureTimingReader final : public QObject
{
    Q_OBJECT

public:
    explicit FailureTimingReader(QlessClient *client, QObject *parent = nullptr);

    static constexpr int DefaultSampleSize = 48;

    // Starts over on `group`; a read under way is dropped (its replies are ignored).
    void start(const QString &group, int sampleSize = DefaultSampleSize);
    // Drops a read under way: its replies are ignored and finished() is not emitted.
    void cancel();
    bool isRunning() const { return m_running; }
    QString group() const { return m_group; }
    int sampleSize() const { return m_sampleSize; }
    qint64 groupTotal() const { return m_total; } // the group's size at the last call
    int calls() const { return m_calls; }
    const FailureTiming &timing() const { return m_timing; }

signals:
    // ok false: the read failed, `error` says why (what was read so far stays in timing()).
    void finished(bool ok, const QString &error);

private:
    void readNext();

    QlessClient *m_client;
    QString m_group;
    FailureTiming m_timing;
    QSet<QByteArray> m_seen;
    int m_sampleSize = DefaultSampleSize;
    int m_offset = 0;
    int m_calls = 0;
    qint64 m_total = 0;
    quint64 m_generation = 0;
    bool m_running = false;
};
