// SPDX-License-Identifier: GPL-3.0-or-later
#include "qlessclienttestbase.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QSet>
#include <QTest>

#include <optional>

// The failure groups' list at scale (issue #30): 10,000 groups whose newest failures carry 6 KB
// backtraces. desk.failed lists a step of them with as many newest failures as its call's clock
// allows and marks the rest `later`; desk.failurenewest reads those, a prefix of the names a
// call; desk.failurecounts walks every group's name and count without reading a failure. The
// newest failure's first line is read without decoding the whole failure, and reads as a decode
// would (QlessFailureReads::failureGroupList puts the parts together).
class TestQlessDeskFailureGroups final : public QObject
{
    Q_OBJECT

    static constexpr double T = 1763683200;
    QlessClientTestBase m_base;

    QlessFixture &q() { return m_base.fixture(); }
    QJsonObject json(const QByteArray &command, const QList<QByteArray> &args = {})
    {
        return q().qlessJson(command, T, args).toObject();
    }

    // `groups` failure groups "group <i>", group i holding i % 3 + 1 failed jobs; the newest
    // failure of each (the job at the head of its list) has the message "boom <i>" and then a
    // backtrace of about 6 KB.
    void seed(int groups)
    {
        // Plain literals here and below: moc (Qt 6.4) stops reading at a raw one with quotes inside.
        static const char *const script =
            "local frame = '/usr/lib/ruby/gems/3.1.0/gems/some-gem-1.2.3/lib/some/module/file.rb:123:in `call'\n"
            "local lines = {}\n"
            "for i = 1, 75 do lines[i] = frame end\n"
            "local backtrace = table.concat(lines, '\\n')\n"
            "for g = 1, tonumber(ARGV[1]) do\n"
            "  local group = 'group ' .. g\n"
            "  local count = g % 3 + 1\n"
            "  for k = 1, count do\n"
            "    local jid = 'j' .. g .. '-' .. k\n"
            "    local message = k == count and 'boom ' .. g .. '\\n' .. backtrace or 'older'\n"
            "    redis.call('hset', 'ql:j:' .. jid, 'jid', jid, 'state', 'failed', 'queue', 'q' .. g % 7,\n"
            "      'failure', cjson.encode({ group = group, message = message,\n"
            "        when = 1700000000 + g * 10 + k, worker = 'worker-' .. g }))\n"
            "    redis.call('lpush', 'ql:f:' .. group, jid)\n"
            "  end\n"
            "  redis.call('sadd', 'ql:failures', group)\n"
            "end\n"
            "return #backtrace\n";
        const RedisValue reply = q().command({"EVAL", script, "0", QByteArray::number(groups)});
        QVERIFY2(!reply.isError(), reply.bytes.constData());
        QVERIFY(reply.integer > 6000);
    }

    // What group "group <i>"'s newest failure must read as.
    static void verifyNewest(const QString &name, const QJsonObject &newest)
    {
        const int g = name.mid(6).toInt();
        const int k = g % 3 + 1;
        QCOMPARE(newest.value(QStringLiteral("message")).toString(), QStringLiteral("boom %1").arg(g));
        QCOMPARE(newest.value(QStringLiteral("when")).toDouble(), 1700000000.0 + g * 10 + k);
        QCOMPARE(newest.value(QStringLiteral("worker")).toString(), QStringLiteral("worker-%1").arg(g));
        QCOMPARE(newest.value(QStringLiteral("queue")).toString(), QStringLiteral("q%1").arg(g % 7));
        QCOMPARE(newest.value(QStringLiteral("jid")).toString(), QStringLiteral("j%1-%2").arg(g).arg(k));
    }

private slots:
    void initTestCase()
    {
        QString error;
        QVERIFY2(m_base.startQless(&error), qPrintable(error));
    }
    void init() { q().flush(); }
    void cleanupTestCase() { m_base.stopQless(); }

    // A step of the list, then desk.failurenewest for the groups it marked later, until none
    // is left: every listed group ends with its own newest failure, read right.
    void aStepAndItsLaterNewestGiveEveryGroupsNewest()
    {
        seed(10000);
        const QJsonObject step = json("desk.failed");
        QCOMPARE(step.value(QStringLiteral("total")).toInteger(), qint64(10000));
        const QJsonArray groups = step.value(QStringLiteral("groups")).toArray();
        QVERIFY(groups.size() >= 200 && groups.size() <= 350); // SSCAN's COUNT is a hint
        QList<QByteArray> later;
        int read = 0;
        for (const QJsonValue &value : groups) {
            const QJsonObject group = value.toObject();
            const QString name = group.value(QStringLiteral("name")).toString();
            QCOMPARE(group.value(QStringLiteral("count")).toInt(), name.mid(6).toInt() % 3 + 1);
            // Either read now or marked later, never both, never neither.
            QVERIFY(group.contains(QStringLiteral("newest")) != group.value(QStringLiteral("later")).toBool());
            if (group.contains(QStringLiteral("newest"))) {
                verifyNewest(name, group.value(QStringLiteral("newest")).toObject());
                ++read;
            } else {
                later << name.toUtf8();
            }
        }
        QVERIFY(read >= 1);
        int calls = 0;
        while (!later.isEmpty()) {
            QVERIFY(++calls <= groups.size());
            const QJsonArray answered = json("desk.failurenewest", later).value(QStringLiteral("groups")).toArray();
            QVERIFY(!answered.isEmpty());
            QVERIFY(answered.size() <= later.size());
            for (qsizetype i = 0; i < answered.size(); ++i) {
                const QJsonObject group = answered.at(i).toObject();
                QCOMPARE(group.value(QStringLiteral("name")).toString().toUtf8(), later.at(i)); // in order
                verifyNewest(QString::fromUtf8(later.at(i)), group.value(QStringLiteral("newest")).toObject());
            }
            later = later.mid(answered.size());
        }
    }

    // Names and counts of every group, step by step from the cursor; no failure read.
    void countsWalkEveryGroupWithoutTheirFailures()
    {
        seed(10000);
        QSet<QString> names;
        qint64 jobs = 0;
        QByteArray cursor = "0";
        for (int steps = 0;; ++steps) {
            QVERIFY(steps < 100);
            const QJsonObject step = json("desk.failurecounts", {cursor});
            QCOMPARE(step.value(QStringLiteral("total")).toInteger(), qint64(10000));
            const QJsonArray groups = step.value(QStringLiteral("groups")).toArray();
            QVERIFY(groups.size() <= 350);
            for (const QJsonValue &value : groups) {
                const QJsonObject group = value.toObject();
                QVERIFY(!group.contains(QStringLiteral("newest")) && !group.contains(QStringLiteral("later")));
                const QString name = group.value(QStringLiteral("name")).toString();
                if (!names.contains(name))
                    jobs += group.value(QStringLiteral("count")).toInt();
                names.insert(name);
            }
            cursor = step.value(QStringLiteral("cursor")).toString().toUtf8();
            if (cursor == "0")
                break;
        }
        QCOMPARE(names.size(), 10000);
        qint64 seeded = 0;
        for (int g = 1; g <= 10000; ++g)
            seeded += g % 3 + 1;
        QCOMPARE(jobs, seeded);
        QLESS_VERIFY_REFUSED(q().qless("desk.failurecounts", T), "Arg \"cursor\" missing");
    }

    // The newest failure's first line as decoding the whole failure would give it: escapes,
    // members in any order and spacing, a repeated member, long lines cut at 300 bytes without
    // splitting an escape, and text that is not a plain JSON object read by a decode after all.
    void theFirstLineReadsAsADecodeWould()
    {
        struct Case
        {
            QByteArray failure;
            QString message;
            double when;
            QString worker;
        };
        const QByteArray e300 = QByteArray("\\u00e9").repeated(400);
        const QByteArray a1801 = QByteArray(1801, 'a');
        const QByteArray quoted = QByteArray("say \\\"hi\\\" ").repeated(100); // more quotes than are stepped over
        const QList<Case> cases{
            {"{\"group\":\"g\",\"message\":\"boom\\nline2\",\"when\":12,\"worker\":\"w\"}", QStringLiteral("boom"), 12,
             QStringLiteral("w")},
            {"{\"message\":\"a\\\\nb\\nc\",\"when\":1.5e9,\"worker\":\"w\\u00e9\"}", QStringLiteral("a\\nb"), 1.5e9,
             QStringLiteral("wé")},
            {"{\"message\":\"quote \\\" inside\\nx\",\"worker\":\"w\"}", QStringLiteral("quote \" inside"), 0,
             QStringLiteral("w")},
            {" { \"when\" : 5 , \"message\" : \"sp\" , \"worker\":\"x\" } ", QStringLiteral("sp"), 5,
             QStringLiteral("x")},
            {"{\"message\":\"" + e300 + "\"}", QString(150, QChar(0xe9)), 0, {}},
            {"{\"message\":\"" + a1801 + "\\ud83d\\ude00b\"}", QString(300, QLatin1Char('a')), 0, {}},
            {"{\"message\":\"x\\u000ay\"}", QStringLiteral("x"), 0, {}},
            {"{\"message\":\"" + quoted + "\\nrest\",\"when\":4}",
             QString::fromLatin1(QByteArray("say \"hi\" ").repeated(100).left(300)),
             4,
             {}},
            {"{\"message\":\"\\/usr\\/lib\",\"when\":\"12\"}", QStringLiteral("/usr/lib"), 0, {}},
            {"{\"message\":5,\"when\":1e999}", {}, 0, {}},
            {"{\"message\":\"m\",\"extra\":{\"a\":[1,2]},\"when\":3}", QStringLiteral("m"), 3, {}},
            {"{\"message\":\"m\",\"message\":\"second\"}", QStringLiteral("second"), 0, {}},
            {"{\"message\":\"m\"", {}, 0, {}},
            {"[1,2]", {}, 0, {}},
            {"not json", {}, 0, {}},
            {"{\"message\":\"bad \\x escape\\nmore\",\"when\":2}", {}, 0, {}},
            {"{\"when\":true,\"message\":\"t\",\"worker\":null}", QStringLiteral("t"), 0, {}},
        };
        QList<QByteArray> names;
        for (qsizetype i = 0; i < cases.size(); ++i) {
            const QByteArray jid = "j" + QByteArray::number(i);
            const QByteArray group = "g" + QByteArray::number(i);
            q().command(
                {"HSET", "ql:j:" + jid, "jid", jid, "state", "failed", "queue", "q", "failure", cases.at(i).failure});
            q().command({"LPUSH", "ql:f:" + group, jid});
            q().command({"SADD", "ql:failures", group});
            names << group;
        }
        const QJsonArray answered = json("desk.failurenewest", names).value(QStringLiteral("groups")).toArray();
        QCOMPARE(answered.size(), cases.size()); // small failures: all within one call's time
        for (qsizetype i = 0; i < cases.size(); ++i) {
            const QJsonObject newest = answered.at(i).toObject().value(QStringLiteral("newest")).toObject();
            QVERIFY2(newest.value(QStringLiteral("message")).toString() == cases.at(i).message,
                     qPrintable(
                         QStringLiteral("case %1: %2").arg(i).arg(newest.value(QStringLiteral("message")).toString())));
            QCOMPARE(newest.value(QStringLiteral("when")).toDouble(), cases.at(i).when);
            QCOMPARE(newest.value(QStringLiteral("worker")).toString(), cases.at(i).worker);
        }
        QLESS_VERIFY_REFUSED(q().qless("desk.failurenewest", T), "Arg \"group\" missing");
        QList<QByteArray> tooMany(1001, "g0");
        QLESS_VERIFY_REFUSED(q().qless("desk.failurenewest", T, tooMany), "at most 1000 groups");
    }

    // The client puts a step and its later newest failures together: every group of the step
    // carries its newest failure, none is left marked.
    void theClientDeliversEveryListedGroupsNewest()
    {
        seed(3000);
        std::optional<QlessReply<FailureGroupList>> got;
        m_base.client()->failureReads().failureGroupList(this, [&got](const QlessReply<FailureGroupList> &reply) {
            got = reply;
        });
        QVERIFY(QTest::qWaitFor([&got] { return got.has_value(); }, 60000));
        QVERIFY2(got->ok(), qPrintable(got->error.message));
        QCOMPARE(got->value.total, qint64(3000));
        QVERIFY(got->value.groups.size() >= 200);
        QVERIFY(!got->value.cursor.isEmpty());
        for (const FailureGroup &group : std::as_const(got->value.groups)) {
            QVERIFY(!group.newestLater);
            QVERIFY(group.hasNewest);
            QCOMPARE(group.newestMessage, QStringLiteral("boom %1").arg(group.name.mid(6)));
        }
        got.reset();
        m_base.client()->failureReads().failureGroupCounts({}, this, [&got](const QlessReply<FailureGroupList> &reply) {
            got = reply;
        });
        QVERIFY(QTest::qWaitFor([&got] { return got.has_value(); }, 60000));
        QVERIFY2(got->ok(), qPrintable(got->error.message));
        QVERIFY(!got->value.groups.isEmpty());
        QVERIFY(!got->value.groups.constFirst().hasNewest);
    }
};

QTEST_GUILESS_MAIN(TestQlessDeskFailureGroups)
#include "tst_qless_deskfailuregroups.moc"
