// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "qlessfixture.h"
#include "sidejobgenerator.h"
#include "sidejobscriptcall.h"

#include <QTest>

#include <functional>

// The check every SideJob script test makes: from the same start, the library's own step (our
// generator) and the script leave the same database, or a refused call leaves it as it was.
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
        {
            SideJobGenerator sidejob(m_fixture.redis(), layout);
            start(sidejob);
            libraryStep(sidejob);
        }
        const QStringList expected = sideJobSnapshot(m_fixture.redis());
        m_fixture.flush();
        {
            SideJobGenerator sidejob(m_fixture.redis(), layout);
            start(sidejob);
        }
        QCOMPARE(callSideJob(m_fixture.redis(), script, args).strings(), outcomes);
        QCOMPARE(sideJobSnapshot(m_fixture.redis()), expected);
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
        const RedisValue reply = callSideJob(m_fixture.redis(), script, args);
        QVERIFY2(!reply.isError(), reply.bytes.constData());
        QCOMPARE(reply.strings(), outcomes);
        QCOMPARE(sideJobSnapshot(m_fixture.redis()), before);
    }

private:
    QlessFixture &m_fixture;
};

Q_DECLARE_METATYPE(SideJobStorage::Layout)
