// SPDX-License-Identifier: GPL-3.0-or-later
#include "alertcenter.h"
#include "allserverswindow.h"
#include "apptheme.h"
#include "connectionbar.h"
#include "gemworkerpipeline.h"
#include "jobdetaildialog.h"
#include "jobdetailview.h"
#include "mainwindow.h"
#include "pagetestbase.h"
#include "queuespage.h"
#include "refreshtimer.h"
#include "serveroverviewmodel.h"

#include <QApplication>
#include <QDir>
#include <QLineEdit>
#include <QStyle>

// Every page and the job window, light (the platform's palette) and dark (Fusion with
// AppTheme::fusionDark, switched while the window is open, as View > Dark palette does), into
// build*/screenshots/light/*.png and dark/*.png for people to look at: text readable, nothing
// light on light or dark on dark. What can be checked without eyes is: the dark pass draws the
// pages dark (no fixed light background left behind).
class TstThemeScreens final : public QObject, private PageTestBase
{
    Q_OBJECT

    GemWorkerPipeline::Seeded m_seeded;

    static void shot(QWidget *widget, const QString &theme, const QString &name)
    {
        screenshot(widget, theme + QLatin1Char('/') + name);
    }

    // The share of pixels lighter than the dark palette's text is dark: on a dark page that is
    // text and little else.
    static double lightShare(const QImage &image)
    {
        const QImage small = image.scaled(image.size() / 4, Qt::IgnoreAspectRatio, Qt::FastTransformation);
        qint64 light = 0;
        for (int y = 0; y < small.height(); ++y) {
            for (int x = 0; x < small.width(); ++x) {
                if (qGray(small.pixel(x, y)) > 200)
                    ++light;
            }
        }
        return double(light) / double(small.width() * small.height());
    }

    void showAndWait(MainWindow &window, const QString &title)
    {
        QVERIFY(window.showPage(title));
        QTRY_VERIFY_WITH_TIMEOUT(!window.refreshTimer()->isInFlight(), 20000);
        QTest::qWait(200); // follow-up reads a page starts on its own
    }

    void everyPage(MainWindow &window, const QString &theme)
    {
        for (Page *page : window.pages()) {
            showAndWait(window, page->title());
            shot(&window, theme, page->title().toLower());
            if (theme == QLatin1String("dark")) {
                const double share = lightShare(window.grab().toImage());
                QVERIFY2(share < 0.08, qPrintable(QStringLiteral("%1: %2 of it light").arg(page->title()).arg(share)));
            }
        }
        // The paused queue's tinted row and the stalled job's mark.
        showAndWait(window, QStringLiteral("Queues"));
        auto *queues = qobject_cast<QueuesPage *>(window.currentPage());
        queues->showQueue(QStringLiteral("parse"));
        queues->showTab(QueuesPage::StalledTab);
        QTest::qWait(500);
        shot(&window, theme, QStringLiteral("queues-parse-stalled"));
        queues->showQueue(QStringLiteral("crawl"));
        queues->showTab(QueuesPage::WaitingTab);
        QTest::qWait(500);
        shot(&window, theme, QStringLiteral("queues-crawl-waiting"));
    }

    void jobWindows(MainWindow &window, const QString &theme)
    {
        QLineEdit *search = window.connectionBar()->searchField();
        const QList<QPair<QByteArray, QString>> jobs{{m_seeded.noted, QStringLiteral("job-complete")},
                                                     {m_seeded.failed, QStringLiteral("job-failed")},
                                                     {m_seeded.timedOut.first(), QStringLiteral("job-timed-out")},
                                                     {m_seeded.stalled, QStringLiteral("job-stalled")}};
        for (const auto &[jid, name] : jobs) {
            search->setText(QString::fromUtf8(jid));
            QTest::keyClick(search, Qt::Key_Return);
            QTRY_VERIFY_WITH_TIMEOUT(window.jobDetail() && window.jobDetail()->isVisible(), 20000);
            QTRY_VERIFY_WITH_TIMEOUT(window.jobDetail()->view()->job() && window.jobDetail()->view()->job()->jid == jid,
                                     20000);
            window.jobDetail()->resize(1000, 760);
            QTest::qWait(200);
            shot(window.jobDetail(), theme, name);
        }
    }

    // File > All servers with this server in it (and its alert on).
    void allServers(MainWindow &window, const QString &theme)
    {
        AllServersWindow all;
        all.model()->addServer(window.session(), QStringLiteral("gem-workers"));
        all.show();
        QTRY_VERIFY_WITH_TIMEOUT(all.model()->isRead(0), 20000);
        shot(&all, theme, QStringLiteral("all-servers"));
        if (theme == QLatin1String("dark")) {
            const double share = lightShare(all.grab().toImage());
            QVERIFY2(share < 0.08, qPrintable(QStringLiteral("All servers: %1 of it light").arg(share)));
        }
    }

private slots:
    void initTestCase()
    {
        QString error;
        QVERIFY2(startServer(&error), qPrintable(error));
        m_seeded = GemWorkerPipeline::seed(fixture());
        QDir(QStringLiteral(QLESSDESK_SCREENSHOT_DIR)).mkpath(QStringLiteral("light"));
        QDir(QStringLiteral(QLESSDESK_SCREENSHOT_DIR)).mkpath(QStringLiteral("dark"));
    }
    void cleanupTestCase()
    {
        AppTheme::setDark(false);
        stopServer();
    }

    void lightThenDarkWhileOpen()
    {
        MainWindow window;
        window.setSession(session());
        // An alert on, so the Alerts page and the page list's badge are seen with one in each theme.
        AlertRule busy;
        busy.id = QStringLiteral("busy");
        busy.kind = AlertRule::Kind::WaitingAbove;
        busy.threshold = 1;
        AlertCenter::of(window.session())->setRules({busy}, {});
        window.resize(1400, 860);
        window.show();
        everyPage(window, QStringLiteral("light"));
        jobWindows(window, QStringLiteral("light"));
        allServers(window, QStringLiteral("light"));

        AppTheme::setDark(true);
        QVERIFY(AppTheme::isDark());
        everyPage(window, QStringLiteral("dark"));
        jobWindows(window, QStringLiteral("dark"));
        allServers(window, QStringLiteral("dark"));
    }
};

QTEST_MAIN(TstThemeScreens)
#include "tst_themescreens.moc"
