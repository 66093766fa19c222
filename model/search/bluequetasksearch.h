// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "bluequetypes.h"

#include <QList>
#include <QObject>
#include <QSet>
#include <QString>

class BluequeClient;

// Searches every Blueque task's parameters and error text for a plain text (exact case), as
// JobSearch does qless's jobs: lua/blueque/search.lua walks the task hashes with a SCAN cursor, a
// bounded step a call (KeysPerCall keys, 1 ms or 1 MB of text, whichever comes first), one call
// in flight at a time, so Redis serves everyone else between two steps and the GUI thread never
// waits. Matches arrive as they are found, each task once; a queue or a status narrows the search
// on the server. A failed step ends the search, and resume() goes on from the cursor reached.
class BluequeTaskSearch final : public QObject
{
    Q_OBJECT

public:
    static constexpr int KeysPerCall = 1000;

    // `client` must outlive the search.
    explicit BluequeTaskSearch(BluequeClient *client, QObject *parent = nullptr);

    // Starts over; a search under way is dropped (its replies are ignored). `text` must not be empty.
    void start(const QString &text, const QString &queue = {}, const QString &status = {});
    void cancel();
    void resume();
    void setKeysPerCall(int keys) { m_keysPerCall = qBound(1, keys, 10000); }

    bool isRunning() const { return m_running; }
    bool isComplete() const { return m_complete; }
    // The tasks found, each once, in order of finding.
    const QList<BluequeSearchHit> &matches() const { return m_matches; }
    qint64 looked() const { return m_looked; }
    int calls() const { return m_calls; }
    QString lastError() const { return m_error; }

signals:
    // `count` matches now (some arrived).
    void matched(qint64 count);
    // ok false: the search failed (`error` says why) or was cancelled (`error` empty).
    void finished(bool ok, const QString &error);

private:
    void step();
    void end(bool ok, const QString &error);

    BluequeClient *m_client;
    QString m_text;
    QString m_queue;
    QString m_status;
    QByteArray m_cursor;
    QList<BluequeSearchHit> m_matches;
    QSet<QByteArray> m_seen;
    qint64 m_looked = 0;
    int m_calls = 0;
    int m_keysPerCall = KeysPerCall;
    quint64 m_generation = 0; // a reply of an earlier start() or a cancelled step is dropped
    bool m_running = false;
    bool m_complete = false;
    QString m_error;
};
