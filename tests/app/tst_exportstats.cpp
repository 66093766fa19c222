// SPDX-License-Identifier: GPL-3.0-or-later
#include "cli/exportstatscommand.h"
#include "qlessfixture.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QImage>
#include <QProcess>
#include <QSvgRenderer>
#include <QTemporaryDir>
#include <QTest>
#include <QtMath>

// `qlessdesk export-stats`: the built executable is run as a cron job would run it, against a
// private redis-server seeded through our scripts; every bad input ends in one line on stderr, a
// non-zero exit and no file.
class TstExportStats : public QObject
{
    Q_OBJECT

private:
    // 2024-03-10 00:00 UTC, a day long past: the command refuses days that have not begun.
    static constexpr double Day = 1710028800;
    QlessFixture m_qless;
    QTemporaryDir m_dir;

    struct Result
    {
        int exitCode = -1;
        QByteArray out;
        QByteArray err;
    };

    static QString executable()
    {
        // tests/app/<test> -> app/qlessdesk in the same build tree.
        return QDir::cleanPath(QCoreApplication::applicationDirPath() + QStringLiteral("/../../app/qlessdesk"));
    }

    QString url() { return QStringLiteral("unix://") + m_qless.server().socketPath(); }
    QString path(const QString &name) const { return m_dir.filePath(name); }
    QStringList filesInDir() const { return QDir(m_dir.path()).entryList(QDir::Files | QDir::Hidden); }

    static Result run(const QStringList &arguments, bool withDisplay = false)
    {
        QProcess process;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        // As under cron: no display at all, and no platform chosen for it.
        env.remove(QStringLiteral("DISPLAY"));
        env.remove(QStringLiteral("WAYLAND_DISPLAY"));
        env.remove(QStringLiteral("REDIS_URL"));
        if (!withDisplay)
            env.remove(QStringLiteral("QT_QPA_PLATFORM"));
        process.setProcessEnvironment(env);
        process.start(executable(), QStringList{QStringLiteral("export-stats")} + arguments);
        Result result;
        if (!process.waitForFinished(120000)) {
            process.kill();
            process.waitForFinished();
            return result;
        }
        result.exitCode = process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -2;
        result.out = process.readAllStandardOutput();
        result.err = process.readAllStandardError();
        return result;
    }

    // A failure as the command promises it: non-zero, one line naming the problem, no file.
    void expectFailure(const QStringList &arguments, const QString &expected)
    {
        const Result result = run(arguments);
        QVERIFY2(result.exitCode > 0,
                 qPrintable(
                     QStringLiteral("exit %1, stderr: %2").arg(result.exitCode).arg(QString::fromUtf8(result.err))));
        const QString err = QString::fromUtf8(result.err);
        QVERIFY2(err.startsWith(QStringLiteral("qlessdesk export-stats: ")), qPrintable(err));
        QVERIFY2(err.endsWith(QLatin1Char('\n')) && err.count(QLatin1Char('\n')) == 1, qPrintable(err));
        QVERIFY2(err.contains(expected), qPrintable(QStringLiteral("%1 lacks \"%2\"").arg(err, expected)));
        QVERIFY2(filesInDir().isEmpty(), qPrintable(filesInDir().join(QLatin1Char(','))));
    }

    QStringList args(const QString &out, const QStringList &extra = {})
    {
        return QStringList{QStringLiteral("--url"),   url(),
                           QStringLiteral("--queue"), QStringLiteral("crawl"),
                           QStringLiteral("--date"),  QStringLiteral("2024-03-10"),
                           QStringLiteral("--out"),   out}
               + extra;
    }

    void job(const QByteArray &jid, double putAt, double wait, double run)
    {
        QCOMPARE(m_qless.put("crawl", jid, putAt).bytes, jid);
        QCOMPARE(m_qless.pop("crawl", "w", 1, putAt + wait), QList<QByteArray>{jid});
        QCOMPARE(m_qless.call(QStringLiteral("complete"), {jid, "w", "crawl", num(putAt + wait + run), "{}"}).bytes,
                 QByteArray("complete"));
    }

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        QVERIFY2(QFileInfo(executable()).isExecutable(), qPrintable(executable()));
        QString error;
        QVERIFY2(m_qless.start(&error), qPrintable(error));
        // Waits 3 s, 3 s, 75 s and 2 h; runs 10 s, 10 s, 130 s and 3 h, all on 2024-03-10.
        job("a", Day + 3600, 3, 10);
        job("b", Day + 3700, 3, 10);
        job("c", Day + 3800, 75, 130);
        job("d", Day + 3900, 7200, 10800);
        // Another queue, so that the list of queues is not just ours.
        QCOMPARE(m_qless.put("mail", "m", Day + 100).bytes, QByteArray("m"));
    }

    void cleanup()
    {
        for (const QString &f : filesInDir())
            QFile::remove(path(f));
    }

    void parsesAGoodCommandLine()
    {
        ExportStatsCommand::Options options;
        QString error;
        QVERIFY2(ExportStatsCommand::parse(args(QStringLiteral("x.png"),
                                                {QStringLiteral("--size"), QStringLiteral("800x600"),
                                                 QStringLiteral("--kind"), QStringLiteral("run")}),
                                           &options, &error),
                 qPrintable(error));
        QCOMPARE(options.queue, QStringLiteral("crawl"));
        QCOMPARE(options.date, QDate(2024, 3, 10));
        QCOMPARE(options.size, QSize(800, 600));
        QCOMPARE(options.kinds, QList<StatsSeries::Kind>{StatsSeries::Kind::Run});
        QVERIFY(ExportStatsCommand::parse(args(QStringLiteral("x.csv")), &options, &error));
        QCOMPARE(options.kinds.size(), 2);
        QCOMPARE(options.size, QSize(1200, 700));
    }

    void helpListsTheOptions()
    {
        const Result result = run({QStringLiteral("--help")});
        QCOMPARE(result.exitCode, 0);
        for (const char *option : {"--url", "--queue", "--date", "--kind", "--size", "--out"})
            QVERIFY2(result.out.contains(option), option);
    }

    void writesAPng()
    {
        const QString file = path(QStringLiteral("crawl.png"));
        const Result result = run(args(file, {QStringLiteral("--size"), QStringLiteral("900x500")}));
        QVERIFY2(result.exitCode == 0, result.err.constData());
        QVERIFY(result.err.isEmpty());
        QImage image;
        QVERIFY(image.load(file));
        QCOMPARE(image.size(), QSize(900, 500));
        int dark = 0;
        for (int y = 0; y < image.height(); y += 3) {
            for (int x = 0; x < image.width(); x += 3)
                dark += qGray(image.pixel(x, y)) < 128;
        }
        QVERIFY(dark > 100);
        // Light unless asked: the corner is the chart's white background.
        QCOMPARE(image.pixelColor(2, 2), QColor(Qt::white));
    }

    // --theme dark: the same chart on the dark palette's base, for a dark slide or wiki.
    void writesADarkPngWhenAsked()
    {
        const QString file = path(QStringLiteral("crawl-dark.png"));
        const Result result = run(args(file, {QStringLiteral("--size"), QStringLiteral("900x500"),
                                              QStringLiteral("--theme"), QStringLiteral("dark")}));
        QVERIFY2(result.exitCode == 0, result.err.constData());
        QImage image;
        QVERIFY(image.load(file));
        QVERIFY2(qGray(image.pixel(2, 2)) < 64, qPrintable(image.pixelColor(2, 2).name()));
    }

    void writesAnSvg()
    {
        const QString file = path(QStringLiteral("crawl.svg"));
        const Result result = run(args(file, {QStringLiteral("--kind"), QStringLiteral("wait")}));
        QVERIFY2(result.exitCode == 0, result.err.constData());
        QSvgRenderer renderer(file);
        QVERIFY(renderer.isValid());
        QCOMPARE(renderer.defaultSize(), QSize(1200, 700));
        QFile svg(file);
        QVERIFY(svg.open(QIODevice::ReadOnly));
        QVERIFY(svg.readAll().contains("Wait time · crawl · 2024-03-10"));
    }

    void writesAPdf()
    {
        const QString file = path(QStringLiteral("crawl.pdf"));
        const Result result = run(args(file));
        QVERIFY2(result.exitCode == 0, result.err.constData());
        QFile pdf(file);
        QVERIFY(pdf.open(QIODevice::ReadOnly));
        const QByteArray bytes = pdf.readAll();
        QVERIFY(bytes.startsWith("%PDF-"));
        QVERIFY(bytes.contains("trailer") || bytes.contains("/Root"));
        QVERIFY(bytes.trimmed().endsWith("%%EOF"));
    }

    void writesTheNumbersAsCsv()
    {
        const QString file = path(QStringLiteral("crawl.csv"));
        const Result result = run(args(file));
        QVERIFY2(result.exitCode == 0, result.err.constData());
        QFile csv(file);
        QVERIFY(csv.open(QIODevice::ReadOnly));
        const QList<QByteArray> lines = csv.readAll().split('\n');
        QCOMPARE(lines.value(0), QByteArray("bin,wait · 2024-03-10 · crawl,run · 2024-03-10 · crawl\r"));
        QCOMPARE(lines.value(1 + 3), QByteArray("3 s,2,0\r"));       // s3: two waits of 3 s
        QCOMPARE(lines.value(1 + 10), QByteArray("10 s,0,2\r"));     // s10: two runs of 10 s
        QCOMPARE(lines.value(1 + 60), QByteArray("1 min,1,0\r"));    // m1: 75 s
        QCOMPARE(lines.value(1 + 61), QByteArray("2 min,0,1\r"));    // m2: 130 s
        QCOMPARE(lines.value(1 + 119 + 1), QByteArray("2 h,1,0\r")); // h2: 2 h
        QCOMPARE(lines.value(1 + 119 + 2), QByteArray("3 h,0,1\r")); // h3: 3 h
        QCOMPARE(lines.value(1 + 148), QByteArray("count,4,4\r"));
        QCOMPARE(lines.value(1 + 149), QByteArray("mean,1820.25,2737.5\r"));
        // qless's sample deviation, worked out here from the durations themselves.
        const auto deviation = [](const QList<double> &values, double mean) {
            double squares = 0;
            for (double v : values)
                squares += (v - mean) * (v - mean);
            return qSqrt(squares / (values.size() - 1));
        };
        const QList<QByteArray> std = lines.value(1 + 150).trimmed().split(',');
        QCOMPARE(std.value(0), QByteArray("std"));
        QVERIFY(qAbs(std.value(1).toDouble() - deviation({3, 3, 75, 7200}, 1820.25)) < 1e-6);
        QVERIFY(qAbs(std.value(2).toDouble() - deviation({10, 10, 130, 10800}, 2737.5)) < 1e-6);
    }

    void worksWithTheOffscreenPlatformAlreadyChosen()
    {
        const QString file = path(QStringLiteral("crawl.png"));
        const Result result = run(args(file), true);
        QVERIFY2(result.exitCode == 0, result.err.constData());
        QVERIFY(QImage(file).size() == QSize(1200, 700));
    }

    void rejectsBadInput_data()
    {
        QTest::addColumn<QStringList>("arguments");
        QTest::addColumn<QString>("expected");
        const QString png = QStringLiteral("out.png");
        const auto without = [this, png](const QString &option) {
            QStringList a = args(path(png));
            const int at = int(a.indexOf(option));
            a.remove(at, 2);
            return a;
        };
        QTest::newRow("nothing") << QStringList() << QStringLiteral("Missing --url");
        QTest::newRow("no queue") << without(QStringLiteral("--queue")) << QStringLiteral("Missing --queue");
        QTest::newRow("no date") << without(QStringLiteral("--date")) << QStringLiteral("Missing --date");
        QTest::newRow("no out") << without(QStringLiteral("--out")) << QStringLiteral("Missing --out");
        QTest::newRow("unknown option") << args(path(png), {QStringLiteral("--colour")})
                                        << QStringLiteral("Unknown option 'colour'");
        QTest::newRow("stray argument") << args(path(png), {QStringLiteral("extra")})
                                        << QStringLiteral("Unexpected argument \"extra\"");
        QStringList a = args(path(png));
        a[5] = QStringLiteral("2024-02-30");
        QTest::newRow("impossible date") << a << QStringLiteral("Bad --date \"2024-02-30\"");
        a[5] = QStringLiteral("10/03/2024");
        QTest::newRow("date format") << a << QStringLiteral("expected a day as YYYY-MM-DD");
        a[5] = QStringLiteral("2999-01-01");
        QTest::newRow("future date") << a << QStringLiteral("has not begun yet");
        QTest::newRow("bad kind") << args(path(png), {QStringLiteral("--kind"), QStringLiteral("queued")})
                                  << QStringLiteral("Bad --kind \"queued\"");
        QTest::newRow("bad theme") << args(path(png), {QStringLiteral("--theme"), QStringLiteral("blue")})
                                   << QStringLiteral("Bad --theme \"blue\"");
        QTest::newRow("bad size") << args(path(png), {QStringLiteral("--size"), QStringLiteral("1200")})
                                  << QStringLiteral("Bad --size \"1200\"");
        QTest::newRow("tiny size") << args(path(png), {QStringLiteral("--size"), QStringLiteral("50x50")})
                                   << QStringLiteral("between 100 and 10000");
        QTest::newRow("huge png") << args(path(png), {QStringLiteral("--size"), QStringLiteral("10000x10000")})
                                  << QStringLiteral("megapixels");
        QTest::newRow("bad extension") << args(path(QStringLiteral("out.jpg")))
                                       << QStringLiteral(".png, .svg, .pdf or .csv");
        QTest::newRow("bad url") << QStringList{QStringLiteral("--url"),   QStringLiteral("http://x"),
                                                QStringLiteral("--queue"), QStringLiteral("crawl"),
                                                QStringLiteral("--date"),  QStringLiteral("2024-03-10"),
                                                QStringLiteral("--out"),   path(png)}
                                 << QStringLiteral("Bad --url");
        a = args(path(png));
        a[3] = QStringLiteral("crawler");
        QTest::newRow("unknown queue") << a << QStringLiteral("Unknown queue \"crawler\"");
        a = args(path(png));
        a[5] = QStringLiteral("2024-03-09");
        QTest::newRow("no data") << a
                                 << QStringLiteral("No data: queue \"crawl\" has no wait or run times on 2024-03-09");
        QTest::newRow("missing folder") << args(path(QStringLiteral("gone/out.png")))
                                        << QStringLiteral("does not exist");
        QTest::newRow("folder as out") << args(m_dir.path() + QStringLiteral("/."))
                                       << QStringLiteral("file name must end in");
        a = args(path(png));
        a[1] = QStringLiteral("unix://") + path(QStringLiteral("no-such.sock"));
        QTest::newRow("no server") << a << QStringLiteral("Cannot connect to");
        a[1] = QStringLiteral("redis://127.0.0.1:1/0");
        QTest::newRow("refused") << a << QStringLiteral("Cannot connect to redis://127.0.0.1:1");
    }

    void rejectsBadInput()
    {
        QFETCH(QStringList, arguments);
        QFETCH(QString, expected);
        expectFailure(arguments, expected);
    }

    void leavesAnOldFileAloneOnFailure()
    {
        const QString file = path(QStringLiteral("report.png"));
        {
            QFile old(file);
            QVERIFY(old.open(QIODevice::WriteOnly));
            old.write("old");
        }
        QStringList a = args(file);
        a[5] = QStringLiteral("2024-03-09");
        const Result result = run(a);
        QVERIFY(result.exitCode > 0);
        QFile old(file);
        QVERIFY(old.open(QIODevice::ReadOnly));
        QCOMPARE(old.readAll(), QByteArray("old"));
    }
};

QTEST_MAIN(TstExportStats)
#include "tst_exportstats.moc"
