// SPDX-License-Identifier: GPL-3.0-or-later
#include "bluequecsv.h"
#include "cli/exporttablecommand.h"
#include "qlessfixture.h"
#include "sidejobgenerator.h"
#include "sidejobsample.h"
#include "sidekiqprocesswriter.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QSet>
#include <QTemporaryDir>
#include <QTest>
#include <QTimeZone>

using Layout = SideJobStorage::Layout;

// export-table's SideJob views (sidejob-jobs, sidejob-queues, sidejob-processes) on deployments
// our generator writes as SideJob 4.1.0 and 4.0.2 do (SideJobSample's every status and anomaly, a
// walk of several pages, args longer than a page row keeps, a Sidekiq 8 beat in milliseconds):
// each file compared with what Redis holds, read here with plain commands; the built executable
// for what a script sees of errors.
class TestSideJobExport final : public QObject
{
    Q_OBJECT

    static constexpr double T = 1795858200.5;
    static constexpr int Bulk = 650; // more than two windows of 300 ids
    QlessFixture m_fixture;
    QTemporaryDir m_dir;

    SyncRedis &redis() { return m_fixture.redis(); }
    QString url() { return QStringLiteral("unix://") + m_fixture.server().socketPath(); }
    QString path(const QString &name) const { return m_dir.filePath(name); }

    BluequeCsv exportTable(const QStringList &arguments, const QString &file)
    {
        ExportTableCommand::Options options;
        QString error;
        if (!ExportTableCommand::parse(
                arguments + QStringList{QStringLiteral("--url"), url(), QStringLiteral("--out"), path(file)}, &options,
                &error)) {
            qWarning() << "parse:" << error;
            return {};
        }
        const int code = ExportTableCommand::execute(options, &error);
        if (code != ExportTableCommand::Success) {
            qWarning() << "execute:" << code << error;
            return {};
        }
        return BluequeCsv::read(path(file));
    }

    struct Stored
    {
        QString layout;
        QString status;
        QString queue;
        QString klass;
        QJsonValue args;
    };
    static QJsonValue json(const QByteArray &text) { return QJsonDocument::fromJson("[" + text + "]").array().at(0); }
    static QString unquoted(const QByteArray &text)
    {
        const QJsonValue v = json(text);
        return v.isString() ? v.toString() : QString::fromUtf8(text);
    }
    // A job as Redis holds it, read with plain commands in whichever layout it has.
    Stored stored(const QByteArray &id)
    {
        Stored s;
        const QByteArray key = "job:" + id;
        if (redis().command({"TYPE", key}).text() == "hash") {
            s.layout = QStringLiteral("4.0");
            s.status = unquoted(redis().command({"HGET", key, "status"}).bytes);
            s.queue = unquoted(redis().command({"HGET", key, "queue"}).bytes);
            s.klass = unquoted(redis().command({"HGET", key, "class"}).bytes);
            s.args = json(redis().command({"HGET", key, "args"}).bytes);
            return s;
        }
        const RedisValue worker = redis().command({"GET", key + ":worker"});
        if (worker.isNil()) {
            s.layout = QStringLiteral("none");
            return s;
        }
        s.layout = QStringLiteral("4.1");
        s.status = QString::fromUtf8(redis().command({"GET", key + ":status"}).bytes);
        const QJsonObject w = QJsonDocument::fromJson(worker.bytes).object();
        s.queue = w.value(QLatin1String("queue")).toString();
        s.klass = w.value(QLatin1String("class")).toString();
        s.args = w.value(QLatin1String("args"));
        return s;
    }

    // Every job of `jobs` at or below jobs:last_id that passes the filters is in the file once,
    // with the status, queue, class and whole args Redis holds.
    void compareJobs(const BluequeCsv &csv, const QString &status = {}, const QString &queue = {})
    {
        const qint64 lastId = redis().command({"GET", "jobs:last_id"}).bytes.toLongLong();
        QSet<QString> expected;
        for (const QByteArray &id : redis().command({"SMEMBERS", "jobs"}).strings()) {
            if (id.toLongLong() > lastId)
                continue;
            const Stored s = stored(id);
            if ((!status.isEmpty() && s.status != status) || (!queue.isEmpty() && s.queue != queue))
                continue;
            expected.insert(QString::fromUtf8(id));
        }
        const QStringList ids = csv.values(QStringLiteral("Job"));
        QCOMPARE(QSet<QString>(ids.begin(), ids.end()), expected);
        QCOMPARE(ids.size(), expected.size());
        for (const QStringList &row : csv.rows) {
            const Stored s = stored(row.at(csv.column(QStringLiteral("Job"))).toUtf8());
            const QString id = row.at(0);
            QVERIFY2(row.at(csv.column(QStringLiteral("Layout"))) == s.layout, qPrintable(id));
            if (s.layout == QLatin1String("none"))
                continue;
            QVERIFY2(row.at(csv.column(QStringLiteral("Status"))) == s.status, qPrintable(id));
            QVERIFY2(row.at(csv.column(QStringLiteral("Queue"))) == s.queue, qPrintable(id));
            QVERIFY2(row.at(csv.column(QStringLiteral("Class"))) == s.klass, qPrintable(id));
            QVERIFY2(json(row.at(csv.column(QStringLiteral("Args"))).toUtf8()) == s.args, qPrintable(id));
        }
    }

    struct Run
    {
        int exitCode = -1;
        QByteArray err;
    };
    static Run runBinary(const QStringList &arguments)
    {
        QProcess process;
        const QString exe =
            QDir::cleanPath(QCoreApplication::applicationDirPath() + QStringLiteral("/../../app/qlessdesk"));
        process.start(exe, QStringList{QStringLiteral("export-table")} + arguments);
        Run run;
        if (!process.waitForFinished(60000)) {
            process.kill();
            process.waitForFinished();
            return run;
        }
        run.exitCode = process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -2;
        run.err = process.readAllStandardError();
        return run;
    }
    void expectFailure(const QStringList &arguments, int exitCode, const QString &expected)
    {
        const QString out = path(QStringLiteral("failed.csv"));
        const Run run =
            runBinary(arguments + QStringList{QStringLiteral("--url"), url(), QStringLiteral("--out"), out});
        const QString err = QString::fromUtf8(run.err);
        QVERIFY2(run.exitCode == exitCode, qPrintable(QStringLiteral("exit %1: %2").arg(run.exitCode).arg(err)));
        QVERIFY2(err.startsWith(QStringLiteral("qlessdesk export-table: ")), qPrintable(err));
        QVERIFY2(err.contains(expected), qPrintable(QStringLiteral("%1 lacks \"%2\"").arg(err, expected)));
        QVERIFY(!QFile::exists(out));
    }

    // Many jobs in `layout` on queue "bulk", some with args longer than a page row keeps.
    void writeBulk(Layout layout)
    {
        SideJobGenerator sidejob(redis(), layout);
        sidejob.registerAll("bulk", {{"Counter", "{}"}});
        for (int i = 0; i < Bulk; ++i) {
            QByteArray args = "[" + QByteArray::number(i) + "]";
            if (i % 97 == 0)
                args = "[\"=1+1 " + QByteArray(300 + i, 'x') + "\", {\"n\": " + QByteArray::number(i) + "}]";
            sidejob.queueJob({"bulk", "Counter", args, "user:bob"}, T + i * 0.001);
        }
    }

private slots:
    void initTestCase()
    {
        QString error;
        QVERIFY2(m_fixture.start(&error), qPrintable(error));
        QVERIFY(m_dir.isValid());
    }
    void init() { m_fixture.flush(); }

    void jobsOfSampleAndBulk41()
    {
        SideJobSample::write(redis(), T);
        writeBulk(Layout::V4_1);
        const BluequeCsv all =
            exportTable({QStringLiteral("--view"), QStringLiteral("sidejob-jobs")}, QStringLiteral("all41.csv"));
        QVERIFY(all.rows.size() > Bulk);
        compareJobs(all);
        for (const QString &status : {QStringLiteral("queued"), QStringLiteral("failed"), QStringLiteral("running"),
                                      QStringLiteral("terminated"), QStringLiteral("suspended")}) {
            const BluequeCsv some = exportTable({QStringLiteral("--view"), QStringLiteral("sidejob-jobs"),
                                                 QStringLiteral("--status"), status},
                                                QStringLiteral("status-") + status + QStringLiteral(".csv"));
            QVERIFY2(!some.rows.isEmpty(), qPrintable(status));
            compareJobs(some, status);
        }
        const BluequeCsv q1 =
            exportTable({QStringLiteral("--view"), QStringLiteral("sidejob-jobs"), QStringLiteral("--queue"),
                         QStringLiteral("q1"), QStringLiteral("--status"), QStringLiteral("queued")},
                        QStringLiteral("q1.csv"));
        QVERIFY(!q1.rows.isEmpty());
        compareJobs(q1, QStringLiteral("queued"), QStringLiteral("q1"));
        // Args longer than a page row keeps are written whole (jobrecord read them again).
        QFile raw(path(QStringLiteral("all41.csv")));
        QVERIFY(raw.open(QIODevice::ReadOnly));
        const QByteArray whole = QByteArray("=1+1 ").append(QByteArray(300 + 97, 'x'));
        QVERIFY(raw.readAll().contains(whole));
    }

    void jobsOf40()
    {
        writeBulk(Layout::V4_0);
        const BluequeCsv all =
            exportTable({QStringLiteral("--view"), QStringLiteral("sidejob-jobs")}, QStringLiteral("all40.csv"));
        QCOMPARE(all.rows.size(), Bulk);
        const QStringList layouts = all.values(QStringLiteral("Layout"));
        QCOMPARE(QSet<QString>(layouts.begin(), layouts.end()), QSet<QString>{QStringLiteral("4.0")});
        compareJobs(all);
        const BluequeCsv queued =
            exportTable({QStringLiteral("--view"), QStringLiteral("sidejob-jobs"), QStringLiteral("--status"),
                         QStringLiteral("queued"), QStringLiteral("--queue"), QStringLiteral("bulk")},
                        QStringLiteral("queued40.csv"));
        QCOMPARE(queued.rows.size(), Bulk);
        compareJobs(queued, QStringLiteral("queued"), QStringLiteral("bulk"));
    }

    void queuesAndProcesses()
    {
        SideJobSample::write(redis(), T);
        writeBulk(Layout::V4_0);
        // A Sidekiq 8 process: its beat in milliseconds.
        SidekiqProcessWriter eight(redis(), "eight", 808, "0123456789ab", {"bulk"}, 5, T - 60);
        eight.beat(T);
        redis().command({"HSET", eight.identity(), "beat", QByteArray::number(qint64(T * 1000))});
        const BluequeCsv queues =
            exportTable({QStringLiteral("--view"), QStringLiteral("sidejob-queues")}, QStringLiteral("queues.csv"));
        const QList<QByteArray> names = redis().command({"SMEMBERS", "queues"}).strings();
        QCOMPARE(queues.rows.size(), names.size());
        for (const QByteArray &name : names) {
            const QList<QStringList> rows = queues.where(QStringLiteral("Queue"), QString::fromUtf8(name));
            QCOMPARE(rows.size(), 1);
            QCOMPARE(rows.at(0).at(queues.column(QStringLiteral("Length"))),
                     QString::number(redis().command({"LLEN", "queue:" + name}).integer));
            QCOMPARE(rows.at(0).at(queues.column(QStringLiteral("Registered classes"))),
                     QString::number(redis().command({"HLEN", "workers:" + name}).integer));
        }
        QCOMPARE(queues.where(QStringLiteral("Queue"), QStringLiteral("bulk")).at(0).at(1), QString::number(Bulk));

        const BluequeCsv processes = exportTable({QStringLiteral("--view"), QStringLiteral("sidejob-processes")},
                                                 QStringLiteral("processes.csv"));
        const QList<QByteArray> identities = redis().command({"SMEMBERS", "processes"}).strings();
        QCOMPARE(processes.rows.size(), identities.size());
        QCOMPARE(identities.size(), 2);
        for (const QByteArray &identity : identities) {
            const QList<QStringList> rows = processes.where(QStringLiteral("Process"), QString::fromUtf8(identity));
            QCOMPARE(rows.size(), 1);
            const QStringList row = rows.at(0);
            QCOMPARE(row.at(processes.column(QStringLiteral("Busy"))),
                     QString::number(redis().command({"HGET", identity, "busy"}).bytes.toLongLong()));
            QCOMPARE(row.at(processes.column(QStringLiteral("Beat as stored"))),
                     QString::fromUtf8(redis().command({"HGET", identity, "beat"}).bytes));
        }
        // Seconds (Sidekiq 6.4) and milliseconds (Sidekiq 8) give the same time.
        const QString beat8 = processes.where(QStringLiteral("Process"), QString::fromUtf8(eight.identity()))
                                  .at(0)
                                  .at(processes.column(QStringLiteral("Beat")));
        QCOMPARE(beat8, QDateTime::fromMSecsSinceEpoch(qint64(T * 1000), QTimeZone::utc()).toString(Qt::ISODateWithMs));
    }

    void errorsAreSaid()
    {
        expectFailure({QStringLiteral("--view"), QStringLiteral("sidejob-jobs"), QStringLiteral("--status"),
                       QStringLiteral("done")},
                      ExportTableCommand::Usage, QStringLiteral("Unknown status \"done\""));
        expectFailure({QStringLiteral("--view"), QStringLiteral("sidejob-queues"), QStringLiteral("--status"),
                       QStringLiteral("queued")},
                      ExportTableCommand::Usage, QStringLiteral("--status does not apply"));
        // An empty server, then one with qless only: no SideJob.
        expectFailure({QStringLiteral("--view"), QStringLiteral("sidejob-jobs")}, ExportTableCommand::Failure,
                      QStringLiteral("holds no SideJob deployment"));
        redis().command({"SADD", "ql:queues", "x"});
        expectFailure({QStringLiteral("--view"), QStringLiteral("sidejob-processes")}, ExportTableCommand::Failure,
                      QStringLiteral("holds no SideJob deployment"));
        SideJobSample::write(redis(), T);
        expectFailure({QStringLiteral("--view"), QStringLiteral("sidejob-jobs"), QStringLiteral("--queue"),
                       QStringLiteral("q2")},
                      ExportTableCommand::Failure, QStringLiteral("No Sidekiq queue \"q2\""));
        // More processes than the overview reads: refused, not written in part.
        for (int i = 0; i < 101; ++i)
            redis().command({"SADD", "processes", "host:" + QByteArray::number(i) + ":000000000000"});
        expectFailure({QStringLiteral("--view"), QStringLiteral("sidejob-processes")}, ExportTableCommand::Failure,
                      QStringLiteral("reads 100 at most"));
    }
};

QTEST_GUILESS_MAIN(TestSideJobExport)
#include "tst_sidejobexport.moc"
