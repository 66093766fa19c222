// SPDX-License-Identifier: GPL-3.0-or-later
#include "actioncenter.h"
#include "actiontestkit.h"
#include "configpage.h"
#include "eventspage.h"
#include "eventstream.h"
#include "failedpage.h"
#include "joblistmodel.h"
#include "joblistpane.h"
#include "mainwindow.h"
#include "pagetestbase.h"
#include "permissionbanner.h"
#include "qlessclient.h"
#include "redisconnection.h"

#include <QCheckBox>
#include <QDateTime>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QPushButton>
#include <QTableView>

// The window as a Redis 7 user who may not do what the console needs sees it, offscreen against a
// real Redis: at connect the session learns the user's permissions, a banner says once what cannot
// be done, why and what to grant, the write actions are disabled with that reason as their tooltip
// (as on a read-only connection), and the Events page says its feed cannot subscribe. A user who
// may do everything sees none of it.
class TestPermissionWarnings final : public QObject, private PageTestBase
{
    Q_OBJECT

    std::unique_ptr<QlessSession> sessionAs(const QByteArray &user)
    {
        ConnectionSettings settings;
        settings.transport = ConnectionSettings::Transport::Unix;
        settings.socketPath = fixture().server().socketPath();
        settings.user = QString::fromUtf8(user);
        settings.password = QStringLiteral("pw");
        auto session = std::make_unique<QlessSession>(settings);
        awaitReady(*session->connection());
        return session;
    }

    void failJobs(int count)
    {
        const double now = double(QDateTime::currentSecsSinceEpoch()) - 60;
        for (int i = 0; i < count; ++i)
            fixture().put("crawl", "boom" + QByteArray::number(i), now + i * 0.001);
        while (!fixture().pop("crawl", "w1", 500, now + 1).isEmpty()) {
        }
        for (int i = 0; i < count; ++i)
            fixture().call(QStringLiteral("fail"),
                           {"boom" + QByteArray::number(i), "w1", "boom", "boom", QByteArray::number(now + 2, 'f', 3)});
    }

    // The window on `user`'s session, its Failed page listing the group, the user's permissions known.
    FailedPage *showFailed(MainWindow &window, const QByteArray &user)
    {
        window.resize(1400, 860);
        window.setSession(sessionAs(user));
        window.show();
        QlessSession *session = window.session();
        if (!QTest::qWaitFor([session] { return session->permissions().status != UserPermissions::Status::NotAsked; },
                             20000))
            return nullptr;
        window.showPage(QStringLiteral("Failed"));
        auto *page = window.findChild<FailedPage *>();
        if (page)
            page->refresh([](bool) {});
        return page;
    }

    // Every write of the Failed page (its group buttons, its row menu) disabled, its tooltip containing `why`.
    void verifyWritesDisabled(FailedPage *page, const QString &why)
    {
        QTRY_COMPARE_WITH_TIMEOUT(page->jobPane()->model()->rowCount(), 3, 30000);
        for (QPushButton *button : {page->retryAllButton(), page->moveAllButton(), page->cancelAllButton()}) {
            QVERIFY(!button->isEnabled());
            QVERIFY2(button->toolTip().contains(why), qPrintable(button->toolTip()));
        }
        QMenu *menu = ActionTestKit::openContextMenu(page->jobPane()->view(), 0, QStringLiteral("jobActionsMenu"));
        QVERIFY(menu);
        QAction *retry = ActionTestKit::findAction(menu, QStringLiteral("Retry"));
        QVERIFY(retry);
        QVERIFY(!retry->isEnabled());
        QVERIFY2(retry->toolTip().contains(why), qPrintable(retry->toolTip()));
        menu->close();
    }

private slots:
    void initTestCase()
    {
        QString error;
        QVERIFY2(startServer(&error), qPrintable(error));
        const QByteArray version = fixture().command({"INFO", "server"}).bytes;
        if (!version.contains("redis_version:7") && !version.contains("redis_version:8"))
            QSKIP("channel permissions by default and redis.acl_check_cmd need Redis 7");
        fixture().command({"ACL", "SETUSER", "everything", "on", ">pw", "~*", "&*", "+@all"});
        fixture().command({"ACL", "SETUSER", "nochannels", "on", ">pw", "~*", "+@all"});
        fixture().command({"ACL", "SETUSER", "reader", "on", ">pw", "~*", "&*", "+@read", "+@connection", "+evalsha",
                           "+script|load", "+time", "+info", "+subscribe", "+psubscribe"});
        fixture().command({"ACL", "SETUSER", "noscripts", "on", ">pw", "~*", "&*", "+@all", "-evalsha", "-script"});
    }

    void init() { fixture().flush(); }

    // Redis 7's default user: it may write but not publish, so every write of qless would be refused.
    void userWithoutChannelsIsToldOnceAndActionsSayWhy()
    {
        failJobs(3);
        const QList<QByteArray> before = fixture().snapshot();
        MainWindow window;
        FailedPage *page = showFailed(window, "nochannels");
        QVERIFY(page);
        QTRY_VERIFY(window.permissionBanner()->isVisible());
        QVERIFY2(window.permissionBanner()->text().contains(QStringLiteral("&ql:*")),
                 qPrintable(window.permissionBanner()->text()));
        verifyWritesDisabled(page, QStringLiteral("may not publish"));
        screenshot(&window, QStringLiteral("permissions-nochannels-failed"));

        // The Events page: its SUBSCRIBE refused (NOPERM), said as such.
        QVERIFY(window.showPage(QStringLiteral("Events")));
        auto *events = window.findChild<EventsPage *>();
        QVERIFY(events);
        QTRY_COMPARE_WITH_TIMEOUT(events->stream()->state().phase, ConnectionState::Phase::Failed, 20000);
        QVERIFY2(events->stateLabel()->text().contains(QStringLiteral("may not subscribe")),
                 qPrintable(events->stateLabel()->text()));
        QVERIFY2(events->stateLabel()->toolTip().contains(QStringLiteral("ql:log")),
                 qPrintable(events->stateLabel()->toolTip()));
        screenshot(&window, QStringLiteral("permissions-nochannels-events"));

        // Even if called, the action center refuses, with the reason.
        ActionCenter::of(window.session())
            ->run(JobAction::retry(), BulkTarget::ofFailureGroup(QStringLiteral("boom"), 3), &window);
        auto *result = ActionTestKit::waitForWidget<QMessageBox>(QStringLiteral("actionResult"));
        QVERIFY(result);
        QVERIFY2(result->text().contains(QStringLiteral("may not publish")), qPrintable(result->text()));
        result->close();
        QCOMPARE(fixture().snapshot(), before);
    }

    void readOnlyUserIsToldItMayOnlyRead()
    {
        failJobs(3);
        MainWindow window;
        FailedPage *page = showFailed(window, "reader");
        QVERIFY(page);
        QTRY_VERIFY(window.permissionBanner()->isVisible());
        QVERIFY2(window.permissionBanner()->text().contains(QStringLiteral("may only read")),
                 qPrintable(window.permissionBanner()->text()));
        verifyWritesDisabled(page, QStringLiteral("may only read"));
        screenshot(&window, QStringLiteral("permissions-reader"));
    }

    // Writes allowed but TIME not: the banner names the reads that fail; the actions stay.
    void userWithoutTimeIsToldWhichReadsFailAndKeepsItsActions()
    {
        fixture().command({"ACL", "SETUSER", "allbuttime", "on", ">pw", "~*", "&*", "+@all", "-time"});
        failJobs(3);
        MainWindow window;
        window.resize(1400, 860);
        window.setSession(sessionAs("allbuttime"));
        window.show();
        QTRY_VERIFY_WITH_TIMEOUT(window.permissionBanner()->isVisible(), 20000);
        QVERIFY2(window.permissionBanner()->text().contains(QStringLiteral("+time")),
                 qPrintable(window.permissionBanner()->text()));
        QVERIFY(!ActionCenter::of(window.session())->isReadOnly());
        auto *deregister = window.findChild<QPushButton *>(QStringLiteral("deregisterIdleButton"));
        QVERIFY(deregister && deregister->isEnabled());
        screenshot(&window, QStringLiteral("permissions-notime"));
    }

    // No EVALSHA: nothing can be read either; the banner says so once, with the server's reason.
    void userWithoutScriptsIsToldNothingWorks()
    {
        MainWindow window;
        window.resize(1400, 860);
        window.setSession(sessionAs("noscripts"));
        window.show();
        QTRY_VERIFY_WITH_TIMEOUT(window.permissionBanner()->isVisible(), 20000);
        const QString text = window.permissionBanner()->text();
        QVERIFY2(text.contains(QStringLiteral("+evalsha")) && text.contains(QStringLiteral("evalsha'")),
                 qPrintable(text));
        QVERIFY(ActionCenter::of(window.session())->isReadOnly());
        screenshot(&window, QStringLiteral("permissions-noscripts"));
    }

    // Granted the channels meanwhile, the user reconnects: the banner goes, the actions come back
    // with their own tooltips (a button made before the first answer included).
    void grantedMeanwhileActionsComeBackAfterReconnect()
    {
        fixture().command({"ACL", "SETUSER", "later", "on", ">pw", "~*", "resetchannels", "+@all"});
        MainWindow window;
        window.resize(1400, 860);
        window.setSession(sessionAs("later"));
        window.show();
        auto *deregister = window.findChild<QPushButton *>(QStringLiteral("deregisterIdleButton"));
        QVERIFY(deregister);
        const QString ownToolTip = deregister->toolTip();
        QTRY_VERIFY_WITH_TIMEOUT(window.permissionBanner()->isVisible(), 20000);
        QVERIFY(!deregister->isEnabled());
        QVERIFY2(deregister->toolTip().contains(QStringLiteral("may not publish")), qPrintable(deregister->toolTip()));

        fixture().command({"ACL", "SETUSER", "later", "&*"});
        window.session()->connection()->reconnect();
        QTRY_VERIFY_WITH_TIMEOUT(window.permissionBanner()->isHidden(), 20000);
        QCOMPARE(window.session()->permissions().status, UserPermissions::Status::Full);
        QVERIFY(deregister->isEnabled());
        QCOMPARE(deregister->toolTip(), ownToolTip);
    }

    // The Config page learns the user's permissions after it was made: a user who may only read
    // finds its editor off, each control and the note saying why; one who may write keeps it.
    void configPageFollowsThePermissions()
    {
        for (const QByteArray &user : {QByteArray("reader"), QByteArray("everything")}) {
            MainWindow window;
            QVERIFY(showFailed(window, user));
            window.showPage(QStringLiteral("Config"));
            auto *page = window.findChild<ConfigPage *>();
            QVERIFY(page);
            const bool reader = user == "reader";
            QTRY_COMPARE(page->valueField()->isEnabled(), !reader);
            QCOMPARE(page->optionField()->isEnabled(), !reader);
            QCOMPARE(page->confirmBox()->isEnabled(), !reader);
            page->selectOption(QStringLiteral("heartbeat"));
            page->valueField()->setText(QStringLiteral("90"));
            QCOMPARE(page->setButton()->isEnabled(), !reader);
            for (QWidget *control :
                 {static_cast<QWidget *>(page->valueField()), static_cast<QWidget *>(page->setButton())})
                QCOMPARE(control->toolTip().contains(QStringLiteral("may only read")), reader);
            if (reader)
                screenshot(&window, QStringLiteral("permissions-reader-config"));
        }
    }

    void userWithEverythingSeesNothingNew()
    {
        failJobs(3);
        MainWindow window;
        FailedPage *page = showFailed(window, "everything");
        QVERIFY(page);
        QCOMPARE(window.session()->permissions().status, UserPermissions::Status::Full);
        QVERIFY(window.permissionBanner()->isHidden());
        QVERIFY(!ActionCenter::of(window.session())->isReadOnly());
        QTRY_COMPARE_WITH_TIMEOUT(page->jobPane()->model()->rowCount(), 3, 30000);
        QTRY_VERIFY(page->retryAllButton()->isEnabled());
    }
};

QTEST_MAIN(TestPermissionWarnings)
#include "tst_permissionwarnings.moc"
