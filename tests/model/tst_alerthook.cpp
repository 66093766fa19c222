// SPDX-License-Identifier: GPL-3.0-or-later
#include "alerthook.h"

#include <QFile>
#include <QJsonDocument>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

// The operator's alert command: it gets the alert as JSON on its standard input, its failures
// are reported, one that hangs is stopped, and a flood of alerts never piles up without bound.
class TestAlertHook final : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;

    static AlertEvent event(const QString &subject)
    {
        AlertEvent e;
        e.ruleId = QStringLiteral("waiting");
        e.subject = subject;
        e.value = 1523;
        e.at = 1800000000.5;
        e.text = QStringLiteral("Waiting jobs in queue %1: 1,523 (above 1,000)").arg(subject);
        return e;
    }

private slots:
    void initTestCase() { QVERIFY(m_dir.isValid()); }

    void theCommandGetsTheAlertAsJson()
    {
        const QString out = m_dir.filePath(QStringLiteral("alert.json"));
        AlertHook hook;
        hook.setCommand(QStringLiteral("sh -c \"cat > $0\" %1").arg(out)); // the file is $0 of the shell's script
        QSignalSpy finished(&hook, &AlertHook::finished);
        hook.run(event(QStringLiteral("crawl")), QStringLiteral("Waiting jobs in queue crawl above 1,000"),
                 QStringLiteral("redis://prod:6379/0"));
        QVERIFY(finished.wait(20000));
        QCOMPARE(finished.first().at(0).toBool(), true);
        QFile file(out);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QJsonObject json = QJsonDocument::fromJson(file.readAll()).object();
        QCOMPARE(json.value(QStringLiteral("change")).toString(), QStringLiteral("fired"));
        QCOMPARE(json.value(QStringLiteral("rule_id")).toString(), QStringLiteral("waiting"));
        QCOMPARE(json.value(QStringLiteral("subject")).toString(), QStringLiteral("crawl"));
        QCOMPARE(json.value(QStringLiteral("value")).toDouble(), 1523.0);
        QCOMPARE(json.value(QStringLiteral("at")).toString(), QStringLiteral("2027-01-15T08:00:00.500Z"));
        QCOMPARE(json.value(QStringLiteral("server")).toString(), QStringLiteral("redis://prod:6379/0"));
    }

    // Each change by its own name: an alert the operator ended is not "cleared" (nothing was
    // seen to be well), so a pager is not told "resolved".
    void eachChangeHasItsName()
    {
        AlertEvent e = event(QStringLiteral("crawl"));
        QCOMPARE(AlertHook::toJson(e, {}, {}).value(QStringLiteral("change")).toString(), QStringLiteral("fired"));
        e.change = AlertEvent::Change::Cleared;
        QCOMPARE(AlertHook::toJson(e, {}, {}).value(QStringLiteral("change")).toString(), QStringLiteral("cleared"));
        e.change = AlertEvent::Change::Ended;
        QCOMPARE(AlertHook::toJson(e, {}, {}).value(QStringLiteral("change")).toString(), QStringLiteral("ended"));
    }

    void failuresAreReported()
    {
        AlertHook hook;
        QSignalSpy finished(&hook, &AlertHook::finished);
        hook.setCommand(QStringLiteral("sh -c \"exit 3\""));
        hook.run(event(QStringLiteral("a")), {}, {});
        QVERIFY(finished.wait(20000));
        QCOMPARE(finished.last().at(0).toBool(), false);
        QVERIFY2(finished.last().at(1).toString().contains(QStringLiteral("exited with 3")),
                 qPrintable(finished.last().at(1).toString()));

        hook.setCommand(m_dir.filePath(QStringLiteral("no-such-program")));
        hook.run(event(QStringLiteral("a")), {}, {});
        QVERIFY(finished.wait(20000));
        QCOMPARE(finished.last().at(0).toBool(), false);
        QVERIFY2(finished.last().at(1).toString().contains(QStringLiteral("could not start")),
                 qPrintable(finished.last().at(1).toString()));
        QCOMPARE(hook.running(), 0);
    }

    // The command may pass its environment on (a chat bot, a log): the way into Redis stays here.
    void theCommandDoesNotGetTheRedisSecrets()
    {
        qputenv("REDIS_URL", "redis://:url-secret@prod:6379/0");
        qputenv("REDIS_PASSWORD", "password-secret");
        qputenv("QLESSDESK_TEST_KEPT", "kept");
        const QString out = m_dir.filePath(QStringLiteral("env.txt"));
        AlertHook hook;
        hook.setCommand(QStringLiteral("sh -c \"env > $0\" %1").arg(out));
        QSignalSpy finished(&hook, &AlertHook::finished);
        hook.run(event(QStringLiteral("crawl")), {}, {});
        QVERIFY(finished.wait(20000));
        qunsetenv("REDIS_URL");
        qunsetenv("REDIS_PASSWORD");
        qunsetenv("QLESSDESK_TEST_KEPT");
        QCOMPARE(finished.first().at(0).toBool(), true);
        QFile file(out);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QByteArray environment = file.readAll();
        QVERIFY(environment.contains("QLESSDESK_TEST_KEPT=kept"));
        QVERIFY(!environment.contains("secret"));
        QVERIFY(!environment.contains("REDIS_URL="));
        QVERIFY(!environment.contains("REDIS_PASSWORD="));
    }

    // The message names the command as it is, even when it holds what looks like a placeholder.
    void aCommandWithAPercentSignIsNamedAsItIs()
    {
        AlertHook hook;
        QSignalSpy finished(&hook, &AlertHook::finished);
        hook.setCommand(QStringLiteral("sh -c \"exit 3\" %1"));
        hook.run(event(QStringLiteral("a")), {}, {});
        QVERIFY(finished.wait(20000));
        const QString message = finished.last().at(1).toString();
        QVERIFY2(message.contains(QStringLiteral("sh -c \"exit 3\" %1 exited with 3")), qPrintable(message));
    }

    void aHangingCommandIsStopped()
    {
        AlertHook hook;
        hook.setTimeoutMs(300);
        hook.setCommand(QStringLiteral("sleep 60"));
        QSignalSpy finished(&hook, &AlertHook::finished);
        hook.run(event(QStringLiteral("a")), {}, {});
        QVERIFY(finished.wait(20000));
        QCOMPARE(finished.first().at(0).toBool(), false);
        QVERIFY2(finished.first().at(1).toString().contains(QStringLiteral("did not end")),
                 qPrintable(finished.first().at(1).toString()));
        QTest::qWait(100);
        QCOMPARE(finished.size(), 1); // reported once
    }

    void aFloodIsBounded()
    {
        AlertHook hook;
        hook.setCommand(QStringLiteral("sleep 60"));
        QSignalSpy finished(&hook, &AlertHook::finished);
        for (int i = 0; i < AlertHook::MaxRunning + AlertHook::MaxWaiting + 5; ++i)
            hook.run(event(QString::number(i)), {}, {});
        QCOMPARE(hook.running(), AlertHook::MaxRunning);
        QCOMPARE(hook.waiting(), AlertHook::MaxWaiting);
        QCOMPARE(hook.dropped(), qint64(5));
        QCOMPARE(finished.size(), 5); // each dropped run said so
        // Destroyed with commands running: they are stopped, nothing is left behind (the sanitizer
        // run would see a leak).
    }

    void noCommandRunsNothing()
    {
        AlertHook hook;
        QSignalSpy finished(&hook, &AlertHook::finished);
        hook.run(event(QStringLiteral("a")), {}, {});
        QCOMPARE(hook.running(), 0);
        QCOMPARE(hook.waiting(), 0);
        QCOMPARE(finished.size(), 0);
    }
};

QTEST_GUILESS_MAIN(TestAlertHook)
#include "tst_alerthook.moc"
