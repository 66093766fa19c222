// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "auditlog.h"
#include "deploymentdata.h"
#include "qlessfixture.h"
#include "qlesssession.h"
#include "queuelistmodel.h"

#include <QAbstractItemModel>
#include <QTableView>

// What the tests of qless's own controls (tst_consolecontrols, tst_workerandqueuecontrols) share:
// a few queues as a deployment has them, a queue's row in a list, the audit log's last record.
namespace ConsoleControlsKit {

// crawl: one waiting, one running (worker w-1); index: one waiting; empty: known, holding nothing.
inline void seedQueues(QlessFixture &fixture, double now)
{
    DeploymentData qless(fixture);
    qless.put("crawl", "c1", now - 60);
    qless.put("crawl", "c2", now - 50);
    qless.pop("crawl", "c2", "w-1", now - 40);
    qless.put("index", "i1", now - 30);
    fixture.command({"ZADD", "ql:queues", "NX", QByteArray::number(now - 20, 'f', 3), "empty"});
}

// The row of `queue` in a view of queues, -1 when it is not listed.
inline int rowOf(QTableView *view, const QString &queue)
{
    for (int row = 0; row < view->model()->rowCount(); ++row) {
        if (view->model()->index(row, 0).data(QueueListModel::KeyRole).toString() == queue)
            return row;
    }
    return -1;
}

inline AuditRecord lastRecord(QlessSession *session)
{
    // records() lists the newest first.
    const QList<AuditRecord> records = session->auditLog()->records(1);
    return records.isEmpty() ? AuditRecord() : records.first();
}

} // namespace ConsoleControlsKit
