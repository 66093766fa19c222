// SPDX-License-Identifier: GPL-3.0-or-later
#include "auditlog.h"
#include "auditlogforwardreader.h"
#include "tableexport.h"
#include "tableexportrows.h"

#include <QFile>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

// Exporting the Activity view reads the audit log oldest first, a piece at a time with the event
// loop free in between (a log of a million records never stalls the window that asked), leaves
// out what is not a whole record, and writes every record once, in the file's order.
class TestActivityExport final : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;

    QString path() const { return m_dir.filePath(QStringLiteral("audit.jsonl")); }

    static QByteArray line(int n)
    {
        AuditRecord r;
        r.time = QDateTime(QDate(2026, 11, 26), QTime(9, 0), Qt::UTC).addSecs(n);
        r.server = QStringLiteral("redis://127.0.0.1:6379/0");
        r.action = QStringLiteral("retry");
        r.arguments.insert(QStringLiteral("group"), QStringLiteral("crawl-TimeoutError"));
        r.count = n;
        r.outcome = QStringLiteral("done");
        r.message = QStringLiteral("Retried %1 jobs").arg(n);
        return AuditLog::toJsonLine(r) + '\n';
    }

    void write(const QByteArray &bytes)
    {
        QFile file(path());
        QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
        QCOMPARE(file.write(bytes), bytes.size());
    }

    TableExportView activityView() const
    {
        TableExportView view(TableExportView::Kind::Activity);
        view.auditLogPath = path();
        return view;
    }

private slots:
    void initTestCase() { QVERIFY(m_dir.isValid()); }

    void readerHandsOutWholeLinesAcrossPieces()
    {
        write(line(1) + "   \n" + line(2) + line(3) + "{\"time\":\"2026-11-26T09:");
        AuditLogForwardReader reader(path());
        QVERIFY(reader.open());
        QList<QByteArray> lines;
        int calls = 0;
        while (!reader.atEnd()) {
            lines << reader.next(7); // far shorter than a line: each piece ends inside one
            ++calls;
        }
        QCOMPARE(lines.size(), 3); // the blank line passed over, the unfinished last one held back
        QCOMPARE(lines.at(0) + '\n', line(1));
        QCOMPARE(lines.at(2) + '\n', line(3));
        QVERIFY(calls >= 3);
    }

    void readerSaysWhyAFolderCannotBeRead()
    {
        AuditLogForwardReader reader(m_dir.path());
        QString error;
        QVERIFY(!reader.open(&error));
        QVERIFY2(error.contains(QStringLiteral("folder")), qPrintable(error));
        AuditLogForwardReader missing(m_dir.filePath(QStringLiteral("never-written.jsonl")));
        QVERIFY(missing.open()); // nothing written yet: an empty log
        QVERIFY(missing.atEnd());
        QVERIFY(missing.next().isEmpty());
    }

    void aLargeLogIsExportedInPiecesInItsOrder()
    {
        constexpr int Records = 5000; // about a megabyte: several pieces
        QByteArray bytes;
        for (int n = 1; n <= Records; ++n) {
            bytes += line(n);
            if (n == 1234)
                bytes += "not json at all\n"; // damaged: left out, as the page leaves it out
        }
        write(bytes);

        TableExport reading(nullptr, activityView());
        QList<QStringList> rows;
        int pieces = 0;
        connect(&reading, &TableExport::rowsReady, this, [&](const QList<QStringList> &got) {
            rows += got;
            ++pieces;
        });
        // A timer due at once fires between two pieces only when the loop is handed back.
        int turnsOfTheLoop = 0;
        QTimer ticker;
        ticker.setInterval(0);
        connect(&ticker, &QTimer::timeout, this, [&turnsOfTheLoop] { ++turnsOfTheLoop; });
        ticker.start();
        QSignalSpy finished(&reading, &TableExport::finished);
        reading.start();
        QVERIFY(finished.wait(30000));
        ticker.stop();
        QCOMPARE(finished.first().at(0).toBool(), true);

        QCOMPARE(rows.size(), Records);
        QVERIFY2(pieces > 3, qPrintable(QString::number(pieces)));
        QVERIFY2(turnsOfTheLoop >= pieces - 1,
                 qPrintable(QStringLiteral("%1 turns, %2 pieces").arg(turnsOfTheLoop).arg(pieces)));
        AuditRecord first;
        QVERIFY(AuditLog::fromJsonLine(line(1).trimmed(), &first));
        QCOMPARE(rows.first(), TableExportRows::audit(first));
        AuditRecord last;
        QVERIFY(AuditLog::fromJsonLine(line(Records).trimmed(), &last));
        QCOMPARE(rows.last(), TableExportRows::audit(last));
        QCOMPARE(reading.rowCount(), qint64(Records));
    }

    void cancellingStopsBetweenPieces()
    {
        QByteArray bytes;
        for (int n = 1; n <= 5000; ++n)
            bytes += line(n);
        write(bytes);
        TableExport reading(nullptr, activityView());
        qint64 delivered = 0;
        connect(&reading, &TableExport::rowsReady, this, [&](const QList<QStringList> &got) {
            delivered += got.size();
            reading.cancel(); // after the first piece, as the operator's Cancel would
        });
        QSignalSpy finished(&reading, &TableExport::finished);
        reading.start();
        QVERIFY(finished.wait(30000));
        QCOMPARE(finished.first().at(0).toBool(), false);
        QTest::qWait(50); // no piece is read after the end
        QVERIFY(delivered > 0);
        QVERIFY2(delivered < 5000, qPrintable(QString::number(delivered)));
        QCOMPARE(finished.size(), 1);
    }
};

QTEST_GUILESS_MAIN(TestActivityExport)
#include "tst_activityexport.moc"
