// SPDX-License-Identifier: GPL-3.0-or-later
#include "actioncenter.h"
#include "apptheme.h"
#include "dependencydag.h"
#include "dependencygraphwindow.h"
#include "graphnodeitem.h"
#include "graphview.h"
#include "jobdetaildialog.h"
#include "jobdetailreader.h"
#include "jobdetailview.h"
#include "pagetestbase.h"
#include "qlessdependencyreader.h"

#include <QAction>
#include <QApplication>
#include <QDir>
#include <QLabel>
#include <QMenu>
#include <QPushButton>
#include <QSignalSpy>
#include <QTest>

// A job's dependency graph in its window, on a real redis-server: opened from the job window,
// walked with the mouse and the keys, its nodes opening their jobs and offering the job actions,
// its limits said; screenshots at 10 and 1,000 jobs, light and dark.
class TestDependencyGraphWindow final : public QObject, public PageTestBase
{
    Q_OBJECT

    double m_now = 0;

    // Ten jobs in every state a dependency graph meets, around `build`.
    void putPipeline()
    {
        DependencyDag::put(fixture(), "fetch-index", {}, m_now, "Crawl::FetchIndex", "fetch");
        DependencyDag::put(fixture(), "fetch-robots", {}, m_now, "Crawl::FetchRobots", "fetch");
        DependencyDag::put(fixture(), "sitemap", {}, m_now, "Crawl::Sitemap");
        fixture().put("pipeline", "nightly-config", m_now, {}, 3600, "{}", "Crawl::LoadConfig"); // scheduled
        fixture().pop("fetch", "crawler-7", 2, m_now);                                           // both fetches run
        fixture().qless("fail", m_now, {"fetch-robots", "crawler-7", "Net::Timeout", "robots.txt timed out", "{}"});
        DependencyDag::put(fixture(), "build", {"fetch-index", "fetch-robots", "sitemap", "nightly-config"}, m_now,
                           "Crawl::BuildFrontier");
        DependencyDag::put(fixture(), "parse-a", {"build"}, m_now, "Crawl::Parse");
        DependencyDag::put(fixture(), "parse-b", {"build"}, m_now, "Crawl::Parse");
        DependencyDag::put(fixture(), "dedupe", {"build"}, m_now, "Crawl::Dedupe");
        DependencyDag::put(fixture(), "index", {"parse-a", "parse-b", "dedupe"}, m_now, "Search::Index");
    }

    static void waitLoaded(DependencyGraphWindow *window)
    {
        QSignalSpy loaded(window, &DependencyGraphWindow::loaded);
        QVERIFY(loaded.wait(60000));
    }

    static QPoint pointOf(GraphView *view, const QString &id)
    {
        const int index = view->graph().indexOf(id);
        return view->mapFromScene(view->layout().boxes[index].center());
    }

    void shoot(DependencyGraphWindow *window, const QString &name)
    {
        QApplication::processEvents();
        QDir().mkpath(QStringLiteral(QLESSDESK_SCREENSHOT_DIR "/light"));
        QDir().mkpath(QStringLiteral(QLESSDESK_SCREENSHOT_DIR "/dark"));
        screenshot(window, name);
    }

private slots:
    void initTestCase()
    {
        QString error;
        QVERIFY2(startServer(&error), qPrintable(error));
    }
    void init()
    {
        AppTheme::setDark(false);
        fixture().flush();
        m_now = double(QDateTime::currentSecsSinceEpoch());
    }
    void cleanupTestCase() { AppTheme::setDark(false); }

    void opensFromTheJobWindow()
    {
        putPipeline();
        auto session = this->session();
        JobDetailDialog dialog(new JobDetailReader(session->client()));
        dialog.setActions(ActionCenter::of(session.get()));
        dialog.showJob("build");
        QTRY_VERIFY_WITH_TIMEOUT(dialog.view()->job().has_value(), 10000);
        auto *button = dialog.findChild<QPushButton *>(QStringLiteral("jobDependenciesButton"));
        QVERIFY(button);
        button->click();
        auto *window = dialog.findChild<DependencyGraphWindow *>();
        QVERIFY(window);
        QTRY_VERIFY_WITH_TIMEOUT(window->view()->graph().nodes().size() == 9, 10000);
        QCOMPARE(window->view()->graph().nodes()[window->view()->graph().start()].id, QStringLiteral("build"));
    }

    void tenJobsWalkedAndActedOn()
    {
        putPipeline();
        DependencyDag::put(fixture(), "publish", {"index"}, m_now, "Search::Publish");
        auto session = this->session();
        DependencyGraphWindow window(session.get(), "build");
        window.resize(1100, 720);
        window.show();
        waitLoaded(&window);
        GraphView *view = window.view();
        QCOMPARE(view->graph().nodes().size(), 10);
        QCOMPARE(view->graph().edges().size(), 11);
        QVERIFY(window.cutLabel()->isHidden());
        QVERIFY(window.summaryLabel()->text().contains(QStringLiteral("waits on 4 job")));
        QVERIFY(window.legendLabel()->text().contains(QStringLiteral("failed")));
        QCOMPARE(view->selectedId(), QStringLiteral("build"));

        // Keys walk: down to a job waiting on it, up back, Enter opens.
        QSignalSpy opened(ActionCenter::of(session.get()), &ActionCenter::openJobRequested);
        QTest::keyClick(view, Qt::Key_Down);
        const QString below = view->selectedId();
        QVERIFY(below == QLatin1String("parse-a") || below == QLatin1String("parse-b")
                || below == QLatin1String("dedupe"));
        QTest::keyClick(view, Qt::Key_Right);
        QVERIFY(view->selectedId() != below);
        QTest::keyClick(view, Qt::Key_Down);
        QCOMPARE(view->selectedId(), QStringLiteral("index"));
        QTest::keyClick(view, Qt::Key_Return);
        QCOMPARE(opened.count(), 1);
        QCOMPARE(opened.takeFirst().at(0).toByteArray(), QByteArray("index"));

        // A double-click opens the job under the pointer.
        QTest::mouseDClick(view->viewport(), Qt::LeftButton, {}, pointOf(view, QStringLiteral("sitemap")));
        QCOMPARE(opened.count(), 1);
        QCOMPARE(opened.takeFirst().at(0).toByteArray(), QByteArray("sitemap"));

        // The context menu offers the job actions of the action center; the view writes nothing.
        std::unique_ptr<QMenu> menu(view->menuFor(QStringLiteral("fetch-robots"), &window));
        QStringList texts;
        for (QAction *action : menu->actions())
            texts << action->text();
        QVERIFY2(texts.contains(QStringLiteral("Open job fetch-robots")), qPrintable(texts.join(u'|')));
        QVERIFY2(texts.contains(QStringLiteral("Retry")), qPrintable(texts.join(u'|')));
        QVERIFY2(texts.contains(QStringLiteral("Show this job's dependencies")), qPrintable(texts.join(u'|')));

        // Zoom keys and fit.
        const double before = view->zoom();
        QTest::keyClick(view, Qt::Key_Minus);
        QVERIFY(view->zoom() < before);
        QTest::keyClick(view, Qt::Key_F);
        shoot(&window, QStringLiteral("light/dependency-graph-10"));
        AppTheme::setDark(true);
        shoot(&window, QStringLiteral("dark/dependency-graph-10"));
    }

    void aWriteReadsTheGraphAgain()
    {
        putPipeline();
        auto session = this->session();
        DependencyGraphWindow window(session.get(), "build");
        waitLoaded(&window);
        fixture().qless("complete", m_now, {"fetch-index", "crawler-7", "fetch", "{}"});
        emit ActionCenter::of(session.get())->changed();
        waitLoaded(&window);
        QVERIFY(!window.view()->graph().contains(QStringLiteral("fetch-index"))); // qless dropped the link
        QCOMPARE(window.view()->graph().nodes().size(), 8);
    }

    void thousandJobsReadableAndCut()
    {
        // 1,001 jobs under dag-0: the graph stops at 1,000 and says so.
        DependencyDag::layered(fixture(), 1001, 50, m_now);
        fixture().pop("pipeline", "crawler-1", 1, m_now); // dag-0 runs
        auto session = this->session();
        DependencyGraphWindow window(session.get(), "dag-0");
        window.resize(1280, 860);
        window.show();
        waitLoaded(&window);
        GraphView *view = window.view();
        QCOMPARE(view->graph().nodes().size(), 1000);
        QVERIFY(window.cutLabel()->isVisible());
        QVERIFY2(window.cutLabel()->text().contains(QStringLiteral("1,000")), qPrintable(window.cutLabel()->text()));
        // Too many to read fitted: the start job is shown at full size first.
        QCOMPARE(view->zoom(), 1.0);
        QVERIFY(view->mapToScene(view->viewport()->rect())
                    .boundingRect()
                    .contains(view->layout().boxes[view->graph().start()]));
        shoot(&window, QStringLiteral("light/dependency-graph-1000-start"));
        view->fitAll();
        QVERIFY(view->zoom() < GraphView::ReadableFit);
        shoot(&window, QStringLiteral("light/dependency-graph-1000-fit"));
        view->zoomBy(3);
        shoot(&window, QStringLiteral("light/dependency-graph-1000-zoomed"));
        AppTheme::setDark(true);
        view->fitAll();
        shoot(&window, QStringLiteral("dark/dependency-graph-1000-fit"));
        view->centreOnStart();
        shoot(&window, QStringLiteral("dark/dependency-graph-1000-start"));
    }

    void closingStopsTheRead()
    {
        DependencyDag::layered(fixture(), 400, 50, m_now);
        auto session = this->session();
        auto *window = new DependencyGraphWindow(session.get(), "dag-0");
        QlessDependencyReader *reader = window->reader();
        QVERIFY(reader->isReading());
        QSignalSpy gone(reader, &QObject::destroyed);
        delete window;
        QCOMPARE(gone.count(), 1);
        QTest::qWait(300); // replies on their way arrive to nothing
    }
};

QTEST_MAIN(TestDependencyGraphWindow)
#include "tst_dependencygraphwindow.moc"
