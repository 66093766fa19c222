// SPDX-License-Identifier: GPL-3.0-or-later
#include "auditlog.h"
#include "auditlogmodel.h"
#include "auditlogreader.h"
#include "auditlogscanner.h"

#include <QAbstractItemModelTester>
#include <QFile>
#include <QRandomGenerator>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <atomic>

// How the Activity page reads the audit log: only what was appended since the last read, a line
// still being written held back, a file cut or replaced read again from its start, and all of it
// on the reader's thread, never the GUI thread.
class TestAuditLogScanner final : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;

    QString path() const { return m_dir.filePath(QStringLiteral("audit.jsonl")); }

    static QByteArray line(int n)
    {
        AuditRecord r;
        r.time = QDateTime(QDate(2026, 11, 21), QTime(10, 0), Qt::UTC).addSecs(n);
        r.server = QStringLiteral("redis://127.0.0.1:6379/0");
        r.action = QStringLiteral("move");
        r.count = n;
        r.outcome = QStringLiteral("done");
        return AuditLog::toJsonLine(r) + '\n';
    }

    void write(const QByteArray &bytes, QIODevice::OpenMode mode = QIODevice::Append)
    {
        QFile file(path());
        QVERIFY(file.open(QIODevice::WriteOnly | mode));
        QCOMPARE(file.write(bytes), bytes.size());
    }

    static QList<qint64> offsets(const QList<AuditLine> &lines)
    {
        QList<qint64> out;
        for (const AuditLine &l : lines)
            out << qint64(l.offset);
        return out;
    }

    // The model's rows, decoded, as their Jobs counts (each test line's number).
    static QList<qint64> counts(AuditLogModel &model)
    {
        QList<qint64> out;
        for (int row = 0; row < model.rowCount(); ++row)
            out << model.index(row, AuditLogModel::CountColumn).data(AuditLogModel::SortRole).toLongLong();
        return out;
    }
    static bool allDecoded(AuditLogModel &model)
    {
        for (int row = 0; row < model.rowCount(); ++row) {
            if (!model.index(row, 0).data(AuditLogModel::DecodedRole).toBool())
                return false;
        }
        return true;
    }

private slots:
    void init() { QFile::remove(path()); }

    void firstPassNewestFirstThenOnlyWhatWasAppended()
    {
        QByteArray bytes;
        for (int i = 0; i < 100; ++i)
            bytes += line(i);
        write(bytes);
        AuditLogScanner scanner(path());
        // Small chunks: the first pass takes several steps, each one further back.
        QList<AuditLine> all;
        int steps = 0;
        while (!scanner.isComplete() || steps == 0) {
            const AuditLogScanner::Step step = scanner.step(1000);
            QVERIFY(step.newer.isEmpty());
            QVERIFY(!step.restarted);
            QVERIFY(step.older.size() < 100);
            all += step.older;
            ++steps;
        }
        QVERIFY(steps > 5);
        QCOMPARE(all.size(), 100);
        // Newest first, each line whole and in its place.
        const QList<QByteArray> read = scanner.read(all);
        for (int i = 0; i < 100; ++i)
            QCOMPARE(read.at(i) + '\n', line(99 - i));

        // Nothing appended: nothing found.
        AuditLogScanner::Step step = scanner.step();
        QVERIFY(step.newer.isEmpty() && step.older.isEmpty());

        // Two lines appended: those two, newest first, and nothing else is read again.
        write(line(100) + line(101));
        step = scanner.step();
        QCOMPARE(offsets(step.newer), (QList<qint64>{bytes.size() + line(100).size(), bytes.size()}));
        QVERIFY(step.older.isEmpty());
        QCOMPARE(scanner.read(step.newer).first() + '\n', line(101));
    }

    void aLineBeingWrittenIsHeldBack()
    {
        write(line(0));
        AuditLogScanner scanner(path());
        QCOMPARE(scanner.step().older.size(), 1);

        // The writer is in the middle of its append: no '\n' yet.
        const QByteArray next = line(1);
        write(next.left(20));
        AuditLogScanner::Step step = scanner.step();
        QVERIFY(step.newer.isEmpty());
        // A scanner opened now does not take the half line either.
        AuditLogScanner fresh(path());
        QCOMPARE(fresh.step().older.size(), 1);

        write(next.mid(20));
        step = scanner.step();
        QCOMPARE(step.newer.size(), 1);
        QCOMPARE(scanner.read(step.newer).first() + '\n', next);
    }

    void aCutOrReplacedFileIsReadAgain()
    {
        write(line(0) + line(1) + line(2));
        AuditLogScanner scanner(path());
        QCOMPARE(scanner.step().older.size(), 3);

        // Cut shorter than what was read.
        write(line(7), QIODevice::Truncate);
        AuditLogScanner::Step step = scanner.step();
        QVERIFY(step.restarted);
        QCOMPARE(step.older.size(), 1);
        QCOMPARE(scanner.read(step.older).first() + '\n', line(7));

        // Rotated: renamed away, a new file under the name, larger than the old one.
        QVERIFY(QFile::rename(path(), m_dir.filePath(QStringLiteral("audit.jsonl.1"))));
        write(line(20) + line(21) + line(22) + line(23));
        step = scanner.step();
        QVERIFY(step.restarted);
        QCOMPARE(step.older.size(), 4);

        // Deleted: an empty log.
        QVERIFY(QFile::remove(path()));
        step = scanner.step();
        QVERIFY(step.restarted);
        QVERIFY(step.older.isEmpty() && step.newer.isEmpty() && step.error.isEmpty());
    }

    void forEachLineReadsEveryCompleteLine()
    {
        QByteArray bytes;
        for (int i = 0; i < 5000; ++i)
            bytes += line(i);
        write(bytes + "\n   \n" + line(5000) + "{\"half");
        QList<QByteArray> seen;
        QVERIFY(AuditLogScanner::forEachLine(path(), [&seen](const QByteArray &l) { seen << QByteArray(l); }));
        QCOMPARE(seen.size(), 5001); // the blank line passed over, the half line held back
        QCOMPARE(seen.first() + '\n', line(0));
        QCOMPARE(seen.last() + '\n', line(5000));
    }

    void anyContentAnyChunkFindsWhatAForwardReadFinds()
    {
        // Random bytes heavy in line breaks, blanks and long lines, read back in chunks of 1 to 64
        // bytes: the first pass finds the same complete lines as a plain forward read, newest first.
        QRandomGenerator random(15);
        const char alphabet[] = {'\n', '\n', ' ', '\r', '{', '}', 'a', 'b', '"', '\t'};
        for (int round = 0; round < 300; ++round) {
            QByteArray bytes;
            const int size = random.bounded(400);
            for (int i = 0; i < size; ++i)
                bytes += alphabet[random.bounded(int(sizeof alphabet))];
            write(bytes, QIODevice::Truncate);
            QList<QByteArray> forward;
            QVERIFY(AuditLogScanner::forEachLine(path(), [&forward](const QByteArray &l) { forward << l; }));
            AuditLogScanner scanner(path());
            QList<AuditLine> found;
            const qint64 chunk = 1 + random.bounded(64);
            for (int steps = 0; steps == 0 || !scanner.isComplete(); ++steps)
                found += scanner.step(chunk).older;
            const QList<QByteArray> lines = scanner.read(found);
            QCOMPARE(lines.size(), forward.size());
            for (qsizetype i = 0; i < lines.size(); ++i)
                QCOMPARE(lines.at(i), forward.at(forward.size() - 1 - i));
        }
    }

    void theModelReadsOffTheGuiThreadAndOnlyWhatWasAppended()
    {
        write(line(0) + line(1) + "not json at all\n" + line(2));
        AuditLogModel model(path());
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Fatal);
        QVERIFY(model.readerThread() != QThread::currentThread());

        QTRY_COMPARE(model.rowCount(), 4);
        QTRY_VERIFY(allDecoded(model));
        QCOMPARE(counts(model), (QList<qint64>{2, 0, 1, 0}));
        QCOMPARE(model.damagedLines(), 1);
        QCOMPARE(model.index(1, AuditLogModel::ActionColumn).data().toString(), QStringLiteral("damaged line"));
        QCOMPARE(model.index(1, AuditLogModel::DetailsColumn).data().toString(), QStringLiteral("not json at all"));

        // The reader says where it runs: a direct connection runs on the thread that emits.
        std::atomic<QThread *> foundOn{nullptr};
        std::atomic<QThread *> decodedOn{nullptr};
        QObject probe;
        connect(
            model.reader(), &AuditLogReader::found, &probe, [&foundOn] { foundOn = QThread::currentThread(); },
            Qt::DirectConnection);
        connect(
            model.reader(), &AuditLogReader::decoded, &probe, [&decodedOn] { decodedOn = QThread::currentThread(); },
            Qt::DirectConnection);

        QSignalSpy inserted(&model, &QAbstractItemModel::rowsInserted);
        QSignalSpy reset(&model, &QAbstractItemModel::modelReset);
        write(line(3) + line(4));
        model.reload();
        QTRY_COMPARE(model.rowCount(), 6);
        QCOMPARE(inserted.size(), 1);
        QCOMPARE(inserted.first().at(1).toInt(), 0); // on top
        QCOMPARE(inserted.first().at(2).toInt(), 1);
        QCOMPARE(reset.size(), 0);
        QTRY_VERIFY(allDecoded(model));
        QCOMPARE(counts(model), (QList<qint64>{4, 3, 2, 0, 1, 0}));
        QCOMPARE(foundOn.load(), model.readerThread());
        QCOMPARE(decodedOn.load(), model.readerThread());
        QVERIFY(model.readerThread() != QThread::currentThread());

        // Cut: read again from the start, the old rows gone.
        write(line(9), QIODevice::Truncate);
        model.reload();
        QTRY_COMPARE(reset.size(), 1);
        QTRY_COMPARE(model.rowCount(), 1);
        QTRY_VERIFY(allDecoded(model));
        QCOMPARE(counts(model), (QList<qint64>{9}));
        QCOMPARE(model.damagedLines(), 0);
    }
};

QTEST_GUILESS_MAIN(TestAuditLogScanner)
#include "tst_auditlogscanner.moc"
