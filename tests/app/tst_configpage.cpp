#include "configmodel.h"
#include "configpage.h"
#include "pagetestbase.h"
#include "realisticpipeline.h"

#include <QAbstractItemModelTester>
#include <QTableView>

// The Config page against a real Redis: every option the config script gives, overrides and
// queue heartbeats listed; watching writes nothing.
class TestConfigPage final : public QObject, private PageTestBase
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        QString error;
        QVERIFY2(startServer(&error), qPrintable(error));
    }
    void cleanupTestCase() { stopServer(); }
    void init() { fixture().flush(); }

    void showsEveryOption()
    {
        RealisticPipeline::seed(fixture());
        const QList<QByteArray> before = fixture().snapshot();
        auto s = session();
        ConfigPage page(s.get());
        QAbstractItemModelTester tester(page.configModel(), QAbstractItemModelTester::FailureReportingMode::Fatal);
        page.resize(1200, 500);
        page.show();
        QVERIFY(refresh(&page));
        const QJsonObject all = fixture().json(QStringLiteral("config"), {"get"}).toObject();
        for (auto it = all.constBegin(); it != all.constEnd(); ++it)
            QVERIFY2(page.configModel()->rowOf(it.key()) >= 0, qPrintable(it.key()));
        ConfigModel *model = page.configModel();
        QCOMPARE(model->rowAt(model->rowOf(QStringLiteral("heartbeat"))).value, QStringLiteral("120"));
        QCOMPARE(model->rowAt(model->rowOf(QStringLiteral("crawl-heartbeat"))).origin, ConfigOption::Origin::Override);
        QCOMPARE(model->rowAt(model->rowOf(QStringLiteral("parse-heartbeat"))).origin, ConfigOption::Origin::Inherited);
        QCOMPARE(fixture().snapshot(), before);
        screenshot(&page, QStringLiteral("config"));
    }
};

QTEST_MAIN(TestConfigPage)
#include "tst_configpage.moc"
