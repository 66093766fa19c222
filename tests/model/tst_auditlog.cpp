// SPDX-License-Identifier: GPL-3.0-or-later
#include "auditlog.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QTemporaryDir>
#include <QTest>

// The audit log file: what is written comes back the same, newest first; a damaged line costs
// only itself; a log that cannot be written says so; the CSV export quotes what RFC 4180 asks.
class TestAuditLog final : public QObject
{
    Q_OBJECT

    static AuditRecord record(const QString &action, qint64 count, const QString &message = {})
    {
        AuditRecord r;
        r.time = QDateTime(QDate(2026, 11, 21), QTime(10, 0, 0, 123), Qt::UTC);
        r.server = QStringLiteral("redis://127.0.0.1:6379/0");
        r.action = action;
        r.arguments.insert(QStringLiteral("queue"), QStringLiteral("q1"));
        r.count = count;
        r.outcome = QStringLiteral("done");
        r.message = message;
        return r;
    }

    static QByteArray readFile(const QString &path)
    {
        QFile file(path);
        return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
    }

private slots:
    void defaultPathIsInAppData()
    {
        QVERIFY(AuditLog::defaultFilePath().endsWith(QStringLiteral("/audit.jsonl")));
        QCOMPARE(AuditLog().filePath(), AuditLog::defaultFilePath());
    }

    void roundTrip()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        // A folder not made yet: the first write makes it.
        AuditLog log(dir.filePath(QStringLiteral("data/audit.jsonl")));
        AuditRecord written = record(QStringLiteral("unfail"), 80000, QStringLiteral("all moved"));
        written.arguments.insert(QStringLiteral("group"), QStringLiteral("q1-boom"));
        written.arguments.insert(QStringLiteral("jids"), QJsonArray{QStringLiteral("a"), QStringLiteral("b")});
        written.outcome = QStringLiteral("partial");
        QVERIFY2(log.append(written), qPrintable(log.errorString()));
        QVERIFY(log.errorString().isEmpty());

        int skipped = -1;
        const QList<AuditRecord> read = log.records(-1, &skipped);
        QCOMPARE(skipped, 0);
        QCOMPARE(read.size(), 1);
        const AuditRecord &r = read.first();
        QCOMPARE(r.time, written.time);
        QCOMPARE(r.time.timeSpec(), Qt::UTC);
        QCOMPARE(r.server, written.server);
        QCOMPARE(r.action, written.action);
        QCOMPARE(r.arguments, written.arguments);
        QCOMPARE(r.count, 80000);
        QCOMPARE(r.outcome, QStringLiteral("partial"));
        QCOMPARE(r.message, written.message);
        QCOMPARE(r.line, 1);

        // One JSON object per line, time in UTC ISO 8601 with milliseconds.
        const QByteArray bytes = readFile(log.filePath());
        QVERIFY(bytes.endsWith('\n'));
        QCOMPARE(bytes.count('\n'), 1);
        QVERIFY(bytes.contains("\"time\":\"2026-11-21T10:00:00.123Z\""));
    }

    void missingFileIsEmpty()
    {
        QTemporaryDir dir;
        AuditLog log(dir.filePath(QStringLiteral("none.jsonl")));
        int skipped = -1;
        QVERIFY(log.records(-1, &skipped).isEmpty());
        QCOMPARE(skipped, 0);
    }

    void timeFilledInWhenLeftOut()
    {
        QTemporaryDir dir;
        AuditLog log(dir.filePath(QStringLiteral("audit.jsonl")));
        AuditRecord r = record(QStringLiteral("cancel"), 1);
        r.time = {};
        const QDateTime before = QDateTime::currentDateTimeUtc().addMSecs(-1);
        QVERIFY(log.append(r));
        const QDateTime stamped = log.records().first().time;
        QVERIFY(stamped >= before);
        QVERIFY(stamped <= QDateTime::currentDateTimeUtc().addMSecs(1));
    }

    void newestFirstAndMax()
    {
        QTemporaryDir dir;
        AuditLog log(dir.filePath(QStringLiteral("audit.jsonl")));
        for (int i = 0; i < 5; ++i)
            QVERIFY(log.append(record(QStringLiteral("move"), i)));
        const QList<AuditRecord> all = log.records();
        QCOMPARE(all.size(), 5);
        for (int i = 0; i < 5; ++i) {
            QCOMPARE(all.at(i).count, 4 - i);
            QCOMPARE(all.at(i).line, 5 - i);
        }
        const QList<AuditRecord> two = log.records(2);
        QCOMPARE(two.size(), 2);
        QCOMPARE(two.at(0).count, 4);
        QCOMPARE(two.at(1).count, 3);
        QVERIFY(log.records(0).isEmpty());
    }

    void damagedLineSkippedAndCounted()
    {
        QTemporaryDir dir;
        AuditLog log(dir.filePath(QStringLiteral("audit.jsonl")));
        QVERIFY(log.append(record(QStringLiteral("move"), 1)));
        {
            QFile file(log.filePath());
            QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Append));
            file.write("{\"time\":\"2026-11-21T10:00:00.000Z\",\"act\n"); // cut off mid-write
            file.write("[1,2,3]\n");                                      // JSON, not a record
            file.write("{\"time\":\"yesterday\",\"action\":\"move\"}\n"); // no valid time
            file.write("\n");                                             // blank: not damage
        }
        QVERIFY(log.append(record(QStringLiteral("cancel"), 2)));
        int skipped = -1;
        const QList<AuditRecord> read = log.records(-1, &skipped);
        QCOMPARE(skipped, 3);
        QCOMPARE(read.size(), 2);
        QCOMPARE(read.at(0).action, QStringLiteral("cancel"));
        QCOMPARE(read.at(0).line, 6);
        QCOMPARE(read.at(1).action, QStringLiteral("move"));
        QCOMPARE(read.at(1).line, 1);

        // A crash can leave the last line without its newline; it is damage too, not a stop.
        {
            QFile file(log.filePath());
            QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Append));
            file.write("{\"time\":");
        }
        QCOMPARE(log.records(-1, &skipped).size(), 2);
        QCOMPARE(skipped, 4);
    }

    void passwordNeverWritten()
    {
        QTemporaryDir dir;
        AuditLog log(dir.filePath(QStringLiteral("audit.jsonl")));
        AuditRecord r = record(QStringLiteral("move"), 1);
        r.server = QStringLiteral("rediss://ops:s3cret@redis.example:6380/2");
        QVERIFY(log.append(r));
        QVERIFY(!readFile(log.filePath()).contains("s3cret"));
        QCOMPARE(log.records().first().server, QStringLiteral("rediss://ops@redis.example:6380/2"));
    }

    void unwritablePathGivesAnError()
    {
        QTemporaryDir dir;
        // A plain file where the folder should be: no folder can be made there, even as root.
        const QString blocker = dir.filePath(QStringLiteral("blocker"));
        {
            QFile file(blocker);
            QVERIFY(file.open(QIODevice::WriteOnly));
        }
        AuditLog log(blocker + QStringLiteral("/audit.jsonl"));
        QVERIFY(!log.append(record(QStringLiteral("move"), 1)));
        QVERIFY(!log.errorString().isEmpty());
        QVERIFY(log.records().isEmpty());

        // A folder in the file's place: opening it for append fails.
        QVERIFY(QDir(dir.path()).mkdir(QStringLiteral("isafolder.jsonl")));
        AuditLog folder(dir.filePath(QStringLiteral("isafolder.jsonl")));
        QVERIFY(!folder.append(record(QStringLiteral("move"), 1)));
        QVERIFY(folder.errorString().contains(QStringLiteral("isafolder.jsonl")));

        // A later success clears the error.
        AuditLog good(dir.filePath(QStringLiteral("good.jsonl")));
        QVERIFY(good.append(record(QStringLiteral("move"), 1)));
        QVERIFY(good.errorString().isEmpty());
    }

    void exportCsvQuotes()
    {
        QTemporaryDir dir;
        AuditLog log(dir.filePath(QStringLiteral("audit.jsonl")));
        AuditRecord first = record(QStringLiteral("config set"), 0, QStringLiteral("plain"));
        first.arguments =
            QJsonObject{{QStringLiteral("key"), QStringLiteral("heartbeat")}, {QStringLiteral("value"), 60}};
        QVERIFY(log.append(first));
        AuditRecord second = record(QStringLiteral("cancel"), 25, QStringLiteral("refused, \"dependents\"\nsee job x"));
        second.time = first.time.addSecs(1);
        second.outcome = QStringLiteral("failed");
        QVERIFY(log.append(second));

        const QString csvPath = dir.filePath(QStringLiteral("audit.csv"));
        QString error = QStringLiteral("stale");
        QVERIFY2(log.exportCsv(csvPath, &error), qPrintable(error));
        QVERIFY(error.isEmpty());
        const QByteArray expected =
            "time,server,action,arguments,count,outcome,message\r\n"
            "2026-11-21T10:00:00.123Z,redis://127.0.0.1:6379/0,config set,"
            "\"{\"\"key\"\":\"\"heartbeat\"\",\"\"value\"\":60}\",0,done,plain\r\n"
            "2026-11-21T10:00:01.123Z,redis://127.0.0.1:6379/0,cancel,"
            "\"{\"\"queue\"\":\"\"q1\"\"}\",25,failed,\"refused, \"\"dependents\"\"\nsee job x\"\r\n";
        QCOMPARE(readFile(csvPath), expected);
    }

    // Fields a spreadsheet would take as a formula get a leading apostrophe; plain numbers stay.
    void exportCsvDefusesFormulas()
    {
        QTemporaryDir dir;
        AuditLog log(dir.filePath(QStringLiteral("audit.jsonl")));
        AuditRecord r = record(QStringLiteral("@SUM(A1:A9)"), -3, QStringLiteral("-2+3"));
        r.server = QStringLiteral("=HYPERLINK(\"http://evil.example\",\"click\")");
        r.arguments = QJsonObject{{QStringLiteral("option"), QStringLiteral("=1+1")}};
        r.outcome = QStringLiteral("+done");
        QVERIFY(log.append(r));
        AuditRecord tab = record(QStringLiteral("\t=cmd"), 7, QStringLiteral("\r=cmd"));
        tab.time = r.time.addSecs(1);
        tab.outcome = QStringLiteral("-12.5"); // a plain number, even where text is expected
        QVERIFY(log.append(tab));
        AuditRecord plain = record(QStringLiteral("move"), 0, QStringLiteral("-1e+09"));
        plain.time = r.time.addSecs(2);
        plain.outcome = QStringLiteral("-"); // a lone minus is no number
        QVERIFY(log.append(plain));

        const QString csvPath = dir.filePath(QStringLiteral("audit.csv"));
        QString error;
        QVERIFY2(log.exportCsv(csvPath, &error), qPrintable(error));
        const QByteArray expected =
            "time,server,action,arguments,count,outcome,message\r\n"
            // The arguments' JSON starts with '{', so it needs nothing: its strings are inside.
            "2026-11-21T10:00:00.123Z,\"'=HYPERLINK(\"\"http://evil.example\"\",\"\"click\"\")\",'@SUM(A1:A9),"
            "\"{\"\"option\"\":\"\"=1+1\"\"}\",-3,'+done,'-2+3\r\n"
            // Tab and carriage return: the apostrophe goes before them; a line break also quotes.
            "2026-11-21T10:00:01.123Z,redis://127.0.0.1:6379/0,'\t=cmd,"
            "\"{\"\"queue\"\":\"\"q1\"\"}\",7,-12.5,\"'\r=cmd\"\r\n"
            "2026-11-21T10:00:02.123Z,redis://127.0.0.1:6379/0,move,"
            "\"{\"\"queue\"\":\"\"q1\"\"}\",0,'-,-1e+09\r\n";
        QCOMPARE(readFile(csvPath), expected);
    }

    void exportCsvFailureLeavesNothing()
    {
        QTemporaryDir dir;
        AuditLog log(dir.filePath(QStringLiteral("audit.jsonl")));
        QVERIFY(log.append(record(QStringLiteral("move"), 1)));

        // A plain file where the export's folder should be: refused, and nothing left behind.
        {
            QFile file(dir.filePath(QStringLiteral("blocker")));
            QVERIFY(file.open(QIODevice::WriteOnly));
        }
        const QStringList before = QDir(dir.path()).entryList(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden);
        QString error;
        QVERIFY(!log.exportCsv(dir.filePath(QStringLiteral("blocker/out.csv")), &error));
        QVERIFY(!error.isEmpty());
        QCOMPARE(QDir(dir.path()).entryList(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden), before);

        // An existing export is replaced whole; an empty log still exports its header.
        const QString target = dir.filePath(QStringLiteral("keep.csv"));
        {
            QFile file(target);
            QVERIFY(file.open(QIODevice::WriteOnly));
            file.write("old contents that are longer than the header row, so a partial overwrite would show");
        }
        AuditLog empty(dir.filePath(QStringLiteral("empty.jsonl")));
        QVERIFY(empty.exportCsv(target, &error));
        QCOMPARE(readFile(target), QByteArray("time,server,action,arguments,count,outcome,message\r\n"));
    }
};

QTEST_GUILESS_MAIN(TestAuditLog)
#include "tst_auditlog.moc"
