// SPDX-License-Identifier: GPL-3.0-or-later
#include "bluequecsv.h"
#include "bluequesample.h"
#include "export/tableexportbutton.h"
#include "pagetestbase.h"

#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

// The window's "Export CSV…" on Blueque's tables (the views export-table names blueque-*): the
// button reads them through Blueque's own client over the session's connection and writes every
// row, as the command does.
class TestBluequeExportWindow final : public QObject, private PageTestBase
{
    Q_OBJECT

    QTemporaryDir m_dir;

    BluequeCsv exportWith(QlessSession *session, const TableExportView &view, const QString &name)
    {
        TableExportButton button(session, [view] { return std::optional<TableExportView>(view); });
        QSignalSpy finished(&button, &TableExportButton::finished);
        if (!button.exportTo(m_dir.filePath(name)) || !finished.wait(30000) || !finished.first().at(0).toBool()) {
            qWarning() << "export:" << button.lastResult();
            return {};
        }
        return BluequeCsv::read(m_dir.filePath(name));
    }

private slots:
    void initTestCase()
    {
        QString error;
        QVERIFY2(startServer(&error), qPrintable(error));
        QVERIFY(m_dir.isValid());
        BluequeSample::write(fixture().redis(), double(QDateTime::currentSecsSinceEpoch()));
    }

    void everyBluequeViewExportsFromTheWindow()
    {
        auto s = session();
        const BluequeCsv queues =
            exportWith(s.get(), TableExportView(TableExportView::Kind::BluequeQueues), QStringLiteral("q.csv"));
        QCOMPARE(queues.rows.size(), fixture().redis().command({"ZCARD", "blueque_queues"}).integer);
        TableExportView failed(TableExportView::Kind::BluequeTasks);
        failed.queue = QStringLiteral("my_queue");
        failed.state = QStringLiteral("failed");
        const BluequeCsv tasks = exportWith(s.get(), failed, QStringLiteral("t.csv"));
        QCOMPARE(tasks.rows.size(), fixture().redis().command({"LLEN", "blueque_failed_tasks_my_queue"}).integer);
        QCOMPARE(tasks.rows.value(0).value(tasks.column(QStringLiteral("Error"))),
                 QStringLiteral("ValueError: bad input"));
        const BluequeCsv listeners =
            exportWith(s.get(), TableExportView(TableExportView::Kind::BluequeListeners), QStringLiteral("l.csv"));
        QCOMPARE(listeners.where(QStringLiteral("Queue"), QStringLiteral("my_queue")).size(), 4);
        // qless's views still read through qless.
        QVERIFY(!exportWith(s.get(), TableExportView(TableExportView::Kind::Queues), QStringLiteral("qq.csv"))
                     .header.isEmpty());
    }
};

QTEST_MAIN(TestBluequeExportWindow)
#include "tst_bluequeexportwindow.moc"
