// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "recurringjob.h"
#include "replydone.h"

#include <QByteArray>
#include <QList>
#include <QString>

class QObject;

// The writes on one job or recurring template that the one-job actions make (bulk steps go
// through BulkRunner instead). A bool value is false when the job or template does not exist or
// is not in a state the write applies to. A refusal on a read-only connection comes back as the
// reply's error, before anything is sent.
class JobWrites
{
public:
    virtual ~JobWrites() = default;

    // The job stops waiting for `dependencies` (all of them when empty).
    virtual void removeDependencies(const QByteArray &jid, const QList<QByteArray> &dependencies, QObject *context,
                                    ReplyDone<bool> done) = 0;
    virtual void updateRecurring(const QByteArray &jid, const RecurringUpdate &update, QObject *context,
                                 ReplyDone<bool> done) = 0;
    // How many templates were removed.
    virtual void stopRecurring(const QByteArray &jid, QObject *context, ReplyDone<qint64> done) = 0;
    // An entry `message` in the job's history with `dataJson` (a JSON value, empty for none) as
    // its data; an error when the job is gone or the data is not JSON.
    virtual void addNote(const QByteArray &jid, const QString &message, const QString &dataJson, QObject *context,
                         ReplyDone<bool> done) = 0;
};
