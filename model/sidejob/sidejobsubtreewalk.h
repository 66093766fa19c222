// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "qlessreply.h"
#include "sidejobtypes.h"

#include <QByteArray>
#include <QHash>
#include <QList>
#include <QObject>
#include <QString>

class SideJobClient;

// One job a SideJobSubtreeWalk found: where it hangs and what it was when read.
struct SideJobWalkedJob
{
    QByteArray id;
    QString layout; // its record's layout ("4.1", "4.0", "none" when in `jobs` without keys)
    QString status;
    bool inJobs = false;
    bool locked = false; // :lock held or :lock:worker set
    int parent = -1;     // index of its parent among the walked jobs; -1 for a chosen job
};

// Reads chosen jobs and all their descendants, breadth first, one bounded read at a time (a job's
// record with a window of at most 200 children, lua/sidejob/jobrecord.lua), on the GUI thread
// without waiting: what a subtree terminate or delete acts on. Every job is read once, even when
// named twice (by two parents, or a parent naming an ancestor: not written by the library). A
// read that fails stops the walk with failed(); resume() sends the same read again (reads change
// nothing, so repeating one is safe).
class SideJobSubtreeWalk final : public QObject
{
    Q_OBJECT

public:
    // `client` must outlive the walk; `now` is the server's time, read once.
    SideJobSubtreeWalk(SideJobClient *client, double now, const QList<QByteArray> &tops, QObject *parent = nullptr);

    void start() { readNext(); }
    void resume() { readNext(); }
    // Found so far, in the order read: a parent always before its children.
    const QList<SideJobWalkedJob> &jobs() const { return m_jobs; }
    bool isDone() const { return m_done; }
    int reads() const { return m_reads; }

signals:
    void progressed();
    void done();
    void failed(const RedisError &error);

private:
    void readNext();
    void answered(const QlessReply<SideJobRecord> &reply);

    SideJobClient *m_client;
    double m_now;
    QList<SideJobWalkedJob> m_jobs;
    QHash<QByteArray, int> m_index;
    int m_current = 0;              // the job being read
    QByteArray m_childCursor = "0"; // and the window of its children
    bool m_done = false;
    int m_reads = 0;
};
