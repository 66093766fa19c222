// SPDX-License-Identifier: GPL-3.0-or-later
#include "connectionstate.h"
#include "qlessfixture.h"
#include "qlesssession.h"
#include "servertotalsreader.h"

#include <QSignalSpy>
#include <QTest>

#include <memory>

// One server's totals for All servers against a real qless: the failure groups' totals come
// from their counts alone, step by step (desk.failurecounts), never from the list that reads
// each group's newest failure with its backtrace (issue #30).
class TestServerTotalsReader final : public QObject
{
    Q_OBJECT

    QlessFixture m_qless;

private slots:
    void initTestCase()
    {
        QString error;
        QVERIFY2(m_qless.start(&error), qPrintable(error));
    }

    void failureTotalsComeFromCountsAlone()
    {
        m_qless.flush();
        // 1,200 groups (more than one step), group i holding i % 3 + 1 failed jobs.
        qint64 jobs = 0;
        for (int i = 0; i < 1200; ++i) {
            const QByteArray group = "group " + QByteArray::number(i);
            for (int k = 0; k <= i % 3; ++k) {
                const QByteArray jid = "j" + QByteArray::number(i) + "-" + QByteArray::number(k);
                m_qless.command({"HSET", "ql:j:" + jid, "jid", jid, "state", "failed", "failure",
                                 "{\"message\":\"m\",\"when\":1}"});
                m_qless.command({"LPUSH", "ql:f:" + group, jid});
                ++jobs;
            }
            m_qless.command({"SADD", "ql:failures", group});
        }
        ConnectionSettings settings;
        settings.transport = ConnectionSettings::Transport::Unix;
        settings.socketPath = m_qless.server().socketPath();
        QlessSession session(settings);
        QTRY_VERIFY_WITH_TIMEOUT(session.state().phase == ConnectionState::Phase::Ready, 20000);
        m_qless.command({"CONFIG", "SET", "slowlog-log-slower-than", "0"});
        m_qless.command({"CONFIG", "SET", "slowlog-max-len", "100000"});
        m_qless.command({"SLOWLOG", "RESET"});

        ServerTotalsReader reader(&session);
        QSignalSpy finished(&reader, &ServerTotalsReader::finished);
        QVERIFY(reader.read());
        QVERIFY(finished.wait(30000));
        QVERIFY2(finished.constFirst().constFirst().toBool(), qPrintable(reader.error()));
        QCOMPARE(reader.totals().failureGroups, qint64(1200));
        QCOMPARE(reader.totals().failed, jobs);

        const RedisValue log = m_qless.command({"SLOWLOG", "GET", "-1"});
        m_qless.command({"CONFIG", "SET", "slowlog-log-slower-than", "10000"});
        int steps = 0;
        for (const RedisValue &entry : log.elements) {
            const QList<QByteArray> argv = entry.elements.value(3).strings();
            QVERIFY2(!argv.contains("desk.failed") && !argv.contains("desk.failuregroups"),
                     argv.join(' ').left(200).constData());
            steps += argv.contains("desk.failurecounts") ? 1 : 0;
        }
        QVERIFY2(steps >= 2, QByteArray::number(steps).constData());
    }
};

QTEST_GUILESS_MAIN(TestServerTotalsReader)
#include "tst_servertotalsreader.moc"
