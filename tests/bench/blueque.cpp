// SPDX-License-Identifier: GPL-3.0-or-later
// The Blueque section (issue #32): a deployment of `queues` queues, one of them with a failed
// list of `bluequeFailed` tasks, read by the Blueque page's models (BluequeQueueModel,
// BluequeTaskModel) against the same scripts called one after another through hiredis; then
// requeue-all (bluequerequeueall.cpp) and each kind of Blueque call alone (callsaloneblueque.cpp).
#include "bench.h"

#include "benchtools.h"
#include "bluequeclient.h"
#include "bluequequeuemodel.h"
#include "bluequeraw.h"
#include "bluequeseeder.h"
#include "bluequetaskmodel.h"
#include "qlesssession.h"
#include "redisconnection.h"

#include <hiredis/hiredis.h>

namespace {
// What a view does when rows arrive: reads the cells it paints.
void touchRows(const QAbstractItemModel &model, int rows)
{
    const int last = qMin(model.rowCount(), rows);
    for (int row = 0; row < last; ++row) {
        for (int column = 0; column < model.columnCount(); ++column) {
            model.data(model.index(row, column), Qt::DisplayRole);
            model.data(model.index(row, column), Qt::ToolTipRole);
        }
    }
}

// One raw call; false (and `error`) when it failed. `total` gets the reply's first element.
bool rawCall(RawRedis &raw, const RawRedis::Argv &argv, QString *error, qint64 *total = nullptr)
{
    const RawRedis::Reply reply = raw.command(argv);
    if (!reply || RawRedis::isError(reply.get()) || reply->type != REDIS_REPLY_ARRAY || reply->elements < 1) {
        *error = QString::fromUtf8(RawRedis::text(reply.get()));
        return false;
    }
    if (total)
        *total = reply->element[0]->integer;
    return true;
}
} // namespace

void Bench::blueque()
{
    // Queues 0 to 2 hold the big failed list, the big listener set and the due tasks; queue 3 is
    // the plain one whose counts are checked.
    if (m_options.queues < 4) {
        fail(QStringLiteral("blueque: the section needs --queues 4 or more"));
        return;
    }
    if (!flush())
        return;
    const double now = m_session->connection()->serverNow();
    BluequeSeeder seeder(m_raw);
    QString error;
    progress(QStringLiteral("blueque: seeding %1 queues, a failed list of %2, %3 due scheduled, %4 listeners")
                 .arg(m_options.queues)
                 .arg(m_options.bluequeFailed)
                 .arg(m_options.bluequeDue)
                 .arg(BluequeBigListenerSet));
    if (!seeder.deployment(m_options.queues, BluequeListeners, now, &error)
        || !seeder.failed(BluequeSeeder::queueName(0), BluequeSeeder::FirstFree, m_options.bluequeFailed, now, &error)
        || !seeder.idleListeners(BluequeSeeder::queueName(1), BluequeBigListenerSet, &error)
        || !seeder.dueScheduled(BluequeSeeder::queueName(2), m_options.bluequeDue, now, &error)) {
        fail(error);
        return;
    }
    m_calls.drain(QStringLiteral("blueque, seeding"));
    BluequeClient client(m_session->connection());
    bluequeOverview(&client);
    bluequeFailedList(&client);
    bluequeRequeueAll();
    bluequeCallsAlone(&client);
}

// Every queue's counts as the Blueque page reads them (windows of 100, one after another).
void Bench::bluequeOverview(BluequeClient *client)
{
    progress(QStringLiteral("blueque: overview of %1 queues, %2 times each side")
                 .arg(m_options.queues)
                 .arg(m_options.repeats));
    QList<double> raw;
    QList<double> fill;
    QList<double> refresh;
    double stall = 0;
    QString error;
    for (int i = 0; i < m_options.repeats; ++i) {
        QElapsedTimer timer;
        timer.start();
        qint64 total = 0;
        for (qint64 offset = 0; offset == 0 || offset < total; offset += BluequeClient::QueuesPerCall) {
            if (!rawCall(m_raw,
                         bluequeEval(QStringLiteral("overview"),
                                     {QByteArray::number(offset), QByteArray::number(BluequeClient::QueuesPerCall),
                                      seconds(m_session->connection()->serverNow())}),
                         &error, &total)) {
                fail(QStringLiteral("blueque overview, raw: ") + error);
                return;
            }
        }
        raw.append(msSince(timer));

        BluequeQueueModel model(client);
        for (QList<double> *samples : {&fill, &refresh}) {
            bool done = false;
            bool ok = false;
            m_meter.start();
            timer.start();
            model.refresh(m_session->connection()->serverNow(), [&](bool result) {
                touchRows(model, 40);
                ok = result;
                done = true;
            });
            const bool answered = spin([&done] { return done; }, 60000);
            samples->append(msSince(timer));
            stall = qMax(stall, m_meter.stop());
            if (!answered || !ok) {
                fail(QStringLiteral("blueque overview, ours: ") + model.lastError());
                return;
            }
        }
        // Read exactly: the big queue's failed count, and a plain queue's counts as seeded.
        const int big = model.rowOf(QString::fromUtf8(BluequeSeeder::queueName(0)));
        const int plain = model.rowOf(QString::fromUtf8(BluequeSeeder::queueName(3)));
        if (model.rowCount() != m_options.queues || big < 0 || plain < 0
            || model.rowAt(big).failed != m_options.bluequeFailed + BluequeSeeder::Failed
            || model.rowAt(plain).pending != BluequeSeeder::Pending
            || model.rowAt(plain).reserved != BluequeListeners + 1 || model.rowAt(plain).stuck != 1
            || model.rowAt(plain).overdue != BluequeSeeder::Overdue) {
            fail(QStringLiteral("blueque overview: the counts read are not those seeded"));
            return;
        }
    }
    const auto figure = [&](const QString &id, const QString &name, const QList<double> &ours) {
        Figure f;
        f.id = id;
        f.name = name;
        f.ours = median(ours);
        f.raw = median(raw);
        f.oursSamples = ours;
        f.rawSamples = raw;
        f.reference = QStringLiteral("raw hiredis, the same overview calls");
        f.maxRatio = 1.3;
        f.note = QStringLiteral("BluequeQueueModel::refresh: %1 calls of lua/blueque/overview.lua one after another "
                                "(up to %2 queues each; %3 listeners a queue, so a window of 100 queues reads the "
                                "script's budget of 1000 listeners), decoded and applied, the first rows' cells "
                                "read; medians of %4")
                     .arg((m_options.queues + BluequeClient::QueuesPerCall - 1) / BluequeClient::QueuesPerCall)
                     .arg(BluequeClient::QueuesPerCall)
                     .arg(BluequeListeners)
                     .arg(m_options.repeats);
        m_report.add(f);
    };
    figure(QStringLiteral("blueque_overview_fill"),
           QStringLiteral("blueque overview: first fill (%1 queues)").arg(m_options.queues), fill);
    figure(QStringLiteral("blueque_overview_refresh"),
           QStringLiteral("blueque overview: refresh (%1 queues)").arg(m_options.queues), refresh);
    addStall(QStringLiteral("stall_blueque_overview"), QStringLiteral("GUI stall: blueque overview"), stall);
    m_calls.drain(QStringLiteral("blueque overview"));
}

// The failed list of `bluequeFailed` tasks opened in a BluequeTaskModel: first rows, then
// `rows` rows scrolled through, against the same taskpage calls through hiredis.
void Bench::bluequeFailedList(BluequeClient *client)
{
    const QString queue = QString::fromUtf8(BluequeSeeder::queueName(0));
    const QList<QByteArray> head{BluequeSeeder::queueName(0), "failed"};
    const int page = BluequeTaskModel::PageSize;
    const qint64 total = m_options.bluequeFailed + BluequeSeeder::Failed;
    QString error;

    progress(
        QStringLiteral("blueque: failed list of %1, first rows, %2 times each side").arg(total).arg(m_options.repeats));
    QList<double> rawFirst;
    QList<double> oursFirst;
    double firstStall = 0;
    for (int i = 0; i < m_options.repeats; ++i) {
        QElapsedTimer timer;
        timer.start();
        if (!rawCall(m_raw,
                     bluequeEval(QStringLiteral("taskpage"), head + QList<QByteArray>{"0", QByteArray::number(page)}),
                     &error)) {
            fail(QStringLiteral("blueque first rows, raw: ") + error);
            return;
        }
        rawFirst.append(msSince(timer));

        BluequeTaskModel model(client);
        double ms = -1;
        QObject::connect(&model, &QAbstractItemModel::rowsInserted, &model, [&] {
            if (ms >= 0)
                return;
            touchRows(model, 40);
            ms = msSince(timer);
        });
        bool done = false;
        m_meter.start();
        timer.start();
        model.setSource(queue, QStringLiteral("failed"));
        model.refresh(m_session->connection()->serverNow(), [&done](bool) { done = true; });
        const bool answered = spin([&] { return (ms >= 0 && done) || !model.lastError().isEmpty(); }, 60000);
        firstStall = qMax(firstStall, m_meter.stop());
        if (!answered || ms < 0 || model.total() != total) {
            fail(QStringLiteral("blueque first rows, ours: %1 (total %2, not %3)")
                     .arg(model.lastError())
                     .arg(model.total())
                     .arg(total));
            return;
        }
        oursFirst.append(ms);
    }
    Figure first;
    first.id = QStringLiteral("blueque_first_rows");
    first.name = QStringLiteral("blueque failed list of %1: first rows").arg(total);
    first.ours = median(oursFirst);
    first.raw = median(rawFirst);
    first.oursSamples = oursFirst;
    first.rawSamples = rawFirst;
    first.maxRatio = 1.3;
    first.maxOurs = 150;
    first.note = QStringLiteral("BluequeTaskModel: setSource and refresh to its first page of %1 rows (one call of "
                                "lua/blueque/taskpage.lua), the visible cells read; medians of %2")
                     .arg(page)
                     .arg(m_options.repeats);
    m_report.add(first);
    addStall(QStringLiteral("stall_blueque_first_rows"), QStringLiteral("GUI stall: blueque first rows"), firstStall);
    m_calls.drain(QStringLiteral("blueque failed list, first rows"));

    const int rows = m_options.rows;
    progress(
        QStringLiteral("blueque: failed list, scrolling %1 rows, %2 times each side").arg(rows).arg(m_options.rounds));
    QList<double> rawScroll;
    QList<double> oursScroll;
    double scrollStall = 0;
    for (int i = 0; i < m_options.rounds; ++i) {
        QElapsedTimer timer;
        timer.start();
        for (int offset = 0; offset < rows; offset += page) {
            if (!rawCall(m_raw,
                         bluequeEval(QStringLiteral("taskpage"),
                                     head + QList<QByteArray>{QByteArray::number(offset), QByteArray::number(page)}),
                         &error)) {
                fail(QStringLiteral("blueque scrolling, raw: ") + error);
                return;
            }
        }
        rawScroll.append(msSince(timer));

        BluequeTaskModel model(client);
        // As a view scrolled to the end asks: the next page once the last one's rows are in.
        QObject::connect(
            &model, &QAbstractItemModel::rowsInserted, &model,
            [&model, rows] {
                if (model.rowCount() < rows && model.canFetchMore({}))
                    model.fetchMore({});
            },
            Qt::QueuedConnection);
        m_meter.start();
        timer.start();
        model.setSource(queue, QStringLiteral("failed"));
        model.refresh(m_session->connection()->serverNow());
        const bool ok = spin([&] { return model.rowCount() >= rows || !model.lastError().isEmpty(); }, 600000);
        const double ms = msSince(timer);
        scrollStall = qMax(scrollStall, m_meter.stop());
        if (!ok || model.rowCount() < rows) {
            fail(QStringLiteral("blueque scrolling, ours: %1 rows only; %2")
                     .arg(model.rowCount())
                     .arg(model.lastError()));
            return;
        }
        oursScroll.append(ms);
    }
    Figure scroll;
    scroll.id = QStringLiteral("blueque_scroll");
    scroll.name = QStringLiteral("blueque failed list of %1: scroll %2 rows").arg(total).arg(rows);
    scroll.ours = median(oursScroll);
    scroll.raw = median(rawScroll);
    scroll.oursSamples = oursScroll;
    scroll.rawSamples = rawScroll;
    scroll.maxRatio = 1.3;
    scroll.note = QStringLiteral("pages of %1 asked for one after another (fetchMore), as a view scrolled to the end "
                                 "does; medians of %2")
                      .arg(page)
                      .arg(m_options.rounds);
    m_report.add(scroll);
    addStall(QStringLiteral("stall_blueque_scroll"), QStringLiteral("GUI stall: blueque scrolling"), scrollStall);
    m_calls.drain(QStringLiteral("blueque failed list, scrolling"));
}
