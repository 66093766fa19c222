// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "sidejobtypes.h"

#include <QObject>
#include <QStringList>

#include <functional>

class QlessSession;
class RedisConnection;
class SideJobClient;
class SideJobWriter;

// The SideJob side of one server: its client, and whether the server holds SideJob (a Redis may
// hold qless, Blueque and SideJob side by side) and in which layouts. One per session (of()), so
// the SideJob pages share one detection. detect() is one bounded script (lua/sidejob/detect.lua:
// a few TYPEs and a sample of 11 jobs); presenceChanged says when the answer changes.
class SideJobSession final : public QObject
{
    Q_OBJECT

public:
    // The session's own, made on first use (a child of `session`).
    static SideJobSession *of(QlessSession *session);
    // `connection` must outlive the session.
    explicit SideJobSession(RedisConnection *connection, QObject *parent = nullptr);
    ~SideJobSession() override;

    SideJobClient *client() const { return m_client; }
    // The action scripts' sender (SideJobBulkRun uses it; views never do).
    SideJobWriter *writer() const { return m_writer; }
    bool isPresent() const { return m_presence.holdsSideJob(); }
    const SideJobPresence &presence() const { return m_presence; }
    void detect();
    // What was found, in a sentence: the layouts and how many jobs, or that there is no SideJob.
    QString summary() const;
    // The server's clock in seconds.
    double now() const;
    // A job's whole record as HTML (SideJobRecordText), or why it could not be read; `done` runs on
    // `context`'s thread unless `context` is gone.
    // `childCursor` picks the window of its children (a "sidejob-children:" link's cursor).
    void readRecordText(const QByteArray &id, QObject *context, std::function<void(const QString &)> done,
                        const QByteArray &childCursor = "0");

    // The names of a job's input ports ("*" left out), read from its record, for the write
    // dialog; `done` gets nothing when the record could not be read.
    void readInputPorts(const QByteArray &id, QObject *context, std::function<void(const QStringList &)> done);

signals:
    void presenceChanged(bool present);
    // A detection answered (the layouts or the count may have changed).
    void detected();

private:
    RedisConnection *m_connection;
    SideJobClient *m_client;
    SideJobWriter *m_writer;
    SideJobPresence m_presence;
};
