// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QList>
#include <QPair>
#include <QString>
#include <QStringList>

// What the console reads of a SideJob deployment (docs/SIDEJOB.md), as plain values, in either
// layout (4.1: a key per field under job:{id}:; 4.0: the hash job:{id} of JSON values). Bad data
// is carried as such (a layout "odd:<TYPE>", a count of -1, a value kept as its text), never
// dropped or guessed.

// What lua/sidejob/detect.lua saw: the TYPEs of SideJob's global keys and a sample's layouts.
struct SideJobPresence
{
    QString jobsType;   // `jobs`: "set" in a deployment
    QString lastIdType; // `jobs:last_id`: "string"
    QString logsType;   // 4.0's `jobs:logs`: "list" once anything was logged
    qint64 jobCount = 0;
    QByteArray lastId;
    QStringList layouts; // "4.1", "4.0" among the sampled jobs
    bool holdsSideJob() const { return jobsType == QLatin1String("set") && lastIdType == QLatin1String("string"); }
};

// The filters of a job page: exact status, queue and class; creator as a substring; empty: any.
struct SideJobFilter
{
    QString status = {};
    QString queue = {};
    QString klass = {};
    QString creator = {};
    bool operator==(const SideJobFilter &o) const
    {
        return status == o.status && queue == o.queue && klass == o.klass && creator == o.creator;
    }
};

// One job as a row shows it (lua/sidejob/jobpage.lua; args cut to 200 bytes).
struct SideJobRow
{
    qint64 id = 0;
    QString layout; // "4.1", "4.0", "none" (in `jobs`, no key: being created), "odd:<TYPE>"
    QString status;
    QString queue;
    QString klass;
    QByteArray args; // JSON as stored
    QString createdAt;
    QString createdBy;
    QString ranAt;
    QByteArray parent; // the parent's id as stored (a JSON integer)
    bool locked = false;
};

struct SideJobPage
{
    qint64 next = 0;  // the id to continue the walk at; 0 when it is done
    qint64 total = 0; // SCARD jobs
    QByteArray lastId;
    QList<SideJobRow> rows;
};

struct SideJobPort
{
    QString name;
    qint64 waiting = 0; // values in its list; -1 when the key is not a list
    QByteArray defaultValue;
    QByteArray channels; // JSON array of channel names (4.1)
    QByteArray head;     // the oldest value, cut to 200 bytes
};

struct SideJobChild
{
    QString name;
    QByteArray id;
    QString status; // empty when the child has no record
};

// One job's whole record (lua/sidejob/jobrecord.lua) and what it means in either layout.
struct SideJobRecord
{
    QByteArray id;
    bool inJobs = false;
    QString layout;
    QList<QPair<QString, QByteArray>> fields; // as stored: 4.1's keys, 4.0's hash fields
    // Read from the fields in the job's layout (4.0's JSON strings decoded).
    QString status;
    QString queue;
    QString klass;
    QByteArray args;
    QString createdAt;
    QString createdBy;
    QString ranAt;
    QByteArray parent;
    bool workerParsed = false; // 4.1's worker record is JSON {queue, class, args}
    QString parentStatus;
    qint64 stateTotal = 0;
    QList<QPair<QString, QByteArray>> state; // 4.1's state hash; 4.0's fields not the library's own
    qint64 childTotal = 0;
    QByteArray childCursor = "0"; // where this window of children starts (an HSCAN cursor)
    QByteArray childNext = "0";   // where the next one does; "0": no more
    QList<SideJobChild> children;
    qint64 inportTotal = 0;
    QList<SideJobPort> inports;
    qint64 outportTotal = 0;
    QList<SideJobPort> outports;
    qint64 aliasTotal = 0;
    QStringList aliases;
    QByteArray lockToken; // empty: not locked
    qint64 lockTtl = -2;
    bool workerTaking = false; // job:{id}:lock:worker exists
    QByteArray rate;           // runs started this minute
    bool inQueue = false;      // its Sidekiq item waits (among the queue's 1000 newest)
    bool inSchedule = false;   // among the schedule's first 1000
};

// A window of the values waiting on one port (lua/sidejob/portpage.lua).
struct SideJobPortPage
{
    qint64 total = 0; // -1: the key is not a list (its TYPE in `type`)
    QString type;
    QList<QByteArray> values;
};
