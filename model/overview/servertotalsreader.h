// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "servertotals.h"

#include <QObject>
#include <QSet>
#include <QString>

class QlessSession;
struct FailureGroupList;

// Reads one server's totals (ServerTotals) in one round: every queue's counts (paged as the
// Overview reads them), the failure groups' counts walked step by step, and the worker count from a
// one-worker page. Each call is bounded as the pages' own are, so watching many servers costs
// each of them what one Overview refresh does. One round at a time; it reads nothing while the
// connection is not ready.
class ServerTotalsReader final : public QObject
{
    Q_OBJECT

public:
    explicit ServerTotalsReader(QlessSession *session, QObject *parent = nullptr);

    // Starts a round; false (and nothing starts) while one is out or the connection is down.
    bool read();
    bool isReading() const { return m_pending > 0; }
    // Gives up the round out (its refresh was abandoned): its replies, whenever they come, are
    // ignored (no finished()), and read() may start the next round at once.
    void abandon();

    // The last round that read everything; hasTotals() false until one has.
    const ServerTotals &totals() const { return m_totals; }
    bool hasTotals() const { return m_hasTotals; }
    // Why the last round failed; empty when it did not.
    QString error() const { return m_error; }

signals:
    // A round has ended: ok when every part was read (totals() then holds them), else error().
    void finished(bool ok);

private:
    void readFailureGroups(const QByteArray &cursor, quint64 round);
    void partDone(quint64 round, const QString &error);

    QlessSession *m_session;
    ServerTotals m_totals;
    ServerTotals m_reading;
    QSet<QString> m_groupsSeen; // the failure groups this round has counted
    QString m_error;
    QString m_roundError;
    bool m_hasTotals = false;
    int m_pending = 0;
    quint64 m_round = 0;
};
