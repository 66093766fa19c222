// SPDX-License-Identifier: GPL-3.0-or-later
#include "historystore.h"
#include "historytesthelpers.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>
#include <QTimeZone>

// `qlessdesk export-history` as a cron job runs it, on a history file a test wrote the way the
// recorder does (HistoryStore in Record mode, one batch per minute): the CSV holds one row per
// queue and recorded minute, exactly; a minute not recorded has no row; a count not sampled or an
// event not listened to is an empty cell, never 0; and every problem is one line and an exit code.
class TestExportHistory final : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;

    static QString program()
    {
        return QDir::cleanPath(QCoreApplication::applicationDirPath() + QStringLiteral("/../../app/qlessdesk"));
    }
    static QString url() { return QStringLiteral("redis://127.0.0.1:6399/0"); }
    QString database() const { return m_dir.filePath(QStringLiteral("server.sqlite")); }
    static QString iso(qint64 ms) { return QDateTime::fromMSecsSinceEpoch(ms, QTimeZone::utc()).toString(Qt::ISODate); }

    static HistoryCountsSample counts(const QString &queue, qint64 minuteMs, qint64 waiting)
    {
        HistoryCountsSample sample;
        sample.queue = queue;
        sample.minuteMs = minuteMs;
        sample.waiting = waiting;
        sample.running = 1;
        return sample;
    }
    static HistoryEventCounts events(const QString &queue, qint64 minuteMs, qint64 put)
    {
        HistoryEventCounts e;
        e.queue = queue;
        e.minuteMs = minuteMs;
        e.put = put;
        e.completed = put / 2;
        return e;
    }

    struct Run
    {
        int exitCode = -1;
        QByteArray out;
        QByteArray err;
    };
    static Run exportHistory(const QStringList &arguments)
    {
        QProcess process;
        QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
        // The default history file is looked for under a folder of this test, never the user's.
        environment.insert(QStringLiteral("XDG_DATA_HOME"), QDir::tempPath() + QStringLiteral("/tst_exporthistory"));
        process.setProcessEnvironment(environment);
        process.start(program(), QStringList{QStringLiteral("export-history")} + arguments);
        Run run;
        if (!process.waitForFinished(30000))
            return run;
        run.exitCode = process.exitCode();
        run.out = process.readAllStandardOutput();
        run.err = process.readAllStandardError();
        return run;
    }
    static QByteArray contents(const QString &path)
    {
        QFile file(path);
        return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray("(missing)");
    }

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        QVERIFY2(QFile::exists(program()), qPrintable(program()));
        HistoryStore store(database(), HistoryStore::Mode::Record);
        QVERIFY(store.isWriter());
        const QString crawl = QStringLiteral("crawl");
        const QString mail = QStringLiteral("mail");
        HistoryBatch first;
        first.counts << counts(crawl, minuteAt(0), 10) << counts(mail, minuteAt(0), 5);
        first.events << events(crawl, minuteAt(0), 4) << events(mail, minuteAt(0), 2);
        first.coverage << HistoryMinuteCoverage{minuteAt(0), true, true};
        store.append(first);
        // mail not sampled in this minute (its counts are unknown), but the stream was heard
        // whole: it had no events.
        HistoryBatch second;
        second.counts << counts(crawl, minuteAt(1), 12);
        second.events << events(crawl, minuteAt(1), 6);
        second.coverage << HistoryMinuteCoverage{minuteAt(1), true, true};
        store.append(second);
        // Minute 2: nothing recorded (a gap). Minute 3: sampled, the stream not heard whole.
        HistoryBatch fourth;
        fourth.counts << counts(crawl, minuteAt(3), 7);
        fourth.coverage << HistoryMinuteCoverage{minuteAt(3), true, false};
        store.append(fourth);
        QVERIFY(waitIdle(store));
    }

    void everyQueueOneRowPerRecordedMinute()
    {
        const QString out = m_dir.filePath(QStringLiteral("all.csv"));
        const Run run = exportHistory({QStringLiteral("--url"), url(), QStringLiteral("--database"), database(),
                                       QStringLiteral("--from"), iso(minuteAt(0)), QStringLiteral("--to"),
                                       iso(minuteAt(10)), QStringLiteral("--out"), out});
        QVERIFY2(run.exitCode == 0, run.err.constData());
        const QByteArray m0 = "2025-11-24T16:00:00.000+00:00";
        const QByteArray m1 = "2025-11-24T16:01:00.000+00:00";
        const QByteArray m3 = "2025-11-24T16:03:00.000+00:00";
        QCOMPARE(contents(out), QByteArray("queue,minute_utc,minutes,waiting,scheduled,running,stalled,put,completed,"
                                           "failed,timed_out\r\n"
                                           "crawl,"
                                           + m0 + ",1,10,0,1,0,4,2,0,0\r\n" + "crawl," + m1 + ",1,12,0,1,0,6,3,0,0\r\n"
                                           + "crawl," + m3 + ",1,7,0,1,0,,,,\r\n" + "mail," + m0
                                           + ",1,5,0,1,0,2,1,0,0\r\n" + "mail," + m1 + ",1,,,,,0,0,0,0\r\n"));
    }

    void oneQueueOnly()
    {
        const QString out = m_dir.filePath(QStringLiteral("mail.csv"));
        const Run run =
            exportHistory({QStringLiteral("--url"), url(), QStringLiteral("--database"), database(),
                           QStringLiteral("--queue"), QStringLiteral("mail"), QStringLiteral("--from"),
                           iso(minuteAt(0)), QStringLiteral("--to"), iso(minuteAt(10)), QStringLiteral("--out"), out});
        QVERIFY2(run.exitCode == 0, run.err.constData());
        const QList<QByteArray> lines = contents(out).split('\n');
        QCOMPARE(lines.size(), 4); // header, two rows, the empty rest after the last CRLF
        QVERIFY(lines.at(1).startsWith("mail,"));
        QVERIFY(lines.at(2).startsWith("mail,"));
    }

    void emptyRangeFailsAndWritesNothing()
    {
        const QString out = m_dir.filePath(QStringLiteral("empty.csv"));
        const Run run = exportHistory({QStringLiteral("--url"), url(), QStringLiteral("--database"), database(),
                                       QStringLiteral("--from"), iso(minuteAt(2)), QStringLiteral("--to"),
                                       iso(minuteAt(3)), QStringLiteral("--out"), out});
        QCOMPARE(run.exitCode, 1);
        QVERIFY2(run.err.contains("Empty range"), run.err.constData());
        QVERIFY(!QFile::exists(out));
    }

    void noHistoryFileForThatServer()
    {
        const QString out = m_dir.filePath(QStringLiteral("none.csv"));
        Run run = exportHistory({QStringLiteral("--url"), url(), QStringLiteral("--out"), out});
        QCOMPARE(run.exitCode, 1);
        QVERIFY2(run.err.contains("No history for") && run.err.contains("6399"), run.err.constData());
        run = exportHistory({QStringLiteral("--url"), url(), QStringLiteral("--database"),
                             m_dir.filePath(QStringLiteral("missing.sqlite")), QStringLiteral("--out"), out});
        QCOMPARE(run.exitCode, 1);
        QVERIFY2(run.err.contains("No history"), run.err.constData());
        QVERIFY(!QFile::exists(out));
    }

    void wrongCommandLinesExitTwo_data()
    {
        QTest::addColumn<QStringList>("arguments");
        QTest::addColumn<QByteArray>("said");
        const QString out = m_dir.filePath(QStringLiteral("x.csv"));
        QTest::newRow("bad from") << QStringList{QStringLiteral("--from"), QStringLiteral("yesterday"),
                                                 QStringLiteral("--out"), out}
                                  << QByteArray("Bad --from \"yesterday\"");
        QTest::newRow("bad to") << QStringList{QStringLiteral("--to"), QStringLiteral("-3y"), QStringLiteral("--out"),
                                               out}
                                << QByteArray("Bad --to \"-3y\"");
        QTest::newRow("from after to") << QStringList{QStringLiteral("--from"), QStringLiteral("-1h"),
                                                      QStringLiteral("--to"),   QStringLiteral("-2h"),
                                                      QStringLiteral("--out"),  out}
                                       << QByteArray("Bad range");
        QTest::newRow("no out") << QStringList{} << QByteArray("Missing --out");
        QTest::newRow("unknown format") << QStringList{QStringLiteral("--out"), m_dir.filePath(QStringLiteral("x.txt"))}
                                        << QByteArray("must end in .csv, .png, .svg or .pdf");
        QTest::newRow("bad kind") << QStringList{QStringLiteral("--kind"), QStringLiteral("speed"),
                                                 QStringLiteral("--out"), out}
                                  << QByteArray("Bad --kind \"speed\"");
    }

    void wrongCommandLinesExitTwo()
    {
        QFETCH(QStringList, arguments);
        QFETCH(QByteArray, said);
        const Run run = exportHistory(
            QStringList{QStringLiteral("--url"), url(), QStringLiteral("--database"), database()} + arguments);
        QCOMPARE(run.exitCode, 2);
        QVERIFY2(run.err.contains(said), run.err.constData());
    }

    void picturesOfTheChart()
    {
        for (const char *extension : {"png", "svg", "pdf"}) {
            const QString out = m_dir.filePath(QStringLiteral("chart.") + QLatin1String(extension));
            const Run run = exportHistory({QStringLiteral("--url"), url(), QStringLiteral("--database"), database(),
                                           QStringLiteral("--queue"), QStringLiteral("crawl"), QStringLiteral("--kind"),
                                           QStringLiteral("backlog"), QStringLiteral("--from"), iso(minuteAt(0)),
                                           QStringLiteral("--to"), iso(minuteAt(10)), QStringLiteral("--out"), out});
            QVERIFY2(run.exitCode == 0, run.err.constData());
            QVERIFY2(QFileInfo(out).size() > 1000, extension);
        }
        const Run empty =
            exportHistory({QStringLiteral("--url"), url(), QStringLiteral("--database"), database(),
                           QStringLiteral("--from"), iso(minuteAt(2)), QStringLiteral("--to"), iso(minuteAt(3)),
                           QStringLiteral("--out"), m_dir.filePath(QStringLiteral("empty.png"))});
        QCOMPARE(empty.exitCode, 1);
        QVERIFY2(empty.err.contains("Empty range"), empty.err.constData());
    }

    void relativeTimesCountFromNow()
    {
        const QString recent = m_dir.filePath(QStringLiteral("recent.sqlite"));
        const qint64 minute = (QDateTime::currentMSecsSinceEpoch() / 60000 - 30) * 60000;
        {
            HistoryStore store(recent, HistoryStore::Mode::Record);
            HistoryBatch batch;
            batch.counts << counts(QStringLiteral("crawl"), minute, 3);
            batch.coverage << HistoryMinuteCoverage{minute, true, true};
            store.append(batch);
            QVERIFY(waitIdle(store));
        }
        const QString out = m_dir.filePath(QStringLiteral("recent.csv"));
        Run run = exportHistory({QStringLiteral("--url"), url(), QStringLiteral("--database"), recent,
                                 QStringLiteral("--from"), QStringLiteral("-1h"), QStringLiteral("--out"), out});
        QVERIFY2(run.exitCode == 0, run.err.constData());
        const QByteArray row =
            "crawl," + QDateTime::fromMSecsSinceEpoch(minute, QTimeZone::utc()).toString(Qt::ISODateWithMs).toUtf8()
            + ",1,3,";
        QVERIFY2(contents(out).contains(row), contents(out).constData());
        run = exportHistory({QStringLiteral("--url"), url(), QStringLiteral("--database"), recent,
                             QStringLiteral("--from"), QStringLiteral("-10m"), QStringLiteral("--out"),
                             m_dir.filePath(QStringLiteral("none-recent.csv"))});
        QCOMPARE(run.exitCode, 1);
        QVERIFY2(run.err.contains("Empty range"), run.err.constData());
    }
};

QTEST_GUILESS_MAIN(TestExportHistory)
#include "tst_exporthistory.moc"
