// SPDX-License-Identifier: GPL-3.0-or-later
#include "charts/statschart.h"
#include "export/chartexporter.h"
#include "histogrambins.h"

#include <QClipboard>
#include <QDir>
#include <QFile>
#include <QGuiApplication>
#include <QImage>
#include <QPainter>
#include <QProcess>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QSvgRenderer>
#include <QTemporaryDir>
#include <QTest>
#include <QXmlStreamReader>

#include <unistd.h>

// ChartExporter: every format is loaded back or parsed, at the size asked for; failures come back
// as messages and leave nothing behind.
class TstChartExporter : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;

    QString path(const QString &name) const { return m_dir.filePath(name); }

    static void fill(StatsChart &chart)
    {
        HistogramSeries s(QStringLiteral("wait · 2026-11-20 · crawl"));
        for (int bin = 0; bin < 30; ++bin)
            s.counts[bin] = 100 - 3 * bin;
        s.counts[HistogramBins::indexForSeconds(7200)] = 5;
        s.count = s.total();
        s.mean = 12.5;
        s.std = 7.25;
        chart.setTitle(QStringLiteral("Wait time · crawl · 2026-11-20"));
        chart.setHistograms({s});
    }

    QStringList filesInDir() const { return QDir(m_dir.path()).entryList(QDir::Files | QDir::Hidden); }

private slots:
    void init() { QVERIFY(m_dir.isValid()); }

    void cleanup()
    {
        const QStringList files = filesInDir();
        for (const QString &f : files)
            QFile::remove(path(f));
    }

    void formatFromExtension()
    {
        QCOMPARE(ChartExporter::formatForPath(QStringLiteral("/a/b.PNG")), ChartExporter::Format::Png);
        QCOMPARE(ChartExporter::formatForPath(QStringLiteral("b.svg")), ChartExporter::Format::Svg);
        QCOMPARE(ChartExporter::formatForPath(QStringLiteral("b.Pdf")), ChartExporter::Format::Pdf);
        QCOMPARE(ChartExporter::formatForPath(QStringLiteral("b.csv")), ChartExporter::Format::Csv);
        QCOMPARE(ChartExporter::formatForPath(QStringLiteral("b.jpeg")), ChartExporter::Format::Unknown);
        QCOMPARE(ChartExporter::formatForPath(QStringLiteral("png")), ChartExporter::Format::Unknown);
    }

    void pngHasTheRequestedSize()
    {
        StatsChart chart;
        fill(chart);
        chart.resize(640, 480);
        for (const QSize size : {QSize(1600, 900), QSize(400, 300)}) {
            const QString file = path(QStringLiteral("chart.png"));
            QString error;
            QVERIFY2(ChartExporter::exportToFile(chart, file, size, &error), qPrintable(error));
            QImage image;
            QVERIFY(image.load(file));
            QCOMPARE(image.size(), size);
            // Something is drawn: the title's and bars' pixels are not all background.
            int dark = 0;
            for (int y = 0; y < image.height(); y += 3) {
                for (int x = 0; x < image.width(); x += 3)
                    dark += qGray(image.pixel(x, y)) < 128;
            }
            QVERIFY(dark > 100);
        }
        QCOMPARE(filesInDir(), QStringList{QStringLiteral("chart.png")});
    }

    void svgParsesAtTheRequestedSize()
    {
        StatsChart chart;
        fill(chart);
        const QString file = path(QStringLiteral("chart.svg"));
        QString error;
        QVERIFY2(ChartExporter::exportToFile(chart, file, QSize(1200, 700), &error), qPrintable(error));
        QSvgRenderer renderer(file);
        QVERIFY(renderer.isValid());
        QCOMPARE(renderer.defaultSize(), QSize(1200, 700));
        QCOMPARE(renderer.viewBox(), QRect(0, 0, 1200, 700));
        QFile svg(file);
        QVERIFY(svg.open(QIODevice::ReadOnly));
        QXmlStreamReader xml(&svg);
        bool sawTitle = false;
        while (!xml.atEnd()) {
            xml.readNext();
            if (xml.isCharacters() && xml.text().contains(QStringLiteral("Wait time · crawl")))
                sawTitle = true;
        }
        QVERIFY2(!xml.hasError(), qPrintable(xml.errorString()));
        QVERIFY(sawTitle);
    }

    void pdfIsAWholeDocumentOfTheRequestedSize()
    {
        StatsChart chart;
        fill(chart);
        const QString file = path(QStringLiteral("chart.pdf"));
        QString error;
        QVERIFY2(ChartExporter::exportToFile(chart, file, QSize(1200, 700), &error), qPrintable(error));
        QFile pdf(file);
        QVERIFY(pdf.open(QIODevice::ReadOnly));
        const QByteArray bytes = pdf.readAll();
        QVERIFY(bytes.startsWith("%PDF-"));
        QVERIFY(bytes.trimmed().endsWith("%%EOF"));
        // One page, as wide and high as asked at the layout resolution.
        const QRegularExpression mediaBox(QStringLiteral("/MediaBox \\[0 0 ([0-9.]+) ([0-9.]+)\\]"));
        const QRegularExpressionMatch match = mediaBox.match(QString::fromLatin1(bytes));
        QVERIFY(match.hasMatch());
        const qreal ratio = match.captured(1).toDouble() / match.captured(2).toDouble();
        QVERIFY(qAbs(ratio - 1200.0 / 700.0) < 0.01);
    }

    void pdfRendersWithPdftoppm()
    {
        const QString pdftoppm = QStandardPaths::findExecutable(QStringLiteral("pdftoppm"));
        if (pdftoppm.isEmpty())
            QSKIP("pdftoppm is not installed");
        StatsChart chart;
        fill(chart);
        const QString file = path(QStringLiteral("chart.pdf"));
        QString error;
        QVERIFY2(ChartExporter::exportToFile(chart, file, QSize(1200, 700), &error), qPrintable(error));
        QProcess process;
        process.start(pdftoppm, {QStringLiteral("-png"), QStringLiteral("-r"), QStringLiteral("72"),
                                 QStringLiteral("-singlefile"), file, path(QStringLiteral("page"))});
        QVERIFY(process.waitForFinished(120000));
        QCOMPARE(process.exitCode(), 0);
        QImage page;
        QVERIFY(page.load(path(QStringLiteral("page.png"))));
        QVERIFY(!page.isNull());
    }

    void csvIsTheChartsNumbers()
    {
        StatsChart chart;
        fill(chart);
        const QString file = path(QStringLiteral("chart.csv"));
        QString error;
        QVERIFY2(ChartExporter::exportToFile(chart, file, QSize(), &error), qPrintable(error));
        QFile csv(file);
        QVERIFY(csv.open(QIODevice::ReadOnly));
        const QByteArray bytes = csv.readAll();
        QCOMPARE(bytes, ChartExporter::csv(chart));
        QVERIFY(bytes.startsWith("bin,wait · 2026-11-20 · crawl\r\n0 s,100\r\n"));
        QVERIFY(bytes.endsWith("count,1700\r\nmean,12.5\r\nstd,7.25\r\n"));
    }

    void emptyChartExportsNoDataPicture()
    {
        StatsChart chart;
        const QString file = path(QStringLiteral("empty.svg"));
        QString error;
        QVERIFY2(ChartExporter::exportToFile(chart, file, QSize(800, 500), &error), qPrintable(error));
        QFile svg(file);
        QVERIFY(svg.open(QIODevice::ReadOnly));
        QVERIFY(svg.readAll().contains("No data"));
    }

    void unknownExtensionFailsWithAMessage()
    {
        StatsChart chart;
        fill(chart);
        QString error;
        QVERIFY(!ChartExporter::exportToFile(chart, path(QStringLiteral("chart.jpeg")), QSize(800, 500), &error));
        QVERIFY2(error.contains(QStringLiteral(".png, .svg, .pdf or .csv")), qPrintable(error));
        QVERIFY(filesInDir().isEmpty());
    }

    void badSizeFailsWithAMessage()
    {
        StatsChart chart;
        fill(chart);
        QString error;
        QVERIFY(!ChartExporter::exportToFile(chart, path(QStringLiteral("chart.png")), QSize(20, 500), &error));
        QVERIFY2(error.contains(QStringLiteral("20×500")), qPrintable(error));
        QVERIFY(!ChartExporter::exportToFile(chart, path(QStringLiteral("chart.pdf")), QSize(), &error));
        // Huge images are refused before any memory is asked for; vector formats take them.
        QVERIFY(!ChartExporter::exportToFile(chart, path(QStringLiteral("chart.png")), QSize(10000, 10000), &error));
        QVERIFY2(error.contains(QStringLiteral("megapixels")), qPrintable(error));
        QVERIFY(filesInDir().isEmpty());
        QVERIFY2(ChartExporter::exportToFile(chart, path(QStringLiteral("chart.svg")), QSize(10000, 10000), &error),
                 qPrintable(error));
    }

    void unwritablePathFailsAndLeavesNoFile_data()
    {
        QTest::addColumn<QString>("target");
        QTest::newRow("missing folder") << QStringLiteral("missing/sub/chart.png");
        QTest::newRow("file as folder") << QStringLiteral("plain.txt/chart.svg");
        QTest::newRow("folder as file") << QStringLiteral("folder.pdf");
    }

    void unwritablePathFailsAndLeavesNoFile()
    {
        QFETCH(QString, target);
        QFile plain(path(QStringLiteral("plain.txt")));
        QVERIFY(plain.open(QIODevice::WriteOnly));
        plain.close();
        QVERIFY(QDir(m_dir.path()).mkpath(QStringLiteral("folder.pdf")));

        StatsChart chart;
        fill(chart);
        QString error;
        QVERIFY(!ChartExporter::exportToFile(chart, path(target), QSize(800, 500), &error));
        QVERIFY2(error.startsWith(QStringLiteral("Cannot ")), qPrintable(error));
        QVERIFY2(error.contains(QDir::toNativeSeparators(path(target))), qPrintable(error));
        QCOMPARE(filesInDir(), QStringList{QStringLiteral("plain.txt")});
        QVERIFY(QDir(m_dir.path()).rmdir(QStringLiteral("folder.pdf")));
    }

    void readOnlyFolderFailsAndKeepsTheOldFile()
    {
        if (::geteuid() == 0)
            QSKIP("root writes into read-only folders");
        const QString sub = path(QStringLiteral("ro"));
        QVERIFY(QDir().mkpath(sub));
        QFile old(sub + QStringLiteral("/chart.csv"));
        QVERIFY(old.open(QIODevice::WriteOnly));
        old.write("old");
        old.close();
        QVERIFY(QFile::setPermissions(sub, QFileDevice::ReadOwner | QFileDevice::ExeOwner));
        StatsChart chart;
        fill(chart);
        QString error;
        const bool ok = ChartExporter::exportToFile(chart, sub + QStringLiteral("/chart.csv"), QSize(), &error);
        QFile::setPermissions(sub, QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner);
        QVERIFY(!ok);
        QVERIFY2(error.startsWith(QStringLiteral("Cannot write")), qPrintable(error));
        QCOMPARE(QDir(sub).entryList(QDir::Files | QDir::Hidden), QStringList{QStringLiteral("chart.csv")});
        QVERIFY(old.open(QIODevice::ReadOnly));
        QCOMPARE(old.readAll(), QByteArray("old"));
    }

    void copiesAnImageToTheClipboard()
    {
        StatsChart chart;
        fill(chart);
        QString error;
        QVERIFY2(ChartExporter::copyToClipboard(chart, QSize(900, 500), &error), qPrintable(error));
        QCOMPARE(QGuiApplication::clipboard()->image().size(), QSize(900, 500));
        QVERIFY(!ChartExporter::copyToClipboard(chart, QSize(50, 50), &error));
        QVERIFY2(error.contains(QStringLiteral("50×50")), qPrintable(error));
    }

    // Exports as an operator would open them, for people to look at.
    void screenshots()
    {
        QDir().mkpath(QStringLiteral(QLESSDESK_SCREENSHOT_DIR));
        const QString dir = QStringLiteral(QLESSDESK_SCREENSHOT_DIR "/");
        StatsChart chart;
        fill(chart);
        QString error;
        QVERIFY2(ChartExporter::exportToFile(chart, dir + QStringLiteral("export-1600x900.png"), QSize(1600, 900),
                                             &error),
                 qPrintable(error));
        QVERIFY2(ChartExporter::exportToFile(chart, dir + QStringLiteral("export-640x400.png"), QSize(640, 400),
                                             &error),
                 qPrintable(error));
        const QString svg = dir + QStringLiteral("export-1200x700.svg");
        QVERIFY2(ChartExporter::exportToFile(chart, svg, QSize(1200, 700), &error), qPrintable(error));
        QSvgRenderer renderer(svg);
        QImage image(renderer.defaultSize(), QImage::Format_ARGB32_Premultiplied);
        image.fill(Qt::white);
        QPainter painter(&image);
        renderer.render(&painter);
        painter.end();
        QVERIFY(image.save(dir + QStringLiteral("export-svg-rendered.png")));
    }
};

QTEST_MAIN(TstChartExporter)
#include "tst_chartexporter.moc"
