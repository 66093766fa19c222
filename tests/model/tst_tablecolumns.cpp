// SPDX-License-Identifier: GPL-3.0-or-later
#include "bluequeexportrows.h"
#include "bluequelistenermodel.h"
#include "bluequelistenerrow.h"
#include "jobcolumns.h"
#include "joblistmodel.h"
#include "tableexportrows.h"
#include "tableexportview.h"

#include <QTest>

// A row type's columns are written once (TableColumns): the window's headers and the export's
// header come from the same list, in the same order.
class TestTableColumns final : public QObject
{
    Q_OBJECT

    // The window's headers as a view reads them.
    static QStringList windowHeaders(const QAbstractItemModel &model)
    {
        QStringList headers;
        for (int c = 0; c < model.columnCount(); ++c)
            headers << model.headerData(c, Qt::Horizontal).toString();
        return headers;
    }

private slots:
    void listenerViewAndExportShareTheirColumns()
    {
        const BluequeListenerModel model(nullptr);
        const TableColumns<BluequeListenerRow> &columns = BluequeListenerRow::columns();
        QCOMPARE(model.columnCount(), int(BluequeListenerModel::ColumnCount));
        QCOMPARE(columns.windowCount(), model.columnCount());
        QCOMPARE(windowHeaders(model), (QStringList{QStringLiteral("Listener"), QStringLiteral("Holds"),
                                                    QStringLiteral("Started"), QStringLiteral("Last change"),
                                                    QStringLiteral("What looks wrong"), QStringLiteral("Tasks held")}));
        const QStringList file = BluequeExportRows::header(TableExportView(TableExportView::Kind::BluequeListeners));
        QCOMPARE(file, columns.fileHeader());
        QCOMPARE(file, (QStringList{QStringLiteral("Queue"), QStringLiteral("Listener"), QStringLiteral("Host"),
                                    QStringLiteral("Pid"), QStringLiteral("Listed"), QStringLiteral("Reserved"),
                                    QStringLiteral("Started"), QStringLiteral("Last change")}));
        // The columns both show keep one order: the window's headers that the file shares appear
        // in the file in the window's order.
        qsizetype at = -1;
        for (const QString &header : windowHeaders(model)) {
            const qsizetype in = file.indexOf(header);
            if (in < 0)
                continue;
            QVERIFY2(in > at, qPrintable(header));
            at = in;
        }
    }

    // Every job list (a queue's state, a failure group, a worker's, a tag's, completed, tracked):
    // the file's header is the job columns' and keeps the window's order.
    void jobViewsAndExportShareTheirColumns()
    {
        const JobListModel model(nullptr);
        const TableColumns<JobAtNow> &columns = JobColumns::columns();
        QCOMPARE(model.columnCount(), int(JobListModel::ColumnCount));
        QCOMPARE(columns.windowCount(), model.columnCount());
        for (int c = 0; c < model.columnCount(); ++c)
            QCOMPARE(model.headerData(c, Qt::Horizontal).toString(), columns.windowHeader(c));
        QCOMPARE(model.headerData(JobListModel::TimeColumn, Qt::Horizontal).toString(), QStringLiteral("When"));
        QCOMPARE(model.headerData(JobListModel::ChangedColumn, Qt::Horizontal).toString(),
                 QStringLiteral("Last change"));
        using Kind = TableExportView::Kind;
        for (const Kind kind : {Kind::Jobs, Kind::Failed, Kind::Completed, Kind::Workers, Kind::Tracked, Kind::Tags}) {
            TableExportView view(kind);
            view.queue = QStringLiteral("q");
            view.state = QStringLiteral("waiting");
            view.group = QStringLiteral("g");
            view.worker = QStringLiteral("w");
            view.tag = QStringLiteral("t");
            QVERIFY(view.listsJobs());
            const QStringList file = TableExportRows::header(view);
            QCOMPARE(file, columns.fileHeader());
            qsizetype at = -1;
            for (const QString &header : windowHeaders(model)) {
                const qsizetype in = file.indexOf(header);
                QVERIFY2(in > at, qPrintable(header)); // every window column is in the file, in order
                at = in;
            }
        }
        QCOMPARE(columns.fileHeader().size(), 15);
    }

    void listenerRowIsOneRowForBoth()
    {
        BluequeListenerRow row;
        row.queue = QStringLiteral("q");
        row.name = QStringLiteral("host_a_42");
        row.listed = false;
        row.held = 3;
        row.started = 2;
        row.noteChange(std::nullopt);
        QCOMPARE(BluequeExportRows::listener(row),
                 (QStringList{QStringLiteral("q"), QStringLiteral("host_a_42"), QStringLiteral("host_a"),
                              QStringLiteral("42"), QStringLiteral("no"), QStringLiteral("3"), QStringLiteral("2"),
                              QString()}));
        row.noteChange(1700000000.0);
        row.noteChange(1600000000.0); // older: kept out
        QCOMPARE(BluequeExportRows::listener(row).last(), QStringLiteral("2023-11-14T22:13:20.000+00:00"));
    }
};

QTEST_GUILESS_MAIN(TestTableColumns)
#include "tst_tablecolumns.moc"
