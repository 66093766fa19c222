// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QList>
#include <QPair>
#include <QString>
#include <QStringList>

#include <optional>

// What the console reads of a Blueque deployment (docs/BLUEQUE.md), as plain values. Bad data
// in Redis is carried as such (a count of -1, a key's unexpected TYPE, a time that is not a
// number kept as its text), never dropped or guessed.

// One queue of blueque_queues with its counts, as lua/blueque/overview.lua reads them together.
struct BluequeQueue
{
    QString name;
    double score = 0; // blueque_queues' score: listeners ever added minus orphans claimed
    // -1: the key has a type Blueque never writes (see `odd`).
    qint64 pending = 0;
    qint64 scheduled = 0;
    qint64 overdue = 0; // scheduled with an eta already past
    qint64 reserved = 0;
    qint64 started = 0;
    qint64 complete = 0;
    qint64 failed = 0;
    qint64 listeners = 0;
    qint64 listenersRead = 0; // listeners whose reserved lists were counted (at most 200)
    QString odd;              // "started:list reserved h_1:string": keys of unexpected types
    qint64 stuck = 0;         // reserved tasks still `pending` past the grace (a dequeue cut short)
};

struct BluequeQueuePage
{
    qint64 total = 0; // queues in blueque_queues
    QList<BluequeQueue> queues;
};

// A time field of a task hash: Python's float text, read as seconds when it is a number.
struct BluequeTime
{
    QByteArray text;
    std::optional<double> seconds;
    static BluequeTime from(const QByteArray &text);
};

// One task as a row shows it (lua/blueque/taskpage.lua: long text cut to 200 bytes).
struct BluequeTaskRow
{
    QByteArray id;
    QString keyType; // TYPE of blueque_task_{id}: "hash", "none" (no hash) or another
    QString status;
    QString queue;
    BluequeTime created;
    BluequeTime updated;
    BluequeTime eta;
    QString node;
    QString pid;
    QString entry; // the started member ("listener pid id") or the scheduled score
    QString parameters;
    QString error;
};

struct BluequeTaskPage
{
    qint64 total = 0; // -1: the state's key has a type Blueque never writes (oddType)
    QByteArray next;  // started only: the SSCAN cursor of the next page, "0" at the end
    QString oddType;
    QList<BluequeTaskRow> rows;
};

// A task's whole hash and the keys found holding it (lua/blueque/taskrecord.lua).
struct BluequeTaskRecord
{
    QByteArray id;
    QString keyType;
    QList<QPair<QString, QByteArray>> fields; // in the hash's order
    QStringList holders;                      // "pending", "scheduled", "reserved <listener>", ...
    QByteArray field(const QString &name) const;
};

// One task whose parameters or error hold the text searched for (lua/blueque/search.lua).
struct BluequeSearchHit
{
    QByteArray id;
    QString queue;
    QString status;
    QStringList where; // "parameters", "error"
};

// One bounded step of a search's walk over every task hash.
struct BluequeSearchStep
{
    QByteArray cursor; // "0": the walk is done
    qint64 looked = 0; // keys looked at in this step
    QList<BluequeSearchHit> hits;
};
