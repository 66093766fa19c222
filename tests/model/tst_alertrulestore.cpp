// SPDX-License-Identifier: GPL-3.0-or-later
#include "alertrulestore.h"

#include <QFile>
#include <QSettings>
#include <QTemporaryDir>
#include <QTest>
#include <QUrl>

// Alert rules kept per server and exchanged as files: each server keeps its own, a damaged
// entry or file is refused with a reason and leaves nothing half-read.
class TestAlertRuleStore final : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;

    static AlertRule rule(const QString &id, double threshold)
    {
        AlertRule r;
        r.id = id;
        r.kind = AlertRule::Kind::WaitingAbove;
        r.threshold = threshold;
        r.scope = QStringLiteral("crawl");
        return r;
    }

private slots:
    void eachServerKeepsItsOwn()
    {
        const QString ini = m_dir.filePath(QStringLiteral("settings.ini"));
        const QString production = QStringLiteral("redis://prod.internal:6379/0");
        const QString staging = QStringLiteral("redis://staging.internal:6379/0");
        {
            AlertRuleStore store(ini);
            store.setRules(production, {rule(QStringLiteral("a"), 1000), rule(QStringLiteral("b"), 5)});
            store.setRules(staging, {rule(QStringLiteral("c"), 10)});
            store.setCommand(production, QStringLiteral("notify-chat --room ops"));
            store.sync();
        }
        AlertRuleStore again(ini);
        QString error;
        const QList<AlertRule> kept = again.rules(production, &error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        QCOMPARE(kept.size(), 2);
        QVERIFY(kept.at(0) == rule(QStringLiteral("a"), 1000));
        QCOMPARE(again.rules(staging).size(), 1);
        QCOMPARE(again.command(production), QStringLiteral("notify-chat --room ops"));
        QCOMPARE(again.command(staging), QString());
        QVERIFY(again.rules(QStringLiteral("redis://elsewhere:6379/0")).isEmpty());
    }

    void aDamagedEntryIsRefusedWithItsReason()
    {
        const QString ini = m_dir.filePath(QStringLiteral("damaged.ini"));
        const QString server = QStringLiteral("redis://h:1/0");
        {
            // A hand edit: the entry where the store keeps the server's rules, a rule cut short.
            QSettings edited(ini, QSettings::IniFormat);
            edited.setValue(QStringLiteral("alerts/%1/rules").arg(QString::fromLatin1(QUrl::toPercentEncoding(server))),
                            QByteArray("{\"rules\": [{\"id\": \"x\"}]}"));
        }
        AlertRuleStore store(ini);
        QString error;
        QVERIFY(store.rules(server, &error).isEmpty());
        QVERIFY2(error.contains(QStringLiteral("cannot be used")) || error.contains(QStringLiteral("not JSON")),
                 qPrintable(error));
    }

    void filesRoundTripAndBadOnesAreRefused()
    {
        const QString path = m_dir.filePath(QStringLiteral("rules.json"));
        QString error;
        QVERIFY2(AlertRuleStore::exportTo(path, {rule(QStringLiteral("a"), 1000)}, &error), qPrintable(error));
        QList<AlertRule> read;
        QVERIFY2(AlertRuleStore::importFrom(path, &read, &error), qPrintable(error));
        QCOMPARE(read.size(), 1);
        QVERIFY(read.first() == rule(QStringLiteral("a"), 1000));

        QFile bad(path);
        QVERIFY(bad.open(QIODevice::WriteOnly | QIODevice::Truncate));
        bad.write("{\"rules\": [{\"id\": \"a\", \"kind\": \"waiting-above\", \"threshold\": 1}, {\"id\": \"b\"}]}");
        bad.close();
        QList<AlertRule> untouched{rule(QStringLiteral("keep"), 1)};
        QVERIFY(!AlertRuleStore::importFrom(path, &untouched, &error));
        QVERIFY2(error.contains(QStringLiteral("Rule b")) || error.contains(QStringLiteral("kind")), qPrintable(error));
        QCOMPARE(untouched.size(), 1); // all or nothing
        QCOMPARE(untouched.first().id, QStringLiteral("keep"));

        QVERIFY(!AlertRuleStore::importFrom(m_dir.filePath(QStringLiteral("missing.json")), &untouched, &error));
        QVERIFY(!AlertRuleStore::exportTo(m_dir.filePath(QStringLiteral("no-dir/rules.json")), {}, &error));
        QVERIFY(error.contains(QStringLiteral("Cannot write")));
    }
};

QTEST_GUILESS_MAIN(TestAlertRuleStore)
#include "tst_alertrulestore.moc"
