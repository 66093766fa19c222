// SPDX-License-Identifier: GPL-3.0-or-later
#include "jsontreemodel.h"

#include <QAbstractItemModelTester>
#include <QElapsedTimer>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSignalSpy>
#include <QTest>

#include <thread>

// A job's data as a tree: keys, values and types as the JSON says, nested nodes, scalars, text
// that is not JSON flagged, and huge data shown a chunk at a time with a "… N more" row.
class TestJsonTreeModel final : public QObject
{
    Q_OBJECT

    static QModelIndex find(const JsonTreeModel &model, const QString &key, const QModelIndex &parent = {})
    {
        for (int row = 0; row < model.rowCount(parent); ++row) {
            const QModelIndex index = model.index(row, JsonTreeModel::KeyColumn, parent);
            if (index.data().toString() == key)
                return index;
        }
        return {};
    }

    static QString cell(const QModelIndex &keyIndex, int column)
    {
        return keyIndex.siblingAtColumn(column).data().toString();
    }

private slots:
    void showsKeysValuesAndTypes()
    {
        JsonTreeModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Fatal);
        model.setJson(
            QStringLiteral(R"({"url":"https://example.com/a","depth":3,"ratio":0.25,"ok":true,)"
                           R"("none":null,"headers":{"accept":"text/html","tries":[1,2]},"note":"two\nlines"})"));
        QVERIFY(model.isValid());
        QCOMPARE(model.rowCount(), 7);
        const QModelIndex url = find(model, QStringLiteral("url"));
        QCOMPARE(cell(url, JsonTreeModel::ValueColumn), QStringLiteral("\"https://example.com/a\""));
        QCOMPARE(cell(url, JsonTreeModel::TypeColumn), QStringLiteral("string"));
        QCOMPARE(cell(find(model, QStringLiteral("depth")), JsonTreeModel::ValueColumn), QStringLiteral("3"));
        QCOMPARE(cell(find(model, QStringLiteral("ratio")), JsonTreeModel::ValueColumn), QStringLiteral("0.25"));
        QCOMPARE(cell(find(model, QStringLiteral("ok")), JsonTreeModel::TypeColumn), QStringLiteral("boolean"));
        QCOMPARE(cell(find(model, QStringLiteral("none")), JsonTreeModel::ValueColumn), QStringLiteral("null"));
        QCOMPARE(cell(find(model, QStringLiteral("note")), JsonTreeModel::ValueColumn),
                 QStringLiteral("\"two") + QChar(0x23CE) + QStringLiteral("lines\""));

        const QModelIndex headers = find(model, QStringLiteral("headers"));
        QCOMPARE(cell(headers, JsonTreeModel::ValueColumn), QStringLiteral("{2 keys}"));
        QCOMPARE(cell(headers, JsonTreeModel::TypeColumn), QStringLiteral("object"));
        QVERIFY(model.hasChildren(headers));
        QCOMPARE(model.rowCount(headers), 2);
        const QModelIndex tries = find(model, QStringLiteral("tries"), headers);
        QCOMPARE(cell(tries, JsonTreeModel::ValueColumn), QStringLiteral("[2 items]"));
        QCOMPARE(model.rowCount(tries), 2);
        const QModelIndex second = model.index(1, 0, tries);
        QCOMPARE(second.data().toString(), QStringLiteral("[1]"));
        QCOMPARE(cell(second, JsonTreeModel::ValueColumn), QStringLiteral("2"));
        QCOMPARE(second.parent(), tries);
        QCOMPARE(tries.parent(), headers);
        QVERIFY(!model.hasChildren(url));
    }

    void scalarDocument()
    {
        JsonTreeModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Fatal);
        model.setJson(QStringLiteral("\"just text\""));
        QVERIFY(model.isValid());
        QCOMPARE(model.rowCount(), 1);
        QCOMPARE(cell(model.index(0, 0), JsonTreeModel::ValueColumn), QStringLiteral("\"just text\""));
        model.setJson(QStringLiteral("42"));
        QVERIFY(model.isValid());
        QCOMPARE(cell(model.index(0, 0), JsonTreeModel::TypeColumn), QStringLiteral("number"));
    }

    void invalidTextIsFlagged()
    {
        JsonTreeModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Fatal);
        for (const QString &text : {QStringLiteral("{\"a\": 1"), QStringLiteral("not json"), QString(),
                                    QStringLiteral("{\"a\":1} trailing"), QStringLiteral("1, 2")}) {
            model.setJson(text);
            QVERIFY2(!model.isValid(), qPrintable(text));
            QVERIFY(!model.errorString().isEmpty());
            QCOMPARE(model.rowCount(), 0);
        }
        model.setJson(QStringLiteral("{}"));
        QVERIFY(model.isValid());
        QCOMPARE(model.rowCount(), 0);
    }

    void hugeDataInChunks()
    {
        // About 6 MB: 100,000 objects in one array.
        QJsonArray items;
        for (int i = 0; i < 100000; ++i)
            items.append(
                QJsonObject{{QStringLiteral("id"), i}, {QStringLiteral("name"), QStringLiteral("item %1").arg(i)}});
        const QString text = QString::fromUtf8(QJsonDocument(QJsonObject{{QStringLiteral("items"), items}}).toJson());
        QVERIFY(text.size() > 3'000'000);

        JsonTreeModel model;
        model.setChunkSize(1000);
        model.setJson(text);
        QVERIFY(model.isValid());
        const QModelIndex list = find(model, QStringLiteral("items"));
        QCOMPARE(model.rowCount(list), 1001); // a chunk and the "… more" row
        const QModelIndex more = model.index(1000, 0, list);
        QVERIFY(model.isMoreRow(more));
        QVERIFY(more.data(JsonTreeModel::MoreRole).toBool());
        QVERIFY(more.data().toString().contains(QStringLiteral("99,000")));
        QVERIFY(!model.hasChildren(more));
        QCOMPARE(model.index(999, 0, list).data().toString(), QStringLiteral("[999]"));

        model.showMore(more);
        QCOMPARE(model.rowCount(list), 2001);
        QVERIFY(model.index(2000, 0, list).data().toString().contains(QStringLiteral("98,000")));
        QCOMPARE(model.index(1500, 0, list).data().toString(), QStringLiteral("[1500]"));
    }

    // Parsed on another thread and swapped in: the rows a view shows first are made there, a
    // long string's cell and tooltip cut there; the model hands back the tree it showed before.
    void parsedOnAnotherThreadThenSwappedIn()
    {
        const QString blob(3 * 1024 * 1024, QLatin1Char('x'));
        const QString text = QStringLiteral("{\"blob\":\"") + blob + QStringLiteral("\",\"n\":[1,2,3]}");
        std::shared_ptr<JsonTreeModel::Parsed> parsed;
        std::thread worker([&] { parsed = JsonTreeModel::parse(text); });
        worker.join();
        QVERIFY(parsed);

        JsonTreeModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Fatal);
        model.setJson(QStringLiteral("{\"before\":1}"));
        QSignalSpy reset(&model, &QAbstractItemModel::modelReset);
        const std::shared_ptr<JsonTreeModel::Parsed> before = model.setParsed(parsed);
        QCOMPARE(reset.count(), 1);
        QVERIFY(before && before != parsed);
        QVERIFY(model.isValid());
        QCOMPARE(model.rowCount(), 2);
        const QModelIndex blobRow = find(model, QStringLiteral("blob"));
        const QString cellText = cell(blobRow, JsonTreeModel::ValueColumn);
        QCOMPARE(cellText.size(), 300 + 3); // quotes and the ellipsis
        QVERIFY(cellText.startsWith(QStringLiteral("\"xxx")));
        QCOMPARE(blobRow.siblingAtColumn(JsonTreeModel::ValueColumn).data(Qt::ToolTipRole).toString().size(), 4000);
        QCOMPARE(model.rowCount(find(model, QStringLiteral("n"))), 3);

        // Text that is not JSON, parsed elsewhere, says where it broke once swapped in.
        model.setParsed(JsonTreeModel::parse(QStringLiteral("{\"a\": oops")));
        QVERIFY(!model.isValid());
        QVERIFY(!model.errorString().isEmpty());
        QCOMPARE(model.rowCount(), 0);
    }

    void lastChunkRemovesTheMoreRow()
    {
        JsonTreeModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Fatal);
        model.setChunkSize(4);
        model.setJson(QStringLiteral("[0,1,2,3,4,5,6,7,8,9]"));
        QCOMPARE(model.rowCount(), 5);
        model.showMore(model.index(4, 0));
        QCOMPARE(model.rowCount(), 9);
        model.showMore(model.index(8, 0));
        QCOMPARE(model.rowCount(), 10);
        QVERIFY(!model.isMoreRow(model.index(9, 0)));
        QCOMPARE(cell(model.index(9, 0), JsonTreeModel::ValueColumn), QStringLiteral("9"));
    }
};

QTEST_GUILESS_MAIN(TestJsonTreeModel)
#include "tst_jsontreemodel.moc"
