// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>

class SyncRedis;

// Writes a Blueque deployment the way the released library (ustudio/Blueque v1.0.0) writes it:
// the same keys, types, fields and value formats, the same commands grouped the same way (one
// MULTI/EXEC where the library pipelines, single commands where it does not), so tests read
// data no different from a live deployment's. Times are given, never read from a clock, and
// written as Python writes a float. docs/BLUEQUE.md describes each step.
// The *Half and legacy methods write what a crash between two of the library's steps, a hand
// edit or the 2013 README's layout leaves: the anomalies a console has to show.
class BluequeGenerator final
{
public:
    explicit BluequeGenerator(SyncRedis &redis);

    // A float as Python's repr (what redis-py sends): shortest text that reads back the same,
    // with ".0" on whole numbers.
    static QByteArray timeText(double seconds);
    // A new task id as the library makes one: a random UUID, lowercase, with dashes.
    static QByteArray newTaskId();

    // Queue.enqueue; `id` empty makes a new one. Returns the id.
    QByteArray enqueue(const QByteArray &queue, const QByteArray &parameters, double now, QByteArray id = {});
    // Queue.schedule: an eta before `now` is an enqueue (no eta field), as in the library.
    QByteArray schedule(const QByteArray &queue, const QByteArray &parameters, double eta, double now,
                        QByteArray id = {});
    // Queue.enqueue_due_tasks at `now`: every scheduled task with eta <= now. Returns how many.
    int enqueueDue(const QByteArray &queue, double now);

    // A Listener's construction (add_listener) and claim_orphan's removal of a dead one.
    void addListener(const QByteArray &queue, const QByteArray &listener);
    bool removeListener(const QByteArray &queue, const QByteArray &listener);
    // Listener.listen's dequeue: the id reserved, empty when nothing is pending.
    QByteArray dequeue(const QByteArray &queue, const QByteArray &listener, double now);
    // Only the dequeue's first step (a listener gone before writing the status): the task sits
    // in the reserved list still saying `pending`.
    QByteArray dequeueHalf(const QByteArray &queue, const QByteArray &listener);
    // Processor.start / complete / fail, with the listener and pid the library passes.
    void start(const QByteArray &queue, const QByteArray &id, const QByteArray &listener, qint64 pid, double now);
    void complete(const QByteArray &queue, const QByteArray &id, const QByteArray &listener, qint64 pid,
                  const QByteArray &result, double now);
    void fail(const QByteArray &queue, const QByteArray &id, const QByteArray &listener, qint64 pid,
              const QByteArray &error, double now);
    // claim_orphan once `dead` is found dead: the listener removed, then the head of its reserved
    // list marked reclaimed (it stays in that list). Returns that id, empty when none.
    QByteArray reclaim(const QByteArray &queue, const QByteArray &dead, const QByteArray &by);
    // Queue.delete_task of a complete or failed task.
    void deleteTask(const QByteArray &queue, const QByteArray &id, const QByteArray &status);

    // A started entry alone, whatever the task's state (a hand edit, a hash rewritten).
    void addStartedEntry(const QByteArray &queue, const QByteArray &listener, qint64 pid, const QByteArray &id);
    // The 2013 README's layout, never written by a released version: the started tasks as a
    // list and a list of every task of a queue.
    void addLegacyStartedList(const QByteArray &queue, const QByteArray &entry);
    void addLegacyTaskList(const QByteArray &queue, const QByteArray &id);

private:
    QByteArray writeTask(const QByteArray &queue, const QByteArray &status, const QByteArray &parameters, double now,
                         const QByteArray &eta, QByteArray id);
    static QByteArray startedEntry(const QByteArray &listener, qint64 pid, const QByteArray &id);
    void finish(const QByteArray &queue, const QByteArray &id, const QByteArray &listener, qint64 pid,
                const QByteArray &status, const QByteArray &field, const QByteArray &value, double now);

    SyncRedis &m_redis;
};
