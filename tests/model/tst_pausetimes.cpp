// SPDX-License-Identifier: GPL-3.0-or-later
#include "auditlog.h"
#include "pausetimes.h"
#include "qlessclienttestbase.h"
#include "qlesssession.h"
#include "queuelistmodel.h"
#include "timetext.h"

#include <QJsonArray>
#include <QSignalSpy>
#include <QTemporaryDir>

// "Paused since" for a paused queue: qless keeps no time, so it comes from our audit log (read
// once, off the GUI thread) and from the session's own pauses as they happen; a queue paused
// by anything else, or whose last logged pause was undone, says qless does not record it.
class TestPauseTimes final : public QObject, private QlessClientTestBase
{
    Q_OBJECT

    QTemporaryDir m_dir;

    QString logPath() const { return m_dir.filePath(QStringLiteral("audit.jsonl")); }

    ConnectionSettings settings()
    {
        ConnectionSettings s;
        s.transport = ConnectionSettings::Transport::Unix;
        s.socketPath = fixture().server().socketPath();
        return s;
    }

    std::unique_ptr<QlessSession> session()
    {
        auto s = std::make_unique<QlessSession>(settings());
        s->setAuditLog(std::make_shared<AuditLog>(logPath()));
        awaitReady(*s->connection());
        return s;
    }

    static AuditRecord record(const QString &server, const QString &action, const QStringList &queues,
                              const QDateTime &time, const QString &outcome = QStringLiteral("done"))
    {
        AuditRecord r;
        r.time = time;
        r.server = server;
        r.action = action;
        r.arguments.insert(QStringLiteral("queues"), QJsonArray::fromStringList(queues));
        r.outcome = outcome;
        return r;
    }

    static QString tooltip(const QueueListModel &model, const QString &queue)
    {
        return model.index(model.rowOf(queue), QueueListModel::NameColumn).data(Qt::ToolTipRole).toString();
    }

    static bool refresh(QueueListModel &model)
    {
        bool finished = false;
        model.refresh([&finished] { finished = true; });
        return QTest::qWaitFor([&finished] { return finished; }, 20000);
    }

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        QString error;
        QVERIFY2(startQless(&error), qPrintable(error));
    }
    void cleanupTestCase() { stopQless(); }
    void init()
    {
        fixture().flush();
        QFile::remove(logPath());
    }

    void onlyDonePausesOfThisServerInOrder()
    {
        const QDateTime t = QDateTime::fromSecsSinceEpoch(1763683200, Qt::UTC);
        const QList<AuditRecord> newestFirst{
            record(QStringLiteral("a"), QStringLiteral("unpause"), {QStringLiteral("q")}, t.addSecs(3)),
            record(QStringLiteral("b"), QStringLiteral("pause"), {QStringLiteral("q")}, t.addSecs(2)),
            record(QStringLiteral("a"), QStringLiteral("pause"), {QStringLiteral("q")}, t.addSecs(1),
                   QStringLiteral("failed")),
            record(QStringLiteral("a"), QStringLiteral("move"), {QStringLiteral("q")}, t.addSecs(1)),
            record(QStringLiteral("a"), QStringLiteral("pause"), {QStringLiteral("q")}, t),
        };
        const QList<AuditRecord> kept = PauseTimes::pauseRecords(newestFirst, QStringLiteral("a"));
        QCOMPARE(kept.size(), 2);
        QCOMPARE(kept.at(0).action, QStringLiteral("pause"));
        QCOMPARE(kept.at(0).time, t);
        QCOMPARE(kept.at(1).action, QStringLiteral("unpause"));
    }

    void fromTheLogAndFromThisSession()
    {
        const QString server = settings().describe();
        const QDateTime now = QDateTime::currentDateTimeUtc();
        const QDateTime earlier = now.addSecs(-7200);
        {
            AuditLog log(logPath());
            // crawl: paused, unpaused, paused again: the last pause counts.
            QVERIFY(log.append(record(server, QStringLiteral("pause"), {QStringLiteral("crawl")}, earlier)));
            QVERIFY(
                log.append(record(server, QStringLiteral("unpause"), {QStringLiteral("crawl")}, earlier.addSecs(60))));
            QVERIFY(log.append(record(server, QStringLiteral("pause"),
                                      {QStringLiteral("crawl"), QStringLiteral("index")}, earlier.addSecs(600))));
            // index: unpaused after that pause; parse: paused on another server only.
            QVERIFY(
                log.append(record(server, QStringLiteral("unpause"), {QStringLiteral("index")}, earlier.addSecs(900))));
            QVERIFY(log.append(record(QStringLiteral("redis://elsewhere:6379/0"), QStringLiteral("pause"),
                                      {QStringLiteral("parse")}, earlier.addSecs(1200))));
        }
        for (const QByteArray queue : {"crawl", "index", "parse", "notify"}) {
            fixture().put(queue, "j-" + queue, double(now.toSecsSinceEpoch()));
            fixture().command({"SADD", "ql:paused_queues", queue}); // all paused now
        }
        fixture().command({"SREM", "ql:paused_queues", "notify"});

        auto s = session();
        PauseTimes *times = PauseTimes::of(s.get());
        QCOMPARE(PauseTimes::of(s.get()), times); // one per session
        QTRY_VERIFY_WITH_TIMEOUT(times->isLoaded(), 10000);
        QCOMPARE(times->pausedSince(QStringLiteral("crawl")), earlier.addSecs(600));
        QVERIFY(!times->pausedSince(QStringLiteral("index")).isValid());
        QVERIFY(!times->pausedSince(QStringLiteral("parse")).isValid());

        QueueListModel model(client());
        model.setPauseTimes(times);
        QVERIFY(refresh(model));
        QVERIFY2(tooltip(model, QStringLiteral("crawl"))
                     .contains(QStringLiteral("Paused since %1").arg(TimeText::local(earlier.addSecs(600)))),
                 qPrintable(tooltip(model, QStringLiteral("crawl"))));
        for (const QString &queue : {QStringLiteral("index"), QStringLiteral("parse")})
            QVERIFY2(tooltip(model, queue).contains(QStringLiteral("qless does not record since when")),
                     qPrintable(tooltip(model, queue)));
        QVERIFY(!tooltip(model, QStringLiteral("notify")).contains(QStringLiteral("since")));

        // This session pauses notify: known at once, from the record it audits.
        fixture().command({"SADD", "ql:paused_queues", "notify"});
        const QDateTime pausedAt = QDateTime::currentDateTimeUtc();
        QVERIFY(s->audit(record(QString(), QStringLiteral("pause"), {QStringLiteral("notify")}, pausedAt)));
        QCOMPARE(times->pausedSince(QStringLiteral("notify")), pausedAt);
        QVERIFY(refresh(model));
        QVERIFY(tooltip(model, QStringLiteral("notify"))
                    .contains(QStringLiteral("Paused since %1").arg(TimeText::local(pausedAt))));

        // Someone unpauses crawl elsewhere and pauses it again: the refresh in between saw it
        // running, so our old time is not claimed for the new pause.
        fixture().command({"SREM", "ql:paused_queues", "crawl"});
        QVERIFY(refresh(model));
        QVERIFY(!times->pausedSince(QStringLiteral("crawl")).isValid());
        fixture().command({"SADD", "ql:paused_queues", "crawl"});
        QVERIFY(refresh(model));
        QVERIFY(tooltip(model, QStringLiteral("crawl")).contains(QStringLiteral("qless does not record since when")));
    }

    // A read sent before our own pause may come back showing the queue running: the pause it
    // raced keeps its time.
    void aReplyOlderThanThePauseKeepsIt()
    {
        auto s = session();
        PauseTimes *times = PauseTimes::of(s.get());
        QTRY_VERIFY_WITH_TIMEOUT(times->isLoaded(), 10000);
        const QDateTime pausedAt = QDateTime::currentDateTimeUtc();
        QVERIFY(s->audit(record(QString(), QStringLiteral("pause"), {QStringLiteral("q")}, pausedAt)));
        times->sawUnpaused({QStringLiteral("q")}, pausedAt.addMSecs(-50));
        QCOMPARE(times->pausedSince(QStringLiteral("q")), pausedAt);
        times->sawUnpaused({QStringLiteral("q")}, pausedAt.addMSecs(50));
        QVERIFY(!times->pausedSince(QStringLiteral("q")).isValid());
    }

    // Pauses audited while the log is still being read are not lost when the read lands.
    void pausesDuringTheReadSurviveIt()
    {
        const QString server = settings().describe();
        {
            AuditLog log(logPath());
            for (int i = 0; i < 5000; ++i) // a long log: the read takes a while
                QVERIFY(log.append(record(server, QStringLiteral("pause"), {QStringLiteral("old")},
                                          QDateTime::currentDateTimeUtc().addSecs(-100000 + i))));
        }
        auto s = session();
        PauseTimes *times = PauseTimes::of(s.get());
        QSignalSpy loaded(times, &PauseTimes::loaded);
        const QDateTime pausedAt = QDateTime::currentDateTimeUtc();
        // Appended to the file too: the read may or may not see it; either way it stands.
        QVERIFY(s->audit(record(QString(), QStringLiteral("pause"), {QStringLiteral("fresh")}, pausedAt)));
        QVERIFY(loaded.wait(20000) || loaded.count() == 1);
        QCOMPARE(times->pausedSince(QStringLiteral("fresh")), pausedAt);
        QVERIFY(times->pausedSince(QStringLiteral("old")).isValid());
    }
};

QTEST_GUILESS_MAIN(TestPauseTimes)
#include "tst_pausetimes.moc"
