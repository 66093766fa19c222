// SPDX-License-Identifier: GPL-3.0-or-later
#include "historyregistry.h"
#include "historystore.h"
#include "historytesthelpers.h"
#include "recorderlock.h"

#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QSignalSpy>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <csignal>
#include <optional>

// The history file: what is written reads back as written, gaps stay gaps, old minutes fold into
// hours and then go, the size limit holds, a damaged or locked file is moved aside (and kept) and
// a new one started, and only one writer records into a file.
class TestHistoryStore final : public QObject
{
    Q_OBJECT

private:
    std::unique_ptr<QTemporaryDir> m_dir;
    QString path() const { return m_dir->filePath(QStringLiteral("server.sqlite")); }

    static HistoryBatch minuteOf(const QString &queue, qint64 minuteMs, qint64 waiting, qint64 put,
                                 bool listened = true)
    {
        HistoryBatch batch;
        HistoryCountsSample sample;
        sample.queue = queue;
        sample.minuteMs = minuteMs;
        sample.waiting = waiting;
        sample.running = 1;
        batch.counts << sample;
        HistoryEventCounts events;
        events.queue = queue;
        events.minuteMs = minuteMs;
        events.put = put;
        events.completed = put / 2;
        if (!events.isEmpty())
            batch.events << events;
        batch.coverage << HistoryMinuteCoverage{minuteMs, true, listened};
        return batch;
    }

    static bool waitOpened(HistoryStore &store)
    {
        QSignalSpy opened(&store, &HistoryStore::opened);
        return opened.wait(20000);
    }

private slots:
    void init()
    {
        m_dir = std::make_unique<QTemporaryDir>();
        m_dir->setAutoRemove(qEnvironmentVariableIsEmpty("KEEP_HISTORY_FILES"));
    }

    void roundTrip()
    {
        HistoryStore store(path(), HistoryStore::Mode::Record);
        QVERIFY(store.isWriter());
        store.append(minuteOf(QStringLiteral("crawl"), minuteAt(0), 10, 4));
        store.append(minuteOf(QStringLiteral("mail"), minuteAt(0), 5, 2));
        store.append(minuteOf(QStringLiteral("crawl"), minuteAt(1), 12, 6));
        HistoryBatch marks;
        marks.marks << HistoryMark{minuteAt(1) + 1500, HistoryMark::Kind::Pause, QStringLiteral("crawl")};
        store.append(marks);

        const HistoryRead crawl = readHistory(store, {QStringLiteral("crawl"), minuteAt(0), minuteAt(2), 1});
        QVERIFY2(crawl.error.isEmpty(), qPrintable(crawl.error));
        QCOMPARE(crawl.points.size(), 2);
        QCOMPARE(crawl.points[0].startMs, minuteAt(0));
        QVERIFY(crawl.points[0].hasCounts);
        QCOMPARE(crawl.points[0].waiting, 10.0);
        QCOMPARE(crawl.points[0].running, 1.0);
        QCOMPARE(crawl.points[0].put, 4);
        QCOMPARE(crawl.points[0].completed, 2);
        QCOMPARE(crawl.points[1].waiting, 12.0);
        QCOMPARE(crawl.points[1].put, 6);
        QCOMPARE(crawl.marks.size(), 1);
        QCOMPARE(crawl.marks[0].kind, HistoryMark::Kind::Pause);
        QCOMPARE(crawl.marks[0].text, QStringLiteral("crawl"));

        const HistoryRead all = readHistory(store, {QString(), minuteAt(0), minuteAt(2), 1});
        QCOMPARE(all.points.size(), 2);
        QCOMPARE(all.points[0].waiting, 15.0);
        QCOMPARE(all.points[0].running, 2.0);
        QCOMPARE(all.points[0].put, 6);
        // mail was not sampled in minute 1: the sum is crawl's alone, not crawl's plus a zero.
        QCOMPARE(all.points[1].waiting, 12.0);
    }

    void aVersionOneFileIsReadAndUpgradedByItsWriter()
    {
        {
            // A file as the first schema made it: marks without a ref, no failure_growth table.
            QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("v1"));
            db.setDatabaseName(path());
            QVERIFY(db.open());
            QSqlQuery query(db);
            for (const char *statement :
                 {"CREATE TABLE meta(key TEXT PRIMARY KEY, value TEXT NOT NULL)",
                  "INSERT INTO meta VALUES ('schema_version', '1')",
                  "CREATE TABLE queues(id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE)",
                  "CREATE TABLE counts(resolution INTEGER NOT NULL, queue INTEGER NOT NULL, minute INTEGER NOT NULL,"
                  " samples INTEGER NOT NULL, waiting INTEGER NOT NULL, scheduled INTEGER NOT NULL,"
                  " running INTEGER NOT NULL, stalled INTEGER NOT NULL, depends INTEGER NOT NULL,"
                  " recurring INTEGER NOT NULL, PRIMARY KEY(resolution, queue, minute)) WITHOUT ROWID",
                  "CREATE TABLE events(resolution INTEGER NOT NULL, queue INTEGER NOT NULL, minute INTEGER NOT NULL,"
                  " put INTEGER NOT NULL, completed INTEGER NOT NULL, failed INTEGER NOT NULL,"
                  " timed_out INTEGER NOT NULL, PRIMARY KEY(resolution, queue, minute)) WITHOUT ROWID",
                  "CREATE TABLE coverage(resolution INTEGER NOT NULL, minute INTEGER NOT NULL,"
                  " counts_minutes INTEGER NOT NULL, events_minutes INTEGER NOT NULL,"
                  " PRIMARY KEY(resolution, minute)) WITHOUT ROWID",
                  "CREATE TABLE marks(time_ms INTEGER NOT NULL, kind TEXT NOT NULL, text TEXT NOT NULL)",
                  "CREATE INDEX marks_by_time ON marks(time_ms)"})
                QVERIFY2(query.exec(QString::fromLatin1(statement)), qPrintable(query.lastError().text()));
            QVERIFY(query.exec(QStringLiteral("INSERT INTO marks VALUES (%1, 'pause', 'crawl')").arg(minuteAt(1))));
            db.close();
        }
        QSqlDatabase::removeDatabase(QStringLiteral("v1"));
        const HistoryRange range{QString(), minuteAt(0), minuteAt(10), 1};
        {
            // Only read (another, older, qlessdesk records it): its marks read, nothing changed.
            HistoryStore reader(path(), HistoryStore::Mode::Read);
            const HistoryRead read = readHistory(reader, range);
            QVERIFY2(read.error.isEmpty(), qPrintable(read.error));
            QCOMPARE(read.marks.size(), 1);
            QVERIFY(read.marks[0].ref.isEmpty());
        }
        HistoryStore store(path(), HistoryStore::Mode::Record);
        QVERIFY(waitOpened(store));
        QVERIFY(store.problems().isEmpty());
        HistoryBatch batch;
        batch.marks << HistoryMark{minuteAt(2), HistoryMark::Kind::BulkRun, QStringLiteral("move done"),
                                   QStringLiteral("run-1")};
        batch.failureGrowth << HistoryFailureGrowth{minuteAt(2), QStringLiteral("boom"), 3};
        store.append(batch);
        QVERIFY(waitIdle(store));
        const HistoryRead read = readHistory(store, range);
        QVERIFY2(read.error.isEmpty(), qPrintable(read.error));
        QCOMPARE(read.marks.size(), 2);
        QCOMPARE(read.marks[1].ref, QStringLiteral("run-1"));
        QObject context;
        std::optional<HistoryGrowthRead> growth;
        store.readFailureGrowth(minuteAt(0), minuteAt(10), &context,
                                [&growth](const HistoryGrowthRead &r) { growth = r; });
        QTRY_VERIFY_WITH_TIMEOUT(growth.has_value(), 20000);
        QVERIFY2(growth->error.isEmpty(), qPrintable(growth->error));
        QCOMPARE(growth->rows.size(), 1);
        QCOMPARE(growth->rows[0].grew, 3);
    }

    void survivesReopening()
    {
        {
            HistoryStore store(path(), HistoryStore::Mode::Record);
            store.append(minuteOf(QStringLiteral("crawl"), minuteAt(0), 3, 1));
        }
        HistoryStore store(path(), HistoryStore::Mode::Record);
        const HistoryRead read = readHistory(store, {QStringLiteral("crawl"), minuteAt(0), minuteAt(1), 1});
        QCOMPARE(read.points.size(), 1);
        QCOMPARE(read.points[0].waiting, 3.0);
        QVERIFY(store.problems().isEmpty());
    }

    void gapsStayGaps()
    {
        HistoryStore store(path(), HistoryStore::Mode::Record);
        store.append(minuteOf(QStringLiteral("crawl"), minuteAt(0), 7, 0));
        store.append(minuteOf(QStringLiteral("crawl"), minuteAt(2), 9, 2, false));
        // Minute 3: the stream was heard whole but nothing happened and the counts were not read.
        HistoryBatch heard;
        heard.coverage << HistoryMinuteCoverage{minuteAt(3), false, true};
        store.append(heard);

        const HistoryRead read = readHistory(store, {QStringLiteral("crawl"), minuteAt(0), minuteAt(5), 1});
        QCOMPARE(read.points.size(), 3);
        QCOMPARE(read.points[0].startMs, minuteAt(0));
        QVERIFY(read.points[0].hasEvents); // heard, no event: a real zero
        QCOMPARE(read.points[0].put, 0);
        QCOMPARE(read.points[1].startMs, minuteAt(2)); // minute 1: nothing recorded, not listed
        QVERIFY(read.points[1].hasCounts);
        QVERIFY(!read.points[1].hasEvents); // events not heard whole in it: unknown
        QCOMPARE(read.points[2].startMs, minuteAt(3));
        QVERIFY(!read.points[2].hasCounts);
        QVERIFY(read.points[2].hasEvents);
    }

    void retentionFoldsMinutesIntoHoursThenDrops()
    {
        HistoryPolicy policy; // minutes for 3 days, hours to 90
        HistoryStore store(path(), HistoryStore::Mode::Record, policy);
        const qint64 now = minuteAt(200 * 1440);
        const qint64 hour = ((now / 60000 - 5 * 1440) / 60) * 60 * 60000; // an hour 5 days back
        for (int i = 0; i < 60; ++i)
            store.append(minuteOf(QStringLiteral("crawl"), hour + i * 60000, i, 2));
        const qint64 ancient = now - qint64(100) * 1440 * 60000;
        store.append(minuteOf(QStringLiteral("crawl"), ancient, 1, 1));
        store.append(minuteOf(QStringLiteral("crawl"), now - 60000, 42, 1));

        const HistoryRetention::Outcome outcome = maintainNow(store, now);
        QVERIFY2(outcome.error.isEmpty(), qPrintable(outcome.error));
        QCOMPARE(outcome.minutesDownsampled, 61);

        const HistoryRead old = readHistory(store, {QStringLiteral("crawl"), hour - 3600000, hour + 7200000, 0});
        QCOMPARE(old.points.size(), 1);
        QCOMPARE(old.points[0].startMs, hour);
        QCOMPARE(old.points[0].resolutionMinutes, 60);
        QCOMPARE(old.points[0].samples, 60);
        QCOMPARE(old.points[0].waiting, 29.5); // the mean of 0..59
        QCOMPARE(old.points[0].put, 120);
        QCOMPARE(old.points[0].minutesListened, 60);
        // Asked for minutes, an hour stays an hour: never refined into made-up minutes.
        const HistoryRead fine = readHistory(store, {QStringLiteral("crawl"), hour, hour + 3600000, 1});
        QCOMPARE(fine.points.size(), 1);
        QCOMPARE(fine.points[0].resolutionMinutes, 60);

        QCOMPARE(readHistory(store, {QString(), ancient - 3600000, ancient + 3600000, 0}).points.size(), 0);
        const HistoryRead recent = readHistory(store, {QStringLiteral("crawl"), now - 120000, now, 0});
        QCOMPARE(recent.points.size(), 1);
        QCOMPARE(recent.points[0].resolutionMinutes, 1);
        QCOMPARE(recent.points[0].waiting, 42.0);
        // A second pass finds nothing more to fold and changes nothing.
        QCOMPARE(maintainNow(store, now).minutesDownsampled, 0);
        QCOMPARE(readHistory(store, {QStringLiteral("crawl"), hour, hour + 3600000, 0}).points[0].waiting, 29.5);
    }

    void sizeLimitDropsTheOldestFirst()
    {
        HistoryPolicy policy;
        policy.sizeLimitBytes = 256 * 1024;
        HistoryStore store(path(), HistoryStore::Mode::Record, policy);
        const int minutes = 1200;
        for (int m = 0; m < minutes; ++m) {
            HistoryBatch batch;
            for (int q = 0; q < 20; ++q) {
                const HistoryBatch one = minuteOf(QStringLiteral("queue-%1").arg(q), minuteAt(m), m, 3);
                batch.counts << one.counts;
                batch.events << one.events;
            }
            batch.coverage << HistoryMinuteCoverage{minuteAt(m), true, true};
            store.append(batch);
        }
        QVERIFY(waitIdle(store));
        const qint64 before = QFileInfo(path()).size() + QFileInfo(path() + QStringLiteral("-wal")).size();
        QVERIFY2(before > policy.sizeLimitBytes, qPrintable(QString::number(before)));

        const HistoryRetention::Outcome outcome = maintainNow(store, minuteAt(minutes));
        QVERIFY2(outcome.error.isEmpty(), qPrintable(outcome.error));
        QVERIFY(outcome.trimmedForSize);
        QVERIFY2(outcome.bytesInUse <= policy.sizeLimitBytes, qPrintable(QString::number(outcome.bytesInUse)));
        QVERIFY2(QFileInfo(path()).size() <= policy.sizeLimitBytes,
                 qPrintable(QString::number(QFileInfo(path()).size())));
        const HistoryRead newest =
            readHistory(store, {QStringLiteral("queue-3"), minuteAt(minutes - 1), minuteAt(minutes), 1});
        QCOMPARE(newest.points.size(), 1);
        QCOMPARE(readHistory(store, {QString(), minuteAt(0), minuteAt(10), 1}).points.size(), 0);
    }

    void garbageFileIsMovedAsideAndKept()
    {
        QByteArray garbage;
        for (int i = 0; i < 2000; ++i)
            garbage += "this is not an SQLite file, whatever its name says. ";
        {
            QFile file(path());
            QVERIFY(file.open(QIODevice::WriteOnly));
            file.write(garbage);
        }
        HistoryStore store(path(), HistoryStore::Mode::Record);
        QVERIFY(waitOpened(store) || !store.movedTo().isEmpty());
        QVERIFY(!store.problems().isEmpty());
        QVERIFY2(store.problems().constFirst().contains(QLatin1String("moved aside")),
                 qPrintable(store.problems().join(QLatin1Char('\n'))));
        QVERIFY(!store.movedTo().isEmpty());
        QFile moved(store.movedTo());
        QVERIFY(moved.open(QIODevice::ReadOnly));
        QCOMPARE(moved.readAll(), garbage);
        store.append(minuteOf(QStringLiteral("crawl"), minuteAt(0), 8, 1));
        const HistoryRead read = readHistory(store, {QStringLiteral("crawl"), minuteAt(0), minuteAt(1), 1});
        QCOMPARE(read.points.size(), 1);
        QCOMPARE(read.points[0].waiting, 8.0);
    }

    void fileLockedByAnotherConnectionIsMovedAside()
    {
        // Another connection holds an exclusive lock and keeps it (a hung program, say).
        QSqlDatabase other = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("holder"));
        other.setDatabaseName(path());
        QVERIFY(other.open());
        {
            QSqlQuery query(other);
            QVERIFY(query.exec(QStringLiteral("CREATE TABLE t(x)")));
            QVERIFY2(query.exec(QStringLiteral("BEGIN EXCLUSIVE")), qPrintable(query.lastError().text()));
            QVERIFY(query.exec(QStringLiteral("INSERT INTO t VALUES (1)")));
        }
        HistoryPolicy policy;
        policy.busyTimeoutMs = 1500;
        {
            // The store's thread waits out the lock; the caller's thread does not.
            QElapsedTimer caller;
            caller.start();
            HistoryStore store(path(), HistoryStore::Mode::Record, policy);
            store.append(minuteOf(QStringLiteral("early"), minuteAt(0), 1, 1));
            QObject context;
            bool answered = false;
            store.read({QString(), minuteAt(0), minuteAt(1), 1}, &context,
                       [&answered](const HistoryRead &) { answered = true; });
            QVERIFY2(caller.elapsed() < 500, qPrintable(QString::number(caller.elapsed())));
            QVERIFY(!answered);
            QVERIFY(waitOpened(store) || !store.movedTo().isEmpty());
            QVERIFY2(!store.movedTo().isEmpty(), qPrintable(store.problems().join(QLatin1Char('\n'))));
            QVERIFY(QFile::exists(store.movedTo()));
            store.append(minuteOf(QStringLiteral("crawl"), minuteAt(0), 8, 1));
            QCOMPARE(readHistory(store, {QStringLiteral("crawl"), minuteAt(0), minuteAt(1), 1}).points.size(), 1);
        }
        QSqlQuery(other).exec(QStringLiteral("ROLLBACK"));
        other.close();
        other = QSqlDatabase();
        QSqlDatabase::removeDatabase(QStringLiteral("holder"));
    }

    void secondWriterInTheProcessOnlyReads()
    {
        HistoryStore first(path(), HistoryStore::Mode::Record);
        HistoryStore second(path(), HistoryStore::Mode::Record);
        QVERIFY(first.isWriter());
        QVERIFY(!second.isWriter());
        QVERIFY2(second.whyReadOnly().contains(QString::number(QCoreApplication::applicationPid())),
                 qPrintable(second.whyReadOnly()));
        first.append(minuteOf(QStringLiteral("crawl"), minuteAt(0), 4, 1));
        second.append(minuteOf(QStringLiteral("crawl"), minuteAt(0), 999, 1)); // not taken
        QVERIFY(waitIdle(first));
        const HistoryRead read = readHistory(second, {QStringLiteral("crawl"), minuteAt(0), minuteAt(1), 1});
        QVERIFY2(read.error.isEmpty(), qPrintable(read.error));
        QCOMPARE(read.points.size(), 1);
        QCOMPARE(read.points[0].waiting, 4.0);
        QVERIFY(!second.tryToBecomeWriter());
    }

    void aReaderTakesOverWhenTheWriterIsGone()
    {
        auto first = std::make_unique<HistoryStore>(path(), HistoryStore::Mode::Record);
        HistoryStore second(path(), HistoryStore::Mode::Read);
        QVERIFY(first->isWriter());
        QVERIFY(!second.isWriter());
        first->append(minuteOf(QStringLiteral("crawl"), minuteAt(0), 4, 1));
        first.reset();
        QVERIFY(second.tryToBecomeWriter());
        second.append(minuteOf(QStringLiteral("crawl"), minuteAt(1), 5, 1));
        const HistoryRead read = readHistory(second, {QStringLiteral("crawl"), minuteAt(0), minuteAt(2), 1});
        QCOMPARE(read.points.size(), 2);
        QCOMPARE(read.points[1].waiting, 5.0);
    }

    void anotherProcessHoldingTheLockMakesThisOneRead()
    {
        const QString flock = QStandardPaths::findExecutable(QStringLiteral("flock"));
        if (flock.isEmpty())
            QSKIP("util-linux flock(1) is not installed");
        // flock(1) takes the same flock(2) lock a recorder of another process holds (--no-fork: the
        // process killed below is the one holding it).
        QProcess holder;
        holder.start(flock, {QStringLiteral("--no-fork"), path() + QStringLiteral(".lock"), QStringLiteral("sleep"),
                             QStringLiteral("60")});
        QVERIFY(holder.waitForStarted());
        QVERIFY(QTest::qWaitFor([this] { return !RecorderLock(path()).tryLock(); }, 10000));
        {
            HistoryStore store(path(), HistoryStore::Mode::Record);
            QVERIFY(!store.isWriter());
            QVERIFY(!store.claimRecording(this));
        }
        ::kill(pid_t(holder.processId()), SIGTERM);
        QVERIFY(holder.waitForFinished(10000));
        HistoryStore store(path(), HistoryStore::Mode::Record);
        QVERIFY(store.isWriter()); // let go with the process, nothing stale left behind
    }

    void registrySharesOneStoreAndOneRecorder()
    {
        std::shared_ptr<HistoryStore> a = HistoryRegistry::instance().store(path());
        std::shared_ptr<HistoryStore> b = HistoryRegistry::instance().store(path());
        QCOMPARE(a.get(), b.get());
        QObject recorder1, recorder2;
        QVERIFY(a->claimRecording(&recorder1));
        QVERIFY(!b->claimRecording(&recorder2));
        QVERIFY(a->claimRecording(&recorder1));
    }
};

QTEST_GUILESS_MAIN(TestHistoryStore)
#include "tst_historystore.moc"
