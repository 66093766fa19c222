// SPDX-License-Identifier: GPL-3.0-or-later
#include "historystore.h"
#include "historytesthelpers.h"
#include "qlessfixture.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QDir>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <csignal>

// `qlessdesk record` as an operator runs it: it records a real server into the file given until
// SIGTERM, writes what it counted and exits 0; a second one on the same file is refused (exit 1)
// while the first runs; a window's store opened meanwhile only reads, and sees the record.
class TestRecordCommand final : public QObject
{
    Q_OBJECT

private:
    QlessFixture m_q;
    QTemporaryDir m_dir;

    static QString program()
    {
        return QDir::cleanPath(QCoreApplication::applicationDirPath() + QStringLiteral("/../../app/qlessdesk"));
    }
    QString url() { return QStringLiteral("unix://") + m_q.server().socketPath(); }
    QString database() const { return m_dir.filePath(QStringLiteral("record.sqlite")); }

private slots:
    void initTestCase()
    {
        QString error;
        QVERIFY2(m_q.start(&error), qPrintable(error));
        QVERIFY2(QFile::exists(program()), qPrintable(program()));
    }

    void recordsUntilTerminatedAndIsTheOnlyRecorder()
    {
        const double now = double(QDateTime::currentMSecsSinceEpoch()) / 1000.0;
        QVERIFY(!m_q.put("crawl", "a", now).isError());
        QProcess recorder;
        recorder.start(program(), {QStringLiteral("record"), QStringLiteral("--url"), url(),
                                   QStringLiteral("--database"), database()});
        QVERIFY(recorder.waitForStarted());
        QByteArray said;
        QTRY_VERIFY2_WITH_TIMEOUT((said += recorder.readAllStandardOutput()).contains("recording"),
                                  QByteArray(said + recorder.readAllStandardError()).constData(), 20000);

        QProcess second;
        second.start(program(), {QStringLiteral("record"), QStringLiteral("--url"), url(), QStringLiteral("--database"),
                                 database()});
        QVERIFY(second.waitForFinished(20000));
        QCOMPARE(second.exitCode(), 1);
        const QByteArray refusal = second.readAllStandardError();
        QVERIFY2(refusal.contains(QByteArray::number(recorder.processId())), refusal.constData());

        // Let the subscription settle, then jobs happen while it records.
        QTest::qWait(1000);
        const bool sameMinute = QDateTime::currentMSecsSinceEpoch() / 60000 == qint64(now * 1000) / 60000;
        QVERIFY(!m_q.put("crawl", "b", now + 1).isError());
        QVERIFY(!m_q.put("crawl", "c", now + 1).isError());

        {
            HistoryStore reader(database(), HistoryStore::Mode::Record);
            QVERIFY(!reader.isWriter());
            // The first sample (taken at start) is written at once.
            QTRY_VERIFY_WITH_TIMEOUT(readHistory(reader, {QStringLiteral("crawl"), qint64(now * 1000) - 120000,
                                                          qint64(now * 1000) + 120000, 1})
                                             .points.size()
                                         >= 1,
                                     20000);
        }

        ::kill(pid_t(recorder.processId()), SIGTERM);
        QVERIFY(recorder.waitForFinished(20000));
        QCOMPARE(recorder.exitStatus(), QProcess::NormalExit);
        QCOMPARE(recorder.exitCode(), 0);

        HistoryStore after(database(), HistoryStore::Mode::Read);
        const HistoryRead read =
            readHistory(after, {QStringLiteral("crawl"), qint64(now * 1000) - 120000, qint64(now * 1000) + 120000, 1});
        QVERIFY2(read.error.isEmpty(), qPrintable(read.error));
        qint64 put = 0;
        bool sampled = false;
        for (const HistoryPoint &point : read.points) {
            put += point.put;
            sampled = sampled || (point.hasCounts && point.waiting >= 1);
        }
        QVERIFY(sampled);
        // Written when it stopped. A minute without a sample nor a whole hearing is not listed,
        // so the two puts show when they fell in the minute of the first sample.
        if (sameMinute)
            QCOMPARE(put, 2);
    }

    void wrongCommandLineExitsTwo()
    {
        QProcess process;
        process.start(program(), {QStringLiteral("record"), QStringLiteral("--bogus")});
        QVERIFY(process.waitForFinished(20000));
        QCOMPARE(process.exitCode(), 2);
    }
};

QTEST_GUILESS_MAIN(TestRecordCommand)
#include "tst_recordcommand.moc"
