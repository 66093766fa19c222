// SPDX-License-Identifier: GPL-3.0-or-later
#include "actioncenter.h"
#include "actiontestkit.h"
#include "connectionbar.h"
#include "jiddragsource.h"
#include "jobdetaildialog.h"
#include "jobdetailview.h"
#include "joblistmodel.h"
#include "joblistpane.h"
#include "jobwindows.h"
#include "mainwindow.h"
#include "pagetestbase.h"
#include "refreshtimer.h"
#include "trackedpage.h"

#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QJsonDocument>
#include <QMimeData>
#include <QStatusBar>
#include <QTableView>
#include <QTest>

// Several job windows side by side, each live while open and gone with a word when its job is;
// jids, a job's JSON and a table's rows copied with the usual keys; a jid dropped on the search
// field opens its job.
class TestJobWindows final : public QObject, public PageTestBase
{
    Q_OBJECT

    double m_now = 0;

    void open(MainWindow &window, const QByteArray &jid)
    {
        emit ActionCenter::of(window.session())->openJobRequested(jid);
    }

    static void waitLoaded(JobDetailDialog *dialog, const QByteArray &jid)
    {
        QVERIFY(dialog);
        QTRY_VERIFY_WITH_TIMEOUT(dialog->view()->job() && dialog->view()->job()->jid == jid, 10000);
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
        m_now = double(QDateTime::currentSecsSinceEpoch());
        fixture().put("crawl", "alpha", m_now - 60, {"priority", "1"}, 0, "{\"url\":\"https://example.com/a\"}");
        fixture().put("crawl", "beta", m_now - 50, {"tags", "[\"x&y\"]"});
        fixture().put("parse", "gamma", m_now - 40);
        for (const QByteArray jid : {"alpha", "beta", "gamma"})
            fixture().call(QStringLiteral("track"), {"track", jid, num(m_now)});
    }

    void oneWindowPerJobSideBySide()
    {
        MainWindow window;
        window.setSession(session());
        window.show();
        open(window, "alpha");
        QTRY_VERIFY(window.jobDetail());
        JobDetailDialog *alpha = window.jobDetail();
        waitLoaded(alpha, "alpha");
        open(window, "beta");
        JobDetailDialog *beta = window.jobDetail();
        QVERIFY(beta != alpha);
        waitLoaded(beta, "beta");
        QCOMPARE(window.jobWindows()->windows().size(), 2);
        QVERIFY(alpha->isVisible() && beta->isVisible());
        QVERIFY(alpha->pos() != beta->pos()); // the second does not hide the first exactly

        // The same job again: its window comes to the front, no third one.
        open(window, "alpha");
        QCOMPARE(window.jobWindows()->windows().size(), 2);
        QCOMPARE(window.jobDetail(), alpha);
        QCOMPARE(window.jobWindows()->windowOf("beta"), beta);

        // Closing one leaves the other.
        QPointer<JobDetailDialog> closed = beta;
        beta->close();
        QTRY_VERIFY(!closed);
        QCOMPARE(window.jobWindows()->windows(), QList<JobDetailDialog *>{alpha});
        screenshot(alpha, QStringLiteral("job-window-copy"));
    }

    void windowsStayLiveAndCloseWithANoteWhenTheJobIsGone()
    {
        MainWindow window;
        window.setSession(session());
        window.show();
        open(window, "alpha");
        QTRY_VERIFY(window.jobDetail());
        JobDetailDialog *alpha = window.jobDetail();
        waitLoaded(alpha, "alpha");
        open(window, "beta");
        QPointer<JobDetailDialog> beta = window.jobDetail();
        waitLoaded(beta, "beta");

        // A change made elsewhere shows in the open windows at the next refresh.
        fixture().call(QStringLiteral("priority"), {"alpha", "42"});
        window.refreshTimer()->refreshNow();
        QTRY_COMPARE_WITH_TIMEOUT(alpha->view()->job()->priority, 42.0, 10000);

        // A job cancelled elsewhere: its window closes, and the main window says why.
        fixture().call(QStringLiteral("cancel"), {"beta"});
        window.refreshTimer()->refreshNow();
        QTRY_VERIFY_WITH_TIMEOUT(!beta, 10000);
        QVERIFY(window.statusBar()->currentMessage().contains(QLatin1String("beta")));
        QVERIFY(window.statusBar()->currentMessage().contains(QLatin1String("no longer exists")));
        QVERIFY(alpha->isVisible());
    }

    void copiesJidAndJson()
    {
        MainWindow window;
        window.setSession(session());
        window.show();
        open(window, "alpha");
        QTRY_VERIFY(window.jobDetail());
        JobDetailDialog *alpha = window.jobDetail();
        waitLoaded(alpha, "alpha");
        QVERIFY(QTest::qWaitForWindowActive(alpha));

        QApplication::clipboard()->clear();
        QTest::keyClick(QApplication::focusWidget(), Qt::Key_C, Qt::ControlModifier | Qt::ShiftModifier);
        QCOMPARE(QApplication::clipboard()->text(), QStringLiteral("alpha"));

        QTest::keyClick(QApplication::focusWidget(), Qt::Key_J, Qt::ControlModifier | Qt::ShiftModifier);
        QJsonParseError error{};
        const QJsonObject json = QJsonDocument::fromJson(QApplication::clipboard()->text().toUtf8(), &error).object();
        QCOMPARE(error.error, QJsonParseError::NoError);
        QCOMPARE(json.value(QStringLiteral("jid")).toString(), QStringLiteral("alpha"));
        QCOMPARE(json.value(QStringLiteral("queue")).toString(), QStringLiteral("crawl"));
        QCOMPARE(json.value(QStringLiteral("state")).toString(), QStringLiteral("waiting"));
        QCOMPARE(json.value(QStringLiteral("tracked")).toBool(), true);
        // data nested as the JSON it is, not a string of it
        QCOMPARE(json.value(QStringLiteral("data")).toObject().value(QStringLiteral("url")).toString(),
                 QStringLiteral("https://example.com/a"));
        QCOMPARE(
            json.value(QStringLiteral("history")).toArray().first().toObject().value(QStringLiteral("what")).toString(),
            QStringLiteral("put"));
    }

    void tableCopiesRowsAndJids()
    {
        MainWindow window;
        window.setSession(session());
        window.show();
        QVERIFY(QTest::qWaitForWindowActive(&window));
        QTest::keyClick(QApplication::focusWidget(), Qt::Key_5, Qt::ControlModifier); // Tracked
        auto *page = qobject_cast<TrackedPage *>(window.currentPage());
        QVERIFY(page);
        QTableView *view = page->findChild<JobListPane *>()->view();
        QTRY_COMPARE_WITH_TIMEOUT(view->model()->rowCount(), 3, 20000);
        QCOMPARE(QApplication::focusWidget(), view);
        view->selectAll();

        QApplication::clipboard()->clear();
        QTest::keyClick(view, Qt::Key_C, Qt::ControlModifier);
        const QStringList lines = QApplication::clipboard()->text().split(QLatin1Char('\n'), Qt::SkipEmptyParts);
        QCOMPARE(lines.size(), 4); // the header and the three rows
        const QStringList header = lines.first().split(QLatin1Char('\t'));
        const int jidColumn = header.indexOf(QStringLiteral("Job"));
        QVERIFY2(jidColumn >= 0, qPrintable(lines.first()));
        QStringList jids;
        for (const QString &line : lines.mid(1)) {
            const QStringList cells = line.split(QLatin1Char('\t'));
            QCOMPARE(cells.size(), header.size());
            jids << cells.at(jidColumn);
        }
        jids.sort();
        QCOMPARE(jids, (QStringList{QStringLiteral("alpha"), QStringLiteral("beta"), QStringLiteral("gamma")}));

        QTest::keyClick(view, Qt::Key_C, Qt::ControlModifier | Qt::ShiftModifier);
        QStringList copied = QApplication::clipboard()->text().split(QLatin1Char('\n'));
        copied.sort();
        QCOMPARE(copied, jids);

        // The row's menu offers both, with their keys.
        QMenu *menu = ActionTestKit::openContextMenu(view, 0, QStringLiteral("jobActionsMenu"));
        QVERIFY(menu);
        QAction *copyJids = ActionTestKit::findAction(menu, QStringLiteral("Copy 3 jids"));
        QVERIFY(copyJids);
        QCOMPARE(copyJids->shortcut(), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_C));
        QVERIFY(ActionTestKit::findAction(menu, QStringLiteral("Copy rows")));
        menu->close();
    }

    void droppedJidOpensItsJob()
    {
        MainWindow window;
        window.setSession(session());
        window.show();
        SearchField *search = window.connectionBar()->searchField();
        search->setText(QStringLiteral("something typed before"));
        // What a job list's rows carry when dragged (the jids, one a line) ...
        std::unique_ptr<QMimeData> dragged(JidDragSource::mimeFor({"gamma", "beta"}));
        QCOMPARE(dragged->text(), QStringLiteral("gamma\nbeta"));
        // ... or text from elsewhere, blank lines and spaces around it: the first jid is taken.
        QMimeData mime;
        mime.setText(QStringLiteral("\n  gamma  \nbeta\n"));
        const QPoint at = search->rect().center();
        QDragEnterEvent enter(at, Qt::CopyAction | Qt::MoveAction, &mime, Qt::LeftButton, Qt::NoModifier);
        QApplication::sendEvent(search, &enter);
        QVERIFY(enter.isAccepted());
        QDragMoveEvent move(at, Qt::CopyAction | Qt::MoveAction, &mime, Qt::LeftButton, Qt::NoModifier);
        QApplication::sendEvent(search, &move);
        QVERIFY(move.isAccepted());
        QDropEvent drop(at, Qt::CopyAction | Qt::MoveAction, &mime, Qt::LeftButton, Qt::NoModifier);
        QApplication::sendEvent(search, &drop);
        QVERIFY(drop.isAccepted());
        QCOMPARE(drop.dropAction(), Qt::CopyAction); // never taken away from where it came from
        QCOMPARE(search->text(), QStringLiteral("gamma"));
        QTRY_VERIFY_WITH_TIMEOUT(window.jobDetail(), 10000);
        waitLoaded(window.jobDetail(), "gamma");

        // Not text (a file, an image): refused, the field keeps what it had.
        QMimeData image;
        image.setData(QStringLiteral("image/png"), QByteArray("\x89PNG"));
        QDragEnterEvent refused(at, Qt::CopyAction, &image, Qt::LeftButton, Qt::NoModifier);
        QApplication::sendEvent(search, &refused);
        QVERIFY(!refused.isAccepted());
    }
};

QTEST_MAIN(TestJobWindows)
#include "tst_jobwindows.moc"
