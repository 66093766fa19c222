// SPDX-License-Identifier: GPL-3.0-or-later
#include "alertcenter.h"
#include "auditlog.h"
#include "bulkrunner.h"
#include "configeditor.h"
#include "configmodel.h"
#include "historyrecorder.h"
#include "historyregistry.h"
#include "historystore.h"
#include "historytesthelpers.h"
#include "qlessfixture.h"
#include "qlesssession.h"
#include "replywaiter.h"
#include "sessionhistory.h"

#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <memory>

// The history of a server recorded while a session (a window's) has it, against a real
// redis-server: the recorder starts with the session and stops with it; two sessions on one
// server share one store and one recorder, the second taking over when the first goes; a file
// another process records is only read until that process lets it go; the console's config
// changes and bulk runs are marked (a run with its id); the failure groups that grew are recorded.
class TestSessionHistory final : public QObject
{
    Q_OBJECT

    QlessFixture m_q;
    std::unique_ptr<QTemporaryDir> m_dir;

    ConnectionSettings settings()
    {
        ConnectionSettings s;
        s.transport = ConnectionSettings::Transport::Unix;
        s.socketPath = m_q.server().socketPath();
        return s;
    }
    std::unique_ptr<QlessSession> session()
    {
        auto s = std::make_unique<QlessSession>(settings());
        awaitReady(*s->connection());
        s->setAuditLog(std::make_shared<AuditLog>(m_dir->filePath(QStringLiteral("audit.jsonl"))));
        return s;
    }
    QString path() { return HistoryRegistry::fileFor(settings()); }

    static QList<HistoryMark> marks(HistoryStore &store)
    {
        const qint64 now = QDateTime::currentMSecsSinceEpoch();
        return readHistory(store, {QString(), now - 3600 * 1000, now + 60000, 1}).marks;
    }

private slots:
    void initTestCase()
    {
        qRegisterMetaType<QList<AlertEvent>>();
        QStandardPaths::setTestModeEnabled(true); // the history files go to a test folder
        QString error;
        QVERIFY2(m_q.start(&error), qPrintable(error));
    }
    void init()
    {
        m_q.flush();
        m_dir = std::make_unique<QTemporaryDir>();
        for (const char *suffix : {"", "-wal", "-shm", ".lock"})
            QFile::remove(path() + QLatin1String(suffix));
    }

    void recordsWhileASessionLivesAndStopsWithIt()
    {
        auto s = session();
        SessionHistory *history = SessionHistory::of(s.get());
        QCOMPARE(SessionHistory::of(s.get()), history); // one per session
        QVERIFY2(history->isRecording(), qPrintable(history->whyNotRecording()));
        QTRY_COMPARE_WITH_TIMEOUT(history->recorder()->streamState().phase, ConnectionState::Phase::Ready, 20000);
        QVERIFY(QFile::exists(path()));
        s.reset();
        // The recorder and the process's store are gone: the file's recorder lock is free.
        HistoryStore after(path(), HistoryStore::Mode::Record);
        QVERIFY(after.isWriter());
    }

    void twoSessionsOnOneServerShareOneRecord()
    {
        auto first = session();
        auto second = session();
        SessionHistory *one = SessionHistory::of(first.get());
        SessionHistory *two = SessionHistory::of(second.get());
        QCOMPARE(one->store(), two->store());
        QVERIFY(one->isRecording());
        QVERIFY(!two->isRecording());
        QVERIFY(!two->whyNotRecording().isEmpty());
        two->setRetryInterval(50);
        QSignalSpy taken(two, &SessionHistory::recordingChanged);
        first.reset(); // its window closed
        QTRY_VERIFY_WITH_TIMEOUT(two->isRecording(), 20000);
        QCOMPARE(taken.size(), 1);
    }

    void aFileAnotherProcessRecordsIsReadUntilItLetsGo()
    {
        // Another process's store: a store of its own on the file, holding the recorder lock.
        auto elsewhere = std::make_unique<HistoryStore>(path(), HistoryStore::Mode::Record);
        QVERIFY(elsewhere->isWriter());
        auto s = session();
        SessionHistory *history = SessionHistory::of(s.get());
        QVERIFY(!history->isRecording());
        QVERIFY2(history->whyNotRecording().contains(QLatin1String("recorded elsewhere")),
                 qPrintable(history->whyNotRecording()));
        QVERIFY(!history->store()->isWriter());
        history->setRetryInterval(50);
        elsewhere.reset(); // that process stopped
        QTRY_VERIFY_WITH_TIMEOUT(history->isRecording(), 20000);
        QVERIFY(history->store()->isWriter());
    }

    void theSessionsTrendAlertsReadItsHistory()
    {
        auto s = session();
        SessionHistory *history = SessionHistory::of(s.get());
        QVERIFY(history->isRecording());
        // crawl's waiting count recorded a few minutes ago and a minute ago: grown tenfold.
        const qint64 now = QDateTime::currentMSecsSinceEpoch();
        const qint64 minute = now - now % 60000;
        HistoryBatch batch;
        for (const auto &[ago, waiting] : {std::pair<int, qint64>{3, 10}, std::pair<int, qint64>{1, 100}}) {
            HistoryCountsSample counts;
            counts.queue = QStringLiteral("crawl");
            counts.minuteMs = minute - ago * 60000;
            counts.waiting = waiting;
            batch.counts << counts;
            batch.coverage << HistoryMinuteCoverage{counts.minuteMs, true, false};
        }
        history->store()->append(batch);
        QVERIFY(waitIdle(*history->store()));

        AlertCenter *alerts = AlertCenter::of(s.get());
        QSignalSpy fired(alerts, &AlertCenter::fired);
        AlertRule rule;
        rule.id = QStringLiteral("grew");
        rule.kind = AlertRule::Kind::WaitingGrewPercent;
        rule.threshold = 50;
        rule.windowMinutes = 10;
        alerts->setRules({rule}, QString()); // checks at once
        QVERIFY(fired.wait(20000));
        const QList<AlertEvent> events = fired.at(0).at(0).value<QList<AlertEvent>>();
        QCOMPARE(events.size(), 1);
        QCOMPARE(events.at(0).subject, QStringLiteral("crawl"));
        QCOMPARE(events.at(0).value, 900.0);
    }

    void aConfigChangeAndABulkRunAreMarked()
    {
        auto s = session();
        SessionHistory *history = SessionHistory::of(s.get());
        QVERIFY(history->isRecording());

        ConfigModel model(s->client());
        ConfigEditor editor(s.get(), &model);
        QSignalSpy edited(&editor, &ConfigEditor::finished);
        QString error;
        QVERIFY2(editor.set(QStringLiteral("heartbeat"), QStringLiteral("90"), &error), qPrintable(error));
        QVERIFY(edited.wait(30000));

        const double now = double(QDateTime::currentSecsSinceEpoch());
        for (const QByteArray jid : {"a", "b"})
            QVERIFY(!m_q.put("crawl", jid, now).isError());
        BulkRunner runner(s.get(), JobAction::move(QStringLiteral("elsewhere")),
                          BulkTarget::ofJids({"a", "b"}, QStringLiteral("crawl")));
        QSignalSpy ran(&runner, &BulkRunner::finished);
        runner.start();
        QVERIFY(ran.count() > 0 || ran.wait(60000));

        QString runId;
        for (const AuditRecord &record : s->auditLog()->records()) {
            if (record.arguments.contains(QStringLiteral("run")))
                runId = record.arguments.value(QStringLiteral("run")).toString();
        }
        QVERIFY(!runId.isEmpty());
        QVERIFY(waitIdle(*history->store()));
        int config = 0;
        int bulk = 0;
        for (const HistoryMark &mark : marks(*history->store())) {
            if (mark.kind == HistoryMark::Kind::ConfigChange) {
                ++config;
                QVERIFY2(mark.text.contains(QLatin1String("heartbeat")), qPrintable(mark.text));
            } else if (mark.kind == HistoryMark::Kind::BulkRun) {
                ++bulk;
                QCOMPARE(mark.ref, runId);
            }
        }
        QCOMPARE(config, 1);
        QCOMPARE(bulk, 2); // its start and its end
    }
};

QTEST_GUILESS_MAIN(TestSessionHistory)
#include "tst_sessionhistory.moc"
