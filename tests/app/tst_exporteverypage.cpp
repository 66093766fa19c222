// SPDX-License-Identifier: GPL-3.0-or-later
#include "exporttablecommand.h"
#include "failedpage.h"
#include "gemworkerpipeline.h"
#include "mainwindow.h"
#include "pagetestbase.h"
#include "queuespage.h"
#include "refreshtimer.h"
#include "tableexportbutton.h"
#include "tagspage.h"
#include "workerspage.h"

#include <QFile>
#include <QSignalSpy>
#include <QTemporaryDir>

// Every "Export CSV…" of every page of the window, on a Redis the way the Ruby gem's workers
// leave it (GemWorkerPipeline), with something chosen wherever a page lists the jobs of a chosen
// queue, group, worker or tag: each button writes the very file `qlessdesk export-table` writes
// for the same view, so what an operator saves by hand and what their scripts save agree.
class TestExportEveryPage final : public QObject, private PageTestBase
{
    Q_OBJECT

    QTemporaryDir m_dir;
    int m_files = 0;

    QString url() { return QStringLiteral("unix://") + fixture().server().socketPath(); }

    static QByteArray read(const QString &path)
    {
        QFile file(path);
        return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
    }

    void showAndWait(MainWindow &window, const QString &title)
    {
        QVERIFY(window.showPage(title));
        QTRY_VERIFY_WITH_TIMEOUT(!window.refreshTimer()->isInFlight(), 20000);
        QTest::qWait(200); // the reads a page starts on its own after the refresh
    }

    // Presses (exportTo: the file dialog's answer) each enabled button on `page` and compares
    // the file with export-table's for the same view; `seen` collects what was exported.
    void exportEachButton(QWidget *page, QStringList *seen)
    {
        for (TableExportButton *button : page->findChildren<TableExportButton *>()) {
            if (!button->isVisibleTo(page))
                continue;
            const std::optional<TableExportView> view = button->view();
            QVERIFY2(view && button->isEnabled(), qPrintable(page->objectName()));
            const QString name = QString::number(++m_files);
            const QString mine = m_dir.filePath(name + QStringLiteral("-window.csv"));
            QSignalSpy finished(button, &TableExportButton::finished);
            QVERIFY(button->exportTo(mine));
            QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 30000);
            QVERIFY2(finished.at(0).at(0).toBool(), qPrintable(finished.at(0).at(1).toString()));

            ExportTableCommand::Options options;
            options.url = url();
            options.view = *view;
            options.out = m_dir.filePath(name + QStringLiteral("-headless.csv"));
            QString error;
            QCOMPARE(ExportTableCommand::execute(options, &error), int(ExportTableCommand::Success));
            const QByteArray window = read(mine);
            const QByteArray headless = read(options.out);
            QVERIFY2(window.count("\r\n") >= 2 || view->kind == TableExportView::Kind::Activity,
                     qPrintable(view->describe())); // a header and at least one row
            QVERIFY2(window == headless, qPrintable(view->describe() + QStringLiteral(":\n") + QString::fromUtf8(window)
                                                    + QStringLiteral("\nvs\n") + QString::fromUtf8(headless)));
            *seen << view->describe();
        }
    }

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        QString error;
        QVERIFY2(startServer(&error), qPrintable(error));
        GemWorkerPipeline::seed(fixture());
    }
    void cleanupTestCase() { stopServer(); }

    void everyButtonWritesWhatExportTableWrites()
    {
        MainWindow window;
        window.setSession(session());
        window.resize(1400, 860);
        window.show();
        QStringList seen;
        for (Page *page : window.pages()) {
            showAndWait(window, page->title());
            if (auto *queues = qobject_cast<QueuesPage *>(page)) {
                // Each tab of a queue that has jobs in it.
                const QList<QPair<QString, QueuesPage::Tab>> tabs{{QStringLiteral("crawl"), QueuesPage::WaitingTab},
                                                                  {QStringLiteral("crawl"), QueuesPage::RunningTab},
                                                                  {QStringLiteral("crawl"), QueuesPage::ScheduledTab},
                                                                  {QStringLiteral("parse"), QueuesPage::StalledTab},
                                                                  {QStringLiteral("parse"), QueuesPage::DependsTab},
                                                                  {QStringLiteral("notify"), QueuesPage::RecurringTab}};
                for (const auto &[queue, tab] : tabs) {
                    queues->showQueue(queue);
                    queues->showTab(tab);
                    QTest::qWait(300);
                    exportEachButton(page, &seen);
                    if (QTest::currentTestFailed())
                        return;
                }
                continue;
            }
            if (auto *failed = qobject_cast<FailedPage *>(page))
                failed->showGroup(QStringLiteral("Net::ReadTimeout"));
            if (auto *workers = qobject_cast<WorkersPage *>(page))
                workers->showWorker(QStringLiteral("worker-c.prod.internal-4103"));
            if (auto *tags = qobject_cast<TagsPage *>(page))
                tags->showTag(QStringLiteral("nightly"));
            QTest::qWait(300);
            exportEachButton(page, &seen);
            if (QTest::currentTestFailed())
                return;
        }
        // Every list the window has was exported, those behind a choice included.
        for (const char *name : {"queues", "waiting jobs in crawl", "running jobs in crawl", "scheduled jobs in crawl",
                                 "stalled jobs in parse", "depends jobs in parse", "recurring jobs of notify",
                                 "failure groups", "failure group Net::ReadTimeout", "completed jobs", "workers",
                                 "jobs of worker worker-c.prod.internal-4103", "tracked jobs", "tags",
                                 "jobs tagged nightly", "configuration", "activity log"}) {
            QVERIFY2(seen.contains(QLatin1String(name)),
                     qPrintable(QLatin1String(name) + QStringLiteral(" not in:\n") + seen.join(QLatin1Char('\n'))));
        }
        qInfo().noquote() << "exported:" << seen.join(QStringLiteral("; "));
    }
};

QTEST_MAIN(TestExportEveryPage)
#include "tst_exporteverypage.moc"
