// SPDX-License-Identifier: GPL-3.0-or-later
#include "bluequecsv.h"
#include "bluequegenerator.h"
#include "bluequesample.h"
#include "cli/exporttablecommand.h"
#include "qlessfixture.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QDir>
#include <QProcess>
#include <QSet>
#include <QTemporaryDir>
#include <QTest>

// export-table's Blueque views (blueque-queues, blueque-tasks, blueque-listeners) on a deployment
// our generator writes as Blueque v1.0.0 does (BluequeSample's every state and anomaly, a queue of
// several pages, texts longer than a page row keeps): each file compared with what Redis holds,
// read here with plain commands; the built executable for what a script sees of errors.
class TestBluequeExport final : public QObject
{
    Q_OBJECT

    QlessFixture m_fixture;
    QTemporaryDir m_dir;
    BluequeSample m_sample;
    double m_now = 0;
    QByteArray m_long; // failed in "bulk" with a long error and long parameters
    QString m_longError;
    QString m_longParameters;
    static constexpr int Bulk = 250; // pending in "bulk": three pages of 100

    SyncRedis &redis() { return m_fixture.redis(); }
    QString url(int db = 0)
    {
        return QStringLiteral("unix://") + m_fixture.server().socketPath()
               + (db ? QStringLiteral("?db=%1").arg(db) : QString());
    }
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

    QSet<QString> idsIn(const QByteArray &key)
    {
        QSet<QString> ids;
        const QByteArray type = redis().command({"TYPE", key}).text();
        QList<QByteArray> members;
        if (type == "list")
            members = redis().command({"LRANGE", key, "0", "-1"}).strings();
        else if (type == "zset")
            members = redis().command({"ZRANGE", key, "0", "-1"}).strings();
        else if (type == "set")
            members = redis().command({"SMEMBERS", key}).strings();
        for (const QByteArray &m : members)
            ids.insert(QString::fromUtf8(m.split(' ').last())); // a started member ends in the id
        return ids;
    }

    QString count(const QList<QByteArray> &command) { return QString::number(redis().command(command).integer); }

    static QSet<QString> asSet(const QStringList &list) { return QSet<QString>(list.begin(), list.end()); }

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
        const Run run = runBinary(arguments + QStringList{QStringLiteral("--out"), out});
        const QString err = QString::fromUtf8(run.err);
        QVERIFY2(run.exitCode == exitCode, qPrintable(QStringLiteral("exit %1: %2").arg(run.exitCode).arg(err)));
        QVERIFY2(err.startsWith(QStringLiteral("qlessdesk export-table: ")), qPrintable(err));
        QVERIFY2(err.count(QLatin1Char('\n')) == 1, qPrintable(err));
        QVERIFY2(err.contains(expected), qPrintable(QStringLiteral("%1 lacks \"%2\"").arg(err, expected)));
        QVERIFY(!QFile::exists(out));
    }

private slots:
    void initTestCase()
    {
        QString error;
        QVERIFY2(m_fixture.start(&error), qPrintable(error));
        QVERIFY(m_dir.isValid());
        m_now = QDateTime::currentMSecsSinceEpoch() / 1000.0;
        m_sample = BluequeSample::write(redis(), m_now);
        BluequeGenerator blueque(redis());
        for (int i = 0; i < Bulk; ++i)
            blueque.enqueue("bulk", "{\"n\": " + QByteArray::number(i) + "}", m_now - Bulk + i);
        // Longer than the 200 bytes a page row keeps; a formula's start, which the file defuses.
        m_longError = QStringLiteral("=cmd|' /C calc'!A0 ") + QString(300, QLatin1Char('e')) + QStringLiteral(" end");
        m_longParameters = QStringLiteral("{\"blob\": \"") + QString(400, QChar(0x00e9)) + QStringLiteral("\"}");
        m_long = blueque.enqueue("long", m_longParameters.toUtf8(), m_now);
        blueque.addListener("long", "host.long_78");
        QCOMPARE(blueque.dequeue("long", "host.long_78", m_now), m_long);
        blueque.start("long", m_long, "host.long_78", 4001, m_now);
        blueque.fail("long", m_long, "host.long_78", 4001, m_longError.toUtf8(), m_now);
        // Names that make reserved keys ambiguous: queue "x" and queue "x_y", whose listener
        // "y_z_1" has the key blueque_reserved_tasks_x_y_y_z_1; and a list of a listener gone from x.
        blueque.addListener("x_y", "y_z_1");
        blueque.enqueue("x_y", "p", m_now);
        QVERIFY(!blueque.dequeue("x_y", "y_z_1", m_now).isEmpty());
        blueque.addListener("x", "host_9");
        blueque.enqueue("x", "p", m_now);
        QVERIFY(!blueque.dequeue("x", "host_9", m_now).isEmpty());
        QVERIFY(blueque.removeListener("x", "host_9"));
    }

    void queuesEqualWhatRedisHolds()
    {
        const BluequeCsv csv =
            exportTable({QStringLiteral("--view"), QStringLiteral("blueque-queues")}, QStringLiteral("queues.csv"));
        const QList<QByteArray> queues = redis().command({"ZRANGE", "blueque_queues", "0", "-1"}).strings();
        QCOMPARE(csv.rows.size(), queues.size());
        for (const QByteArray &q : queues) {
            const QList<QStringList> rows = csv.where(QStringLiteral("Queue"), QString::fromUtf8(q));
            QCOMPARE(rows.size(), 1);
            const QStringList &row = rows.first();
            const auto cell = [&](const char *name) { return row.value(csv.column(QLatin1String(name))); };
            QCOMPARE(cell("Pending"), count({"LLEN", "blueque_pending_tasks_" + q}));
            QCOMPARE(cell("Scheduled"), count({"ZCARD", "blueque_scheduled_tasks_" + q}));
            QCOMPARE(cell("Started"), count({"SCARD", "blueque_started_tasks_" + q}));
            QCOMPARE(cell("Complete"), count({"LLEN", "blueque_complete_tasks_" + q}));
            QCOMPARE(cell("Failed"), count({"LLEN", "blueque_failed_tasks_" + q}));
            QCOMPARE(cell("Listeners"), count({"SCARD", "blueque_listeners_" + q}));
            QCOMPARE(cell("Score"), QString::fromUtf8(redis().command({"ZSCORE", "blueque_queues", q}).text()));
        }
        const QStringList mine = csv.where(QStringLiteral("Queue"), QStringLiteral("my_queue")).value(0);
        QCOMPARE(mine.value(csv.column(QStringLiteral("Overdue"))), QStringLiteral("1"));
        QCOMPARE(mine.value(csv.column(QStringLiteral("Stuck"))), QStringLiteral("1"));
    }

    void tasksOfEveryStateEqualWhatRedisHolds_data()
    {
        QTest::addColumn<QString>("queue");
        QTest::addColumn<QString>("state");
        for (const char *state : {"pending", "scheduled", "started", "complete", "failed"})
            QTest::newRow(state) << QStringLiteral("my_queue") << QString::fromLatin1(state);
        QTest::newRow("bulk pending (pages)") << QStringLiteral("bulk") << QStringLiteral("pending");
        QTest::newRow("long failed") << QStringLiteral("long") << QStringLiteral("failed");
    }
    void tasksOfEveryStateEqualWhatRedisHolds()
    {
        QFETCH(QString, queue);
        QFETCH(QString, state);
        const BluequeCsv csv = exportTable({QStringLiteral("--view"), QStringLiteral("blueque-tasks"),
                                            QStringLiteral("--queue"), queue, QStringLiteral("--state"), state},
                                           QStringLiteral("tasks.csv"));
        const QSet<QString> expected = idsIn("blueque_" + state.toUtf8() + "_tasks_" + queue.toUtf8());
        QVERIFY(!expected.isEmpty());
        QCOMPARE(asSet(csv.values(QStringLiteral("Task"))), expected);
        QCOMPARE(csv.rows.size(), expected.size());
        for (const QStringList &row : csv.rows) {
            const QByteArray key = "blueque_task_" + row.value(0).toUtf8();
            const auto field = [&](const char *name) {
                return QString::fromUtf8(redis().command({"HGET", key, name}).text());
            };
            QCOMPARE(row.value(csv.column(QStringLiteral("Status"))), field("status"));
            QCOMPARE(row.value(csv.column(QStringLiteral("Queue"))), field("queue"));
            QCOMPARE(row.value(csv.column(QStringLiteral("Node"))), field("node"));
            QCOMPARE(row.value(csv.column(QStringLiteral("Pid"))), field("pid"));
            QCOMPARE(row.value(csv.column(QStringLiteral("Parameters"))), field("parameters"));
            const QString error = field("error");
            // The formula guard: a cell that would start a formula starts with an apostrophe.
            const QString written = row.value(csv.column(QStringLiteral("Error")));
            QCOMPARE(written, error.startsWith(QLatin1Char('=')) ? QLatin1Char('\'') + error : error);
            const double updated = field("updated").toDouble();
            QCOMPARE(QDateTime::fromString(row.value(csv.column(QStringLiteral("Updated"))), Qt::ISODateWithMs)
                         .toMSecsSinceEpoch(),
                     qint64(updated * 1000.0 + 0.5));
        }
        if (queue == QLatin1String("long")) {
            QCOMPARE(csv.rows.first().value(csv.column(QStringLiteral("Parameters"))), m_longParameters);
            QCOMPARE(csv.rows.first().value(csv.column(QStringLiteral("Error"))), QLatin1Char('\'') + m_longError);
        }
    }

    // Reserved lists: those of listeners in the set and the one a claimed orphan left behind.
    void reservedTasksIncludeListsOfListenersGone()
    {
        const BluequeCsv csv =
            exportTable({QStringLiteral("--view"), QStringLiteral("blueque-tasks"), QStringLiteral("--queue"),
                         QStringLiteral("my_queue"), QStringLiteral("--state"), QStringLiteral("reserved")},
                        QStringLiteral("reserved.csv"));
        QSet<QString> expected;
        for (const char *listener :
             {BluequeSample::live, BluequeSample::runner, BluequeSample::halfway, BluequeSample::dead})
            expected += idsIn(QByteArray("blueque_reserved_tasks_my_queue_") + listener);
        QCOMPARE(asSet(csv.values(QStringLiteral("Task"))), expected);
        QVERIFY(expected.contains(QString::fromUtf8(m_sample.orphaned)));
        QVERIFY(expected.contains(QString::fromUtf8(m_sample.reservedStillPending)));
        const QStringList orphan = csv.where(QStringLiteral("Task"), QString::fromUtf8(m_sample.orphaned)).value(0);
        QCOMPARE(orphan.value(csv.column(QStringLiteral("Entry"))), QString::fromLatin1(BluequeSample::dead));
        const QStringList half =
            csv.where(QStringLiteral("Task"), QString::fromUtf8(m_sample.reservedStillPending)).value(0);
        QCOMPARE(half.value(csv.column(QStringLiteral("Status"))), QStringLiteral("pending"));
        // Queue "a_b"'s listener "c_d_12" is not taken for one of "a"'s (there is no queue "a").
        const BluequeCsv ab =
            exportTable({QStringLiteral("--view"), QStringLiteral("blueque-tasks"), QStringLiteral("--queue"),
                         QStringLiteral("a_b"), QStringLiteral("--state"), QStringLiteral("reserved")},
                        QStringLiteral("reserved-ab.csv"));
        QCOMPARE(ab.header.size(), csv.header.size());
        QCOMPARE(ab.rows.size(), 0);
    }

    void listenersEqualWhatRedisHolds()
    {
        const BluequeCsv csv = exportTable({QStringLiteral("--view"), QStringLiteral("blueque-listeners")},
                                           QStringLiteral("listeners.csv"));
        const QList<QStringList> mine = csv.where(QStringLiteral("Queue"), QStringLiteral("my_queue"));
        QSet<QString> names;
        for (const QStringList &row : mine)
            names.insert(row.value(csv.column(QStringLiteral("Listener"))));
        QCOMPARE(names,
                 (QSet<QString>{QString::fromLatin1(BluequeSample::live), QString::fromLatin1(BluequeSample::runner),
                                QString::fromLatin1(BluequeSample::halfway),
                                QString::fromLatin1(BluequeSample::dead)}));
        for (const QStringList &row : mine) {
            const QByteArray listener = row.value(csv.column(QStringLiteral("Listener"))).toUtf8();
            const bool listed = redis().command({"SISMEMBER", "blueque_listeners_my_queue", listener}).integer == 1;
            QCOMPARE(row.value(csv.column(QStringLiteral("Listed"))),
                     listed ? QStringLiteral("yes") : QStringLiteral("no"));
            QCOMPARE(row.value(csv.column(QStringLiteral("Reserved"))),
                     count({"LLEN", "blueque_reserved_tasks_my_queue_" + listener}));
            int started = 0;
            for (const QByteArray &entry : redis().command({"SMEMBERS", "blueque_started_tasks_my_queue"}).strings())
                started += entry.startsWith(QByteArray(listener + ' ')) ? 1 : 0;
            QCOMPARE(row.value(csv.column(QStringLiteral("Started"))), QString::number(started));
            QCOMPARE(row.value(csv.column(QStringLiteral("Pid"))), QString::fromUtf8(listener.split('_').last()));
        }
        QCOMPARE(csv.where(QStringLiteral("Queue"), QStringLiteral("a_b")).size(), 1);
    }

    void ambiguousReservedKeysGoToTheirQueue()
    {
        const BluequeCsv csv = exportTable({QStringLiteral("--view"), QStringLiteral("blueque-listeners")},
                                           QStringLiteral("listeners-xy.csv"));
        const auto listenersOf = [&](const QString &queue) {
            QStringList out;
            for (const QStringList &row : csv.where(QStringLiteral("Queue"), queue))
                out << row.value(csv.column(QStringLiteral("Listener"))) + QLatin1Char('/')
                           + row.value(csv.column(QStringLiteral("Listed"))) + QLatin1Char('/')
                           + row.value(csv.column(QStringLiteral("Reserved")));
            return out;
        };
        QCOMPARE(listenersOf(QStringLiteral("x_y")), QStringList{QStringLiteral("y_z_1/yes/1")});
        QCOMPARE(listenersOf(QStringLiteral("x")), QStringList{QStringLiteral("host_9/no/1")});
        const BluequeCsv reserved =
            exportTable({QStringLiteral("--view"), QStringLiteral("blueque-tasks"), QStringLiteral("--queue"),
                         QStringLiteral("x"), QStringLiteral("--state"), QStringLiteral("reserved")},
                        QStringLiteral("reserved-x.csv"));
        QCOMPARE(reserved.values(QStringLiteral("Entry")), QStringList{QStringLiteral("host_9")});
    }

    void errorsEndInOneLineAndNoFile()
    {
        expectFailure({QStringLiteral("--url"), url(), QStringLiteral("--view"), QStringLiteral("blueque-tasks"),
                       QStringLiteral("--state"), QStringLiteral("failed")},
                      2, QStringLiteral("needs a queue"));
        expectFailure({QStringLiteral("--url"), url(), QStringLiteral("--view"), QStringLiteral("blueque-tasks"),
                       QStringLiteral("--queue"), QStringLiteral("my_queue"), QStringLiteral("--state"),
                       QStringLiteral("waiting")},
                      2, QStringLiteral("Unknown state \"waiting\""));
        expectFailure({QStringLiteral("--url"), url(), QStringLiteral("--view"), QStringLiteral("blueque-queues"),
                       QStringLiteral("--queue"), QStringLiteral("my_queue")},
                      2, QStringLiteral("--queue does not apply"));
        expectFailure({QStringLiteral("--url"), url(), QStringLiteral("--view"), QStringLiteral("blueque-tasks"),
                       QStringLiteral("--queue"), QStringLiteral("my_qeueu"), QStringLiteral("--state"),
                       QStringLiteral("failed")},
                      1, QStringLiteral("No Blueque queue \"my_qeueu\""));
        // Database 1 holds nothing: no Blueque there.
        expectFailure({QStringLiteral("--url"), url(1), QStringLiteral("--view"), QStringLiteral("blueque-listeners")},
                      1, QStringLiteral("no Blueque"));
    }

    void theBinaryWritesAWholeList()
    {
        const QString out = path(QStringLiteral("bin-bulk.csv"));
        const Run run = runBinary({QStringLiteral("--url"), url(), QStringLiteral("--view"),
                                   QStringLiteral("blueque-tasks"), QStringLiteral("--queue"), QStringLiteral("bulk"),
                                   QStringLiteral("--state"), QStringLiteral("pending"), QStringLiteral("--out"), out});
        QVERIFY2(run.exitCode == 0, run.err.constData());
        QCOMPARE(BluequeCsv::read(out).rows.size(), Bulk);
    }
};

QTEST_MAIN(TestBluequeExport)
#include "tst_bluequeexport.moc"
