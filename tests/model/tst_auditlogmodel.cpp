// SPDX-License-Identifier: GPL-3.0-or-later
#include "auditlog.h"
#include "auditlogmodel.h"

#include <QAbstractItemModelTester>
#include <QFile>
#include <QItemSelectionModel>
#include <QJsonArray>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

// The Activity page's table over the audit log: newest first, text for people and raw values for
// sorting, a reload that adds new actions on top without dropping the operator's selection, and
// rows decoded only when asked for (the file is read on the model's reader thread).
class TestAuditLogModel final : public QObject
{
    Q_OBJECT

    static AuditRecord record(const QString &action, qint64 count, int second)
    {
        AuditRecord r;
        r.time = QDateTime(QDate(2026, 11, 21), QTime(10, 0, second, 500), Qt::UTC);
        r.server = QStringLiteral("redis://127.0.0.1:6379/0");
        r.action = action;
        r.arguments.insert(QStringLiteral("from"), QStringLiteral("q1"));
        r.arguments.insert(QStringLiteral("to"), QStringLiteral("q2"));
        r.count = count;
        r.outcome = QStringLiteral("done");
        return r;
    }

    // Asks every row, as a view showing them all would, and waits until all are decoded.
    static bool decodeAll(AuditLogModel &model)
    {
        return QTest::qWaitFor(
            [&model] {
                bool all = model.isComplete();
                for (int row = 0; row < model.rowCount(); ++row)
                    all = model.index(row, 0).data(AuditLogModel::DecodedRole).toBool() && all;
                return all;
            },
            10000);
    }

private slots:
    void showsRecordsNewestFirst()
    {
        QTemporaryDir dir;
        AuditLog log(dir.filePath(QStringLiteral("audit.jsonl")));
        QVERIFY(log.append(record(QStringLiteral("move"), 1500, 1)));
        AuditRecord failed = record(QStringLiteral("cancel"), 0, 2);
        failed.arguments = QJsonObject{{QStringLiteral("jids"), QJsonArray{QStringLiteral("a")}}};
        failed.outcome = QStringLiteral("failed");
        failed.message = QStringLiteral("refused: it has dependents\nb, c");
        QVERIFY(log.append(failed));

        AuditLogModel model(log.filePath());
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Fatal);
        QTRY_COMPARE(model.rowCount(), 2);
        QVERIFY(decodeAll(model));
        QCOMPARE(model.columnCount(), int(AuditLogModel::ColumnCount));
        QCOMPARE(model.headerData(AuditLogModel::DetailsColumn, Qt::Horizontal).toString(), QStringLiteral("Details"));

        auto cell = [&model](int row, int column, int role = Qt::DisplayRole) {
            return model.index(row, column).data(role);
        };
        QCOMPARE(cell(0, AuditLogModel::ActionColumn).toString(), QStringLiteral("cancel"));
        QCOMPARE(cell(0, AuditLogModel::OutcomeColumn).toString(), QStringLiteral("Failed"));
        QCOMPARE(cell(0, AuditLogModel::OutcomeColumn, AuditLogModel::SortRole).toString(), QStringLiteral("failed"));
        QVERIFY(cell(0, AuditLogModel::OutcomeColumn, Qt::ForegroundRole).isValid());
        QCOMPARE(cell(0, AuditLogModel::DetailsColumn).toString(),
                 QStringLiteral("jids=[\"a\"]; refused: it has dependents"));
        QCOMPARE(cell(0, AuditLogModel::DetailsColumn, Qt::ToolTipRole).toString(), failed.message);

        QCOMPARE(cell(1, AuditLogModel::ActionColumn).toString(), QStringLiteral("move"));
        QCOMPARE(cell(1, AuditLogModel::ServerColumn).toString(), QStringLiteral("redis://127.0.0.1:6379/0"));
        QCOMPARE(cell(1, AuditLogModel::DetailsColumn).toString(), QStringLiteral("from=q1, to=q2"));
        QCOMPARE(cell(1, AuditLogModel::CountColumn).toString(), QLocale().toString(1500));
        QCOMPARE(cell(1, AuditLogModel::CountColumn, AuditLogModel::SortRole).toLongLong(), 1500);
        QCOMPARE(cell(1, AuditLogModel::OutcomeColumn).toString(), QStringLiteral("Done"));
        QVERIFY(!cell(1, AuditLogModel::OutcomeColumn, Qt::ForegroundRole).isValid());
        const QDateTime time = record(QString(), 0, 1).time;
        QCOMPARE(cell(1, AuditLogModel::TimeColumn, AuditLogModel::SortRole).toLongLong(), time.toMSecsSinceEpoch());
        QCOMPARE(cell(1, AuditLogModel::TimeColumn).toString(),
                 time.toLocalTime().toString(QStringLiteral("yyyy-MM-dd HH:mm:ss")));
        QCOMPARE(cell(1, AuditLogModel::TimeColumn, Qt::ToolTipRole).toString(),
                 QStringLiteral("2026-11-21 10:00:01.500 UTC"));
        QVERIFY(cell(0, AuditLogModel::TimeColumn, AuditLogModel::SortRole).toLongLong()
                > cell(1, AuditLogModel::TimeColumn, AuditLogModel::SortRole).toLongLong());
    }

    void aBulkRunsStartAndAMissingValueReadPlainly()
    {
        QTemporaryDir dir;
        AuditLog log(dir.filePath(QStringLiteral("audit.jsonl")));
        AuditRecord started = record(QStringLiteral("retry"), 0, 1);
        started.outcome = QStringLiteral("started");
        started.arguments = QJsonObject{{QStringLiteral("previous"), QJsonValue::Null}};
        QVERIFY(log.append(started));
        AuditLogModel model(log.filePath());
        QVERIFY(decodeAll(model));
        QCOMPARE(model.index(0, AuditLogModel::OutcomeColumn).data().toString(), QStringLiteral("Started"));
        QCOMPARE(model.index(0, AuditLogModel::DetailsColumn).data().toString(), QStringLiteral("previous=none"));
    }

    void reloadKeepsSelectionAndCountsDamage()
    {
        QTemporaryDir dir;
        AuditLog log(dir.filePath(QStringLiteral("audit.jsonl")));
        for (int i = 0; i < 3; ++i)
            QVERIFY(log.append(record(QStringLiteral("move"), i, i)));
        AuditLogModel model(log.filePath());
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Fatal);
        QTRY_COMPARE(model.rowCount(), 3);
        QVERIFY(decodeAll(model));
        QCOMPARE(model.damagedLines(), 0);

        QItemSelectionModel selection(&model);
        const QModelIndex oldest = model.index(2, 0);
        QCOMPARE(oldest.data(AuditLogModel::SortRole).toLongLong(), record(QString(), 0, 0).time.toMSecsSinceEpoch());
        selection.select(oldest, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);

        {
            QFile file(log.filePath());
            QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Append));
            file.write("not json\n");
        }
        QVERIFY(log.append(record(QStringLiteral("priority"), 7, 10)));
        QVERIFY(log.append(record(QStringLiteral("unfail"), 8, 11)));

        QSignalSpy resets(&model, &QAbstractItemModel::modelReset);
        QSignalSpy inserts(&model, &QAbstractItemModel::rowsInserted);
        model.reload();
        QTRY_COMPARE(model.rowCount(), 6);
        QCOMPARE(resets.count(), 0);
        QCOMPARE(inserts.count(), 1);
        QVERIFY(decodeAll(model));
        // The damaged line is a row of its own, marked, between the records around it.
        QCOMPARE(model.damagedLines(), 1);
        QCOMPARE(model.index(0, AuditLogModel::ActionColumn).data().toString(), QStringLiteral("unfail"));
        QCOMPARE(model.index(1, AuditLogModel::ActionColumn).data().toString(), QStringLiteral("priority"));
        QCOMPARE(model.index(2, AuditLogModel::ActionColumn).data().toString(), QStringLiteral("damaged line"));
        QCOMPARE(model.index(2, AuditLogModel::OutcomeColumn).data().toString(), QStringLiteral("Not a record"));
        QCOMPARE(model.index(2, AuditLogModel::OutcomeColumn).data(AuditLogModel::SortRole).toString(),
                 QStringLiteral("damaged"));
        QCOMPARE(model.index(2, AuditLogModel::DetailsColumn).data().toString(), QStringLiteral("not json"));
        // The same record is still the selected one, now further down.
        const QModelIndexList selected = selection.selectedRows();
        QCOMPARE(selected.size(), 1);
        QCOMPARE(selected.first().row(), 5);
        QCOMPARE(selected.first().data(AuditLogModel::KeyRole).toString(), // its place in the file
                 QStringLiteral("0"));

        // Reloading an unchanged file changes nothing.
        QSignalSpy changes(&model, &QAbstractItemModel::dataChanged);
        QSignalSpy status(&model, &AuditLogModel::statusChanged);
        model.reload();
        QVERIFY(status.wait());
        QCOMPARE(changes.count(), 0);
        QCOMPARE(model.rowCount(), 6);
    }

    void onlyRowsAskedForAreDecoded()
    {
        QTemporaryDir dir;
        AuditLog log(dir.filePath(QStringLiteral("audit.jsonl")));
        for (int i = 0; i < 1000; ++i)
            QVERIFY(log.append(record(QStringLiteral("move"), i, i % 60)));
        AuditLogModel model(log.filePath());
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Fatal);
        QTRY_VERIFY(model.isComplete());
        QCOMPARE(model.rowCount(), 1000);
        // A row not asked for yet shows a mark, and its block is read.
        const QModelIndex deep = model.index(700, AuditLogModel::CountColumn);
        QTRY_COMPARE(deep.data(AuditLogModel::SortRole).toLongLong(), 299);
        // Rows far from those asked stay undecoded: they cost their place in the file only.
        int decoded = 0;
        for (int row = 0; row < model.rowCount(); ++row)
            decoded += model.index(row, 0).data(AuditLogModel::DecodedRole).toBool() ? 1 : 0;
        QVERIFY2(decoded < 1000, qPrintable(QString::number(decoded)));
    }

    void emptyOrMissingLog()
    {
        QTemporaryDir dir;
        AuditLog log(dir.filePath(QStringLiteral("none/audit.jsonl")));
        AuditLogModel model(log.filePath());
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Fatal);
        QTRY_VERIFY(model.isComplete());
        QCOMPARE(model.rowCount(), 0);
        QCOMPARE(model.damagedLines(), 0);
        QVERIFY(model.readError().isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestAuditLogModel)
#include "tst_auditlogmodel.moc"
