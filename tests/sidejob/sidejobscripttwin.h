// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "qlessfixture.h"
#include "sidejobgenerator.h"
#include "sidejobscriptcall.h"

#include <QTest>

#include <functional>

// The check every SideJob script test makes: from the same start, the library's own step (our
// generator) and the script leave the same database and publish the same messages (4.1.0's status
// and log channels), or a refused call leaves the database as it was and publishes nothing.
// QTest's checks return from these helpers only: callers stop on QTest::currentTestFailed().
class SideJobScriptTwin final
{
public:
    using Layout = SideJobStorage::Layout;
    using Step = std::function<void(SideJobGenerator &)>;

    explicit SideJobScriptTwin(QlessFixture &fixture)
        : m_fixture(fixture)
    {}

    static QByteArray layoutName(Layout layout) { return layout == Layout::V4_0 ? "4.0" : "4.1"; }
    static void addLayouts()
    {
        QTest::addColumn<Layout>("layout");
        QTest::newRow("4.1") << Layout::V4_1;
        QTest::newRow("4.0") << Layout::V4_0;
    }

    void sameAsLibrary(Layout layout, const Step &start, const Step &libraryStep, const QString &script,
                       const QList<QByteArray> &args, const QList<QByteArray> &outcomes)
    {
        m_fixture.flush();
        QStringList expected;
        {
            SideJobGenerator sidejob(m_fixture.redis(), layout);
            start(sidejob);
            SyncRedis listener;
            QVERIFY(listen(listener));
            libraryStep(sidejob);
            expected = sideJobSnapshot(m_fixture.redis()) + heard(listener);
        }
        m_fixture.flush();
        {
            SideJobGenerator sidejob(m_fixture.redis(), layout);
            start(sidejob);
        }
        SyncRedis listener;
        QVERIFY(listen(listener));
        QCOMPARE(callSideJob(m_fixture.redis(), script, args).strings(), outcomes);
        QCOMPARE(sideJobSnapshot(m_fixture.redis()) + heard(listener), expected);
    }

    void refused(Layout layout, const Step &start, const QString &script, const QList<QByteArray> &args,
                 const QList<QByteArray> &outcomes)
    {
        m_fixture.flush();
        {
            SideJobGenerator sidejob(m_fixture.redis(), layout);
            start(sidejob);
        }
        const QStringList before = sideJobSnapshot(m_fixture.redis());
        SyncRedis listener;
        QVERIFY(listen(listener));
        const RedisValue reply = callSideJob(m_fixture.redis(), script, args);
        QVERIFY2(!reply.isError(), reply.bytes.constData());
        QCOMPARE(reply.strings(), outcomes);
        QCOMPARE(sideJobSnapshot(m_fixture.redis()) + heard(listener), before);
    }

private:
    bool listen(SyncRedis &listener)
    {
        if (!listener.connectUnix(m_fixture.server().socketPath()))
            return false;
        listener.setTimeout(5000);
        listener.command({"PSUBSCRIBE", "/sidejob/*"});
        return true;
    }
    // Every message published on /sidejob/* since listen(), up to a last one of our own.
    QStringList heard(SyncRedis &listener)
    {
        m_fixture.redis().command({"PUBLISH", "/sidejob/~end", "."});
        QStringList messages;
        for (RedisValue message = listener.nextMessage(); message.elements.size() == 4;
             message = listener.nextMessage()) {
            if (message.elements[2].bytes == "/sidejob/~end")
                break;
            messages << QString::fromUtf8("published " + message.elements[2].bytes + ' ' + message.elements[3].bytes);
        }
        return messages;
    }

    QlessFixture &m_fixture;
};

Q_DECLARE_METATYPE(SideJobStorage::Layout)
