// SPDX-License-Identifier: GPL-3.0-or-later
#include "configmodel.h"
#include "qlessclienttestbase.h"

#include <QAbstractItemModelTester>
#include <QFont>

// The configuration against a real Redis: every option the config script gives, defaults marked
// as such, overrides in bold, each queue's heartbeat set or inherited.
class TestConfigModel final : public QObject, private QlessClientTestBase
{
    Q_OBJECT

    static bool refresh(ConfigModel &model)
    {
        bool finished = false;
        model.refresh([&finished] { finished = true; });
        return QTest::qWaitFor([&finished] { return finished; }, 30000);
    }

    static QString cell(const ConfigModel &model, const QString &option, int column, int role = Qt::DisplayRole)
    {
        return model.index(model.rowOf(option), column).data(role).toString();
    }

private slots:
    void initTestCase()
    {
        QString error;
        QVERIFY2(startQless(&error), qPrintable(error));
    }
    void cleanupTestCase() { stopQless(); }
    void init() { fixture().flush(); }

    void defaultsOnly()
    {
        ConfigModel model(client());
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Fatal);
        QVERIFY(refresh(model));
        const QJsonObject all = fixture().json(QStringLiteral("config"), {"get"}).toObject();
        // Every option current qless reads, max-job-history and max-worker-age too (qless's
        // fallbacks, not in its defaults table, so not in `config get`), and nothing else.
        QCOMPARE(model.rowCount(), ConfigModel::knownOptions().size());
        QCOMPARE(all.size() + 2, model.rowCount());
        QVERIFY(!all.contains(QStringLiteral("max-job-history")));
        QVERIFY(!all.contains(QStringLiteral("max-worker-age")));
        for (auto it = all.constBegin(); it != all.constEnd(); ++it) {
            const int row = model.rowOf(it.key());
            QVERIFY2(row >= 0, qPrintable(it.key()));
            QCOMPARE(model.rowAt(row).origin, ConfigOption::Origin::Default);
            QCOMPARE(model.rowAt(row).value,
                     it.value().isDouble() ? QString::number(it.value().toDouble()) : it.value().toString());
        }
        QCOMPARE(cell(model, QStringLiteral("heartbeat"), ConfigModel::ValueColumn), QStringLiteral("60 s (1 min)"));
        QCOMPARE(cell(model, QStringLiteral("heartbeat"), ConfigModel::OverrideColumn), QStringLiteral("not set"));
        QCOMPARE(cell(model, QStringLiteral("heartbeat"), ConfigModel::DefaultColumn), QStringLiteral("60"));
        QCOMPARE(cell(model, QStringLiteral("application"), ConfigModel::ValueColumn), QStringLiteral("qless"));
        // Current qless's defaults, with what qless does with each.
        QCOMPARE(cell(model, QStringLiteral("grace-period"), ConfigModel::ValueColumn), QStringLiteral("10 s (10 s)"));
        QCOMPARE(cell(model, QStringLiteral("grace-period"), ConfigModel::DefaultColumn), QStringLiteral("10"));
        QCOMPARE(cell(model, QStringLiteral("max-job-history"), ConfigModel::ValueColumn), QStringLiteral("100"));
        QCOMPARE(cell(model, QStringLiteral("max-job-history"), ConfigModel::DefaultColumn), QStringLiteral("100"));
        QCOMPARE(cell(model, QStringLiteral("max-worker-age"), ConfigModel::DefaultColumn), QStringLiteral("86400"));
        for (const QString &option : ConfigModel::knownOptions()) {
            const QString meaning = cell(model, option, ConfigModel::MeaningColumn);
            QVERIFY2(!meaning.isEmpty() && !meaning.contains(QLatin1String("Not read")), qPrintable(option));
        }
        QCOMPARE(model.headerData(ConfigModel::ValueColumn, Qt::Horizontal).toString(), QStringLiteral("In force"));
        QCOMPARE(model.headerData(ConfigModel::OverrideColumn, Qt::Horizontal).toString(), QStringLiteral("Override"));
    }

    void overridesAndQueueHeartbeats()
    {
        const double now = double(QDateTime::currentSecsSinceEpoch());
        fixture().put("crawl", "a", now);
        fixture().put("parse", "b", now);
        fixture().call(QStringLiteral("config"), {"set", "heartbeat", "120"});
        fixture().call(QStringLiteral("config"), {"set", "crawl-heartbeat", "30"});
        fixture().call(QStringLiteral("config"), {"set", "jobs-history-count", "1000"});
        fixture().call(QStringLiteral("config"), {"set", "grace-period", "10"});
        ConfigModel model(client());
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Fatal);
        QVERIFY(refresh(model));
        const QJsonObject all = fixture().json(QStringLiteral("config"), {"get"}).toObject();
        for (auto it = all.constBegin(); it != all.constEnd(); ++it)
            QVERIFY2(model.rowOf(it.key()) >= 0, qPrintable(it.key()));
        QCOMPARE(cell(model, QStringLiteral("heartbeat"), ConfigModel::ValueColumn), QStringLiteral("120 s (2 min)"));
        QVERIFY(model.index(model.rowOf(QStringLiteral("heartbeat")), ConfigModel::ValueColumn)
                    .data(Qt::FontRole)
                    .value<QFont>()
                    .bold());
        // Override and default side by side.
        QCOMPARE(cell(model, QStringLiteral("heartbeat"), ConfigModel::OverrideColumn), QStringLiteral("120"));
        QVERIFY(model.index(model.rowOf(QStringLiteral("heartbeat")), ConfigModel::OverrideColumn)
                    .data(Qt::FontRole)
                    .value<QFont>()
                    .bold());
        QCOMPARE(cell(model, QStringLiteral("heartbeat"), ConfigModel::DefaultColumn), QStringLiteral("60"));
        QCOMPARE(cell(model, QStringLiteral("jobs-history-count"), ConfigModel::ValueColumn), QStringLiteral("1000"));
        QCOMPARE(cell(model, QStringLiteral("crawl-heartbeat"), ConfigModel::ValueColumn),
                 QStringLiteral("30 s (30 s)"));
        QCOMPARE(model.rowAt(model.rowOf(QStringLiteral("crawl-heartbeat"))).origin, ConfigOption::Origin::Override);
        // parse has no heartbeat of its own: listed, with the global one.
        QCOMPARE(model.rowAt(model.rowOf(QStringLiteral("parse-heartbeat"))).origin, ConfigOption::Origin::Inherited);
        QCOMPARE(cell(model, QStringLiteral("parse-heartbeat"), ConfigModel::ValueColumn),
                 QStringLiteral("120 s (2 min)"));
        QCOMPARE(cell(model, QStringLiteral("parse-heartbeat"), ConfigModel::OverrideColumn),
                 QStringLiteral("not set"));
        QCOMPARE(cell(model, QStringLiteral("parse-heartbeat"), ConfigModel::DefaultColumn),
                 QStringLiteral("heartbeat (120)"));
        // Set to its default: the script cannot tell, so it reads as the default.
        QCOMPARE(cell(model, QStringLiteral("grace-period"), ConfigModel::DefaultColumn), QStringLiteral("10"));
        QCOMPARE(model.rowAt(model.rowOf(QStringLiteral("grace-period"))).origin, ConfigOption::Origin::Default);
        QVERIFY(!model.index(model.rowOf(QStringLiteral("application")), ConfigModel::ValueColumn)
                     .data(Qt::FontRole)
                     .value<QFont>()
                     .bold());

        // A queue's max-concurrency, once set, sits beside its heartbeat; 0 reads as no limit.
        fixture().call(QStringLiteral("config"), {"set", "crawl-max-concurrency", "0"});
        fixture().call(QStringLiteral("config"), {"set", "grace-period", "0"});
        fixture().call(QStringLiteral("config"), {"set", "max-job-history", "20"});
        QVERIFY(refresh(model));
        QCOMPARE(model.rowOf(QStringLiteral("crawl-max-concurrency")),
                 model.rowOf(QStringLiteral("crawl-heartbeat")) + 1);
        QCOMPARE(model.rowAt(model.rowOf(QStringLiteral("crawl-max-concurrency"))).origin,
                 ConfigOption::Origin::Override);
        QCOMPARE(cell(model, QStringLiteral("crawl-max-concurrency"), ConfigModel::ValueColumn),
                 QStringLiteral("0 (no limit)"));
        QCOMPARE(cell(model, QStringLiteral("crawl-max-concurrency"), ConfigModel::DefaultColumn),
                 QStringLiteral("0 (no limit)"));
        QVERIFY(cell(model, QStringLiteral("crawl-max-concurrency"), ConfigModel::MeaningColumn)
                    .contains(QLatin1String("jobs of queue crawl run at once")));
        QCOMPARE(cell(model, QStringLiteral("grace-period"), ConfigModel::OverrideColumn), QStringLiteral("0"));
        QCOMPARE(cell(model, QStringLiteral("max-job-history"), ConfigModel::ValueColumn), QStringLiteral("20"));
        QCOMPARE(model.rowAt(model.rowOf(QStringLiteral("max-job-history"))).origin, ConfigOption::Origin::Override);
        QVERIFY(model.rowOf(QStringLiteral("parse-max-concurrency")) < 0); // listed once set only

        // Unset again: back to the default, in place.
        fixture().call(QStringLiteral("config"), {"unset", "heartbeat"});
        QVERIFY(refresh(model));
        QCOMPARE(model.rowAt(model.rowOf(QStringLiteral("heartbeat"))).origin, ConfigOption::Origin::Default);
        QCOMPARE(cell(model, QStringLiteral("parse-heartbeat"), ConfigModel::ValueColumn),
                 QStringLiteral("60 s (1 min)"));
    }
};

QTEST_GUILESS_MAIN(TestConfigModel)
#include "tst_configmodel.moc"
