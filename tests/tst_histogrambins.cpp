// SPDX-License-Identifier: GPL-3.0-or-later
#include "histogrambins.h"

#include <QTest>

class TestHistogramBins final : public QObject
{
    Q_OBJECT

private slots:
    void boundaries_data()
    {
        QTest::addColumn<qint64>("seconds");
        QTest::addColumn<QString>("field");
        QTest::newRow("negative") << qint64(-5) << QStringLiteral("s0");
        QTest::newRow("0") << qint64(0) << QStringLiteral("s0");
        QTest::newRow("59") << qint64(59) << QStringLiteral("s59");
        QTest::newRow("60") << qint64(60) << QStringLiteral("m1");
        QTest::newRow("3599") << qint64(3599) << QStringLiteral("m59");
        QTest::newRow("3600") << qint64(3600) << QStringLiteral("h1");
        QTest::newRow("86399") << qint64(86399) << QStringLiteral("h23");
        QTest::newRow("86400") << qint64(86400) << QStringLiteral("d1");
        QTest::newRow("6 days") << qint64(6 * 86400) << QStringLiteral("d6");
        QTest::newRow("30 days") << qint64(30 * 86400) << QStringLiteral("d6");
    }

    void boundaries()
    {
        QFETCH(qint64, seconds);
        QFETCH(QString, field);
        const int index = HistogramBins::indexForSeconds(seconds);
        QCOMPARE(HistogramBins::fieldName(index), field);
        QCOMPARE(HistogramBins::indexForFieldName(field), index);
    }

    void everyBinRoundTrips()
    {
        QSet<QString> names;
        for (int i = 0; i < HistogramBins::Count; ++i) {
            const QString name = HistogramBins::fieldName(i);
            names.insert(name);
            QCOMPARE(HistogramBins::indexForFieldName(name), i);
            QCOMPARE(HistogramBins::indexForSeconds(HistogramBins::lowerBoundSeconds(i)), i);
        }
        QCOMPARE(names.size(), HistogramBins::Count);
        QCOMPARE(HistogramBins::fieldName(HistogramBins::Count - 1), QStringLiteral("d6"));
    }

    void rejectsOtherNames()
    {
        for (const char *name : {"", "s", "s60", "m0", "h24", "d0", "d7", "x1", "s01", "s-1"})
            QCOMPARE(HistogramBins::indexForFieldName(QString::fromLatin1(name)), -1);
    }

    void labels()
    {
        QCOMPARE(HistogramBins::label(7), QStringLiteral("7 s"));
        QCOMPARE(HistogramBins::label(HistogramBins::indexForSeconds(120)), QStringLiteral("2 min"));
        QCOMPARE(HistogramBins::label(HistogramBins::Count - 1), QStringLiteral("6 d+"));
    }
};

QTEST_GUILESS_MAIN(TestHistogramBins)
#include "tst_histogrambins.moc"
