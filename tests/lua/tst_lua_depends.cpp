// SPDX-License-Identifier: GPL-3.0-or-later
#include "qlessfixture.h"

#include <QTest>

// depends: adding and removing dependencies of a job that waits on others.
class TestLuaDepends final : public QObject
{
    Q_OBJECT

    static constexpr double T = 1763683200;
    QlessFixture m_qless;

    QString state(const QByteArray &jid) { return m_qless.job(jid).value(QStringLiteral("state")).toString(); }

private slots:
    void initTestCase()
    {
        QString error;
        QVERIFY2(m_qless.start(&error), qPrintable(error));
    }
    void init()
    {
        m_qless.flush();
        m_qless.put("q", "a", T);
        m_qless.put("q", "b", T);
        m_qless.put("q", "j", T + 1, {"depends", "[\"a\"]"});
    }

    void onAddsDependencies()
    {
        QCOMPARE(m_qless.call(QStringLiteral("depends"), {"j", "on", "b"}).integer, 1);
        QCOMPARE(m_qless.job("j").value(QStringLiteral("dependencies")).toArray().size(), 2);
        QCOMPARE(m_qless.command({"SISMEMBER", "ql:j:b-dependents", "j"}).integer, 1);
    }

    void offSomeThenAll()
    {
        m_qless.call(QStringLiteral("depends"), {"j", "on", "b"});
        m_qless.call(QStringLiteral("depends"), {"j", "off", "a"});
        QCOMPARE(state("j"), QStringLiteral("depends"));
        QCOMPARE(m_qless.command({"SCARD", "ql:j:a-dependents"}).integer, 0);
        QCOMPARE(m_qless.call(QStringLiteral("depends"), {"j", "off", "all"}).integer, 1);
        QCOMPARE(state("j"), QStringLiteral("waiting"));
        QCOMPARE(m_qless.command({"ZCARD", "ql:q:q-depends"}).integer, 0);
        // Released by its put time: after a and b (put at T, equal scores), before later jobs.
        m_qless.put("q", "later", T + 5);
        QCOMPARE(m_qless.pop("q", "w", 4, T + 10), (QList<QByteArray>{"b", "a", "j", "later"}));
    }

    void offReleasesIntoPutOrder()
    {
        m_qless.put("q", "later", T + 5);
        m_qless.call(QStringLiteral("depends"), {"j", "off", "all"});
        QCOMPARE(m_qless.call(QStringLiteral("jobs"), {"waiting", num(T + 10), "q"}).strings().mid(2),
                 (QList<QByteArray>{"j", "later"}));
    }

    void onlyForJobsThatDepend()
    {
        QVERIFY(m_qless.call(QStringLiteral("depends"), {"a", "on", "b"}).isNil());
        QVERIFY(m_qless.call(QStringLiteral("depends"), {"nosuch", "off", "all"}).isNil());
        QCOMPARE(m_qless.command({"SCARD", "ql:j:b-dependents"}).integer, 0);
    }

    void rejectsBadArguments()
    {
        QVERIFY(m_qless.call(QStringLiteral("depends"), {"j", "maybe", "a"})
                    .bytes.contains("Depends(): Arg \"command\" must be \"on\" or \"off\": maybe"));
        QVERIFY(m_qless.call(QStringLiteral("depends"), {"j", "on"}).bytes.contains("Depends(): Arg \"jid\" missing"));
        QVERIFY(m_qless.call(QStringLiteral("depends"), {}).bytes.contains("Depends(): Arg \"jid\" missing"));
        QCOMPARE(m_qless.job("j").value(QStringLiteral("dependencies")).toArray().size(), 1);
    }
};

QTEST_GUILESS_MAIN(TestLuaDepends)
#include "tst_lua_depends.moc"
