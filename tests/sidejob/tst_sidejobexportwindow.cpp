// SPDX-License-Identifier: GPL-3.0-or-later
#include "bluequecsv.h"
#include "cli/exporttablecommand.h"
#include "export/tableexportbutton.h"
#include "pagetestbase.h"
#include "sidejobgenerator.h"
#include "sidejobjobspage.h"
#include "sidejobsample.h"
#include "sidejobsidekiqpage.h"

#include <QFile>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

// The window's "Export CSV…" on SideJob's pages (the views export-table names sidejob-*): the
// jobs page's button writes the jobs its filter passes, the Sidekiq page's its queues and its
// processes, read through the session's SideJobSession: the same bytes as export-table writes.
class TestSideJobExportWindow final : public QObject, private PageTestBase
{
    Q_OBJECT

    static constexpr double T = 1795858200.5;
    QTemporaryDir m_dir;

    BluequeCsv exportWith(TableExportButton *button, const QString &name)
    {
        QSignalSpy finished(button, &TableExportButton::finished);
        if (!button->exportTo(m_dir.filePath(name)) || !finished.wait(30000) || !finished.first().at(0).toBool()) {
            qWarning() << "export:" << button->lastResult();
            return {};
        }
        // The very file export-table writes for the same view.
        ExportTableCommand::Options options;
        options.url = QStringLiteral("unix://") + fixture().server().socketPath();
        options.view = *button->view();
        options.out = m_dir.filePath(QStringLiteral("headless-") + name);
        QString error;
        if (ExportTableCommand::execute(options, &error) != ExportTableCommand::Success
            || read(options.out) != read(m_dir.filePath(name))) {
            qWarning() << "export-table differs:" << error;
            return {};
        }
        return BluequeCsv::read(m_dir.filePath(name));
    }
    static QByteArray read(const QString &path)
    {
        QFile file(path);
        return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
    }
    int countStatus(const QByteArray &status)
    {
        int n = 0;
        for (const QByteArray &id : fixture().redis().command({"SMEMBERS", "jobs"}).strings()) {
            const RedisValue plain = fixture().redis().command({"GET", "job:" + id + ":status"});
            const QByteArray s =
                plain.isNil() ? fixture().redis().command({"HGET", "job:" + id, "status"}).bytes : plain.bytes;
            n += s == status || s == '"' + status + '"';
        }
        return n;
    }

private slots:
    void initTestCase()
    {
        QString error;
        QVERIFY2(startServer(&error), qPrintable(error));
        QVERIFY(m_dir.isValid());
        SideJobSample::write(fixture().redis(), T);
        SideJobGenerator old(fixture().redis(), SideJobStorage::Layout::V4_0);
        for (int i = 0; i < 5; ++i)
            old.queueJob({"q1", "Adder", "[1]", "user:dora"}, T + 10);
    }

    void jobsPageExportsWhatItsFilterPasses()
    {
        auto s = session();
        SideJobJobsPage page(s.get());
        QVERIFY(refresh(&page));
        QVERIFY(page.exportButton()->isEnabled());
        const BluequeCsv all = exportWith(page.exportButton(), QStringLiteral("all.csv"));
        QCOMPARE(all.rows.size(), fixture().redis().command({"SCARD", "jobs"}).integer);
        page.setFilter(QStringLiteral("queued"), QStringLiteral("q1"), {}, {});
        const BluequeCsv queued = exportWith(page.exportButton(), QStringLiteral("queued.csv"));
        QCOMPARE(queued.rows.size(), countStatus("queued"));
        const QStringList statuses = queued.values(QStringLiteral("Status"));
        QCOMPARE(QSet<QString>(statuses.begin(), statuses.end()), QSet<QString>{QStringLiteral("queued")});
        page.setFilter({}, {}, {}, QStringLiteral("dora"));
        const BluequeCsv dora = exportWith(page.exportButton(), QStringLiteral("dora.csv"));
        QCOMPARE(dora.rows.size(), 5);
        QCOMPARE(dora.values(QStringLiteral("Layout")).count(QStringLiteral("4.0")), 5);
    }

    void sidekiqPageExportsQueuesAndProcesses()
    {
        auto s = session();
        SideJobSidekiqPage page(s.get());
        QVERIFY(refresh(&page));
        const BluequeCsv queues = exportWith(page.queueExportButton(), QStringLiteral("queues.csv"));
        QCOMPARE(queues.rows.size(), fixture().redis().command({"SCARD", "queues"}).integer);
        QCOMPARE(queues.where(QStringLiteral("Queue"), QStringLiteral("q1")).value(0).value(1),
                 QString::number(fixture().redis().command({"LLEN", "queue:q1"}).integer));
        const BluequeCsv processes = exportWith(page.processExportButton(), QStringLiteral("processes.csv"));
        QCOMPARE(processes.rows.size(), 1);
        QCOMPARE(processes.rows.at(0).at(0), QString::fromLatin1(SideJobSample::process));
        page.resize(1100, 700);
        screenshot(&page, QStringLiteral("sidejob-sidekiq-export"));
    }
};

QTEST_MAIN(TestSideJobExportWindow)
#include "tst_sidejobexportwindow.moc"
