// SPDX-License-Identifier: GPL-3.0-or-later
#include "tablecopy.h"

#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QStandardItemModel>
#include <QTableView>
#include <QTest>

// Ctrl+C on a table: the selected rows as tab-separated text, ready to paste into a spreadsheet,
// where a cell that begins with = + - @ would run as a formula. Such cells are defused as the CSV
// export defuses them; numbers as the window shows them stay numbers.
class TestTableCopy final : public QObject
{
    Q_OBJECT

    static QString copied(QTableView &view)
    {
        QApplication::clipboard()->clear();
        QTest::keySequence(&view, QKeySequence::Copy);
        return QApplication::clipboard()->text();
    }

private slots:
    void initTestCase() { QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates)); }

    void cellsThatWouldRunAsFormulasAreDefused()
    {
        QStandardItemModel model(0, 3);
        model.setHorizontalHeaderLabels({QStringLiteral("Job"), QStringLiteral("Priority"), QStringLiteral("Message")});
        const QList<QStringList> rows{
            {QStringLiteral("=HYPERLINK(\"http://evil.example\",\"click\")"), QStringLiteral("-3"),
             QStringLiteral("plain text")},
            {QStringLiteral("@SUM(A1:A9)"), QStringLiteral("-1,500"), QStringLiteral("+cmd|' /C calc'!A0")},
            {QStringLiteral("-2+3"), QStringLiteral("-0.5"), QStringLiteral("\t=hidden")},
            {QStringLiteral("-"), QStringLiteral("1e+09"), QStringLiteral("a = b")},
        };
        for (const QStringList &row : rows) {
            QList<QStandardItem *> items;
            for (const QString &text : row)
                items << new QStandardItem(text);
            model.appendRow(items);
        }
        QTableView view;
        view.setModel(&model);
        TableCopy::install(&view);
        view.show();
        QVERIFY(QTest::qWaitForWindowActive(&view));
        view.setFocus();
        view.selectAll();

        const QString expected = QStringLiteral("Job\tPriority\tMessage\n"
                                                "'=HYPERLINK(\"http://evil.example\",\"click\")\t-3\tplain text\n"
                                                "'@SUM(A1:A9)\t-1,500\t'+cmd|' /C calc'!A0\n"
                                                "'-2+3\t-0.5\t =hidden\n"
                                                "'-\t1e+09\ta = b\n");
        QCOMPARE(copied(view), expected);
        // The same text from the copy entry of a row's menu.
        QCOMPARE(TableCopy::selectedRows(&view), expected);
    }

    // A number is read in the locale the window shows it in, as the paste will be.
    void numbersAreReadInTheWindowsLocale()
    {
        QStandardItemModel model(0, 2);
        model.setHorizontalHeaderLabels({QStringLiteral("Anzahl"), QStringLiteral("Mittel")});
        model.appendRow({new QStandardItem(QStringLiteral("-1.500")), new QStandardItem(QStringLiteral("-0,5"))});
        model.appendRow({new QStandardItem(QStringLiteral("-1,500.5")), new QStandardItem(QStringLiteral("-inf"))});
        QTableView view;
        view.setModel(&model);
        view.selectAll();
        QLocale::setDefault(QLocale(QLocale::German, QLocale::Germany));
        const QString copied = TableCopy::selectedRows(&view);
        QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates));
        // An English number is no German one, and no finite number is a formula's name.
        QCOMPARE(copied, QStringLiteral("Anzahl\tMittel\n-1.500\t-0,5\n'-1,500.5\t'-inf\n"));
    }
};

QTEST_MAIN(TestTableCopy)
#include "tst_tablecopy.moc"
