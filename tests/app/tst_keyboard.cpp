// SPDX-License-Identifier: GPL-3.0-or-later
#include "actiontestkit.h"
#include "jobdetaildialog.h"
#include "jobdetailview.h"
#include "joblistmodel.h"
#include "mainwindow.h"
#include "pagetestbase.h"
#include "trackedpage.h"

#include <QApplication>
#include <QInputDialog>
#include <QMessageBox>
#include <QTableView>
#include <QTest>

// The console driven with the keyboard alone, as a person without a mouse does: key events only
// (QTest::keyClick to whatever has the focus), from page switching to a job window, an action
// and its confirmation, checked against what Redis holds afterwards.
class TestKeyboard final : public QObject, public PageTestBase
{
    Q_OBJECT

    // A key pressed where the keyboard focus is, as the window system delivers it.
    static void press(Qt::Key key, Qt::KeyboardModifiers modifiers = Qt::NoModifier)
    {
        QWidget *target = QApplication::focusWidget();
        if (!target)
            target = QApplication::activeWindow();
        QVERIFY2(target, "nothing has the keyboard focus");
        QTest::keyClick(target, key, modifiers);
    }

    void seedTracked()
    {
        const double now = double(QDateTime::currentSecsSinceEpoch());
        for (const QByteArray jid : {"kb-1", "kb-2", "kb-3"}) {
            fixture().put("crawl", jid, now - 60, {"tags", "[\"keyboard\"]"});
            fixture().call(QStringLiteral("track"), {"track", jid, num(now)});
        }
    }

    // What a window manager does when a window opens or the one above it closes: it becomes the
    // active one. The offscreen platform has no window manager and leaves activation where it
    // was (a popup menu closing hands it back to the main window, a closed dialog to no one).
    static void comesToFront(QWidget *window)
    {
        window->activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(window));
        QTRY_VERIFY(QApplication::focusWidget() && window->isAncestorOf(QApplication::focusWidget()));
    }

    bool exists(const QByteArray &jid) { return fixture().command({"EXISTS", "ql:j:" + jid}).integer == 1; }

    // The jid of the focused table's current row.
    static QByteArray currentJid()
    {
        auto *view = qobject_cast<QTableView *>(QApplication::focusWidget());
        return view ? view->currentIndex().data(JobListModel::KeyRole).toByteArray() : QByteArray();
    }

    // Opens the window on the Tracked page (Ctrl+5), its list focused, with a current row.
    void openOnTrackedList(MainWindow &window)
    {
        window.setSession(session());
        window.show();
        QVERIFY(QTest::qWaitForWindowActive(&window));
        press(Qt::Key_5, Qt::ControlModifier);
        auto *tracked = qobject_cast<TrackedPage *>(window.currentPage());
        QVERIFY2(tracked, "Ctrl+5 did not show the Tracked page");
        auto *view = qobject_cast<QTableView *>(QApplication::focusWidget());
        QVERIFY2(view && tracked->isAncestorOf(view), "the page's list did not take the focus");
        QTRY_COMPARE_WITH_TIMEOUT(view->model()->rowCount(), 3, 20000);
        // The first row is current as the list takes the focus; Space selects it.
        press(Qt::Key_Home);
        press(Qt::Key_Space);
        QVERIFY(!currentJid().isEmpty());
        QCOMPARE(view->selectionModel()->selectedRows().size(), 1);
    }

private slots:
    void initTestCase()
    {
        QString error;
        QVERIFY2(startServer(&error), qPrintable(error));
    }
    void init()
    {
        fixture().flush();
        seedTracked();
    }

    void pagesSwitchWithCtrlDigits()
    {
        MainWindow window;
        window.setSession(session());
        window.show();
        QVERIFY(QTest::qWaitForWindowActive(&window));
        const QList<Page *> pages = window.pages();
        QVERIFY(pages.size() >= 10);
        for (int i = 0; i < 10; ++i) {
            press(Qt::Key(Qt::Key_0 + (i + 1) % 10), Qt::ControlModifier);
            QCOMPARE(window.currentPage(), pages.at(i));
            // The focus went into the page, where the keyboard user goes on.
            QVERIFY2(QApplication::focusWidget() && pages.at(i)->isAncestorOf(QApplication::focusWidget()),
                     qPrintable(pages.at(i)->title()));
        }
    }

    void tabGoesAsThePageReads()
    {
        MainWindow window;
        window.setSession(session());
        window.show();
        QVERIFY(QTest::qWaitForWindowActive(&window));
        press(Qt::Key_3, Qt::ControlModifier); // Completed: two filters, the export, the list
        QVERIFY(qobject_cast<QTableView *>(QApplication::focusWidget()));
        const QStringList backwards{QStringLiteral("Export CSV…"), QStringLiteral("Class contains"),
                                    QStringLiteral("Completed in queue"), QStringLiteral("Pages")};
        for (const QString &name : backwards) {
            press(Qt::Key_Tab, Qt::ShiftModifier);
            QWidget *focus = QApplication::focusWidget();
            QVERIFY(focus);
            const QString heard =
                focus->accessibleName().isEmpty() ? focus->property("text").toString() : focus->accessibleName();
            QCOMPARE(heard, name);
        }
        // From the list, Tab leaves it (no trap in the cells) for what follows the page.
        press(Qt::Key_3, Qt::ControlModifier);
        QWidget *list = QApplication::focusWidget();
        press(Qt::Key_Tab);
        QVERIFY(QApplication::focusWidget() != list);
    }

    void openJobCloseItAndCancelWithConfirmation()
    {
        MainWindow window;
        openOnTrackedList(window);
        const QByteArray jid = currentJid();

        // Enter opens the job's window; Esc closes it and the focus is back on the list.
        press(Qt::Key_Return);
        QTRY_VERIFY_WITH_TIMEOUT(window.jobDetail() && window.jobDetail()->isVisible(), 10000);
        QPointer<JobDetailDialog> job = window.jobDetail();
        QCOMPARE(job->view()->jid(), jid);
        QVERIFY(QTest::qWaitForWindowActive(job));
        QTRY_VERIFY_WITH_TIMEOUT(job->view()->job().has_value(), 10000);
        press(Qt::Key_Escape);
        QTRY_VERIFY(!job); // closed windows go
        comesToFront(&window);
        QCOMPARE(currentJid(), jid);

        // Delete asks to cancel; the safe answer is the default, so the operator moves to the
        // other button and presses Space.
        press(Qt::Key_Delete);
        QMessageBox *confirm = ActionTestKit::waitForWidget<QMessageBox>(QStringLiteral("confirmAction"));
        QVERIFY(confirm);
        comesToFront(confirm);
        QAbstractButton *yes = nullptr;
        for (QAbstractButton *button : confirm->buttons()) {
            if (confirm->buttonRole(button) == QMessageBox::AcceptRole)
                yes = button;
        }
        QVERIFY(yes);
        QVERIFY2(QApplication::focusWidget() != yes, "a destructive action must not be one key away");
        for (int tabs = 0; tabs < 4 && QApplication::focusWidget() != yes; ++tabs)
            press(Qt::Key_Tab);
        QCOMPARE(QApplication::focusWidget(), yes);
        QVERIFY(exists(jid));
        press(Qt::Key_Space);
        QTRY_VERIFY_WITH_TIMEOUT(!exists(jid), 10000);
        QVERIFY(exists("kb-2") || exists("kb-1")); // only that one
    }

    void contextMenuKeyThenMenuByKeys()
    {
        MainWindow window;
        openOnTrackedList(window);
        const QByteArray jid = currentJid();

        // Shift+F10 (the context-menu key's twin) opens the row's menu; arrows walk to "Add tags…".
        press(Qt::Key_F10, Qt::ShiftModifier);
        QMenu *menu = ActionTestKit::waitForWidget<QMenu>(QStringLiteral("jobActionsMenu"));
        QVERIFY(menu);
        for (int steps = 0;
             steps < 30 && !(menu->activeAction() && menu->activeAction()->text() == QLatin1String("Add tags…"));
             ++steps)
            QTest::keyClick(menu, Qt::Key_Down);
        QVERIFY(menu->activeAction());
        QCOMPARE(menu->activeAction()->text(), QStringLiteral("Add tags…"));
        QTest::keyClick(menu, Qt::Key_Return);

        auto *input = ActionTestKit::waitForWidget<QInputDialog>(QStringLiteral("addTagsInput"));
        QVERIFY(input);
        comesToFront(input);
        QTest::keyClicks(QApplication::focusWidget(), QStringLiteral("by-keyboard"));
        press(Qt::Key_Return);
        QTRY_VERIFY_WITH_TIMEOUT(
            fixture().job(jid).value(QStringLiteral("tags")).toArray().contains(QStringLiteral("by-keyboard")), 10000);
    }

    void menuKeyOpensTheRowsMenu()
    {
        MainWindow window;
        openOnTrackedList(window);
        // The menu key is turned into a context-menu event by the platform (xcb, Windows), not
        // by a key event Qt sees: sent as it sends it, to the window, it must reach the row.
        QContextMenuEvent menuKey(QContextMenuEvent::Keyboard, QPoint(), QPoint());
        QApplication::sendEvent(window.windowHandle(), &menuKey);
        QMenu *menu = ActionTestKit::waitForWidget<QMenu>(QStringLiteral("jobActionsMenu"));
        QVERIFY(menu);
        QVERIFY(ActionTestKit::findAction(menu, QStringLiteral("Open job %1").arg(QString::fromUtf8(currentJid()))));
        QTest::keyClick(menu, Qt::Key_Escape);
    }
};

QTEST_MAIN(TestKeyboard)
#include "tst_keyboard.moc"
