// SPDX-License-Identifier: GPL-3.0-or-later
// The priority section: a waiting list of `rows` jobs, all loaded and shown sorted by priority,
// refreshed after every job's priority changed (a bulk priority change): the GUI thread must not
// stall while the model and its sorting proxy take the new order in.
#include "bench.h"

#include "benchtools.h"
#include "jobfilterproxymodel.h"
#include "joblistmodel.h"
#include "jobsource.h"
#include "modelscroll.h"
#include "qlesssession.h"
#include "scriptface.h"

void Bench::priorityRefresh()
{
    if (!flush())
        return;
    QString error;
    const std::optional<ScriptFace> face = ScriptFace::unified(m_raw, &error);
    if (!face) {
        fail(QStringLiteral("priority refresh: ") + error);
        return;
    }
    const int n = m_options.rows;
    const QByteArray queue = "priority-bench";
    const auto jid = [](int i) -> QByteArray { return "prio-" + QByteArray::number(i).rightJustified(27, '0'); };
    progress(QStringLiteral("priority refresh: %1 waiting jobs").arg(n));
    QList<RawRedis::Argv> puts;
    puts.reserve(n);
    const QByteArray putAt = seconds(nowSeconds());
    for (int i = 0; i < n; ++i)
        puts.append(face->put(queue, "bench", jid(i), "{}", putAt).argv());
    qint64 errors = 0;
    QString last;
    rawPipeline(puts, &errors, &last);
    if (errors) {
        fail(QStringLiteral("priority refresh, seeding: ") + last);
        return;
    }

    // As the Queues page shows it: the model under a proxy sorting by priority, highest first,
    // every row paged in and the top of the list on screen.
    QlessClient *client = m_session->client();
    JobListModel model(client);
    JobFilterProxyModel proxy;
    proxy.setSourceModel(&model);
    proxy.sort(JobListModel::PriorityColumn, Qt::DescendingOrder);
    model.setSource(JobSource::queueState(client, QString::fromUtf8(queue), QStringLiteral("waiting")));
    if (!scrollThrough(model, n, 600000)) {
        fail(QStringLiteral("priority refresh: %1 rows loaded, not %2; %3")
                 .arg(model.rowCount())
                 .arg(n)
                 .arg(model.lastError()));
        return;
    }
    model.setVisibleRange(0, 39);

    // Every job's priority changed at once, the order turned over: prio-0, last in line before
    // (equal priority and put time: the work set's ties go by jid, highest first), is now the
    // first to pop. The window on screen
    // then holds rows that were at the bottom of the loaded list: the model moves them up (one
    // layout change) and the proxy sorts all 10,000 rows again, on the GUI thread.
    QList<RawRedis::Argv> changes;
    changes.reserve(n);
    const QByteArray changedAt = seconds(nowSeconds());
    for (int i = 0; i < n; ++i)
        changes.append(face->priority(jid(i), QByteArray::number(n - i), changedAt).argv());
    rawPipeline(changes, &errors, &last);
    if (errors) {
        fail(QStringLiteral("priority refresh, the change: ") + last);
        return;
    }

    bool done = false;
    QElapsedTimer timer;
    m_meter.start();
    timer.start();
    model.refresh([&done] { done = true; });
    const bool ok = spin([&done] { return done; }, 60000);
    const double ms = msSince(timer);
    const double stall = m_meter.stop();
    const QModelIndex top = proxy.index(0, JobListModel::JidColumn);
    if (!ok || !model.lastError().isEmpty()
        || top.data(JobListModel::KeyRole).toString() != QString::fromUtf8(jid(0))) {
        fail(QStringLiteral("priority refresh: the top row is %1, not %2 %3")
                 .arg(top.data(JobListModel::KeyRole).toString(), QString::fromUtf8(jid(0)), model.lastError()));
        return;
    }
    progress(QStringLiteral("priority refresh: %1 ms, longest stall %2 ms").arg(ms, 0, 'f', 1).arg(stall, 0, 'f', 1));
    addStall(QStringLiteral("stall_priority_refresh"),
             QStringLiteral("GUI stall: refresh after a priority change of %1 rows, sorted").arg(n), stall);
    m_calls.drain(QStringLiteral("priority refresh"));
}
