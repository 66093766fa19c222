// SPDX-License-Identifier: GPL-3.0-or-later
// The failure-group section: a group of `group` failed jobs opened in a JobListModel (first rows,
// scrolling, memory in fresh processes), against the same pages read through hiredis.
#include "bench.h"

#include "benchtools.h"
#include "joblistmodel.h"
#include "jobsource.h"
#include "modelscroll.h"
#include "qlessclient.h"
#include "qlesssession.h"
#include "redisconnection.h"
#include "seeder.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QFile>
#include <QJsonDocument>
#include <QProcess>
#include <QTimer>

#include <malloc.h>

#include <vector>

namespace {
// What a view does when rows arrive: reads the cells it paints.
void touchVisibleRows(const QAbstractItemModel &model, int rows)
{
    const int last = qMin(model.rowCount(), rows);
    for (int row = 0; row < last; ++row) {
        for (int column = 0; column < model.columnCount(); ++column) {
            const QModelIndex index = model.index(row, column);
            model.data(index, Qt::DisplayRole);
            model.data(index, Qt::ToolTipRole);
        }
    }
}

} // namespace

// A failure group of `group` jobs opened in a JobListModel: time to the first rows, and to
// `rows` rows scrolled through; memory then, for this group and one ten times smaller.
void Bench::failureGroup()
{
    if (!flush())
        return;
    const QString big = QStringLiteral("Net::ReadTimeout");
    const QString small = QStringLiteral("Net::OpenTimeout");
    Seeder seeder(m_raw);
    QString error;
    progress(QStringLiteral("failure groups: seeding %1 and %2 jobs").arg(m_options.group).arg(m_options.smallGroup));
    if (!seeder.failureGroup(big, QStringLiteral("fetch"), m_options.group, nowSeconds(), &error)
        || !seeder.failureGroup(small, QStringLiteral("fetch"), m_options.smallGroup, nowSeconds(), &error)) {
        fail(error);
        return;
    }

    QlessClient *client = m_session->client();
    const int page = JobListModel(client).pageSize();
    const QByteArray groupBytes = big.toUtf8();

    // First rows.
    progress(QStringLiteral("failure group: first rows, %1 times each side").arg(m_options.repeats));
    QList<double> rawFirst;
    QList<double> oursFirst;
    double firstStall = 0;
    for (int i = 0; i < m_options.repeats; ++i) {
        QElapsedTimer timer;
        timer.start();
        const RawRedis::Reply reply =
            m_raw.command(RawRedis::script(QStringLiteral("failed"), {}, {groupBytes, "0", QByteArray::number(page)}));
        rawFirst.append(msSince(timer));
        if (RawRedis::isError(reply.get()))
            fail(QStringLiteral("first rows, raw: ") + QString::fromUtf8(RawRedis::text(reply.get())));

        JobListModel model(client);
        double ms = -1;
        QObject::connect(&model, &QAbstractItemModel::rowsInserted, &model, [&] {
            if (ms >= 0)
                return;
            touchVisibleRows(model, 40);
            ms = msSince(timer);
        });
        m_meter.start();
        timer.start();
        model.setSource(JobSource::failureGroup(client, big));
        if (!spin([&] { return ms >= 0 || !model.lastError().isEmpty(); }, 60000) || ms < 0) {
            m_meter.stop();
            fail(QStringLiteral("first rows, ours: ") + model.lastError());
            return;
        }
        firstStall = qMax(firstStall, m_meter.stop());
        oursFirst.append(ms);
        if (model.total() != m_options.group)
            fail(QStringLiteral("first rows: the model says %1 jobs, not %2").arg(model.total()).arg(m_options.group));
    }
    Figure first;
    first.id = QStringLiteral("group_first_rows");
    first.name = QStringLiteral("failure group of %1: first rows").arg(m_options.group);
    first.ours = median(oursFirst);
    first.raw = median(rawFirst);
    first.oursSamples = oursFirst;
    first.rawSamples = rawFirst;
    first.maxRatio = 1.3;
    first.maxOurs = 150;
    first.note = QStringLiteral("setSource to the first page of %1 rows in the model and the visible cells read; "
                                "medians of %2")
                     .arg(page)
                     .arg(m_options.repeats);
    m_report.add(first);

    addStall(QStringLiteral("stall_first_rows"), QStringLiteral("GUI stall: first rows"), firstStall);
    m_calls.drain(QStringLiteral("failure group, first rows"));

    // Scrolling.
    progress(QStringLiteral("failure group: scrolling %1 rows, %2 times each side")
                 .arg(m_options.rows)
                 .arg(m_options.rounds));
    QList<double> rawScroll;
    QList<double> oursScroll;
    double scrollStall = 0;
    for (int i = 0; i < m_options.rounds; ++i) {
        QElapsedTimer timer;
        timer.start();
        for (int offset = 0; offset < m_options.rows; offset += page) {
            const RawRedis::Reply reply =
                m_raw.command(RawRedis::script(QStringLiteral("failed"), {},
                                               {groupBytes, QByteArray::number(offset), QByteArray::number(page)}));
            if (RawRedis::isError(reply.get())) {
                fail(QStringLiteral("scrolling, raw: ") + QString::fromUtf8(RawRedis::text(reply.get())));
                return;
            }
        }
        rawScroll.append(msSince(timer));

        JobListModel model(client);
        m_meter.start();
        timer.start();
        model.setSource(JobSource::failureGroup(client, big));
        const bool ok = scrollThrough(model, m_options.rows, 600000);
        const double ms = msSince(timer);
        scrollStall = qMax(scrollStall, m_meter.stop());
        if (!ok) {
            fail(QStringLiteral("scrolling, ours: %1 rows only; %2").arg(model.rowCount()).arg(model.lastError()));
            return;
        }
        oursScroll.append(ms);
    }
    Figure scroll;
    scroll.id = QStringLiteral("group_scroll");
    scroll.name = QStringLiteral("failure group of %1: scroll %2 rows").arg(m_options.group).arg(m_options.rows);
    scroll.ours = median(oursScroll);
    scroll.raw = median(rawScroll);
    scroll.oursSamples = oursScroll;
    scroll.rawSamples = rawScroll;
    scroll.maxRatio = 1.3;
    scroll.note = QStringLiteral("pages of %1 asked for one after another, as a view scrolled to the end does; "
                                 "medians of %2")
                      .arg(page)
                      .arg(m_options.rounds);
    m_report.add(scroll);

    addStall(QStringLiteral("stall_scroll"), QStringLiteral("GUI stall: scrolling"), scrollStall);
    m_calls.drain(QStringLiteral("failure group, scrolling"));

    memory();
    groupCallsAlone(big, m_options.group);
}

QJsonObject Bench::memoryProbe(const QString &side, const QString &group, int rows)
{
    QProcess child;
    child.setProgram(QCoreApplication::applicationFilePath());
    child.setArguments({QStringLiteral("--probe-memory"), side, QStringLiteral("--socket"), m_server.socketPath(),
                        QStringLiteral("--probe-group"), group, QStringLiteral("--rows"), QString::number(rows)});
    child.setProcessChannelMode(QProcess::ForwardedErrorChannel);
    child.start();
    // Waiting is fine here: the harness, not the GUI under test (nothing is being measured now).
    if (!child.waitForFinished(600000) || child.exitCode() != 0) {
        fail(QStringLiteral("memory probe %1 %2 failed (exit %3)").arg(side, group).arg(child.exitCode()));
        return {};
    }
    const QList<QByteArray> lines = child.readAllStandardOutput().trimmed().split('\n');
    return QJsonDocument::fromJson(lines.last()).object();
}

// In fresh processes, so that nothing measured before is in the way: resident memory added by
// opening the group and scrolling `rows` rows, for the big group and the small one (ours), and
// for the same rows' replies kept by hiredis (raw).
void Bench::memory()
{
    progress(QStringLiteral("failure group: memory after %1 rows, in child processes").arg(m_options.rows));
    const QString big = QStringLiteral("Net::ReadTimeout");
    const QString small = QStringLiteral("Net::OpenTimeout");
    const int rows = m_options.rows;
    const int shallow = qMax(1, rows / 10);
    const QJsonObject oursBig = memoryProbe(QStringLiteral("ours"), big, rows);
    const QJsonObject oursSmall = memoryProbe(QStringLiteral("ours"), small, rows);
    const QJsonObject rawBig = memoryProbe(QStringLiteral("raw"), big, rows);
    const QJsonObject oursShallow = memoryProbe(QStringLiteral("ours"), big, shallow);
    const QJsonObject oursDeep = memoryProbe(QStringLiteral("ours"), big, m_options.deepRows);
    m_calls.drain(QStringLiteral("failure group, memory"));
    const auto grown = [](const QJsonObject &probe) -> std::optional<double> {
        if (!probe.contains(QStringLiteral("after_kib")))
            return std::nullopt;
        return qMax(1.0, probe.value(QStringLiteral("after_kib")).toDouble()
                             - probe.value(QStringLiteral("before_kib")).toDouble());
    };

    Figure growth;
    growth.id = QStringLiteral("group_memory");
    growth.name = QStringLiteral("failure group of %1: memory after %2 rows").arg(m_options.group).arg(m_options.rows);
    growth.unit = Figure::Unit::Kilobytes;
    growth.ours = grown(oursBig);
    growth.raw = grown(oursSmall);
    growth.reference = QStringLiteral("ours, group of %1").arg(m_options.smallGroup);
    growth.maxRatio = 1.3;
    growth.note =
        QStringLiteral("resident memory added by the model and connection, in a fresh process; "
                       "the reference is the same for a group %1 times smaller: it must not grow with the group")
            .arg(double(m_options.group) / double(qMax<qint64>(1, m_options.smallGroup)));
    m_report.add(growth);

    Figure raw;
    raw.id = QStringLiteral("group_memory_vs_raw");
    raw.name = QStringLiteral("failure group of %1: memory after %2 rows, vs replies kept")
                   .arg(m_options.group)
                   .arg(m_options.rows);
    raw.unit = Figure::Unit::Kilobytes;
    raw.ours = grown(oursBig);
    raw.raw = grown(rawBig);
    raw.maxRatio = 1.5;
    raw.note = QStringLiteral(
        "rows kept as packed summaries (JobRow: UTF-16 text shared within a page) against hiredis's reply objects "
        "holding the same pages' JSON, read by the call the console makes (desk.failed ... summaries)");
    m_report.add(raw);

    // How far the operator scrolled: rows are kept as summaries (no data, no history), so memory
    // grows by a row's summary per row, not by whole jobs.
    Figure depth;
    depth.id = QStringLiteral("group_memory_depth");
    depth.name = QStringLiteral("failure group of %1: memory after %2 rows vs after %3")
                     .arg(m_options.group)
                     .arg(m_options.deepRows)
                     .arg(shallow);
    depth.unit = Figure::Unit::Kilobytes;
    depth.ours = grown(oursDeep);
    depth.raw = grown(oursShallow);
    depth.reference = QStringLiteral("ours, after %1 rows").arg(shallow);
    depth.judgeRatio = false;
    const int deepRows = oursDeep.value(QStringLiteral("rows")).toInt();
    const int shallowRows = oursShallow.value(QStringLiteral("rows")).toInt(); // whole pages
    const std::optional<double> perRow =
        depth.ours && depth.raw && deepRows > shallowRows
            ? std::optional<double>((*depth.ours - *depth.raw) * 1024 / (deepRows - shallowRows))
            : std::nullopt;
    depth.note = QStringLiteral("for information: resident memory added by scrolling deeper into the same group%1")
                     .arg(perRow ? QStringLiteral(", about %1 bytes per row").arg(qRound(*perRow)) : QString());
    m_report.add(depth);
}

int Bench::probeMemory(const QString &side, const QString &socket, const QString &group, int rows)
{
    // Pages as the model asks for them.
    const int page = JobListModel(nullptr).pageSize();
    const QByteArray groupBytes = group.toUtf8();
    qint64 before = -1;
    qint64 after = -1;
    int loaded = 0;
    if (side == QLatin1String("raw")) {
        RawRedis raw;
        QString error;
        if (!raw.connectUnix(socket, &error)) {
            fprintf(stderr, "probe: %s\n", qPrintable(error));
            return 1;
        }
        // The call the console's group list makes (QlessFailureReads::failedSummaries): desk.failed
        // <group> pages of row summaries from the unified script, replies kept whole as hiredis
        // holds them.
        const QByteArray now = QByteArray::number(QDateTime::currentSecsSinceEpoch());
        const auto failedPage = [&](int offset, int count) {
            return RawRedis::script(QStringLiteral("qless"), {},
                                    {"desk.failed", now, groupBytes, QByteArray::number(offset),
                                     QByteArray::number(count), "summaries"});
        };
        raw.command(failedPage(0, 1));
        before = residentKiB();
        std::vector<RawRedis::Reply> kept;
        for (int offset = 0; offset < rows; offset += page) {
            kept.push_back(raw.command(failedPage(offset, page)));
            if (RawRedis::isError(kept.back().get()))
                return 1;
            loaded += qMin(page, rows - offset);
        }
        after = residentKiB();
    } else {
        RedisConnection connection(unixSettings(socket));
        QlessClient client(&connection);
        if (!spin([&connection] { return connection.state().phase == ConnectionState::Phase::Ready; }, 20000))
            return 1;
        bool warm = false;
        client.failureReads().failedJobs(group, 0, 1, &client,
                                         [&warm](const QlessReply<FailedJobsPage> &) { warm = true; });
        spin([&warm] { return warm; }, 20000);
        before = residentKiB();
        JobListModel model(&client);
        model.setSource(JobSource::failureGroup(&client, group));
        if (!scrollThrough(model, rows, 600000))
            return 1;
        loaded = model.rowCount();
        after = residentKiB();
    }
    const QJsonObject result{{QStringLiteral("side"), side},
                             {QStringLiteral("group"), group},
                             {QStringLiteral("rows"), loaded},
                             {QStringLiteral("before_kib"), double(before)},
                             {QStringLiteral("after_kib"), double(after)}};
    fprintf(stdout, "%s\n", QJsonDocument(result).toJson(QJsonDocument::Compact).constData());
    return 0;
}
