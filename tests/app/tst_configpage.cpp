// SPDX-License-Identifier: GPL-3.0-or-later
#include "auditlog.h"
#include "configeditor.h"
#include "configmodel.h"
#include "configpage.h"
#include "pagetestbase.h"
#include "realisticpipeline.h"
#include "themecolors.h"

#include <QAbstractItemModelTester>
#include <QCheckBox>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QTableView>
#include <QTemporaryDir>

// The Config page against a real Redis: every option the config script gives, overrides and
// queue heartbeats listed; watching writes nothing; an option chosen in the table is set or reset
// from the editor below it, a bad value is explained before anything is sent, and a read-only
// connection disables every edit control saying why.
class TestConfigPage final : public QObject, private PageTestBase
{
    Q_OBJECT

    std::unique_ptr<QTemporaryDir> m_dir;

    std::unique_ptr<QlessSession> editSession(bool readOnly = false)
    {
        ConnectionSettings settings;
        settings.transport = ConnectionSettings::Transport::Unix;
        settings.socketPath = fixture().server().socketPath();
        settings.readOnly = readOnly;
        auto s = std::make_unique<QlessSession>(settings);
        awaitReady(*s->connection());
        s->setAuditLog(std::make_shared<AuditLog>(m_dir->filePath(QStringLiteral("audit.jsonl"))));
        return s;
    }

    QByteArray stored(const QByteArray &option)
    {
        return fixture().call(QStringLiteral("config"), {"get", option}).text();
    }

    static QString cell(ConfigPage &page, const QString &option, int column)
    {
        ConfigModel *model = page.configModel();
        return model->index(model->rowOf(option), column).data().toString();
    }

    // Clicks the option's row in the table, as an operator would.
    static bool clickRow(ConfigPage &page, const QString &option)
    {
        const int row = page.configModel()->rowOf(option);
        if (row < 0)
            return false;
        QTableView *view = page.configView();
        const QModelIndex index = view->model()->index(row, ConfigModel::NameColumn);
        view->scrollTo(index);
        QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, view->visualRect(index).center());
        return view->currentIndex().row() == row;
    }

    static void typeValue(ConfigPage &page, const QString &text)
    {
        page.valueField()->selectAll();
        QTest::keyClick(page.valueField(), Qt::Key_Backspace);
        QTest::keyClicks(page.valueField(), text);
    }

    // Waits for the write the page started: the editor idle again, its message shown.
    static bool awaitWrite(ConfigPage &page)
    {
        return QTest::qWaitFor([&page] { return !page.configEditor()->isBusy(); }, 30000);
    }

private slots:
    void initTestCase()
    {
        QString error;
        QVERIFY2(startServer(&error), qPrintable(error));
    }
    void cleanupTestCase() { stopServer(); }
    void init()
    {
        fixture().flush();
        m_dir = std::make_unique<QTemporaryDir>();
        QVERIFY(m_dir->isValid());
    }

    void showsEveryOption()
    {
        RealisticPipeline::seed(fixture());
        const QList<QByteArray> before = fixture().snapshot();
        auto s = session();
        ConfigPage page(s.get());
        QAbstractItemModelTester tester(page.configModel(), QAbstractItemModelTester::FailureReportingMode::Fatal);
        page.resize(1200, 500);
        // Shown only after the checks: a view that gets keyboard focus with rows in it makes its
        // first row current (Qt's rule), which would depend on whether the rows came first.
        QVERIFY(refresh(&page));
        const QJsonObject all = fixture().json(QStringLiteral("config"), {"get"}).toObject();
        for (auto it = all.constBegin(); it != all.constEnd(); ++it)
            QVERIFY2(page.configModel()->rowOf(it.key()) >= 0, qPrintable(it.key()));
        ConfigModel *model = page.configModel();
        QCOMPARE(model->rowAt(model->rowOf(QStringLiteral("heartbeat"))).value, QStringLiteral("120"));
        QCOMPARE(model->rowAt(model->rowOf(QStringLiteral("crawl-heartbeat"))).origin, ConfigOption::Origin::Override);
        QCOMPARE(model->rowAt(model->rowOf(QStringLiteral("parse-heartbeat"))).origin, ConfigOption::Origin::Inherited);
        // Override and default side by side.
        QCOMPARE(cell(page, QStringLiteral("heartbeat"), ConfigModel::OverrideColumn), QStringLiteral("120"));
        QCOMPARE(cell(page, QStringLiteral("heartbeat"), ConfigModel::DefaultColumn), QStringLiteral("60"));
        // Nothing chosen yet: nothing to set or reset.
        QVERIFY(!page.setButton()->isEnabled());
        QVERIFY(!page.resetButton()->isEnabled());
        QCOMPARE(fixture().snapshot(), before);
        page.show();
        screenshot(&page, QStringLiteral("config"));
    }

    void setFromTheEditor()
    {
        const double now = double(QDateTime::currentSecsSinceEpoch());
        fixture().put("crawl", "a", now);
        auto s = editSession();
        ConfigPage page(s.get());
        page.resize(1200, 600);
        page.show();
        QVERIFY(refresh(&page));

        QVERIFY(clickRow(page, QStringLiteral("heartbeat")));
        QCOMPARE(page.optionField()->text(), QStringLiteral("heartbeat"));
        QVERIFY(page.valueField()->text().isEmpty()); // not set: the editor starts empty
        QVERIFY(!page.setButton()->isEnabled());
        QVERIFY(!page.resetButton()->isEnabled()); // nothing to reset
        typeValue(page, QStringLiteral("90"));
        QVERIFY(page.setButton()->isEnabled());
        QVERIFY(page.checkLabel()->isHidden());
        QTest::mouseClick(page.setButton(), Qt::LeftButton);
        QVERIFY(awaitWrite(page));
        QCOMPARE(page.resultLabel()->text(), QStringLiteral("heartbeat set to 90 (was 60)."));

        QCOMPARE(stored("heartbeat"), QByteArray("90"));
        QCOMPARE(cell(page, QStringLiteral("heartbeat"), ConfigModel::OverrideColumn), QStringLiteral("90"));
        QCOMPARE(cell(page, QStringLiteral("heartbeat"), ConfigModel::ValueColumn),
                 QStringLiteral("90 s (1 min 30 s)"));
        // The queue that inherits it shows the new value; the row stays chosen, now resettable.
        QCOMPARE(cell(page, QStringLiteral("crawl-heartbeat"), ConfigModel::ValueColumn),
                 QStringLiteral("90 s (1 min 30 s)"));
        QCOMPARE(page.configView()->currentIndex().row(), page.configModel()->rowOf(QStringLiteral("heartbeat")));
        QCOMPARE(page.valueField()->text(), QStringLiteral("90"));
        QVERIFY(page.resetButton()->isEnabled());

        // Enter in the value field sets too.
        typeValue(page, QStringLiteral("75"));
        QTest::keyClick(page.valueField(), Qt::Key_Return);
        QVERIFY(awaitWrite(page));
        QCOMPARE(stored("heartbeat"), QByteArray("75"));

        const QList<AuditRecord> records = s->auditLog()->records();
        QCOMPARE(records.size(), 2);
        QCOMPARE(records.at(0).action, QStringLiteral("config set"));
        QCOMPARE(records.at(0).arguments.value(QStringLiteral("value")).toString(), QStringLiteral("75"));
        QCOMPARE(records.at(0).arguments.value(QStringLiteral("previous")).toString(), QStringLiteral("90"));
        screenshot(&page, QStringLiteral("config-set"));
    }

    void invalidValueIsExplained()
    {
        auto s = editSession();
        ConfigPage page(s.get());
        page.resize(1200, 600);
        page.show();
        QVERIFY(refresh(&page));
        const QList<QByteArray> before = fixture().snapshot();

        QVERIFY(clickRow(page, QStringLiteral("heartbeat")));
        typeValue(page, QStringLiteral("abc"));
        QVERIFY(!page.setButton()->isEnabled());
        QVERIFY(page.checkLabel()->isVisible());
        QVERIFY2(page.checkLabel()->text().contains(QStringLiteral("\"abc\" is not a number")),
                 qPrintable(page.checkLabel()->text()));
        // Enter does nothing while the value is refused.
        QTest::keyClick(page.valueField(), Qt::Key_Return);
        QVERIFY(!page.configEditor()->isBusy());
        screenshot(&page, QStringLiteral("config-invalid"));

        QVERIFY(page.confirmBox()->isHidden()); // a refusal is not something to confirm

        QVERIFY(clickRow(page, QStringLiteral("jobs-history")));
        typeValue(page, QStringLiteral("0"));
        QVERIFY(page.setButton()->isEnabled());
        QVERIFY(page.checkLabel()->isHidden());
        QVERIFY(page.confirmBox()->isHidden());

        // Text options take any text but none.
        QVERIFY(clickRow(page, QStringLiteral("application")));
        typeValue(page, QStringLiteral("billing"));
        QVERIFY(page.setButton()->isEnabled());
        page.valueField()->clear();
        QVERIFY(!page.setButton()->isEnabled());

        QCOMPARE(fixture().snapshot(), before);
        QVERIFY(s->auditLog()->records().isEmpty());
    }

    // The options current qless reads as numbers besides the 2012 ones: text there used to be
    // saved and then made every pop of real workers fail.
    void qlessNumbersRefuseText()
    {
        const double now = double(QDateTime::currentSecsSinceEpoch());
        fixture().put("crawl", "a", now);
        auto s = editSession();
        ConfigPage page(s.get());
        page.resize(1200, 640);
        page.show();
        QVERIFY(refresh(&page));
        const QList<QByteArray> before = fixture().snapshot();

        // grace-period is listed with current qless's default and what qless does with it.
        QCOMPARE(cell(page, QStringLiteral("grace-period"), ConfigModel::DefaultColumn), QStringLiteral("10"));
        QVERIFY(!cell(page, QStringLiteral("grace-period"), ConfigModel::MeaningColumn)
                     .contains(QLatin1String("Not read")));
        QVERIFY(clickRow(page, QStringLiteral("grace-period")));
        typeValue(page, QStringLiteral("ten"));
        QVERIFY(!page.setButton()->isEnabled());
        QVERIFY2(page.checkLabel()->text().contains(QStringLiteral("\"ten\" is not a number: grace-period takes a "
                                                                   "number of seconds")),
                 qPrintable(page.checkLabel()->text()));
        QTest::keyClick(page.valueField(), Qt::Key_Return);
        QVERIFY(!page.configEditor()->isBusy());
        typeValue(page, QStringLiteral("0")); // qless: no grace, handed out at once
        QVERIFY(page.setButton()->isEnabled());

        QVERIFY(clickRow(page, QStringLiteral("max-job-history")));
        typeValue(page, QStringLiteral("lots"));
        QVERIFY(!page.setButton()->isEnabled());

        // A queue's max-concurrency, typed by name: a whole number of jobs.
        // Typed as an operator would, in the focused field (the completer's popup comes and goes).
        page.activateWindow();
        page.optionField()->setFocus();
        QVERIFY(QTest::qWaitForWindowActive(&page));
        page.optionField()->clear();
        QTest::keyClicks(page.optionField(), QStringLiteral("crawl-max-concurrency"));
        QCOMPARE(page.optionField()->text(), QStringLiteral("crawl-max-concurrency"));
        QCOMPARE(page.valueField()->placeholderText(), QStringLiteral("a whole number of jobs, such as 5"));
        typeValue(page, QStringLiteral("some"));
        QVERIFY(!page.setButton()->isEnabled());
        QVERIFY2(page.checkLabel()->text().contains(QStringLiteral("\"some\" is not a number")),
                 qPrintable(page.checkLabel()->text()));
        screenshot(&page, QStringLiteral("config-max-concurrency-invalid"));
        QCOMPARE(fixture().snapshot(), before); // nothing sent

        typeValue(page, QStringLiteral("3"));
        QVERIFY(page.setButton()->isEnabled());
        QTest::mouseClick(page.setButton(), Qt::LeftButton);
        QVERIFY(awaitWrite(page));
        QVERIFY2(page.resultLabel()->text().contains(QStringLiteral("crawl-max-concurrency set to 3")),
                 qPrintable(page.resultLabel()->text()));
        QCOMPARE(stored("crawl-max-concurrency"), QByteArray("3"));
        // Listed now, beside the queue's heartbeat.
        QCOMPARE(page.configModel()->rowOf(QStringLiteral("crawl-max-concurrency")),
                 page.configModel()->rowOf(QStringLiteral("crawl-heartbeat")) + 1);
        screenshot(&page, QStringLiteral("config-qless-options"));
    }

    // A number qless accepts is never refused (#12 item 6); one that does something surprising
    // is explained, and Set waits for "Set it anyway".
    void surprisingValueIsWarnedAndConfirmed()
    {
        auto s = editSession();
        ConfigPage page(s.get());
        page.resize(1200, 640);
        page.show();
        QVERIFY(refresh(&page));
        const QList<QByteArray> before = fixture().snapshot();

        QVERIFY(clickRow(page, QStringLiteral("heartbeat")));
        typeValue(page, QStringLiteral("0"));
        QVERIFY(page.checkLabel()->isVisible());
        QVERIFY2(page.checkLabel()->text().contains(QStringLiteral("counts as stalled at once")),
                 qPrintable(page.checkLabel()->text()));
        QVERIFY(page.confirmBox()->isVisible());
        QVERIFY(!page.confirmBox()->isChecked());
        QVERIFY(!page.setButton()->isEnabled());
        QTest::keyClick(page.valueField(), Qt::Key_Return); // Enter does not send it either
        QVERIFY(!page.configEditor()->isBusy());
        screenshot(&page, QStringLiteral("config-warning"));
        QCOMPARE(fixture().snapshot(), before);

        // max-concurrency 0 is no limit in qless, not "none at once".
        QVERIFY(clickRow(page, QStringLiteral("jobs-history")));
        page.optionField()->setText(QStringLiteral("crawl-max-concurrency"));
        page.selectOption(QStringLiteral("crawl-max-concurrency"));
        typeValue(page, QStringLiteral("0"));
        QVERIFY2(page.checkLabel()->text().contains(QStringLiteral("means no limit")),
                 qPrintable(page.checkLabel()->text()));

        // Ticked, the value is sent as typed; a new value asks again.
        QVERIFY(clickRow(page, QStringLiteral("heartbeat")));
        typeValue(page, QStringLiteral("-10"));
        QVERIFY(!page.setButton()->isEnabled());
        page.confirmBox()->setChecked(true);
        QVERIFY(page.setButton()->isEnabled());
        typeValue(page, QStringLiteral("-5"));
        QVERIFY(!page.confirmBox()->isChecked());
        QVERIFY(!page.setButton()->isEnabled());
        page.confirmBox()->setChecked(true);
        screenshot(&page, QStringLiteral("config-warning-confirmed"));
        QTest::mouseClick(page.setButton(), Qt::LeftButton);
        QVERIFY(awaitWrite(page));
        QVERIFY2(page.resultLabel()->text().contains(QStringLiteral("heartbeat set to -5")),
                 qPrintable(page.resultLabel()->text()));
        QCOMPARE(stored("heartbeat"), QByteArray("-5"));
    }

    void resetToDefault()
    {
        fixture().call(QStringLiteral("config"), {"set", "jobs-history", "3600"});
        auto s = editSession();
        ConfigPage page(s.get());
        page.resize(1200, 600);
        page.show();
        QVERIFY(refresh(&page));

        QVERIFY(clickRow(page, QStringLiteral("jobs-history")));
        QCOMPARE(page.valueField()->text(), QStringLiteral("3600")); // the override to start from
        QVERIFY(page.resetButton()->isEnabled());
        QTest::mouseClick(page.resetButton(), Qt::LeftButton);
        QVERIFY(awaitWrite(page));
        QCOMPARE(page.resultLabel()->text(),
                 QStringLiteral("jobs-history unset (was 3600): the default applies again."));
        QCOMPARE(stored("jobs-history"), QByteArray("604800"));
        QCOMPARE(page.configModel()->rowAt(page.configModel()->rowOf(QStringLiteral("jobs-history"))).origin,
                 ConfigOption::Origin::Default);
        QCOMPARE(cell(page, QStringLiteral("jobs-history"), ConfigModel::OverrideColumn), QStringLiteral("not set"));
        QVERIFY(!page.resetButton()->isEnabled());
        QVERIFY(page.valueField()->text().isEmpty());
        QCOMPARE(s->auditLog()->records().value(0).action, QStringLiteral("config unset"));
    }

    void queueHeartbeat()
    {
        const double now = double(QDateTime::currentSecsSinceEpoch());
        fixture().put("parse", "a", now);
        auto s = editSession();
        ConfigPage page(s.get());
        page.resize(1200, 600);
        page.show();
        QVERIFY(refresh(&page));

        // A queue without a heartbeat of its own is listed, inheriting the global one.
        QVERIFY(clickRow(page, QStringLiteral("parse-heartbeat")));
        QVERIFY(!page.resetButton()->isEnabled());
        typeValue(page, QStringLiteral("300"));
        QTest::mouseClick(page.setButton(), Qt::LeftButton);
        QVERIFY(awaitWrite(page));
        QCOMPARE(stored("parse-heartbeat"), QByteArray("300"));
        QCOMPARE(cell(page, QStringLiteral("parse-heartbeat"), ConfigModel::OverrideColumn), QStringLiteral("300"));
        QCOMPARE(stored("heartbeat"), QByteArray("60"));

        // A queue not listed yet: its heartbeat typed by name; the row appears, chosen.
        page.configView()->clearSelection();
        page.optionField()->clear();
        QTest::keyClicks(page.optionField(), QStringLiteral("ingest-heartbeat"));
        QVERIFY(page.configView()->selectionModel()->selectedRows().isEmpty());
        typeValue(page, QStringLiteral("45"));
        QVERIFY(page.setButton()->isEnabled());
        QTest::mouseClick(page.setButton(), Qt::LeftButton);
        QVERIFY(awaitWrite(page));
        QCOMPARE(stored("ingest-heartbeat"), QByteArray("45"));
        const int row = page.configModel()->rowOf(QStringLiteral("ingest-heartbeat"));
        QVERIFY(row >= 0);
        QCOMPARE(page.configView()->currentIndex().row(), row);
        QVERIFY(page.resetButton()->isEnabled());
    }

    void serverErrorShownOnThePage()
    {
        auto s = editSession();
        ConfigPage page(s.get());
        page.resize(1200, 600);
        page.show();
        QVERIFY(refresh(&page));
        QVERIFY(clickRow(page, QStringLiteral("application")));
        typeValue(page, QStringLiteral("billing"));
        fixture().command({"CONFIG", "SET", "maxmemory", "1"});
        QTest::mouseClick(page.setButton(), Qt::LeftButton);
        QVERIFY(awaitWrite(page));
        fixture().command({"CONFIG", "SET", "maxmemory", "0"});
        const QString text = page.resultLabel()->text();
        QVERIFY2(text.contains(QStringLiteral("out of memory")), qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("Nothing was changed")), qPrintable(text));
        QVERIFY(page.resultLabel()->styleSheet().contains(ThemeColors::text(ThemeColors::Tone::Bad).name()));
        QCOMPARE(stored("application"), QByteArray("qless"));
        QCOMPARE(s->auditLog()->records().value(0).outcome, QStringLiteral("failed"));
        // The value typed stays, to try again.
        QCOMPARE(page.valueField()->text(), QStringLiteral("billing"));
        QVERIFY(page.setButton()->isEnabled());
        screenshot(&page, QStringLiteral("config-error"));
    }

    void readOnlyDisablesEditing()
    {
        RealisticPipeline::seed(fixture());
        auto s = editSession(true);
        ConfigPage page(s.get());
        page.resize(1200, 600);
        page.show();
        QVERIFY(refresh(&page));
        QVERIFY(clickRow(page, QStringLiteral("heartbeat")));
        QWidget *controls[] = {page.optionField(), page.valueField(), page.setButton(), page.resetButton()};
        for (QWidget *control : controls) {
            QVERIFY2(!control->isEnabled(), control->metaObject()->className());
            QVERIFY2(control->toolTip().startsWith(QStringLiteral("This connection is read-only: ")),
                     qPrintable(control->toolTip()));
        }
        // Still watchable: the row is chosen, and the editor says what it is.
        QCOMPARE(page.optionField()->text(), QStringLiteral("heartbeat"));
        screenshot(&page, QStringLiteral("config-readonly"));
    }
};

QTEST_MAIN(TestConfigPage)
#include "tst_configpage.moc"
