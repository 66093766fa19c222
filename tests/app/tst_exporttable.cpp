// SPDX-License-Identifier: GPL-3.0-or-later
#include "cli/exporttablecommand.h"
#include "csvtext.h"
#include "qlessfixture.h"
#include "tableexport.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonObject>
#include <QProcess>
#include <QSet>
#include <QTemporaryDir>
#include <QTest>

// `qlessdesk export-table`: a Redis written through qless.lua with every kind of data (waiting
// beyond one page, running, timed out, scheduled, depends, recurring, failed, completed, tracked,
// tagged, paused, config), each view exported in-process and compared with what qless's own
// replies say; the built executable for what a script sees of errors (exit code, one stderr
// line, no file).
class TstExportTable : public QObject
{
    Q_OBJECT

private:
    QlessFixture m_qless;
    QTemporaryDir m_dir;
    double m_now = 0;
    QByteArray m_failedJid;              // failed in "timeouts", tracked
    QByteArray m_timedOutJid;            // timed out by qless: waiting, first in line
    static constexpr int Waiting = 1203; // more than two pages of TableExport::PageSize

    QString url() { return QStringLiteral("unix://") + m_qless.server().socketPath(); }
    QString path(const QString &name) const { return m_dir.filePath(name); }
    QStringList filesInDir() const { return QDir(m_dir.path()).entryList(QDir::Files | QDir::Hidden); }

    // RFC 4180 as a spreadsheet reads it: quoted fields may hold commas, quotes and line breaks.
    static QList<QStringList> parseCsv(const QByteArray &bytes)
    {
        const QString text = QString::fromUtf8(bytes);
        QList<QStringList> rows;
        QStringList row;
        QString field;
        bool quoted = false;
        for (int i = 0; i < text.size(); ++i) {
            const QChar c = text.at(i);
            if (quoted) {
                if (c == QLatin1Char('"') && i + 1 < text.size() && text.at(i + 1) == QLatin1Char('"')) {
                    field += c;
                    ++i;
                } else if (c == QLatin1Char('"')) {
                    quoted = false;
                } else {
                    field += c;
                }
            } else if (c == QLatin1Char('"')) {
                quoted = true;
            } else if (c == QLatin1Char(',')) {
                row << field;
                field.clear();
            } else if (c == QLatin1Char('\r') && i + 1 < text.size() && text.at(i + 1) == QLatin1Char('\n')) {
                row << field;
                rows << row;
                row.clear();
                field.clear();
                ++i;
            } else {
                field += c;
            }
        }
        return rows;
    }

    struct Table
    {
        QStringList header;
        QList<QStringList> rows;
        int column(const QString &name) const { return header.indexOf(name); }
        QStringList values(const QString &name) const
        {
            QStringList out;
            const int c = column(name);
            for (const QStringList &r : rows)
                out << r.value(c);
            return out;
        }
        QStringList rowOf(const QString &first) const
        {
            for (const QStringList &r : rows)
                if (r.value(0) == first)
                    return r;
            return {};
        }
    };

    // Runs the command in-process (its event loop nested in the test's) and reads the file back.
    Table exportTable(const QStringList &arguments, const QString &file)
    {
        ExportTableCommand::Options options;
        QString error;
        const QStringList all =
            arguments + QStringList{QStringLiteral("--url"), url(), QStringLiteral("--out"), path(file)};
        if (!ExportTableCommand::parse(all, &options, &error)) {
            qWarning() << "parse:" << error;
            return {};
        }
        const int code = ExportTableCommand::execute(options, &error);
        if (code != ExportTableCommand::Success) {
            qWarning() << "execute:" << code << error;
            return {};
        }
        QFile f(path(file));
        if (!f.open(QIODevice::ReadOnly))
            return {};
        QList<QStringList> rows = parseCsv(f.readAll());
        Table table;
        if (!rows.isEmpty())
            table.header = rows.takeFirst();
        table.rows = rows;
        return table;
    }

    QSet<QString> qlessJids(const QString &state, const QByteArray &queue)
    {
        // qless lists waiting jobs by peek (whole jobs), completed ones without a queue.
        QSet<QString> jids;
        if (state == QLatin1String("waiting")) {
            for (const QJsonValue &v : m_qless.qlessJson("peek", m_now, {queue, "100000"}).toArray())
                jids.insert(v.toObject().value(QStringLiteral("jid")).toString());
            return jids;
        }
        const QList<QByteArray> args = state == QLatin1String("complete")
                                           ? QList<QByteArray>{"complete", "0", "100000"}
                                           : QList<QByteArray>{state.toUtf8(), queue, "0", "100000"};
        for (const QJsonValue &v : m_qless.qlessJson("jobs", m_now, args).toArray())
            jids.insert(v.toString());
        return jids;
    }

    static QSet<QString> asSet(const QStringList &list) { return QSet<QString>(list.begin(), list.end()); }

    struct Result
    {
        int exitCode = -1;
        QByteArray err;
    };

    static Result runBinary(const QStringList &arguments)
    {
        QProcess process;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.remove(QStringLiteral("DISPLAY"));
        env.remove(QStringLiteral("WAYLAND_DISPLAY"));
        env.remove(QStringLiteral("QT_QPA_PLATFORM"));
        env.remove(QStringLiteral("REDIS_URL"));
        process.setProcessEnvironment(env);
        const QString exe =
            QDir::cleanPath(QCoreApplication::applicationDirPath() + QStringLiteral("/../../app/qlessdesk"));
        process.start(exe, QStringList{QStringLiteral("export-table")} + arguments);
        Result result;
        if (!process.waitForFinished(120000)) {
            process.kill();
            process.waitForFinished();
            return result;
        }
        result.exitCode = process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -2;
        result.err = process.readAllStandardError();
        return result;
    }

    void expectFailure(const QStringList &arguments, int exitCode, const QString &expected)
    {
        const Result result = runBinary(arguments);
        const QString err = QString::fromUtf8(result.err);
        QVERIFY2(result.exitCode == exitCode,
                 qPrintable(QStringLiteral("exit %1, stderr: %2").arg(result.exitCode).arg(err)));
        QVERIFY2(err.startsWith(QStringLiteral("qlessdesk export-table: ")), qPrintable(err));
        QVERIFY2(err.count(QLatin1Char('\n')) == 1, qPrintable(err));
        QVERIFY2(err.contains(expected), qPrintable(QStringLiteral("%1 lacks \"%2\"").arg(err, expected)));
        QVERIFY2(filesInDir().isEmpty(), qPrintable(filesInDir().join(QLatin1Char(','))));
    }

    void qless(const QByteArray &command, const QList<QByteArray> &args)
    {
        const RedisValue reply = m_qless.qless(command, m_now, args);
        QVERIFY2(!reply.isError(), QByteArray(command + ": " + reply.bytes).constData());
    }

private slots:
    void initTestCase()
    {
        QString error;
        QVERIFY2(m_qless.start(&error), qPrintable(error));
        QVERIFY(m_dir.isValid());
        // The server's clock, which the console's reads use as `now` too.
        m_now = QDateTime::currentMSecsSinceEpoch() / 1000.0;
        for (int i = 0; i < Waiting; ++i)
            qless("put", {"w0", "crawl", "wait-" + QByteArray::number(i), "Crawl::Job", "{}", "0"});
        // Stalled: put and popped by w3 90 s ago, its worker gone silent; its lock (the default
        // heartbeat, 60 s) ran out 30 s ago. In a queue of its own: a pop of its queue would hand
        // it to the popping worker, as qless does with expired locks.
        QVERIFY(!m_qless.qless("put", m_now - 90, {"w0", "stale", "stale-1", "Index::Job", "{}", "0"}).isError());
        QCOMPARE(m_qless.qlessJson("pop", m_now - 90, {"stale", "w3", "1"}).toArray().size(), 1);
        // Running on w1 and w2; one failed, one completed, one timed out (waiting, first in line).
        for (const char *jid : {"run-1", "run-2", "run-3", "run-4", "run-5"})
            qless("put", {"w0", "index", jid, "Index::Job", "{}", "0", "priority", "10"});
        const QJsonArray w1 = m_qless.qlessJson("pop", m_now, {"index", "w1", "3"}).toArray();
        const QJsonArray w2 = m_qless.qlessJson("pop", m_now, {"index", "w2", "2"}).toArray();
        QCOMPARE(w1.size(), 3);
        QCOMPARE(w2.size(), 2);
        const auto jidOf = [](const QJsonValue &job) {
            return job.toObject().value(QStringLiteral("jid")).toString().toUtf8();
        };
        m_failedJid = jidOf(w1.at(0));
        m_timedOutJid = jidOf(w1.at(2));
        qless("fail", {m_failedJid, "w1", "timeouts", "=HYPERLINK(\"http://x\") took too long\nline two", "{}"});
        qless("complete", {jidOf(w1.at(1)), "w1", "index", "{}"});
        qless("timeout", {m_timedOutJid});
        qless("fail", {jidOf(w2.at(0)), "w2", "parse, errors", "bad input", "{}"});
        // Scheduled, depends, recurring, tracked, tagged.
        qless("put", {"w0", "index", "later-1", "Index::Job", "{}", "3600"});
        qless("put", {"w0", "index", "after-1", "Index::Job", "{}", "0", "depends", "[\"wait-0\"]"});
        qless("recur", {"index", "nightly", "Index::Job", "{}", "interval", "86400", "0"});
        // A worker's peek spawns the template's due run (nightly-1), as qless does on peek and pop;
        // the console's reads spawn nothing, so it is done here, before anything is compared.
        qless("peek", {"index", "10"});
        qless("track", {"track", "wait-1"});
        qless("track", {"track", m_failedJid});
        qless("tag", {"add", "wait-2", "urgent", "-1+1"});
        qless("tag", {"add", "wait-3", "urgent"});
        qless("config.set", {"heartbeat", "90"});
        qless("pause", {"index"});
    }

    void queuesMatchQlessQueues()
    {
        const Table table =
            exportTable({QStringLiteral("--view"), QStringLiteral("queues")}, QStringLiteral("queues.csv"));
        QCOMPARE(table.header.first(), QStringLiteral("Queue"));
        const QJsonArray queues = m_qless.qlessJson("queues", m_now).toArray();
        QCOMPARE(table.rows.size(), queues.size());
        for (const QJsonValue &v : queues) {
            const QJsonObject q = v.toObject();
            const QStringList row = table.rowOf(q.value(QStringLiteral("name")).toString());
            QVERIFY2(!row.isEmpty(), qPrintable(q.value(QStringLiteral("name")).toString()));
            for (const QString &field :
                 {QStringLiteral("waiting"), QStringLiteral("running"), QStringLiteral("stalled"),
                  QStringLiteral("scheduled"), QStringLiteral("depends"), QStringLiteral("recurring")}) {
                const int c = table.column(field.at(0).toUpper() + field.mid(1));
                QCOMPARE(row.value(c).toLongLong(), q.value(field).toInteger());
            }
            QCOMPARE(row.value(table.column(QStringLiteral("Paused"))) == QStringLiteral("yes"),
                     q.value(QStringLiteral("paused")).toBool());
            // The queue's length, as qless's own `length` reply gives it.
            const RedisValue length =
                m_qless.qless("length", m_now, {q.value(QStringLiteral("name")).toString().toUtf8()});
            QVERIFY2(length.type == RedisValue::Type::Integer, describe(length).constData());
            QCOMPARE(row.value(table.column(QStringLiteral("Length"))).toLongLong(), length.integer);
        }
        QCOMPARE(table.rowOf(QStringLiteral("crawl")).value(table.column(QStringLiteral("Waiting"))).toInt(), Waiting);
    }

    void jobsOfEveryStateMatchQlessJobs_data()
    {
        QTest::addColumn<QString>("queue");
        QTest::addColumn<QString>("state");
        QTest::addColumn<int>("expected");
        QTest::newRow("waiting, three pages") << "crawl"
                                              << "waiting" << Waiting;
        QTest::newRow("waiting: timed out, first, and a recurring run") << "index"
                                                                        << "waiting" << 2;
        QTest::newRow("running") << "index"
                                 << "running" << 1;
        QTest::newRow("stalled: none") << "index"
                                       << "stalled" << 0;
        QTest::newRow("stalled: a lock run out") << "stale"
                                                 << "stalled" << 1;
        QTest::newRow("scheduled") << "index"
                                   << "scheduled" << 1;
        QTest::newRow("depends") << "index"
                                 << "depends" << 1;
        QTest::newRow("recurring") << "index"
                                   << "recurring" << 1;
    }

    void jobsOfEveryStateMatchQlessJobs()
    {
        QFETCH(QString, queue);
        QFETCH(QString, state);
        QFETCH(int, expected);
        const Table table = exportTable({QStringLiteral("--view"), QStringLiteral("jobs"), QStringLiteral("--queue"),
                                         queue, QStringLiteral("--state"), state},
                                        QStringLiteral("jobs-%1-%2.csv").arg(queue, state));
        QVERIFY(!table.header.isEmpty());
        const QSet<QString> fromQless = qlessJids(state, queue.toUtf8());
        QVERIFY2(fromQless.size() == expected,
                 qPrintable(QStringList(fromQless.begin(), fromQless.end()).join(QLatin1Char(' '))));
        QCOMPARE(table.rows.size(), expected);
        QCOMPARE(asSet(table.values(table.header.first())), fromQless);
        if (state == QLatin1String("recurring")) {
            QCOMPARE(table.header.first(), QStringLiteral("Template"));
            QCOMPARE(table.rows.first().value(table.column(QStringLiteral("Every"))), QStringLiteral("86400"));
            return;
        }
        // A job row carries its jid, state, queue and put time (ISO 8601 UTC).
        for (const QString &column :
             {QStringLiteral("Job"), QStringLiteral("State"), QStringLiteral("Queue"), QStringLiteral("Put")})
            QVERIFY2(table.column(column) >= 0, qPrintable(column));
        for (const QStringList &row : table.rows) {
            QCOMPARE(row.value(table.column(QStringLiteral("Queue"))), queue);
            const QDateTime put =
                QDateTime::fromString(row.value(table.column(QStringLiteral("Put"))), Qt::ISODateWithMs);
            QVERIFY2(put.isValid() && put.timeSpec() == Qt::UTC, qPrintable(row.join(QLatin1Char('|'))));
            QVERIFY(qAbs(put.toMSecsSinceEpoch() / 1000.0 - m_now) < 120);
        }
        if (state == QLatin1String("stalled") && expected > 0) {
            const QStringList row = table.rows.first();
            QCOMPARE(row.value(0), QStringLiteral("stale-1"));
            QCOMPARE(row.value(table.column(QStringLiteral("Worker"))), QStringLiteral("w3"));
            // Its hash still says running; the window and qless's `jobs stalled` say stalled.
            QCOMPARE(row.value(table.column(QStringLiteral("State"))), QStringLiteral("stalled"));
            // The moment shown is the lock's expiry, past: put + the 60 s heartbeat.
            const QDateTime when =
                QDateTime::fromString(row.value(table.column(QStringLiteral("When"))), Qt::ISODateWithMs);
            QVERIFY2(when.isValid() && qAbs(when.toMSecsSinceEpoch() / 1000.0 - (m_now - 30)) < 1,
                     qPrintable(row.join(QLatin1Char('|'))));
        }
        if (queue == QLatin1String("index") && state == QLatin1String("waiting")) {
            const QStringList row = table.rows.first();
            QCOMPARE(row.value(0), QString::fromUtf8(m_timedOutJid));
            QVERIFY2(!row.value(table.column(QStringLiteral("Timed out"))).isEmpty(),
                     qPrintable(row.join(QLatin1Char('|'))));
        }
    }

    void failedGroupsAndAGroupsJobsMatchQlessFailed()
    {
        const Table groups =
            exportTable({QStringLiteral("--view"), QStringLiteral("failed")}, QStringLiteral("failed.csv"));
        const QJsonObject counts = m_qless.qlessJson("failed", m_now).toObject();
        QCOMPARE(groups.rows.size(), counts.size());
        for (auto it = counts.begin(); it != counts.end(); ++it)
            QCOMPARE(groups.rowOf(it.key()).value(1).toLongLong(), it.value().toInteger());
        // The message's formula is defused (read back with its apostrophe) and whole, line two included.
        const QString message =
            groups.rowOf(QStringLiteral("timeouts")).value(groups.column(QStringLiteral("Newest message")));
        QVERIFY2(message.startsWith(QStringLiteral("'=HYPERLINK")) && message.contains(QStringLiteral("line two")),
                 qPrintable(message));

        const Table jobs = exportTable({QStringLiteral("--view"), QStringLiteral("failed"), QStringLiteral("--group"),
                                        QStringLiteral("parse, errors")},
                                       QStringLiteral("failed-group.csv"));
        const QJsonArray qlessJobs = m_qless.qlessJson("failed", m_now, {"parse, errors", "0", "1000"})
                                         .toObject()
                                         .value(QStringLiteral("jobs"))
                                         .toArray();
        QCOMPARE(jobs.rows.size(), qlessJobs.size());
        QCOMPARE(jobs.rows.first().value(0), qlessJobs.first().toString()); // qless lists a group's jids
        QCOMPARE(jobs.rows.first().value(jobs.column(QStringLiteral("State"))), QStringLiteral("failed"));
        QCOMPARE(jobs.rows.first().value(jobs.column(QStringLiteral("Failure group"))),
                 QStringLiteral("parse, errors"));
    }

    void completedMatchesQlessJobsComplete()
    {
        const Table table =
            exportTable({QStringLiteral("--view"), QStringLiteral("completed")}, QStringLiteral("completed.csv"));
        QCOMPARE(asSet(table.values(QStringLiteral("Job"))), qlessJids(QStringLiteral("complete"), QByteArray()));
        QCOMPARE(table.rows.size(), 1);
        QCOMPARE(table.rows.first().value(table.column(QStringLiteral("State"))), QStringLiteral("complete"));
    }

    // Filtered as the Completed page filters: the queue it completed in, a part of its class.
    void completedNarrowsByQueueAndClass()
    {
        const auto jobsOf = [this](const QStringList &filter, const QString &file) {
            return asSet(exportTable(QStringList{QStringLiteral("--view"), QStringLiteral("completed")} + filter, file)
                             .values(QStringLiteral("Job")));
        };
        const QSet<QString> all = qlessJids(QStringLiteral("complete"), QByteArray());
        QCOMPARE(all.size(), 1);
        QCOMPARE(jobsOf({QStringLiteral("--queue"), QStringLiteral("index")}, QStringLiteral("c-index.csv")), all);
        QCOMPARE(jobsOf({QStringLiteral("--class"), QStringLiteral("index::")}, QStringLiteral("c-class.csv")), all);
        QCOMPARE(jobsOf({QStringLiteral("--queue"), QStringLiteral("crawl")}, QStringLiteral("c-crawl.csv")),
                 QSet<QString>());
        QCOMPARE(jobsOf({QStringLiteral("--queue"), QStringLiteral("index"), QStringLiteral("--class"),
                         QStringLiteral("Crawl")},
                        QStringLiteral("c-both.csv")),
                 QSet<QString>());
        // --state is the jobs view's; completed refuses it.
        ExportTableCommand::Options options;
        QString error;
        QVERIFY(
            !ExportTableCommand::parse({QStringLiteral("--view"), QStringLiteral("completed"),
                                        QStringLiteral("--state"), QStringLiteral("waiting"), QStringLiteral("--url"),
                                        url(), QStringLiteral("--out"), path(QStringLiteral("x.csv"))},
                                       &options, &error));
        QVERIFY2(error.contains(QStringLiteral("--state")), qPrintable(error));
    }

    void workersAndAWorkersJobsMatchQlessWorkers()
    {
        const Table table =
            exportTable({QStringLiteral("--view"), QStringLiteral("workers")}, QStringLiteral("workers.csv"));
        const QJsonArray workers = m_qless.qlessJson("workers", m_now).toArray();
        QCOMPARE(table.rows.size(), workers.size());
        for (const QJsonValue &v : workers) {
            const QJsonObject w = v.toObject();
            const QStringList row = table.rowOf(w.value(QStringLiteral("name")).toString());
            QCOMPARE(row.value(1).toLongLong(), w.value(QStringLiteral("jobs")).toInteger());
            QCOMPARE(row.value(2).toLongLong(), w.value(QStringLiteral("stalled")).toInteger());
        }
        const Table jobs = exportTable({QStringLiteral("--view"), QStringLiteral("workers"), QStringLiteral("--worker"),
                                        QStringLiteral("w1")},
                                       QStringLiteral("worker-w1.csv"));
        const QJsonObject w1 = m_qless.qlessJson("workers", m_now, {"w1"}).toObject();
        QSet<QString> expected;
        for (const QString &key : {QStringLiteral("jobs"), QStringLiteral("stalled")})
            for (const QJsonValue &jid : w1.value(key).toArray())
                expected.insert(jid.toString());
        QVERIFY(!expected.isEmpty());
        QCOMPARE(asSet(jobs.values(QStringLiteral("Job"))), expected);
    }

    void trackedTagsAndConfig()
    {
        const Table tracked =
            exportTable({QStringLiteral("--view"), QStringLiteral("tracked")}, QStringLiteral("tracked.csv"));
        QCOMPARE(asSet(tracked.values(QStringLiteral("Job"))),
                 (QSet<QString>{QStringLiteral("wait-1"), QString::fromUtf8(m_failedJid)}));

        const Table tags = exportTable({QStringLiteral("--view"), QStringLiteral("tags")}, QStringLiteral("tags.csv"));
        QCOMPARE(tags.rowOf(QStringLiteral("urgent")).value(1), QStringLiteral("2"));
        // A tag that looks like a formula is defused; "-1+1" is not a plain number.
        QCOMPARE(tags.rowOf(QStringLiteral("'-1+1")).value(1), QStringLiteral("1"));

        const Table tagged = exportTable({QStringLiteral("--view"), QStringLiteral("tags"), QStringLiteral("--tag"),
                                          QStringLiteral("urgent")},
                                         QStringLiteral("tag-urgent.csv"));
        QCOMPARE(asSet(tagged.values(QStringLiteral("Job"))),
                 (QSet<QString>{QStringLiteral("wait-2"), QStringLiteral("wait-3")}));

        const Table config =
            exportTable({QStringLiteral("--view"), QStringLiteral("config")}, QStringLiteral("config.csv"));
        QCOMPARE(config.header.first(), QStringLiteral("Option"));
        QCOMPARE(config.rowOf(QStringLiteral("heartbeat"))
                     .value(config.column(QStringLiteral("Override")))
                     .section(QLatin1Char(' '), 0, 0),
                 QStringLiteral("90"));
    }

    void activityExportsTheAuditLog()
    {
        const QString log = path(QStringLiteral("audit.jsonl"));
        QFile file(log);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("{\"time\":\"2026-01-02T03:04:05.000Z\",\"server\":\"redis://h:1/0\",\"action\":\"move\","
                   "\"arguments\":{\"queue\":\"a\"},\"count\":2,\"outcome\":\"done\",\"message\":\"=moved\"}\n");
        file.close();
        ExportTableCommand::Options options;
        QString error;
        QVERIFY2(ExportTableCommand::parse({QStringLiteral("--view"), QStringLiteral("activity"),
                                            QStringLiteral("--audit-log"), log, QStringLiteral("--out"),
                                            path(QStringLiteral("activity.csv"))},
                                           &options, &error),
                 qPrintable(error));
        QCOMPARE(ExportTableCommand::execute(options, &error), int(ExportTableCommand::Success));
        QFile out(path(QStringLiteral("activity.csv")));
        QVERIFY(out.open(QIODevice::ReadOnly));
        const QList<QStringList> rows = parseCsv(out.readAll());
        QCOMPARE(rows.size(), 2);
        QCOMPARE(rows.at(1).value(0), QStringLiteral("2026-01-02T03:04:05.000Z"));
        QCOMPARE(rows.at(1).value(6), QStringLiteral("'=moved"));
        QFile::remove(log);
        QFile::remove(path(QStringLiteral("activity.csv")));
    }

    void cleanupTestCase() {}

    // Errors, as a script sees them from the built executable.
    void errorsEndInOneLineAndNoFile()
    {
        for (const QString &name : filesInDir())
            QFile::remove(path(name));
        const QString out = path(QStringLiteral("x.csv"));
        expectFailure({QStringLiteral("--url"), url(), QStringLiteral("--view"), QStringLiteral("jobz"),
                       QStringLiteral("--out"), out},
                      2, QStringLiteral("Unknown --view \"jobz\""));
        expectFailure({QStringLiteral("--url"), url(), QStringLiteral("--out"), out}, 2,
                      QStringLiteral("Missing --view"));
        expectFailure({QStringLiteral("--url"), url(), QStringLiteral("--view"), QStringLiteral("jobs"),
                       QStringLiteral("--state"), QStringLiteral("waiting"), QStringLiteral("--out"), out},
                      2, QStringLiteral("needs a queue"));
        expectFailure({QStringLiteral("--url"), url(), QStringLiteral("--view"), QStringLiteral("jobs"),
                       QStringLiteral("--queue"), QStringLiteral("crawl"), QStringLiteral("--state"),
                       QStringLiteral("done"), QStringLiteral("--out"), out},
                      2, QStringLiteral("Unknown state \"done\""));
        // A queue the server does not list: said, not written as an empty list.
        expectFailure({QStringLiteral("--url"), url(), QStringLiteral("--view"), QStringLiteral("jobs"),
                       QStringLiteral("--queue"), QStringLiteral("crwal"), QStringLiteral("--state"),
                       QStringLiteral("waiting"), QStringLiteral("--out"), out},
                      1, QStringLiteral("No queue \"crwal\""));
        expectFailure({QStringLiteral("--url"), url(), QStringLiteral("--view"), QStringLiteral("queues"),
                       QStringLiteral("--tag"), QStringLiteral("x"), QStringLiteral("--out"), out},
                      2, QStringLiteral("--tag does not apply"));
        expectFailure({QStringLiteral("--view"), QStringLiteral("queues"), QStringLiteral("--out"), out}, 2,
                      QStringLiteral("Missing --url"));
        expectFailure({QStringLiteral("--url"), url(), QStringLiteral("--view"), QStringLiteral("queues")}, 2,
                      QStringLiteral("Missing --out"));
        expectFailure({QStringLiteral("--url"), QStringLiteral("unix://") + path(QStringLiteral("nobody.sock")),
                       QStringLiteral("--timeout"), QStringLiteral("2"), QStringLiteral("--view"),
                       QStringLiteral("queues"), QStringLiteral("--out"), out},
                      1, QStringLiteral("nobody.sock"));
        expectFailure({QStringLiteral("--url"), url(), QStringLiteral("--view"), QStringLiteral("queues"),
                       QStringLiteral("--out"), path(QStringLiteral("missing/x.csv"))},
                      1, QStringLiteral("does not exist"));
    }

    void anUnwritableFolderLeavesNoFile()
    {
        const QString folder = path(QStringLiteral("locked"));
        QVERIFY(QDir().mkpath(folder));
        QFile::setPermissions(folder, QFileDevice::ReadOwner | QFileDevice::ExeOwner);
        if (QFileInfo(folder).isWritable())
            QSKIP("running as a user who can write anywhere");
        const Result result =
            runBinary({QStringLiteral("--url"), url(), QStringLiteral("--view"), QStringLiteral("queues"),
                       QStringLiteral("--out"), folder + QStringLiteral("/q.csv")});
        QCOMPARE(result.exitCode, 1);
        QVERIFY2(result.err.contains("Cannot write"), result.err.constData());
        QVERIFY(QDir(folder).entryList(QDir::Files | QDir::Hidden).isEmpty());
        QFile::setPermissions(folder, QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner);
    }

    void theBinaryWritesAWholeList()
    {
        const QString out = path(QStringLiteral("bin-waiting.csv"));
        const Result result =
            runBinary({QStringLiteral("--url"), url(), QStringLiteral("--view"), QStringLiteral("jobs"),
                       QStringLiteral("--queue"), QStringLiteral("crawl"), QStringLiteral("--state"),
                       QStringLiteral("waiting"), QStringLiteral("--out"), out});
        QVERIFY2(result.exitCode == 0, result.err.constData());
        QFile file(out);
        QVERIFY(file.open(QIODevice::ReadOnly));
        QCOMPARE(parseCsv(file.readAll()).size(), Waiting + 1);
    }
};

QTEST_MAIN(TstExportTable)
#include "tst_exporttable.moc"
