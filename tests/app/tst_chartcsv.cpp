// SPDX-License-Identifier: GPL-3.0-or-later
#include "chartcsv.h"
#include "histogrambins.h"

#include <QTest>

// ChartCsv: read back with an RFC 4180 reader, every number is the series' own.
class TstChartCsv : public QObject
{
    Q_OBJECT

private:
    // Rows of fields: quoted fields may hold commas, quotes ("") and line breaks.
    static QList<QStringList> parse(const QByteArray &bytes)
    {
        const QString text = QString::fromUtf8(bytes);
        QList<QStringList> rows;
        QStringList row;
        QString field;
        bool quoted = false;
        for (int i = 0; i < text.size(); ++i) {
            const QChar c = text.at(i);
            if (quoted) {
                if (c == QLatin1Char('"') && i + 1 < text.size() && text.at(i + 1) == QLatin1Char('"')) {
                    field += c;
                    ++i;
                } else if (c == QLatin1Char('"')) {
                    quoted = false;
                } else {
                    field += c;
                }
            } else if (c == QLatin1Char('"')) {
                quoted = true;
            } else if (c == QLatin1Char(',')) {
                row << field;
                field.clear();
            } else if (c == QLatin1Char('\r') && i + 1 < text.size() && text.at(i + 1) == QLatin1Char('\n')) {
                row << field;
                field.clear();
                rows << row;
                row.clear();
                ++i;
            } else {
                field += c;
            }
        }
        if (!field.isEmpty() || !row.isEmpty())
            rows << (row << field);
        return rows;
    }

private slots:
    // A series name through the whole file: quoted where RFC 4180 needs it, kept whole, and one a
    // spreadsheet would run as a formula (a queue or job class anyone can name) defused.
    void seriesNames_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QByteArray>("header");
        QTest::addColumn<QString>("readBack");
        QTest::newRow("plain") << QStringLiteral("crawl") << QByteArray("bin,crawl\r\n") << QStringLiteral("crawl");
        QTest::newRow("comma") << QStringLiteral("a,b") << QByteArray("bin,\"a,b\"\r\n") << QStringLiteral("a,b");
        QTest::newRow("quote") << QStringLiteral("say \"hi\"") << QByteArray("bin,\"say \"\"hi\"\"\"\r\n")
                               << QStringLiteral("say \"hi\"");
        QTest::newRow("newline") << QStringLiteral("a\nb") << QByteArray("bin,\"a\nb\"\r\n") << QStringLiteral("a\nb");
        QTest::newRow("edge space") << QStringLiteral(" a") << QByteArray("bin,\" a\"\r\n") << QStringLiteral(" a");
        QTest::newRow("formula") << QStringLiteral("=HYPERLINK(\"http://evil.example\")")
                                 << QByteArray("bin,\"'=HYPERLINK(\"\"http://evil.example\"\")\"\r\n")
                                 << QStringLiteral("'=HYPERLINK(\"http://evil.example\")");
        QTest::newRow("at") << QStringLiteral("@crawl") << QByteArray("bin,'@crawl\r\n") << QStringLiteral("'@crawl");
        QTest::newRow("minus") << QStringLiteral("-1+1") << QByteArray("bin,'-1+1\r\n") << QStringLiteral("'-1+1");
        QTest::newRow("negative number") << QStringLiteral("-3") << QByteArray("bin,-3\r\n") << QStringLiteral("-3");
    }

    void seriesNames()
    {
        QFETCH(QString, name);
        QFETCH(QByteArray, header);
        QFETCH(QString, readBack);
        const QByteArray csv = ChartCsv::histograms({HistogramSeries(name)});
        QVERIFY2(csv.startsWith(header), csv.left(80).constData());
        QCOMPARE(parse(csv).at(0), (QStringList{QStringLiteral("bin"), readBack}));
    }

    void histogramsMatchTheSeriesExactly()
    {
        HistogramSeries a(QStringLiteral("wait · 2026-11-20 · crawl, eu"));
        HistogramSeries b(QStringLiteral("run \"nightly\""));
        for (int bin = 0; bin < HistogramBins::Count; ++bin) {
            a.counts[bin] = qint64(bin) * 7919 % 1000;
            b.counts[bin] = bin == HistogramBins::Count - 1 ? 9007199254740993LL : bin;
        }
        a.count = a.total();
        a.mean = 0.1 + 0.2; // 0.30000000000000004: only the shortest exact form reads back
        a.std = 1e-7;
        b.count = 42;
        b.mean = 123456.789;
        b.std = 0;

        const QByteArray csv = ChartCsv::histograms({a, b});
        QVERIFY(csv.endsWith("\r\n"));
        const QList<QStringList> rows = parse(csv);
        QCOMPARE(rows.size(), 1 + HistogramBins::Count + 3);
        QCOMPARE(rows.at(0), QStringList({QStringLiteral("bin"), a.name, b.name}));
        QVERIFY(csv.startsWith("bin,\"wait · 2026-11-20 · crawl, eu\",\"run \"\"nightly\"\"\"\r\n"));
        for (int bin = 0; bin < HistogramBins::Count; ++bin) {
            const QStringList &row = rows.at(1 + bin);
            QCOMPARE(row.size(), 3);
            QCOMPARE(row.at(0), HistogramBins::label(bin));
            QCOMPARE(row.at(1).toLongLong(), a.counts.at(bin));
            QCOMPARE(row.at(2).toLongLong(), b.counts.at(bin));
        }
        const int summary = 1 + HistogramBins::Count;
        QCOMPARE(rows.at(summary),
                 QStringList({QStringLiteral("count"), QString::number(a.count), QStringLiteral("42")}));
        QCOMPARE(rows.at(summary + 1).at(0), QStringLiteral("mean"));
        QCOMPARE(rows.at(summary + 1).at(1).toDouble(), a.mean);
        QCOMPARE(rows.at(summary + 1).at(2).toDouble(), b.mean);
        QCOMPARE(rows.at(summary + 2).at(0), QStringLiteral("std"));
        QCOMPARE(rows.at(summary + 2).at(1).toDouble(), a.std);
        QCOMPARE(rows.at(summary + 2).at(2), QStringLiteral("0"));
    }

    void noSeriesIsStillATable()
    {
        const QList<QStringList> rows = parse(ChartCsv::histograms({}));
        QCOMPARE(rows.size(), 1 + HistogramBins::Count + 3);
        QCOMPARE(rows.at(1), QStringList{QStringLiteral("0 s")});
    }

    void dailyTrendMatchesTheSeries()
    {
        DailyTrendSeries t(QStringLiteral("wait · crawl"));
        t.days << DailyTrendSeries::Day{QDate(2026, 11, 19), 0, 0.0}
               << DailyTrendSeries::Day{QDate(2026, 11, 20), 1234, 2.5e-3};
        const QList<QStringList> rows = parse(ChartCsv::dailyTrend(t));
        QCOMPARE(rows.size(), 3);
        QCOMPARE(rows.at(0), QStringList({QStringLiteral("date"), QStringLiteral("count"), QStringLiteral("mean")}));
        QCOMPARE(rows.at(1), QStringList({QStringLiteral("2026-11-19"), QStringLiteral("0"), QStringLiteral("0")}));
        QCOMPARE(rows.at(2).at(0), QStringLiteral("2026-11-20"));
        QCOMPARE(rows.at(2).at(1), QStringLiteral("1234"));
        QCOMPARE(rows.at(2).at(2).toDouble(), 2.5e-3);
    }
};

QTEST_MAIN(TstChartCsv)
#include "tst_chartcsv.moc"
